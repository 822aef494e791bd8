// users/user-profiles/{id}/consent-history: every consent a client recorded, for the client
// themself and for staff (client details page). Reading it is a read of the client's consent,
// so it is audited like the profile. Staff also record here what the client signed on paper:
// consent given or withdrawn, with the reason, in the history and the audit trail (issue 22, 12).
import type { FastifyInstance } from 'fastify';
import { CONSENT_VERSION } from '../../../machines/consent/consent-machine.ts';
import { type ConsentOnBehalfForm, consentOnBehalfErrors } from '../../../machines/consent/consent-on-behalf-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { listConsentHistory, recordConsentOnBehalf } from './consent-history.ts';
import { findUser } from './data.ts';
import { DENIED, forbidden, isClientRole, isStaff, notFound, othersRecord } from '../policy.ts';

export const CONSENT_FOR_CLIENTS_ONLY = 'Consent is recorded for clients only.';

export async function consentHistoryRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  app.get<{ Params: { id: number } }>(
    '/users/user-profiles/:id/consent-history',
    { schema: contract.routeSchema('listConsentHistory'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const allowed = caller.id === id || isStaff(caller.role);
      const found = await findUser(db, id);
      if (!found) throw notFound();
      const audit = { actor: caller, action: 'consent.read', client: id, requestId: request.id } as const;
      if (!allowed) await refuse(db, audit, othersRecord(caller, DENIED.staffOnly));
      return withAudit(db, audit, (trx) => listConsentHistory(trx, id));
    },
  );

  app.post<{ Params: { id: number }; Body: ConsentOnBehalfForm }>(
    '/users/user-profiles/:id/consent-history',
    { schema: contract.routeSchema('recordConsentOnBehalf'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const body = request.body;
      const audit = {
        actor: caller,
        action: body.decision === 'withdrawn' ? 'consent.withdraw' : 'consent.record',
        client: id,
        requestId: request.id,
      } as const;
      // No such user: nothing to audit (the trail names existing records only).
      const found = await findUser(db, id);
      if (!found) throw notFound();
      // A client gives consent in the app's own dialog; another client's record does not exist for them.
      if (!isStaff(caller.role)) await refuse(db, audit, caller.id === id ? forbidden(DENIED.staffOnly) : notFound());
      if (!isClientRole(found.role)) throw badRequest('id', CONSENT_FOR_CLIENTS_ONLY);
      const errors = consentOnBehalfErrors(body);
      const fields = Object.keys(errors);
      if (fields.length) throw new HttpError(400, `Invalid ${fields[0]}: ${errors[fields[0]][0]}`, errors);
      const record = await withAudit(db, audit, (trx) =>
        recordConsentOnBehalf(trx, {
          client: id,
          decision: body.decision,
          signedAt: new Date(`${body.signed_on}T00:00:00.000Z`),
          reason: body.reason.trim(),
          version: CONSENT_VERSION,
          recordedBy: caller.id,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        }),
      );
      return reply.code(201).send(record);
    },
  );
}
