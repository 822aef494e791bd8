// The clients-and-people domain's adapter: the only module of the domain that calls the API client
// (openapi-fetch) or the identity service (aws-amplify). For staff: the clients hub (one page of
// clients, a new client), /users (one page of users, inviting, roles, account actions) and the
// client record (profile, enrollments, consent, audit trail, thrive checks; each read audited on the
// server). For the client: the portal's home, profile, email change, onboarding and thrive check.
// For other domains, through src/features/clients/index.ts: the people reads (listUsers, getClient,
// getProfile, thriveChecks, myUserId). What the app shell asks of the domain on every sign-in is
// clients-session-api.ts, kept apart so the first download carries none of this module's rules.
// The programs come from clinic-settings' adapter, working hours from appointments'. Each function
// is an actor's work for a machine or a record a page loads; failures are ApiFailures carrying the
// §8 message and the fields the server (or the same rules, checked here first) refused.
import { confirmUserAttribute, sendUserAttributeVerificationCode, updateUserAttributes } from 'aws-amplify/auth';
import { AUDIT_PAGE_SIZE, type AuditView } from '../../../machines/clients/record-tabs.ts';
import { type ConsentOnBehalfForm, consentOnBehalfErrors } from '../../../machines/consent/consent-on-behalf-rules.ts';
import { endDateOnEnding, isEnding } from '../../../machines/enrollment/enrollment-rules.ts';
import type { Role } from '../../../machines/guard/roles.ts';
import type { OnboardingAnswers, OnboardingStep } from '../../../machines/clients/onboarding-rules.ts';
import type { CheckHistory } from '../../../machines/clients/thrive-check-machine.ts';
import { maskDestination } from '../../../machines/rules/masking.ts';
import { profilePatchErrors, profilePatchOf, profileValue } from '../../../machines/rules/profile-rules.ts';
import type { InvitedUser } from '../../../machines/staff/invite-machine.ts';
import type { ListPage, ListQuery } from '../../../machines/staff/list-machine.ts';
import type { components, operations } from '../../../openapi/generated/api.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { refusedLocally, unwrap } from '../../lib/api-failure.ts';
import type { ContractSchema, FieldErrors } from '../../lib/contract-validation.ts';
import { clinicToday } from '../../lib/format.ts';
import { pageParams, serverPage } from '../../lib/staff/list-query.ts';
import { listPrograms } from '../clinic-settings/index.ts';

export type UserDetail = components['schemas']['UserDetail'];
export type Profile = components['schemas']['Profile'];
export type ProfilePatch = components['schemas']['ProfilePatch'];
export type Enrollment = components['schemas']['Enrollment'];
export type Program = components['schemas']['Program'];
export type ConsentRecord = components['schemas']['ConsentRecord'];
export type AuditEvent = components['schemas']['AuditEvent'];
export type ThriveCheck = components['schemas']['ThriveCheck'];
type Json = Record<string, unknown>;

/**
 * The contract's own schema, checked before anything is sent. The generated validators (145 KiB)
 * load with the first write, not with every page that only reads.
 */
async function contractRefusals(schema: ContractSchema, value: unknown): Promise<FieldErrors> {
  const { contractErrors } = await import('../../lib/contract-validation.ts');
  return contractErrors(schema, value);
}

async function checkAgainstContract(schema: ContractSchema, value: unknown): Promise<void> {
  const errors = await contractRefusals(schema, value);
  if (Object.keys(errors).length) throw refusedLocally(errors);
}

// The clients hub.
export type ClientStatus = components['schemas']['ClientStatus'];
const CLIENT_STATUSES: readonly string[] = ['prospective', 'active', 'inactive', 'archived'] satisfies ClientStatus[];
const isClientStatus = (value: string | undefined): value is ClientStatus => value !== undefined && CLIENT_STATUSES.includes(value);

/** Grid column -> the server's `ordering` field. */
export const CLIENT_SORT_FIELDS: Record<string, string> = { name: 'last_name', email: 'email', date_joined: 'date_joined' };

