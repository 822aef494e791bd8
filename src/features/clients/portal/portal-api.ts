// The portal's adapter: the only portal module that calls the API client (openapi-fetch) or the
// identity service (aws-amplify). Each function is an actor's work for one of the portal
// machines; failures are ApiFailures carrying the §8 message and the fields the server (or the
// same rules, checked here first) refused.
import { confirmUserAttribute, sendUserAttributeVerificationCode, updateUserAttributes } from 'aws-amplify/auth';
import type { CheckHistory } from '../../../../machines/portal/thrive-check-machine';
import type { OnboardingAnswers, OnboardingStep } from '../../../../machines/portal/onboarding-rules';
import { profilePatchErrors } from '../../../../machines/rules/profile-rules';
import { maskDestination } from '../../../../machines/rules/masking';
import type { components } from '../../../../openapi/generated/api';
import { refusedLocally, unwrap } from '../../../lib/api-failure';
import type { ApiClient } from '../../../lib/api-client';
import type { ContractSchema } from '../../../lib/contract-validation';

export type Profile = components['schemas']['Profile'];
export type Enrollment = components['schemas']['Enrollment'];
export type Program = components['schemas']['Program'];
export type ThriveCheck = components['schemas']['ThriveCheck'];
type Json = Record<string, unknown>;

/**
 * Refuses locally with the contract's own schema before anything is sent. The generated
 * validators (145 KiB) load with the first write, not with every portal page that only reads.
 */
async function checkAgainstContract(schema: ContractSchema, value: unknown): Promise<void> {
  const { contractErrors } = await import('../../../lib/contract-validation');
  const errors = contractErrors(schema, value);
  if (Object.keys(errors).length) throw refusedLocally(errors);
}

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
    unwrap(api.GET('/users/user-program-enrollments', { params: { query: { user: Number(id) } } })),
    unwrap(api.GET('/programs/programs', {})),
    unwrap(api.GET('/users/thrive-checks', { params: { query: { user: Number(id) } } })),
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
  return { health_goals: p.health_goals, client_story: p.client_story, lifestyle_history: p.lifestyle_history, family_history: p.family_history } as OnboardingAnswers;
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
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== '' && v !== undefined).map(([k, v]) => [k, clean(v)]));
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
  const [history, profile] = await Promise.all([unwrap(api.GET('/users/thrive-checks', { params: { query: { user: Number(id) } } })), getProfile(api, id)]);
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
