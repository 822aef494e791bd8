// users/user-profiles/{id}/email-sync: the clinic's copy of a user's sign-in email follows the
// identity service, and only once the identity service has verified the new address (the client
// changed it with an attribute update and the code sent to that address). No request body: the
// address comes from the identity service, never from the caller.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import { IdentityError } from '../../identity/contracts.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { ApiContext } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../audit/data.ts';
import { findProfile, findUser } from './data.ts';
import { canManageRole, DENIED, isStaff, othersRecord } from '../policy.ts';
import { presentProfile } from './present.ts';

export const EMAIL_SYNC_ERRORS = {
  notVerified: 'The new email address is not verified yet: enter the code sent to it first.',
  taken: 'That email address belongs to another user.',
} as const;

const SYNC: AuditAction = 'profile.email_sync';

export async function profileEmailRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  app.post<{ Params: { id: number } }>(
    '/users/user-profiles/:id/email-sync',
    { schema: contract.routeSchema('syncProfileEmail'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const target = await findUser(db, id);
      if (!target) throw new HttpError(404, DENIED.notFound);
      const allowed = caller.id === id || (isStaff(caller.role) && canManageRole(caller.role, target.role));
      if (!allowed) await refuse(db, { actor: caller, action: SYNC, client: id, requestId: request.id }, othersRecord(caller, DENIED.manageRole(target.role)));
      // A removed user's identity account is gone: there is nothing to sync from.
      const identityUser = await ctx
        .identityAdmin()
        .adminGetUser({ Username: target.username })
        .catch((error: unknown) => {
          if (error instanceof IdentityError && error.type === 'UserNotFoundException') throw new HttpError(404, DENIED.notFound);
          throw error;
        });
      const attribute = (name: string) => identityUser.Attributes.find((a) => a.Name === name)?.Value;
      const email = attribute('email')?.toLowerCase();
      if (!email || attribute('email_verified') !== 'true') throw new HttpError(409, EMAIL_SYNC_ERRORS.notVerified);
      const row = await withAudit(db, { actor: caller, action: SYNC, client: id, requestId: request.id }, async (trx) => {
        if (email !== target.email.toLowerCase()) {
          const other = await trx
            .selectFrom('users')
            .select('id')
            .where(sql`lower(email)`, '=', email)
            .where('id', '!=', id)
            .executeTakeFirst();
          if (other) throw new HttpError(409, EMAIL_SYNC_ERRORS.taken);
          await trx.updateTable('users').set({ email, updated_at: new Date() }).where('id', '=', id).execute();
        }
        return (await findProfile(trx, id))!;
      });
      return presentProfile(row, { reveal: caller.id === id, vault: ctx.aadhaar });
    },
  );
}
