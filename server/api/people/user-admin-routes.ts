// User management actions behind /users (ADMIN, SUPER_ADMIN): deactivate and reactivate a user
// (their sign-in account is disabled, not deleted), send the invitation again, reset the
// password. The rules are those of DELETE users/users/{id}: nobody acts on themself, ADMIN acts
// on clients and clinical staff, only SUPER_ADMIN on ADMIN and SUPER_ADMIN. Every attempt, allowed
// or denied, leaves an audit event. Role changes go through PATCH users/user-profiles/{id}.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { IdentityError } from '../../identity/contracts.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { ApiContext } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../audit/data.ts';
import { listExtras } from './list-extras.ts';
import { findUser, type UserRow } from './data.ts';
import { type Caller, canManageRole, DENIED, forbidden, isAdmin, isStaff, notFound, othersRecord } from '../policy.ts';
import { presentUser } from './present.ts';

export const USER_ADMIN_TEXT = {
  ownAccount: 'You cannot do this to your own account.',
  accountRemoved: "This user's sign-in account was removed; it cannot be reactivated.",
  alreadySignedIn: 'This user has already set their own password; there is no invitation to resend.',
  inactive: 'This user is deactivated; reactivate them first.',
  resetNotPossible: (reason: string) => `The password cannot be reset: ${reason}`,
} as const;

type Params = { Params: { id: number } };

function denial(caller: Caller, target: UserRow): HttpError | null {
  if (caller.id === target.id) return forbidden(USER_ADMIN_TEXT.ownAccount);
  if (!isStaff(caller.role)) return othersRecord(caller, DENIED.staffOnly);
  if (!isAdmin(caller.role)) return forbidden(DENIED.adminOnly);
  if (!canManageRole(caller.role, target.role)) return forbidden(DENIED.manageRole(target.role));
  return null;
}

const identityType = (error: unknown) => (error instanceof IdentityError ? error.type : null);

export async function userAdminRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  /** Finds the target, checks the caller may act on it (auditing a refusal), returns both. */
  async function authorize(request: FastifyRequest<Params>, action: AuditAction): Promise<{ caller: Caller; target: UserRow }> {
    const caller = callerOf(request);
    const target = await findUser(db, request.params.id);
    if (!target) throw notFound();
    const refused = denial(caller, target);
    if (refused) await refuse(db, { actor: caller, action, client: target.id, requestId: request.id }, refused);
    return { caller, target };
  }

  async function summary(id: number) {
    const row = (await findUser(db, id))!;
    const extras = await listExtras(db, [id]);
    return { ...presentUser(row), ...extras.get(id) };
  }

  app.post<Params>(
    '/users/users/:id/deactivate',
    { schema: contract.routeSchema('deactivateUser'), config: { access: { roles: 'admins', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const { caller, target } = await authorize(request, 'user.deactivate');
      if (target.is_active) {
        // Identity first, outside the transaction (the built-in service shares this database).
        const admin = ctx.identityAdmin();
        try {
          await admin.adminDisableUser({ Username: target.username });
          await admin.adminUserGlobalSignOut({ Username: target.username });
        } catch (error) {
          if (identityType(error) !== 'UserNotFoundException') throw error;
        }
      }
      await withAudit(db, { actor: caller, action: 'user.deactivate', client: target.id, requestId: request.id }, (trx) =>
        trx
          .updateTable('users')
          .set({ is_active: false, deactivated_at: new Date(), updated_at: new Date() })
          .where('id', '=', target.id)
          .where('is_active', '=', true)
          .execute(),
      );
      return summary(target.id);
    },
  );

  app.post<Params>(
    '/users/users/:id/reactivate',
    { schema: contract.routeSchema('reactivateUser'), config: { access: { roles: 'admins', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const { caller, target } = await authorize(request, 'user.reactivate');
      try {
        await ctx.identityAdmin().adminEnableUser({ Username: target.username });
      } catch (error) {
        if (identityType(error) === 'UserNotFoundException') throw new HttpError(409, USER_ADMIN_TEXT.accountRemoved);
        throw error;
      }
      await withAudit(db, { actor: caller, action: 'user.reactivate', client: target.id, requestId: request.id }, (trx) =>
        trx.updateTable('users').set({ is_active: true, deactivated_at: null, updated_at: new Date() }).where('id', '=', target.id).execute(),
      );
      return summary(target.id);
    },
  );

  app.post<Params>(
    '/users/users/:id/resend-invitation',
    { schema: contract.routeSchema('resendInvitation'), config: { access: { roles: 'admins', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const { caller, target } = await authorize(request, 'user.invitation.resend');
      if (!target.is_active) throw new HttpError(409, USER_ADMIN_TEXT.inactive);
      try {
        await ctx.identityAdmin().adminCreateUser({ Username: target.username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] });
      } catch (error) {
        const type = identityType(error);
        if (type === 'UnsupportedUserStateException') throw new HttpError(409, USER_ADMIN_TEXT.alreadySignedIn);
        if (type === 'UserNotFoundException') throw new HttpError(409, USER_ADMIN_TEXT.accountRemoved);
        throw error;
      }
      // The identity service's change is outside the database: its entry is recorded once it succeeded.
      await withAudit(db, { actor: caller, action: 'user.invitation.resend', client: target.id, requestId: request.id }, async () => undefined);
      reply.code(204);
      return reply.send();
    },
  );

  app.post<Params>(
    '/users/users/:id/reset-password',
    { schema: contract.routeSchema('resetUserPassword'), config: { access: { roles: 'admins', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const { caller, target } = await authorize(request, 'user.password.reset');
      if (!target.is_active) throw new HttpError(409, USER_ADMIN_TEXT.inactive);
      try {
        await ctx.identityAdmin().adminResetUserPassword({ Username: target.username });
      } catch (error) {
        const type = identityType(error);
        if (type === 'UserNotFoundException') throw new HttpError(409, USER_ADMIN_TEXT.accountRemoved);
        if (type === 'NotAuthorizedException' || type === 'InvalidParameterException' || type === 'UnsupportedUserStateException') {
          throw new HttpError(409, USER_ADMIN_TEXT.resetNotPossible((error as Error).message));
        }
        throw error;
      }
      await withAudit(db, { actor: caller, action: 'user.password.reset', client: target.id, requestId: request.id }, async () => undefined);
      reply.code(204);
      return reply.send();
    },
  );
}
