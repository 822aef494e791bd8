// users/users: the staff's user list, one user with profile and attributes, creating a user
// together with their sign-in account, and removing a user's ability to sign in.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { IdentityError } from '../../identity/contracts.ts';
import { callerOf } from '../../auth/bearer.ts';
import { AADHAAR_INVALID, aadhaarValid } from './aadhaar.ts';
import { type ApiContext, isUniqueViolation, pageLinks } from '../context.ts';
import { usernamesAwaitingFirstSignIn } from './awaiting-sign-in.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { insertUserWithProfile } from './provision.ts';
import { listExtras } from './list-extras.ts';
import { emailTaken, findProfile, findProfileAudited, findUser, JSON_COLUMNS, listUsers, PROFILE_COLUMNS, type ProfileRow } from './data.ts';
import { canManageRole, DENIED, forbidden, isAdmin, isStaff, notFound, othersRecord } from '../policy.ts';
import { presentUser, presentUserDetail } from './present.ts';

type UserCreate = components['schemas']['UserCreate'];
type ListQuery = {
  page: number;
  page_size: number;
  search?: string;
  role?: UserCreate['role'];
  is_active?: boolean;
  ordering?: string;
  program?: number;
  consent?: boolean;
  status?: components['schemas']['ClientStatus'];
};

export const EMAIL_TAKEN = 'A user with this email already exists.';

