// users/user-profiles/{id}: read a profile; change its fields; or record the client's consent
// (the consent patch), which also appends to the consent history.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { profilePatchErrors } from '../../../machines/rules/profile-rules.ts';
import { sql } from 'kysely';
import { badRequest, HttpError } from '../../http/errors.ts';
import { IdentityError } from '../../identity/contracts.ts';
import { callerOf } from '../../auth/bearer.ts';
import { AADHAAR_INVALID, aadhaarValid } from './aadhaar.ts';
import type { ApiContext } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../audit/data.ts';
import { findProfile, findProfileAudited, findUser, JSON_COLUMNS, PROFILE_COLUMNS, type UserRow } from './data.ts';
import { type Caller, CLINIC_ONLY_FIELDS, CONSENT_FIELDS, canManageRole, DENIED, forbidden, isAdmin, isStaff, notFound, othersRecord } from '../policy.ts';
import { presentProfile } from './present.ts';
import { EMAIL_SYNC_ERRORS } from './profile-email-routes.ts';

type ProfilePatch = components['schemas']['ProfilePatch'];

export const CONSENT_PATCH_SHAPE = 'The consent patch takes hipaa_consent, hipaa_consent_date and hipaa_consent_version together, and nothing else.';
export const CONSENT_DATE_FUTURE = 'Must not be in the future.';
export const USER_FIELD_TWICE = 'Given both in user and at the top level, with different values.';
/** Clock skew tolerated between the browser stamping consent and the server receiving it. */
const CONSENT_CLOCK_SKEW_MS = 5 * 60_000;

function isConsentPatch(body: ProfilePatch): boolean {
  return CONSENT_FIELDS.some((f) => f in body);
}

/** Why the caller may not make this (non-consent) change, or null. */
function profilePatchDenial(caller: Caller, target: UserRow, body: ProfilePatch): HttpError | null {
  const own = caller.id === target.id;
  if (!own) {
    if (!isStaff(caller.role)) return othersRecord(caller, DENIED.staffOnly);
    if (!canManageRole(caller.role, target.role)) return forbidden(DENIED.manageRole(target.role));
  }
  if (!isStaff(caller.role)) {
    const clinicOnly = CLINIC_ONLY_FIELDS.filter((f) => f in body);
    if (clinicOnly.length) return forbidden(DENIED.clinicOnly(clinicOnly));
  }
  if (body.role !== undefined && body.role !== target.role) {
    if (own) return forbidden(DENIED.ownRole);
    if (!isAdmin(caller.role)) return forbidden(DENIED.adminOnly);
    if (!canManageRole(caller.role, body.role)) return forbidden(DENIED.manageRole(body.role));
  }
  return null;
}