export async function fetchClientsPage(api: ApiClient, q: ListQuery): Promise<ListPage> {
  const f = q.filters;
  return serverPage(
    api.GET('/users/users', {
      params: {
        query: {
          role: 'CLIENT',
          ...pageParams(q),
          // 'deactivated' is the sign-in removed (is_active), apart from the clinic's client status.
          is_active: f.status === 'deactivated' ? false : undefined,
          status: isClientStatus(f.status) ? f.status : undefined,
          program: f.program ? Number(f.program) : undefined,
          consent: f.consent === 'yes' ? true : f.consent === 'no' ? false : undefined,
        },
      },
    }),
  );
}

export interface NewClient {
  first_name: string;
  last_name: string;
  email: string;
  phone_number?: string;
  date_of_birth?: string;
  gender?: 'M' | 'F' | null;
}

export async function createClient(api: ApiClient, values: NewClient) {
  const phone = profileValue('phone_number', values.phone_number);
  const body = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    role: 'CLIENT' as const,
    ...(phone ? { phone_number: phone } : {}),
    ...(values.date_of_birth ? { date_of_birth: values.date_of_birth } : {}),
    ...(values.gender ? { gender: values.gender } : {}),
  };
  return unwrap(api.POST('/users/users', { body }));
}

// The people reads other domains take through src/features/clients/index.ts (staff columns, client
// names and search, the collectors and coaches, the signed-in member's id).
export type UserQuery = NonNullable<operations['listUsers']['parameters']['query']>;

/** One page of the clinic's people, as the query asks (role, search, ordering, page size). */
export const listUsers = (api: ApiClient, query: UserQuery) => unwrap(api.GET('/users/users', { params: { query } }));

/** The signed-in user's clinic id. */
export const myUserId = async (api: ApiClient) => (await unwrap(api.GET('/users/users/me', {}))).id;

// /users: the clinic's people.
export const USER_SORT_FIELDS: Record<string, string> = { name: 'last_name', email: 'email', role: 'role', date_joined: 'date_joined' };

export async function fetchUsersPage(api: ApiClient, q: ListQuery): Promise<ListPage> {
  const f = q.filters;
  return serverPage(
    api.GET('/users/users', {
      params: {
        query: {
          ...pageParams(q),
          role: (f.role || undefined) as Role | undefined,
          is_active: f.status === 'inactive' ? false : undefined,
        },
      },
    }),
  );
}

export function createUser(api: ApiClient, v: { first_name: string; last_name: string; email: string; role: Role; phone_number?: string }) {
  const phone = profileValue('phone_number', v.phone_number);
  return unwrap(
    api.POST('/users/users', {
      body: { first_name: v.first_name.trim(), last_name: v.last_name.trim(), email: v.email.trim(), role: v.role, ...(phone ? { phone_number: phone } : {}) },
    }),
  );
}

export const changeRole = (api: ApiClient, id: number, role: Role) =>
  unwrap(api.PATCH('/users/user-profiles/{id}', { params: { path: { id } }, body: { role } }));

export function runAction(api: ApiClient, id: number, action: 'deactivate' | 'reactivate' | 'resend' | 'reset') {
  const init = { params: { path: { id } } };
  switch (action) {
    case 'deactivate':
      return unwrap(api.POST('/users/users/{id}/deactivate', init));
    case 'reactivate':
      return unwrap(api.POST('/users/users/{id}/reactivate', init));
    case 'resend':
      return unwrap(api.POST('/users/users/{id}/resend-invitation', init));
    case 'reset':
      return unwrap(api.POST('/users/users/{id}/reset-password', init));
  }
}

export const createStaffUser = async (api: ApiClient, values: Record<string, unknown>): Promise<InvitedUser> =>
  (await createUser(api, values as never)) as InvitedUser;

// The client record.

export const getClient = (api: ApiClient, id: number) => unwrap(api.GET('/users/users/{id}', { params: { path: { id } } }));