/** The new user's sign-in account; an email the identity service already holds is a 400 on `email`. */
async function createSignInAccount(admin: ReturnType<ApiContext['identityAdmin']>, body: UserCreate, email: string) {
  try {
    return await admin.adminCreateUser({
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: body.first_name },
        { Name: 'family_name', Value: body.last_name },
        { Name: 'custom:role', Value: body.role },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
  } catch (error) {
    if (error instanceof IdentityError && (error.type === 'UsernameExistsException' || error.type === 'AliasExistsException')) {
      throw badRequest('email', EMAIL_TAKEN);
    }
    if (error instanceof IdentityError && error.type === 'InvalidParameterException') {
      throw new HttpError(400, `Invalid request: ${error.message}`, { body: [error.message] });
    }
    throw error;
  }
}

export async function userRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get<{ Querystring: ListQuery }>(
    '/users/users',
    { schema: contract.routeSchema('listUsers'), config: { access: { roles: 'staff', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const { count, rows } = await listUsers(db, {
        page: q.page,
        pageSize: q.page_size,
        search: q.search,
        role: q.role,
        isActive: q.is_active ?? true,
        ordering: q.ordering,
        program: q.program,
        consent: q.consent,
        status: q.status,
      });
      const extras = await listExtras(
        db,
        rows.map((r) => r.id),
      );
      // Administrators may resend an invitation, and only to an account that never signed in.
      const waiting = isAdmin(caller.role) && rows.length ? await usernamesAwaitingFirstSignIn(ctx.identityAdmin()) : null;
      return {
        count,
        ...pageLinks(request, q.page, q.page_size, count),
        results: rows.map((r) => ({
          ...presentUser(r),
          ...extras.get(r.id),
          ...(waiting ? { awaiting_first_sign_in: waiting.has(r.username.toLowerCase()) } : {}),
        })),
      };
    },
  );

  app.get('/users/users/me', { schema: contract.routeSchema('getCurrentUser'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const row = await withAudit(db, { actor: caller, action: 'user.read', client: caller.id, requestId: request.id }, (trx) => findProfile(trx, caller.id));
    if (!row) throw notFound();
    return presentUserDetail(row, { reveal: true, vault: ctx.aadhaar });
  });

  app.get<{ Params: { id: number } }>(
    '/users/users/:id',
    { schema: contract.routeSchema('getUser'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const own = caller.id === id;
      const allowed = own || isStaff(caller.role);
      // The denied attempt is recorded too: it is part of the trail.
      const row = await findProfileAudited(db, id, { actor: caller, action: 'user.read', requestId: request.id, outcome: allowed ? 'success' : 'denied' });
      if (!row) throw notFound();
      if (!allowed) throw othersRecord(caller, DENIED.staffOnly);
      return presentUserDetail(row, { reveal: own, vault: ctx.aadhaar });
    },
  );

  app.post<{ Body: UserCreate }>(
    '/users/users',
    { schema: contract.routeSchema('createUser'), config: { access: { roles: 'staff', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      if (!canManageRole(caller.role, body.role)) throw forbidden(DENIED.manageRole(body.role));
      if (body.aadhar_number && !aadhaarValid(body.aadhar_number)) throw badRequest('aadhar_number', AADHAAR_INVALID);
      const email = body.email.toLowerCase();
      if (await emailTaken(db, email)) throw badRequest('email', EMAIL_TAKEN);

      // The identity account first: if it fails, nothing has been written here.
      const admin = ctx.identityAdmin();
      const created = await createSignInAccount(admin, body, email);
      const sub = created.User.Attributes.find((a) => a.Name === 'sub')?.Value;
      const username = created.User.Username;
      try {
        if (!sub) throw new Error('identity returned a user without sub');
        const row = await withAudit<ProfileRow>(
          db,
          { actor: caller, action: 'user.create', client: (created) => created.id, requestId: request.id },
          async (trx) => {
            const profile: Record<string, unknown> = {};
            for (const column of PROFILE_COLUMNS) if (body[column] !== undefined) profile[column] = body[column];
            for (const column of JSON_COLUMNS) if (body[column] !== undefined) profile[column] = JSON.stringify(body[column]);
            if (body.date_of_birth !== undefined) profile.date_of_birth = body.date_of_birth;
            if (body.aadhar_number) {
              const sealed = ctx.aadhaar.seal(body.aadhar_number);
              profile.aadhar_sealed = sealed.sealed;
              profile.aadhar_last4 = sealed.last4;
            }
            const id = await insertUserWithProfile(trx, {
              sub,
              username,
              email,
              first_name: body.first_name,
              last_name: body.last_name,
              phone_number: body.phone_number ?? null,
              role: body.role,
              profile,
            });
            return (await findProfile(trx, id))!;
          },
        );
        reply.code(201);
        return presentUserDetail(row, { reveal: false, vault: ctx.aadhaar });
      } catch (error) {
        // The clinic side failed: take the sign-in account back so nothing is left half made.
        await admin.adminDeleteUser({ Username: username }).catch((cleanup) => {
          request.log.error({ err: { type: (cleanup as Error).name } }, 'could not remove the identity account after a failed user creation');
        });
        if (isUniqueViolation(error)) throw badRequest('email', EMAIL_TAKEN);
        throw error;
      }
    },
  );

  userRemovalRoute(app, ctx);
}

/** DELETE users/users/:id: an admin ends a user's sign-in; the user's records stay. */
function userRemovalRoute(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  app.delete<{ Params: { id: number } }>(
    '/users/users/:id',
    { schema: contract.routeSchema('deleteUser'), config: { access: { roles: 'admins', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const target = await findUser(db, id);
      if (!target) throw notFound();
      const denial =
        caller.id === id
          ? forbidden(DENIED.ownAccount)
          : !isStaff(caller.role)
            ? othersRecord(caller, DENIED.staffOnly)
            : !isAdmin(caller.role)
              ? forbidden(DENIED.adminOnly)
              : !canManageRole(caller.role, target.role)
                ? forbidden(DENIED.manageRole(target.role))
                : null;
      if (denial) await refuse(db, { actor: caller, action: 'user.delete', client: id, requestId: request.id }, denial);
      if (target.is_active) {
        // Sign-in goes first, outside the transaction (the built-in identity service shares this
        // database): if identity refuses, the user stays as they were. Repeating the DELETE after
        // a failure here finishes the job.
        const admin = ctx.identityAdmin();
        const ignoreMissing = (error: unknown) => {
          if (!(error instanceof IdentityError && error.type === 'UserNotFoundException')) throw error;
        };
        await admin.adminDisableUser({ Username: target.username }).catch(ignoreMissing);
        await admin.adminUserGlobalSignOut({ Username: target.username }).catch(ignoreMissing);
        await admin.adminDeleteUser({ Username: target.username }).catch(ignoreMissing);
      }
      await withAudit(db, { actor: caller, action: 'user.delete', client: id, requestId: request.id }, (trx) =>
        trx
          .updateTable('users')
          .set({ is_active: false, deactivated_at: new Date(), updated_at: new Date() })
          .where('id', '=', id)
          .where('is_active', '=', true)
          .execute(),
      );
      reply.code(204);
      return reply.send();
    },
  );
}
