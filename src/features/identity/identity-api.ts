// The sign-in feature's adapter: the authenticator's identity calls implemented with
// aws-amplify/auth, the settings aws-amplify was configured with, and the Hub's 'auth' channel.
// The machine declares the calls; this file and the calls it loads on demand (identity-flows-api.ts)
// are the feature's only modules that import the SDK (tests provide fakes instead).
import { Amplify, type ResourcesConfig } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { fromPromise } from 'xstate';
import { type AuthenticatorConfig, isAllowedSignUpAttribute, type LoginMechanism, signInFactorsFrom } from '../../../machines/identity/config.ts';
import type { FactorSignInInput } from '../../../machines/identity/authenticator-machine.ts';
import type { Passkey } from '../../../machines/identity/passkeys-machine.ts';
import { hubEventToMachineEvent } from '../../../machines/identity/hub-events.ts';
import type { SignUpInput } from '../../../machines/identity/form.ts';
import type {
  AuthEvent,
  AuthUser,
  ConfirmSignInInput,
  ResendCodeOutput,
  ResetPasswordOutput,
  SignInOutput,
  SignUpOutput,
  UserAttributes,
} from '../../../machines/identity/types.ts';

/** The signed-in user: identity from getCurrentUser, email and `custom:role` from the ID token. */
export async function loadCurrentUser(): Promise<AuthUser> {
  const current = await getCurrentUser();
  const session = await fetchAuthSession();
  const claims = session.tokens?.idToken?.payload ?? {};
  return {
    username: current.username,
    userId: current.userId,
    email: typeof claims.email === 'string' ? claims.email : (current.signInDetails?.loginId ?? ''),
    role: typeof claims['custom:role'] === 'string' ? claims['custom:role'] : '',
  };
}

/**
 * The calls behind a user's own steps: a chunk of their own, so /login's first paint does not
 * wait for it. A failed download is tried again by the next call.
 */
let flows: Promise<typeof import('./identity-flows-api.ts')> | null = null;
function loadIdentityFlows(): Promise<typeof import('./identity-flows-api.ts')> {
  return (flows ??= import('./identity-flows-api.ts').catch((error: unknown) => {
    flows = null;
    throw error;
  }));
}

/** How long after the first screen the chunk downloads when nobody has touched the page yet. */
const IDENTITY_FLOWS_PRELOAD_DELAY_MS = 2000;
const FIRST_USE = ['keydown', 'pointerdown', 'input'] as const;

/**
 * Once the first screen is decided, the chunk downloads at the user's first key or tap, or after
 * a short delay, whichever comes first: on a slow connection it then does not compete with the
 * form's own first paint, and it is in by the time a password has been typed.
 */
function preloadIdentityFlowsSoon(): void {
  if (flows || typeof window === 'undefined') return;
  const start = () => {
    clearTimeout(timer);
    for (const type of FIRST_USE) window.removeEventListener(type, start, true);
    loadIdentityFlows().catch(() => {
      // The call that needs them tries again.
    });
  };
  const timer = setTimeout(start, IDENTITY_FLOWS_PRELOAD_DELAY_MS);
  for (const type of FIRST_USE) window.addEventListener(type, start, { capture: true, once: true, passive: true });
}

export const amplifyActors = {
  getCurrentUser: fromPromise<AuthUser, void>(async () => {
    try {
      return await loadCurrentUser();
    } finally {
      preloadIdentityFlowsSoon();
    }
  }),
  signIn: fromPromise<SignInOutput, { username: string; password: string }>(async ({ input }) => (await loadIdentityFlows()).signIn(input)),
  confirmSignIn: fromPromise<SignInOutput, ConfirmSignInInput>(async ({ input }) => (await loadIdentityFlows()).confirmSignIn(input)),
  signUp: fromPromise<SignUpOutput, SignUpInput>(async ({ input }) => (await loadIdentityFlows()).signUp(input)),
  confirmSignUp: fromPromise<SignUpOutput, { username: string; confirmationCode: string }>(async ({ input }) =>
    (await loadIdentityFlows()).confirmSignUp(input),
  ),
  resendSignUpCode: fromPromise<ResendCodeOutput, { username: string }>(async ({ input }) => (await loadIdentityFlows()).resendSignUpCode(input)),
  resetPassword: fromPromise<ResetPasswordOutput, { username: string }>(async ({ input }) => (await loadIdentityFlows()).resetPassword(input)),
  confirmResetPassword: fromPromise<void, { username: string; confirmationCode: string; newPassword: string }>(async ({ input }) =>
    (await loadIdentityFlows()).confirmResetPassword(input),
  ),
  fetchUserAttributes: fromPromise<UserAttributes, void>(async () => (await loadIdentityFlows()).fetchUserAttributes()),
  sendUserAttributeVerificationCode: fromPromise<ResendCodeOutput, { userAttributeKey: string }>(async ({ input }) =>
    (await loadIdentityFlows()).sendUserAttributeVerificationCode({ userAttributeKey: input.userAttributeKey as 'email' }),
  ),
  confirmUserAttribute: fromPromise<void, { userAttributeKey: string; confirmationCode: string }>(async ({ input }) =>
    (await loadIdentityFlows()).confirmUserAttribute({ userAttributeKey: input.userAttributeKey as 'email', confirmationCode: input.confirmationCode }),
  ),
  autoSignIn: fromPromise<SignInOutput, void>(async () => (await loadIdentityFlows()).autoSignIn()),
  signInWithRedirect: fromPromise<void, { provider: string }>(async ({ input }) =>
    (await loadIdentityFlows()).signInWithRedirect({ provider: capitalize(input.provider) as 'Google' }),
  ),
  signOut: fromPromise<void, void>(async () => (await loadIdentityFlows()).signOut()),
  // Choice-based sign-in: a code by email or SMS, or a passkey (aws-amplify asks the browser for it).
  signInWithFactor: fromPromise<SignInOutput, FactorSignInInput>(async ({ input }) =>
    (await loadIdentityFlows()).signIn({ username: input.username, options: { authFlowType: 'USER_AUTH', preferredChallenge: input.factor } }),
  ),
  // Creating a passkey is rare: its code is a chunk of its own, loaded when a user accepts the offer.
  associatePasskey: fromPromise<void, void>(async () => (await import('./identity-passkey-api.ts')).associateWebAuthnCredential()),
};