/** Saves what changed in the form, refusing locally what the server would refuse (the same rules). */
export async function saveRecordProfile(api: ApiClient, id: number, draft: Record<string, string>, current: Record<string, unknown>) {
  const patch = profilePatchOf(draft, current);
  const refused = { ...(await contractRefusals('ProfilePatch', patch)), ...profilePatchErrors(patch) };
  if (Object.keys(refused).length) throw refusedLocally(refused);
  return unwrap(api.PATCH('/users/user-profiles/{id}', { params: { path: { id } }, body: patch as ProfilePatch }));
}
export const listEnrollments = (api: ApiClient, user: number) => unwrap(api.GET('/users/user-program-enrollments', { params: { query: { user } } }));
export const enrol = (api: ApiClient, body: components['schemas']['EnrollmentCreate']) => unwrap(api.POST('/users/user-program-enrollments', { body }));

/** One step of the enrollment's chart; an ending step also records the end date. */
export function changeEnrollmentStatus(api: ApiClient, enrollment: Enrollment, status: Enrollment['status']) {
  const today = clinicToday();
  const body: components['schemas']['EnrollmentPatch'] = { status, ...(isEnding(status) ? { end_date: endDateOnEnding(enrollment, today) } : {}) };
  return unwrap(api.PATCH('/users/user-program-enrollments/{id}', { params: { path: { id: enrollment.id } }, body }));
}
export const consentHistory = (api: ApiClient, id: number) => unwrap(api.GET('/users/user-profiles/{id}/consent-history', { params: { path: { id } } }));

/** The client's signed paper form, recorded by staff: refused here by the server's own rules first. */
export async function recordConsentOnBehalf(api: ApiClient, id: number, form: Record<string, unknown>) {
  const body = {
    decision: form.decision,
    signed_on: form.signed_on,
    reason: typeof form.reason === 'string' ? form.reason.trim() : form.reason,
  } as ConsentOnBehalfForm;
  const refused = consentOnBehalfErrors(body);
  if (Object.keys(refused).length) throw refusedLocally(refused);
  return unwrap(api.POST('/users/user-profiles/{id}/consent-history', { params: { path: { id } }, body }));
}
/** One page of the record's audit trail, filtered on the server. */
export const auditTrail = (api: ApiClient, client: number, view: AuditView) =>
  unwrap(
    api.GET('/audit/events', {
      params: { query: { client, page: view.page, page_size: AUDIT_PAGE_SIZE, ...(view.action ? { action: view.action as AuditEvent['action'] } : {}) } },
    }),
  );

/**
 * The API client of one page view of the record: its reads carry the view's id, so the server
 * records the whole view as one audit event (server/api/audit/record-views.ts).
 */
export function recordViewClient(api: ApiClient, viewId: string): ApiClient {
  const GET = ((path: string, init?: { headers?: Record<string, string> }) =>
    (api.GET as (p: string, i: unknown) => unknown)(path, { ...init, headers: { ...init?.headers, 'X-Record-View': viewId } })) as ApiClient['GET'];
  return { ...api, GET };
}

/** The client's thrive checks, each with the score the server computed and stored. */
export const thriveChecks = (api: ApiClient, user: number) => unwrap(api.GET('/users/thrive-checks', { params: { query: { user } } }));

// The portal: the client's own home, profile, onboarding and thrive check.

const clientPath = (id: string) => ({ params: { path: { id: Number(id) } } });

export const getProfile = (api: ApiClient, id: string): Promise<Profile> => unwrap(api.GET('/users/user-profiles/{id}', clientPath(id)));

/** Saves a profile patch under the contract's schema and the shared profile rules (the server's own). */
export async function saveProfile(api: ApiClient, id: string, patch: Json): Promise<Profile> {
  await checkAgainstContract('ProfilePatch', patch);
  const refused = profilePatchErrors(patch);
  if (Object.keys(refused).length) throw refusedLocally(refused);
  return unwrap(api.PATCH('/users/user-profiles/{id}', { ...clientPath(id), body: patch as components['schemas']['ProfilePatch'] }));
}

