// What the views read from an authenticator snapshot (like amplify-ui's getRoute): the screen to
// show, the overall status, pending and validation flags. Views never read state names.
import type { SnapshotFrom } from 'xstate';
import type { authenticatorMachine } from './authenticator-machine.ts';
import { formFields } from './form.ts';

export type AuthenticatorSnapshot = SnapshotFrom<typeof authenticatorMachine>;

export type Screen =
  | 'idle'
  | 'setup'
  | 'signOut'
  | 'signIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'autoSignIn'
  | 'confirmSignIn'
  | 'setupTotp'
  | 'forceNewPassword'
  | 'selectMfaType'
  | 'setupEmail'
  | 'selectFactor'
  | 'signInCode'
  | 'signInPasskey'
  | 'offerPasskey'
  | 'forgotPassword'
  | 'confirmResetPassword'
  | 'transition'
  | 'verifyUser'
  | 'confirmVerifyUser'
  | 'authenticated';

export type AuthStatus = 'configuring' | 'unauthenticated' | 'authenticated';

const FLOW_SCREENS = [
  'signIn',
  'signUp',
  'confirmSignUp',
  'autoSignIn',
  'confirmSignIn',
  'setupTotp',
  'forceNewPassword',
  'selectMfaType',
  'setupEmail',
  'selectFactor',
  'signInCode',
  'signInPasskey',
  'offerPasskey',
  'forgotPassword',
  'confirmResetPassword',
  'transition',
  'verifyUser',
  'confirmVerifyUser',
] as const satisfies readonly Screen[];

export function selectScreen(state: AuthenticatorSnapshot): Screen {
  if (state.matches('authenticated')) return 'authenticated';
  if (state.matches({ unauthenticated: { configuring: 'signOut' } })) return 'signOut';
  if (state.matches({ unauthenticated: { configuring: 'setup' } })) return 'setup';
  if (state.matches({ unauthenticated: 'configuring' })) return 'idle';
  const screen = FLOW_SCREENS.find((s) => state.matches({ unauthenticated: s }));
  return screen ?? 'idle';
}

export function selectStatus(state: AuthenticatorSnapshot): AuthStatus {
  if (state.matches('authenticated')) return state.context.user ? 'authenticated' : 'configuring';
  if (state.matches({ unauthenticated: 'configuring' })) return 'configuring';
  return 'unauthenticated';
}

export const selectIsPending = (state: AuthenticatorSnapshot): boolean => state.hasTag('pending');

export function selectHasFieldErrors(state: AuthenticatorSnapshot): boolean {
  return Object.values(state.context.fieldErrors).some((errors) => errors.length > 0);
}

/** The submit button is disabled while validation errors exist or a request is pending (§2). */
export const selectSubmitDisabled = (state: AuthenticatorSnapshot): boolean => selectIsPending(state) || selectHasFieldErrors(state);

export const selectFields = (state: AuthenticatorSnapshot): string[] => formFields(state.context.form, state.context.config, state.context.requiredAttributes);

export const selectFormError = (state: AuthenticatorSnapshot): string | null => state.context.formError;

/** More than one first factor is allowed: the sign-in screen offers the choice (issue 39). */
export const selectHasFactorChoice = (state: AuthenticatorSnapshot): boolean => state.context.config.signInFactors.length > 1;

/** The passkey offered after a password sign-in has been added. */
export const selectPasskeyAdded = (state: AuthenticatorSnapshot): boolean => state.matches({ unauthenticated: { offerPasskey: 'added' } });