/** The WebAuthn chunk; a failed download is tried again by the next call. */
let passkeyCalls: Promise<typeof import('./identity-passkey-api.ts')> | null = null;
function loadPasskeyCalls(): Promise<typeof import('./identity-passkey-api.ts')> {
  return (passkeyCalls ??= import('./identity-passkey-api.ts').catch((error: unknown) => {
    passkeyCalls = null;
    throw error;
  }));
}

/** Cognito answers at most a page of credentials at a time; the profile shows them all. */
async function listPasskeys(): Promise<Passkey[]> {
  const { listWebAuthnCredentials } = await loadPasskeyCalls();
  const passkeys: Passkey[] = [];
  let nextToken: string | undefined;
  do {
    const page = await listWebAuthnCredentials({ nextToken });
    for (const credential of page.credentials) {
      if (!credential.credentialId) continue;
      passkeys.push({
        credentialId: credential.credentialId,
        name: credential.friendlyCredentialName ?? '',
        createdAt: credential.createdAt ? credential.createdAt.toISOString() : null,
      });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return passkeys;
}

/** The profile's passkeys chart's calls (machines/identity/passkeys-machine.ts), the signed-in user's own. */
export const passkeyActors = {
  listPasskeys: fromPromise<Passkey[], void>(() => listPasskeys()),
  addPasskey: fromPromise<void, void>(async () => (await loadPasskeyCalls()).associateWebAuthnCredential()),
  removePasskey: fromPromise<void, { credentialId: string }>(async ({ input }) =>
    (await loadPasskeyCalls()).deleteWebAuthnCredential({ credentialId: input.credentialId }),
  ),
};

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** Reads the authenticator's settings from the configured aws-amplify resources. */
export function authenticatorConfigFrom(resources: ResourcesConfig): AuthenticatorConfig {
  const cognito = resources.Auth?.Cognito;
  const loginWith = cognito?.loginWith;
  const mechanisms: LoginMechanism[] = [];
  if (loginWith?.email) mechanisms.push('email');
  if (loginWith?.phone) mechanisms.push('phone_number');
  if (loginWith?.username || mechanisms.length === 0) mechanisms.push('username');
  const format = cognito?.passwordFormat;
  const providers = (loginWith?.oauth?.providers ?? []).map((p) => (typeof p === 'string' ? p : p.custom).toLowerCase());
  return {
    loginMechanisms: mechanisms,
    signUpAttributes: Object.entries(cognito?.userAttributes ?? {})
      .filter(([name, spec]) => (spec as { required?: boolean } | undefined)?.required && isAllowedSignUpAttribute(name))
      .map(([name]) => name),
    passwordSettings: format
      ? {
          minLength: format.minLength ?? 8,
          requireLowercase: Boolean(format.requireLowercase),
          requireUppercase: Boolean(format.requireUppercase),
          requireNumbers: Boolean(format.requireNumbers),
          requireSymbols: Boolean(format.requireSpecialCharacters),
        }
      : null,
    socialProviders: providers,
    signInFactors: signInFactorsFrom(cognito?.passwordless),
  };
}

/** The authenticator's settings from the resources aws-amplify was configured with at start-up. */
export function configuredAuthenticatorConfig(): AuthenticatorConfig {
  return authenticatorConfigFrom(Amplify.getConfig());
}

/** Forwards the Hub's 'auth' events the machine knows as machine events; returns the unsubscribe. */
export function listenToAuthEvents(send: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    const event = hubEventToMachineEvent(payload.event);
    if (event) send(event);
  });
}
