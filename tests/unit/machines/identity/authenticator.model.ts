// The model of the sign-in component for tests/support/model-paths.ts: one spec per scenario
// (configuration and first screen), the values a user types, and what each identity call may
// answer. `xstate/graph` walks the PRODUCTION authenticator machine with these events; a covering
// subset of the paths is replayed on the machine and on the rendered views
// (model-authenticator.test.tsx), and `npm run paths` prints the figures.
import type { AnyEventObject } from 'xstate';
import { authenticatorMachine } from '../../../../machines/identity/authenticator-machine.ts';
import type { AuthenticatorConfig, InitialScreen } from '../../../../machines/identity/config.ts';
import { formFields } from '../../../../machines/identity/form.ts';
import type { AuthEvent } from '../../../../machines/identity/types.ts';
import { coveringPaths, type MachineModel, type ModelPath, type ModelSpec } from '../../../support/model-paths.ts';

type Snapshot = ReturnType<typeof authenticatorMachine.getInitialSnapshot>;
export type ModelEvent = AuthEvent | { type: `xstate.done.actor.${string}`; output?: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };

export const BASE_CONFIG: AuthenticatorConfig = {
  loginMechanisms: ['email'],
  signUpAttributes: ['email', 'phone_number'],
  passwordSettings: { minLength: 8, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true },
  socialProviders: [],
  signInFactors: ['PASSWORD'],
};

export interface Scenario {
  name: string;
  config: AuthenticatorConfig;
  initialScreen: InitialScreen;
}

export const SCENARIOS: Scenario[] = [
  { name: 'sign in first', config: BASE_CONFIG, initialScreen: 'signIn' },
  { name: 'sign up first', config: BASE_CONFIG, initialScreen: 'signUp' },
  { name: 'forgot password first', config: BASE_CONFIG, initialScreen: 'forgotPassword' },
  { name: 'with social providers', config: { ...BASE_CONFIG, socialProviders: ['google', 'twitter'] }, initialScreen: 'signIn' },
  // Issue 39: every first factor allowed, so the sign-in screen offers the choice and a password
  // sign-in is followed by the offer of a passkey.
  { name: 'passwordless', config: { ...BASE_CONFIG, signInFactors: ['PASSWORD', 'WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP'] }, initialScreen: 'signIn' },
];

export const VALID_VALUES: Record<string, string> = {
  username: 'ada@example.com',
  email: 'ada@example.com',
  phone_number: '(555) 123-4567',
  password: 'Passw0rd!',
  confirm_password: 'Passw0rd!',
  confirmation_code: '123456',
  unverifiedAttr: 'email',
  // Typed as a user would: the inner space stays (§5 trims when the value is used).
  given_name: 'Mary Ann',
  mfa_type: 'TOTP',
  sign_in_factor: 'EMAIL_OTP',
};

