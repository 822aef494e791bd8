// users/user-profiles/{id}/consent-history: every consent a client recorded, for the client
// themself and for staff (client details page). Reading it is a read of the client's consent,
// so it is audited like the profile.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../data/audit.ts';
import { listConsentHistory } from '../data/consent-history.ts';
import { findUser } from '../data/users.ts';
import { DENIED, isStaff, notFound, othersRecord } from '../policy.ts';

export async function consentHistoryRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  app.get<{ Params: { id: number } }>('/users/user-profiles/:id/consent-history', { schema: contract.routeSchema('listConsentHistory') }, async (request) => {
    const caller = callerOf(request);
    const id = request.params.id;
    const allowed = caller.id === id || isStaff(caller.role);
    const found = await findUser(db, id);
    if (!found) throw notFound();
    const audit = { actor: caller, action: 'consent.read', client: id, requestId: request.id } as const;
    if (!allowed) await refuse(db, audit, othersRecord(caller, DENIED.staffOnly));
    return withAudit(db, audit, (trx) => listConsentHistory(trx, id));
  });
}
