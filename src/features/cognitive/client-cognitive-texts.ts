// Texts of the cognitive section of a client's record (tests assert them).
import { COGNITIVE_DOMAIN_NAMES } from './cognitive-domains.ts';

export const COGNITIVE_SECTION = {
  title: 'Cognitive assessment',
  none: 'No cognitive screening or in-clinic result yet.',
  runs: 'Screening battery runs (self-administered)',
  instruments: 'In-clinic instruments',
  recordTitle: 'Record an in-clinic result (scores only)',
  record: 'Record result',
  comment: 'Add comment',
  commentLabel: 'Comment for the client',
  domainsHelp: 'Per-domain scores, one per line: domain, score, maximum',
  loadFailed: 'The cognitive results could not be loaded.',
  retry: 'Retry',
  fields: {
    instrument: 'Instrument',
    form: 'Form',
    version: 'Version',
    language: 'Language',
    setting: 'Setting',
    administered_on: 'Date given',
    total: 'Total score',
    max_total: 'Maximum',
    administrator: 'Administrator',
    interpretation: 'Interpretation',
  },
  domainNames: COGNITIVE_DOMAIN_NAMES as Record<string, string>,
} as const;
