// Who the bearer-token hook admits, and the records a client's first request creates. A signed-in
// CLIENT always has a clinic user and a profile row, so their consent can be recorded (spec §3:
// the placeholder is for the browser, never a record to write to): a missing profile row is
// created on first access, and so is the clinic user of an identity whose role is CLIENT (a
// self sign-up, or an account made in the identity console). Both are audited as the client's own
// act. Staff are never created this way: an identity claiming a staff role with no clinic user
// stays refused (403 no_account) until an administrator sets them up.
import type { CallerRecord } from '../../auth/bearer.ts';
import { IdentityError } from '../../identity/contracts.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { insertUserWithProfile } from './provision.ts';
import { isClientRole } from '../policy.ts';

export function callerFinder(ctx: ApiContext) {
  return async (sub: string, request: { username: string; requestId: string }): Promise<CallerRecord | undefined> => {
    const found = await ctx.db
      .selectFrom('users as u')
      .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.role', 'u.is_active', 'p.id as profile_id'])
      .where('u.sub', '=', sub)
      .executeTakeFirst();
    if (found) {
      if (isClientRole(found.role) && found.profile_id === null && found.is_active) {
        const actor = { id: found.id, role: found.role };
        await withAudit(ctx.db, { actor, action: 'profile.create', client: found.id, requestId: request.requestId }, (trx) =>
          trx
            .insertInto('user_profiles')
            .values({ user_id: found.id })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute(),
        );
      }
      return { id: found.id, role: found.role, is_active: found.is_active };
    }
    return createClient(ctx, sub, request);
  };
}

async function createClient(ctx: ApiContext, sub: string, request: { username: string; requestId: string }): Promise<CallerRecord | undefined> {
  const identityUser = await ctx
    .identityAdmin()
    .adminGetUser({ Username: request.username })
    .catch((error: unknown) => {
      if (error instanceof IdentityError && error.type === 'UserNotFoundException') return null;
      throw error;
    });
  const attribute = (name: string) => identityUser?.Attributes.find((a) => a.Name === name)?.Value;
  if (!identityUser || attribute('sub') !== sub || attribute('custom:role') !== 'CLIENT') return undefined;
  try {
    // The new client is the actor: they acted on their own record.
    const audit = {
      actor: (created: number) => ({ id: created, role: 'CLIENT' as const }),
      action: 'user.create' as const,
      client: (created: number) => created,
      requestId: request.requestId,
    };
    const id = await withAudit<number>(ctx.db, audit, (trx) =>
      insertUserWithProfile(trx, {
        sub,
        username: identityUser.Username,
        email: attribute('email') ?? identityUser.Username,
        // §3's placeholder name until the client fills in their profile.
        first_name: attribute('given_name') || 'Unknown',
        last_name: attribute('family_name') ?? '',
        phone_number: attribute('phone_number') ?? null,
        role: 'CLIENT',
      }),
    );
    return { id, role: 'CLIENT', is_active: true };
  } catch (error) {
    // Two first requests at once: the other one created the records.
    if (!isUniqueViolation(error)) throw error;
    const row = await ctx.db.selectFrom('users').select(['id', 'role', 'is_active']).where('sub', '=', sub).executeTakeFirst();
    return row;
  }
}