const codeDelivery = { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' };
const signInStep = (signInStep: string, extra: Record<string, unknown> = {}) => ({
  isSignedIn: signInStep === 'DONE',
  nextStep: { signInStep, ...extra },
});
const SIGN_IN_OUTPUTS = [
  signInStep('DONE'),
  signInStep('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', { missingAttributes: ['given_name'] }),
  signInStep('RESET_PASSWORD'),
  signInStep('CONFIRM_SIGN_UP'),
  signInStep('CONFIRM_SIGN_IN_WITH_SMS_CODE', {
    codeDeliveryDetails: { destination: '+*******4567', deliveryMedium: 'SMS', attributeName: 'phone_number' },
  }),
  signInStep('CONFIRM_SIGN_IN_WITH_TOTP_CODE'),
  signInStep('CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { totpSetupDetails: { sharedSecret: 'JBSWY3DPEHPK3PXP' } }),
  signInStep('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMFATypes: ['SMS', 'TOTP'] }),
  signInStep('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP'),
  // A step the component does not offer (passwordless first-factor choice): the unsupported-step message.
  signInStep('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', { availableChallenges: ['PASSWORD'] }),
];
export const NETWORK_ERROR = { name: 'NetworkError', message: 'A network error has occurred.' };
const err = (name: string, message: string) => ({ name, message });

/** What each invoked actor (by invoke id) may answer. */
export const ACTOR_RESULTS: Record<string, { outputs: unknown[]; errors: unknown[] }> = {
  getCurrentUser: {
    outputs: [{ username: 'ada-sub', userId: 'sub-1', email: 'ada@example.com', role: 'CLIENT' }],
    errors: [err('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.')],
  },
  signIn: { outputs: SIGN_IN_OUTPUTS, errors: [err('NotAuthorizedException', 'Incorrect username or password.'), NETWORK_ERROR] },
  confirmSignIn: { outputs: SIGN_IN_OUTPUTS, errors: [err('CodeMismatchException', 'Invalid code received for user')] },
  signUp: {
    outputs: [
      { isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } },
      { isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } },
      { isSignUpComplete: false, userId: 'sub-2', nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: codeDelivery } },
    ],
    errors: [err('UsernameExistsException', 'An account with the given email already exists.')],
  },
  confirmSignUp: {
    outputs: [
      { isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } },
      { isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } },
    ],
    errors: [err('CodeMismatchException', 'Invalid verification code provided, please try again.')],
  },
  resendSignUpCode: {
    outputs: [codeDelivery],
    errors: [
      err('InvalidParameterException', 'User is already confirmed.'),
      err('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    ],
  },
  resetPassword: {
    outputs: [{ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: codeDelivery } }],
    errors: [err('LimitExceededException', 'Attempt limit exceeded, please try after some time.')],
  },
  confirmResetPassword: {
    outputs: [null],
    errors: [err('CodeMismatchException', 'Invalid verification code provided, please try again.')],
  },
  fetchUserAttributes: {
    outputs: [
      { email: 'ada@example.com', email_verified: 'false', sub: 'sub-1' },
      { email: 'ada@example.com', email_verified: 'true', sub: 'sub-1' },
    ],
    errors: [NETWORK_ERROR],
  },
  sendUserAttributeVerificationCode: {
    outputs: [codeDelivery],
    errors: [err('LimitExceededException', 'Attempt limit exceeded, please try after some time.')],
  },
  confirmUserAttribute: { outputs: [null], errors: [err('CodeMismatchException', 'Invalid verification code provided, please try again.')] },
  autoSignIn: {
    outputs: [signInStep('DONE'), signInStep('CONFIRM_SIGN_IN_WITH_SMS_CODE')],
    errors: [err('AutoSignInException', 'The autoSignIn flow failed.')],
  },
  signInWithRedirect: { outputs: [], errors: [err('OAuthNotConfigureException', 'oauth param not configured.')] },
  signOut: { outputs: [null], errors: [NETWORK_ERROR] },
  signInWithFactor: {
    outputs: [
      signInStep('DONE'),
      signInStep('CONFIRM_SIGN_IN_WITH_EMAIL_CODE', { codeDeliveryDetails: codeDelivery }),
      // Asked for a passkey, the pool offers a choice: the account has none.
      signInStep('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', { availableChallenges: ['PASSWORD', 'EMAIL_OTP'] }),
    ],
    errors: [
      err('PasskeyAuthenticationCanceled', 'Passkey authentication ceremony has been canceled.'),
      err('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    ],
  },
  associatePasskey: { outputs: [null], errors: [err('PasskeyRegistrationCanceled', 'Passkey registration ceremony has been canceled.')] },
};

const GLOBAL_EVENTS: AuthEvent[] = [
  { type: 'nav.signIn' },
  { type: 'nav.signUp' },
  { type: 'nav.forgotPassword' },
  { type: 'form.submit' },
  { type: 'form.dismissError' },
  { type: 'code.resend' },
  { type: 'verify.skip' },
  { type: 'nav.selectFactor' },
  { type: 'passkey.notNow' },
  { type: 'auth.signOut' },
  { type: 'hub.tokenRefresh' },
  { type: 'hub.tokenRefreshFailure' },
  { type: 'hub.signedOut' },
  { type: 'hub.signInWithRedirect' },
];

function outsideEvents(state: Snapshot): AuthEvent[] {
  const events: AuthEvent[] = [...GLOBAL_EVENTS];
  const { form, config } = state.context;
  const fields = form === 'signIn' ? ['username', 'password'] : formFields(form, config, state.context.requiredAttributes);
  // Fields are filled in screen order (one change event: the next empty field), which keeps the
  // traversal to n+1 fill levels per form instead of every subset. In an error state the first
  // field can also be cleared, so re-submitting an incomplete form is reachable too.
  const next = fields.find((name) => !state.context.values[name]);
  // The factor is chosen among those allowed: each choice leads somewhere else.
  if (next === 'sign_in_factor') for (const value of config.signInFactors) events.push({ type: 'form.change', name: next, value });
  else if (next) events.push({ type: 'form.change', name: next, value: VALID_VALUES[next] });
  if (fields.length) events.push({ type: 'form.blur', name: fields[0] });
  if (fields.length && JSON.stringify(state.value).includes('"error"')) {
    events.push({ type: 'form.change', name: fields[0], value: '' });
    // After a refusal another factor may be chosen.
    if (fields.includes('sign_in_factor')) {
      for (const value of config.signInFactors)
        if (value !== state.context.values.sign_in_factor) events.push({ type: 'form.change', name: 'sign_in_factor', value });
    }
  }
  for (const provider of config.socialProviders) events.push({ type: 'social.signIn', provider });
  return events;
}

/** A state of the traversal: the state value and which form fields hold a value (guards read them). */
export function serializeState(state: Snapshot): string {
  const filled = Object.keys(state.context.values)
    .filter((k) => state.context.values[k])
    .sort();
  // The factor chosen, and the one this sign-in used (the passkey offer follows a password sign-in only).
  const factor = [state.context.values.sign_in_factor ?? '', state.context.factor ?? ''];
  return JSON.stringify({ value: state.value, filled, user: Boolean(state.context.user), factor });
}

function describeEvent(event: AnyEventObject): string {
  if (event.type === 'form.change') return `change ${event.name}`;
  if (event.type === 'form.blur') return `blur ${event.name}`;
  if ('output' in event) return `${event.type.replace('xstate.done.actor.', 'done ')}${stepOf(event.output)}`;
  if ('error' in event) return `${event.type.replace('xstate.error.actor.', 'error ')} (${(event.error as { name: string }).name})`;
  return event.type;
}
function stepOf(output: unknown): string {
  const o = output as { nextStep?: { signInStep?: string; signUpStep?: string }; email_verified?: string } | null;
  const step = o?.nextStep?.signInStep ?? o?.nextStep?.signUpStep ?? (o?.email_verified ? `email_verified=${o.email_verified}` : '');
  return step ? ` ${step}` : '';
}

export interface SignInSpec extends ModelSpec {
  scenario: Scenario;
}

function specFor(scenario: Scenario): SignInSpec {
  return {
    scenario,
    name: scenario.name,
    input: { config: scenario.config, initialScreen: scenario.initialScreen },
    events: (s: Snapshot) => outsideEvents(s),
    outcomes: Object.fromEntries(
      Object.entries(ACTOR_RESULTS).map(([id, r]) => [id, [...r.outputs.map((output) => ({ output })), ...r.errors.map((error) => ({ error }))]]),
    ),
    filterEvents: (s: Snapshot, e: AnyEventObject) => s.can(e as AuthEvent),
    serializeState: (s: Snapshot) => serializeState(s),
    // The same event from the same state value takes the same transition, whatever the fill
    // level, except a submit or a change (guards read the values): one path per such edge.
    edgeKey: (s: Snapshot, e: AnyEventObject) =>
      `${JSON.stringify(s.value)}|${JSON.stringify(e)}|${e.type === 'form.submit' || e.type === 'form.change' ? serializeState(s) : ''}`,
    describeEvent,
    limit: 100_000,
  };
}

/** The scenario a sign-in path was generated for. */
export function scenarioOf(path: ModelPath): Scenario {
  return (path.spec as SignInSpec).scenario;
}

export const model: MachineModel = {
  machine: authenticatorMachine,
  specs: SCENARIOS.map(specFor),
  // Thousands of edges; a covering subset (every transition and state the full set reaches) is
  // replayed on the machine and driven through the views.
  select: (paths) => {
    // The unsupported-provider paths log an error each time; the selection replays them silently.
    const consoleError = console.error;
    console.error = () => {};
    try {
      return coveringPaths(authenticatorMachine, paths);
    } finally {
      console.error = consoleError;
    }
  },
  views: true,
};
