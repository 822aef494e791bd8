// What the record's Overview tab says of each event, in the clinic's words (issue 24).
import { wordsInSentence } from '../../../../machines/rules/words.ts';
export const TIMELINE = {
  consentGiven: (version: string) => `Gave consent (version ${version})`,
  consentWithdrawn: 'Withdrew consent',
  programStarted: (program: string) => `Started ${program}`,
  programEnded: (program: string, status: string) => `${program}: ${wordsInSentence(status)}`,
  answered: (title: string) => `Answered ${title.toLowerCase()}`,
  booked: (service: string, when: string) => `Booked ${service} for ${when}`,
  attended: (service: string) => `Attended ${service}`,
  missed: (service: string) => `Did not come to ${service}`,
  cancelled: (service: string, when: string) => `${service} on ${when} cancelled`,
  sessionCompleted: (therapy: string) => `Had a ${therapy} session`,
  chartSigned: (therapy: string) => `${therapy} chart signed`,
  askedSupport: (subject: string) => `Asked support: “${subject}”`,
  list: 'Recent events',
  /** How many events the tab shows, newest first. */
  limit: 20,
} as const;
