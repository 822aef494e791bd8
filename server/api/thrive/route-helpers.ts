// What the thrive route modules share: whose record a caller reads and the audit actions.
import type { components } from '../../../openapi/generated/api.ts';
import { badRequest } from '../../http/errors.ts';
import type { ScopeRule } from '../client-scope.ts';
import type { AuditAction } from '../audit/data.ts';
import { THRIVE_TEXTS as T } from './texts.ts';

/** A client's own record always (another's 404, audited); staff name an existing client. */
export const CLIENT_RECORD = { clients: 'own', staffName: 'client', unnamed: () => badRequest('client', T.clientRequired) } satisfies ScopeRule;

export type S = components['schemas'];

export const A = {
  summary: 'thrive.summary',
  attention: 'thrive.attention',
  tile: 'thrive.tile',
  client: 'thrive.client.read',
  list: 'measurement.list',
  create: 'measurement.create',
  correct: 'measurement.correct',
} as const satisfies Record<string, AuditAction>;