export async function profileRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get<{ Params: { id: number } }>(
    '/users/user-profiles/:id',
    { schema: contract.routeSchema('getProfile'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const own = caller.id === id;
      const allowed = own || isStaff(caller.role);
      // The denied attempt is recorded too: it is part of the trail.
      const row = await findProfileAudited(db, id, { actor: caller, action: 'profile.read', requestId: request.id, outcome: allowed ? 'success' : 'denied' });
      if (!row) throw notFound();
      if (!allowed) throw othersRecord(caller, DENIED.staffOnly);
      return presentProfile(row, { reveal: own, vault: ctx.aadhaar });
    },
  );

  app.patch<{ Params: { id: number }; Body: ProfilePatch }>(
    '/users/user-profiles/:id',
    { schema: contract.routeSchema('patchProfile'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const body = request.body;
      const target = await findUser(db, id);
      if (!target) throw notFound();
      const consent = isConsentPatch(body);
      const action: AuditAction = consent ? 'consent.record' : 'profile.update';
      const denial = consent ? (caller.id === id ? null : othersRecord(caller, DENIED.consentOthers)) : profilePatchDenial(caller, target, body);
      if (denial) await refuse(db, { actor: caller, action, client: id, requestId: request.id }, denial);
      const row = consent ? await recordConsent(ctx, request, caller, id, body) : await updateProfile(ctx, request, caller, target, withUserFields(body));
      return presentProfile(row, { reveal: caller.id === id, vault: ctx.aadhaar });
    },
  );
}

async function recordConsent(ctx: ApiContext, request: FastifyRequest, caller: Caller, id: number, body: ProfilePatch) {
  const keys = Object.keys(body);
  if (keys.length !== CONSENT_FIELDS.length || !CONSENT_FIELDS.every((f) => f in body)) {
    const missing = CONSENT_FIELDS.filter((f) => !(f in body));
    const errors: Record<string, string[]> = {};
    for (const f of missing) errors[f] = ['This field is required.'];
    for (const k of keys) if (!(CONSENT_FIELDS as readonly string[]).includes(k)) errors[k] = [CONSENT_PATCH_SHAPE];
    throw new HttpError(400, CONSENT_PATCH_SHAPE, errors);
  }
  const consentedAt = new Date(body.hipaa_consent_date!);
  if (consentedAt.getTime() > Date.now() + CONSENT_CLOCK_SKEW_MS) throw badRequest('hipaa_consent_date', CONSENT_DATE_FUTURE);
  return withAudit(ctx.db, { actor: caller, action: 'consent.record', client: id, requestId: request.id }, async (trx) => {
    await trx
      .updateTable('user_profiles')
      .set({ hipaa_consent: true, hipaa_consent_date: consentedAt, hipaa_consent_version: body.hipaa_consent_version, updated_at: new Date() })
      .where('user_id', '=', id)
      .execute();
    await trx
      .insertInto('consent_history')
      .values({
        user_id: id,
        version: body.hipaa_consent_version!,
        consented_at: consentedAt,
        recorded_by: caller.id,
        user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
      })
      .execute();
    return (await findProfile(trx, id))!;
  });
}

type UserFields = NonNullable<ProfilePatch['user']>;
type FlatPatch = Omit<ProfilePatch, 'user'> & { email?: string; nested: Set<string> };

/** The nested `user` object's fields beside the profile's, remembering which came nested (for error names). */
function withUserFields(body: ProfilePatch): FlatPatch {
  const { user, ...rest } = body;
  const flat: FlatPatch = { ...rest, nested: new Set() };
  for (const [field, value] of Object.entries(user ?? {}) as Array<[keyof UserFields, string | null]>) {
    if (field !== 'email' && field in rest && rest[field] !== value) throw badRequest(`user.${field}`, USER_FIELD_TWICE);
    (flat as Record<string, unknown>)[field] = value;
    flat.nested.add(field);
  }
  return flat;
}

/**
 * The new sign-in email, if the patch changes it: only an address the identity service has
 * verified for this user (the verified change: attribute update, then the code sent to it).
 */
async function verifiedEmailChange(ctx: ApiContext, target: UserRow, email: string | undefined): Promise<string | null> {
  if (email === undefined || email.toLowerCase() === target.email.toLowerCase()) return null;
  const wanted = email.toLowerCase();
  const identityUser = await ctx
    .identityAdmin()
    .adminGetUser({ Username: target.username })
    .catch((error: unknown) => {
      if (error instanceof IdentityError && error.type === 'UserNotFoundException') return null;
      throw error;
    });
  const attribute = (name: string) => identityUser?.Attributes.find((a) => a.Name === name)?.Value;
  if (attribute('email')?.toLowerCase() !== wanted || attribute('email_verified') !== 'true') throw badRequest('user.email', EMAIL_SYNC_ERRORS.notVerified);
  return wanted;
}

async function updateProfile(ctx: ApiContext, request: FastifyRequest, caller: Caller, target: UserRow, patch: FlatPatch) {
  const { nested, email, ...body } = patch;
  // The rules the portal and the staff record check before sending, so all three agree. A field
  // that came in `user` is named as it was sent.
  const refused = Object.fromEntries(Object.entries(profilePatchErrors(body)).map(([f, reasons]) => [nested.has(f) ? `user.${f}` : f, reasons]));
  const [field] = Object.keys(refused);
  if (field) throw new HttpError(400, `Invalid ${field}: ${refused[field][0]}`, refused);
  const newEmail = await verifiedEmailChange(ctx, target, email);
  if (body.aadhar_number && !aadhaarValid(body.aadhar_number)) throw badRequest('aadhar_number', AADHAAR_INVALID);
  const userChanges: Record<string, unknown> = newEmail ? { email: newEmail } : {};
  for (const column of ['first_name', 'last_name', 'phone_number', 'role'] as const) {
    if (body[column] !== undefined) userChanges[column] = body[column];
  }
  const profileChanges: Record<string, unknown> = {};
  for (const column of PROFILE_COLUMNS) if (body[column] !== undefined) profileChanges[column] = body[column];
  for (const column of JSON_COLUMNS) if (body[column] !== undefined) profileChanges[column] = JSON.stringify(body[column]);
  if (body.date_of_birth !== undefined) profileChanges.date_of_birth = body.date_of_birth;
  if (body.aadhar_number !== undefined) {
    const sealed = body.aadhar_number ? ctx.aadhaar.seal(body.aadhar_number) : null;
    profileChanges.aadhar_sealed = sealed?.sealed ?? null;
    profileChanges.aadhar_last4 = sealed?.last4 ?? null;
  }
  const roleChanged = body.role !== undefined && body.role !== target.role;
  const setIdentityRole = (role: string) =>
    ctx.identityAdmin().adminUpdateUserAttributes({ Username: target.username, UserAttributes: [{ Name: 'custom:role', Value: role }] });
  // Identity's custom:role follows the clinic's record. Identity is called outside the
  // transaction (the built-in service shares this database) and first: if it refuses, nothing
  // is written; if our write then fails, identity gets its old role back.
  if (roleChanged) await setIdentityRole(body.role!);
  try {
    const also: AuditAction[] = [];
    if (roleChanged) also.push('role.change');
    if (newEmail) also.push('profile.email_sync');
    return await withAudit(ctx.db, { actor: caller, action: 'profile.update', also, client: target.id, requestId: request.id }, async (trx) => {
      if (newEmail) {
        const other = await trx
          .selectFrom('users')
          .select('id')
          .where(sql`lower(email)`, '=', newEmail)
          .where('id', '!=', target.id)
          .executeTakeFirst();
        if (other) throw badRequest('user.email', EMAIL_SYNC_ERRORS.taken);
      }
      if (Object.keys(userChanges).length) {
        await trx
          .updateTable('users')
          .set({ ...userChanges, updated_at: new Date() })
          .where('id', '=', target.id)
          .execute();
      }
      await trx
        .updateTable('user_profiles')
        .set({ ...profileChanges, updated_at: new Date() })
        .where('user_id', '=', target.id)
        .execute();
      return (await findProfile(trx, target.id))!;
    });
  } catch (error) {
    if (roleChanged) {
      await setIdentityRole(target.role).catch((undo) => {
        request.log.error({ err: { type: (undo as Error).name } }, 'could not restore the identity role after a failed update');
      });
    }
    throw error;
  }
}
