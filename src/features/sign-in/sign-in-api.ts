// The sign-in feature's adapter: the authenticator's identity calls implemented with
// aws-amplify/auth, the settings aws-amplify was configured with, and the Hub's 'auth' channel.
// The machine declares the calls; this is the feature's only file that imports the SDK (tests
// provide fakes instead).
import { Amplify, type ResourcesConfig } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { fromPromise } from 'xstate';
import type { AuthenticatorConfig, LoginMechanism } from '../../../machines/sign-in/config.ts';
import { hubEventToMachineEvent } from '../../../machines/sign-in/hub-events.ts';
import { isAllowedSignUpAttribute } from '../../../machines/sign-in/config.ts';
import type { SignUpInput } from '../../../machines/sign-in/form.ts';
import type {
  AuthEvent,
  AuthUser,
  ConfirmSignInInput,
  ResendCodeOutput,
  ResetPasswordOutput,
  SignInOutput,
  SignUpOutput,
  UserAttributes,
} from '../../../machines/sign-in/types.ts';

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

export const amplifyActors = {
  getCurrentUser: fromPromise<AuthUser, void>(() => loadCurrentUser()),
  signIn: fromPromise<SignInOutput, { username: string; password: string }>(({ input }) => signIn(input)),
  confirmSignIn: fromPromise<SignInOutput, ConfirmSignInInput>(({ input }) => confirmSignIn(input)),
  signUp: fromPromise<SignUpOutput, SignUpInput>(({ input }) => signUp(input)),
  confirmSignUp: fromPromise<SignUpOutput, { username: string; confirmationCode: string }>(({ input }) =>
    confirmSignUp(input),
  ),
  resendSignUpCode: fromPromise<ResendCodeOutput, { username: string }>(({ input }) => resendSignUpCode(input)),
  resetPassword: fromPromise<ResetPasswordOutput, { username: string }>(({ input }) => resetPassword(input)),
  confirmResetPassword: fromPromise<void, { username: string; confirmationCode: string; newPassword: string }>(
    ({ input }) => confirmResetPassword(input),
  ),
  fetchUserAttributes: fromPromise<UserAttributes, void>(() => fetchUserAttributes()),
  sendUserAttributeVerificationCode: fromPromise<ResendCodeOutput, { userAttributeKey: string }>(({ input }) =>
    sendUserAttributeVerificationCode({ userAttributeKey: input.userAttributeKey as 'email' }),
  ),
  confirmUserAttribute: fromPromise<void, { userAttributeKey: string; confirmationCode: string }>(({ input }) =>
    confirmUserAttribute({ userAttributeKey: input.userAttributeKey as 'email', confirmationCode: input.confirmationCode }),
  ),
  autoSignIn: fromPromise<SignInOutput, void>(() => autoSignIn()),
  signInWithRedirect: fromPromise<void, { provider: string }>(({ input }) =>
    signInWithRedirect({ provider: capitalize(input.provider) as 'Google' }),
  ),
  signOut: fromPromise<void, void>(() => signOut()),
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
  const providers = (loginWith?.oauth?.providers ?? []).map((p) =>
    (typeof p === 'string' ? p : p.custom).toLowerCase(),
  );
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