/** Home: the profile, enrollments, the catalogue and the checks, together. */
export async function loadHome(api: ApiClient, id: string) {
  const [profile, enrollments, programs, checks] = await Promise.all([
    getProfile(api, id),
    listEnrollments(api, Number(id)),
    listPrograms(api),
    thriveChecks(api, Number(id)),
  ]);
  return { profile, enrollments, programs, checks };
}

/** Counts the client's own opening of their home (the server counts); whether it was their first. */
export async function recordHomeVisit(api: ApiClient): Promise<{ firstVisit: boolean }> {
  const view = await unwrap(api.POST('/users/users/me/home-views', {}));
  return { firstVisit: view.first_visit };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;

/** The onboarding answers saved so far. */
export async function loadAnswers(api: ApiClient, id: string): Promise<OnboardingAnswers> {
  const p = await getProfile(api, id);
  return {
    health_goals: p.health_goals,
    client_story: p.client_story,
    lifestyle_history: p.lifestyle_history,
    family_history: p.family_history,
  } as OnboardingAnswers;
}

const STEP_SCHEMA: Record<OnboardingStep, ContractSchema> = {
  health_goals: 'HealthGoals',
  client_story: 'ClientStory',
  lifestyle_history: 'LifestyleHistory',
  family_history: 'FamilyHistory',
};

/** Drops empty strings so optional answers are left out rather than sent blank. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== '' && v !== undefined)
        .map(([k, v]) => [k, clean(v)]),
    );
  return value;
}

/** One onboarding step's answers, versioned and stamped, checked against the contract, saved. */
export async function saveStep(api: ApiClient, id: string, step: OnboardingStep, draft: Json): Promise<Json> {
  const value = { ...(clean(draft) as Json), schema_version: 1, completed_at: new Date().toISOString() };
  await checkAgainstContract(STEP_SCHEMA[step], value);
  const saved = await unwrap(api.PATCH('/users/user-profiles/{id}', { ...clientPath(id), body: { [step]: value } as components['schemas']['ProfilePatch'] }));
  return saved[step] as Json;
}

/** The thrive check page's start: the client's checks and the profile facts that prefill the form. */
export async function loadCheckHistory(api: ApiClient, id: string): Promise<CheckHistory> {
  const [history, profile] = await Promise.all([thriveChecks(api, Number(id)), getProfile(api, id)]);
  return { history: history as unknown as CheckHistory['history'], profile: { gender: profile.gender, date_of_birth: profile.date_of_birth } };
}

/** Sends the heart-risk input; the server scores it and stores the check it answers with. */
export async function createCheck(api: ApiClient, input: Record<string, string>): Promise<ThriveCheck> {
  await checkAgainstContract('ThriveCheckCreate', input);
  return unwrap(api.POST('/users/thrive-checks', { body: input as unknown as components['schemas']['ThriveCheckCreate'] }));
}

/** The identity service's refusals keep their own words (spec §8: "remote errors show their message"). */
async function identity<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw { message: (error as { message?: string })?.message || 'Something went wrong.' };
  }
}

/** Asks the identity service to change the sign-in email; resolves to the code's masked destination. */
export const requestEmailChange = (email: string) =>
  identity(async () => {
    const out = await updateUserAttributes({ userAttributes: { email } });
    return maskDestination(out.email?.nextStep?.codeDeliveryDetails?.destination ?? email, 'EMAIL');
  });

export const resendEmailCode = (email: string) =>
  identity(async () => {
    const out = await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    return maskDestination(out.destination ?? email, 'EMAIL');
  });

/** Confirms the code, then has the clinic's record take the verified address (email-sync). */
export async function confirmEmailChange(api: ApiClient, id: string, code: string): Promise<Profile> {
  await identity(() => confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code }));
  return unwrap(api.POST('/users/user-profiles/{id}/email-sync', clientPath(id)));
}
