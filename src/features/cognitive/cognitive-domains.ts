// The four areas the screening battery scores, as every screen names them (the client's results,
// the client record, the thrive dashboard).
import type { Domain } from '../../../machines/cognitive/scoring.ts';

export const COGNITIVE_DOMAIN_NAMES: Record<Domain, string> = {
  memory: 'Memory',
  attention: 'Attention',
  processing_speed: 'Processing speed',
  executive_function: 'Executive function',
};
