// The sign-in component (spec §4 "Sign-in component screens") as one chart: configuring (idle,
// setup, signOut), the sign-in screens each with an edit/submit/error structure, and
// authenticated. Every identity call is an invoked promise actor that the app provides with
// `.provide({ actors })`; the defaults here only reject, so nothing in this file touches the network.
import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type AuthenticatorConfig, type InitialScreen, SUPPORTED_SOCIAL_PROVIDERS } from './config.ts';
import {
  changeValue,
  type FieldErrors,
  type FormName,
  type FormValues,
  initialValues,
  isFormComplete,
  normalizedValues,
  requiredAttributesPayload,
  signUpPayload,
  type SignUpInput,
  type Touched,
  touchAll,
  validateForm,
} from './form.ts';
import { errorMessage } from './errors.ts';
import { UNSUPPORTED_SIGN_IN_STEP } from './texts.ts';
import type {
  AuthEvent,
  ConfirmSignInInput,
  AuthUser,
  CodeDeliveryDetails,
  ResendCodeOutput,
  ResetPasswordOutput,
  SignInOutput,
  SignUpOutput,
  UserAttributes,
} from './types.ts';

export interface AuthenticatorInput {
  config: AuthenticatorConfig;
  initialScreen?: InitialScreen;
}

export interface AuthenticatorContext {
  config: AuthenticatorConfig;
  initialScreen: InitialScreen;
  user: AuthUser | null;
  form: FormName;
  values: FormValues;
  touched: Touched;
  fieldErrors: FieldErrors;
  formError: string | null;
  /** A submit was attempted on this form: empty required fields are flagged from then on. */
  submitted: boolean;
  username: string;
  signInStep: string | null;
  /** User attributes the pool still requires with a forced new password (rendered and sent with it). */
  requiredAttributes: string[];
  /** The second factors the user may choose (MFA type selection). */
  allowedMfaTypes: string[];
  codeDeliveryDetails: CodeDeliveryDetails | null;
  totpSecret: string | null;
  unverifiedAttributes: UserAttributes;
  verifyAttribute: string;
  provider: string;
}

/**
 * Where an answer of signIn or confirmSignIn leads: the identity service's next step, the guard
 * that recognises it and the screen it opens, tried in this order. A step that no row names shows
 * UNSUPPORTED_SIGN_IN_STEP on the current screen. Every screen that submits a sign-in challenge
 * (signIn, confirmSignIn, setupTotp, forceNewPassword, selectMfaType, setupEmail) shares this table.
 */
export const SIGN_IN_NEXT_STEPS = [
  { guard: 'isSignInComplete', steps: ['DONE'], target: '#transition', keepsStep: false },
  { guard: 'isNewPasswordRequired', steps: ['CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'], target: '#forceNewPassword', keepsStep: true },
  { guard: 'isResetPasswordStep', steps: ['RESET_PASSWORD'], target: '#forgotPassword.submit', keepsStep: false },
  { guard: 'isConfirmSignUpStep', steps: ['CONFIRM_SIGN_UP'], target: '#confirmSignUp.resend', keepsStep: false },
  {
    guard: 'isConfirmSignInCodeStep',
    steps: ['CONFIRM_SIGN_IN_WITH_SMS_CODE', 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE'],
    target: '#confirmSignIn',
    keepsStep: true,
  },
  { guard: 'isTotpSetupStep', steps: ['CONTINUE_SIGN_IN_WITH_TOTP_SETUP'], target: '#setupTotp', keepsStep: true },
  {
    guard: 'isMfaSelectionStep',
    steps: ['CONTINUE_SIGN_IN_WITH_MFA_SELECTION', 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION'],
    target: '#selectMfaType',
    keepsStep: true,
  },
  { guard: 'isEmailSetupStep', steps: ['CONTINUE_SIGN_IN_WITH_EMAIL_SETUP'], target: '#setupEmail', keepsStep: true },
] as const satisfies ReadonlyArray<{ guard: string; steps: readonly string[]; target: string; keepsStep: boolean }>;

type SignInStepGuard = (typeof SIGN_IN_NEXT_STEPS)[number]['guard'];

/** The row of SIGN_IN_NEXT_STEPS a sign-in answer takes, or undefined for an unsupported step. */
export function nextSignInStep(output: SignInOutput | undefined) {
  const step = output?.nextStep?.signInStep;
  return SIGN_IN_NEXT_STEPS.find((row) => (row.steps as readonly string[]).includes(step ?? ''));
}

/** The guard of each row: true when the answer takes that row (the first match wins, as in the table). */
const signInStepGuards = Object.fromEntries(
  SIGN_IN_NEXT_STEPS.map((row) => [row.guard, (_: unknown, params: { output: SignInOutput | undefined }) => nextSignInStep(params.output) === row]),
) as Record<SignInStepGuard, (_: unknown, params: { output: SignInOutput | undefined }) => boolean>;

// Done and error events are typed where they arrive (an invoke's onDone/onError); these pass the
// actor's output or error on to the named guards and actions as parameters.
const signInOutput = ({ event }: { event: DoneActorEvent<SignInOutput> }) => ({ output: event.output });
const signUpOutput = ({ event }: { event: DoneActorEvent<SignUpOutput> }) => ({ output: event.output });
const remoteError = { type: 'setRemoteError', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } as const;
const codeDelivery = {
  type: 'setCodeDeliveryDetails',
  params: ({ event }: { event: DoneActorEvent<ResendCodeOutput | ResetPasswordOutput | SignUpOutput> }) => ({ output: event.output }),
} as const;

/** The onDone candidates of a sign-in challenge, from SIGN_IN_NEXT_STEPS, then the unsupported step. */
function afterSignInStep() {
  return [
    ...SIGN_IN_NEXT_STEPS.map((row) => ({
      guard: { type: row.guard, params: signInOutput },
      target: row.target,
      actions: row.keepsStep ? [{ type: 'setSignInStep' as const, params: signInOutput }] : [],
    })),
    { target: 'error', actions: 'setUnsupportedStepError' as const },
  ];
}

// ---- The form screens' shared structure: edit → submit (pending) → error, fields on the screen ----

/** Field events every form screen handles, plus the screen's own way out. */
function formEvents<TOut extends Record<string, unknown>>(out: TOut) {
  return { 'form.change': { actions: 'changeField' as const }, 'form.blur': { actions: 'blurField' as const }, ...out };
}

/** What a form's submit may do on its way to `submit`, besides the transition. */
type SubmitAction = 'clearFormError' | 'setUsernameFromForm' | 'setSignUpUsername' | 'setVerifyAttribute';

/**
 * A submit: a complete form has its values trimmed (§5: when used, not while typed) and goes to
 * `submit` (after `actions`); an incomplete one flags its empty fields.
 */
function submitWhenValid(actions: SubmitAction[] = []) {
  return [
    { guard: 'isFormValid' as const, target: 'submit', actions: ['trimValues' as const, ...actions] },
    { actions: 'touchAllFields' as const },
  ];
}

/** The error state of a form screen: re-submit, dismiss the message, or resend a code where the screen offers it. */
function errorState(submitActions: SubmitAction[] = [], options: { resend?: boolean } = {}) {
  return {
    on: {
      'form.submit': submitWhenValid(['clearFormError', ...submitActions]),
      'form.dismissError': { target: 'edit', actions: 'clearFormError' as const },
      ...(options.resend ? { 'code.resend': { target: 'resend', actions: 'clearFormError' as const } } : {}),
    },
  };
}

/** A forced new password, with the user attributes the pool requires (sent as userAttributes). */
function forcedPasswordInput(values: FormValues, attributes: readonly string[]): ConfirmSignInInput {
  const userAttributes = requiredAttributesPayload(values, attributes);
  return {
    challengeResponse: values.password ?? '',
    ...(Object.keys(userAttributes).length ? { options: { userAttributes } } : {}),
  };
}

const initForm = (form: FormName) => ({ type: 'initForm' as const, params: { form } });

/** A screen that answers a sign-in challenge with confirmSignIn (a code, a new password, an MFA type, an email). */
function challengeScreen(form: FormName, answer: (context: AuthenticatorContext) => ConfirmSignInInput) {
  return {
    id: form,
    entry: initForm(form),
    initial: 'edit' as const,
    on: formEvents({ 'nav.signIn': { target: '#signIn' } }),
    states: {
      edit: { on: { 'form.submit': submitWhenValid() } },
      submit: {
        tags: 'pending' as const,
        invoke: {
          id: 'confirmSignIn',
          src: 'confirmSignIn' as const,
          input: ({ context }: { context: AuthenticatorContext }) => answer(context),
          onDone: afterSignInStep(),
          onError: { target: 'error', actions: remoteError },
        },
      },
      error: errorState(),
    },
  };
}

function isUnverified(value: string | undefined): boolean {
  return value === undefined || value === 'false';
}

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The ${name} actor was not provided`);
  });
}

export const authenticatorMachine = setup({
  types: {
    context: {} as AuthenticatorContext,
    events: {} as AuthEvent,
    input: {} as AuthenticatorInput,
    tags: {} as 'pending',
  },
  actors: {
    getCurrentUser: notProvided<AuthUser, void>('getCurrentUser'),
    signIn: notProvided<SignInOutput, { username: string; password: string }>('signIn'),
    confirmSignIn: notProvided<SignInOutput, ConfirmSignInInput>('confirmSignIn'),
    signUp: notProvided<SignUpOutput, SignUpInput>('signUp'),
    confirmSignUp: notProvided<SignUpOutput, { username: string; confirmationCode: string }>('confirmSignUp'),
    resendSignUpCode: notProvided<ResendCodeOutput, { username: string }>('resendSignUpCode'),
    resetPassword: notProvided<ResetPasswordOutput, { username: string }>('resetPassword'),
    confirmResetPassword: notProvided<void, { username: string; confirmationCode: string; newPassword: string }>(
      'confirmResetPassword',
    ),
    fetchUserAttributes: notProvided<UserAttributes, void>('fetchUserAttributes'),
    sendUserAttributeVerificationCode: notProvided<ResendCodeOutput, { userAttributeKey: string }>(
      'sendUserAttributeVerificationCode',
    ),
    confirmUserAttribute: notProvided<void, { userAttributeKey: string; confirmationCode: string }>(
      'confirmUserAttribute',
    ),
    autoSignIn: notProvided<SignInOutput, void>('autoSignIn'),
    signInWithRedirect: notProvided<void, { provider: string }>('signInWithRedirect'),
    signOut: notProvided<void, void>('signOut'),
  },
  guards: {
    isInitialSignUp: ({ context }) => context.initialScreen === 'signUp',
    isInitialForgotPassword: ({ context }) => context.initialScreen === 'forgotPassword',
    isFormValid: ({ context }) => isFormComplete(context.form, context.config, context.values, context.requiredAttributes),
    ...signInStepGuards,
    isSignUpDone: (_, { output }: { output: SignUpOutput | undefined }) => output?.nextStep?.signUpStep === 'DONE',
    isAutoSignInStep: (_, { output }: { output: SignUpOutput | undefined }) => output?.nextStep?.signUpStep === 'COMPLETE_AUTO_SIGN_IN',
    isUserAlreadyConfirmed: (_, { error }: { error: unknown }) =>
      (error as { message?: unknown } | null)?.message === 'User is already confirmed.',
    hasUnverifiedContact: (_, { output }: { output: UserAttributes | undefined }) => {
      const attributes = output ?? {};
      const hasContact = Boolean(attributes.email || attributes.phone_number);
      return hasContact && isUnverified(attributes.email_verified) && isUnverified(attributes.phone_number_verified);
    },
    isConfiguredProvider: ({ context, event }) => {
      assertEvent(event, 'social.signIn');
      const provider = event.provider.toLowerCase();
      return (
        context.config.socialProviders.includes(provider) &&
        (SUPPORTED_SOCIAL_PROVIDERS as readonly string[]).includes(provider)
      );
    },
  },
  actions: {
    setUser: assign((_, { user }: { user: AuthUser }) => ({ user })),
    clearUser: assign({ user: null, username: '' }),
    initForm: assign(({ context }, params: { form: FormName }) => {
      const values = initialValues(params.form, context.config, context.requiredAttributes);
      if ('username' in values) values.username = context.username;
      return { form: params.form, values, touched: {}, fieldErrors: {}, formError: null, submitted: false };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const values = changeValue(context.values, event.name, event.value);
      return {
        values,
        fieldErrors: validateForm(context.form, context.config, values, context.touched, context.submitted, context.requiredAttributes),
      };
    }),
    blurField: assign(({ context, event }) => {
      assertEvent(event, 'form.blur');
      const touched = { ...context.touched, [event.name]: true };
      return {
        touched,
        fieldErrors: validateForm(context.form, context.config, context.values, touched, context.submitted, context.requiredAttributes),
      };
    }),
    touchAllFields: assign(({ context }) => {
      const touched = touchAll(context.form, context.config, context.requiredAttributes);
      return {
        touched,
        submitted: true,
        fieldErrors: validateForm(context.form, context.config, context.values, touched, true, context.requiredAttributes),
      };
    }),
    trimValues: assign({ values: ({ context }) => normalizedValues(context.values) }),
    setUsernameFromForm: assign({ username: ({ context }) => context.values.username ?? '' }),
    setSignUpUsername: assign({ username: ({ context }) => signUpPayload(context.config, context.values).username }),
    setVerifyAttribute: assign({ verifyAttribute: ({ context }) => context.values.unverifiedAttr ?? '' }),
    setProvider: assign({
      provider: ({ event }) => {
        assertEvent(event, 'social.signIn');
        return event.provider;
      },
    }),
    setRemoteError: assign((_, { error }: { error: unknown }) => ({ formError: errorMessage(error) })),
    setUnsupportedStepError: assign({ formError: UNSUPPORTED_SIGN_IN_STEP }),
    clearFormError: assign({ formError: null }),
    setSignInStep: assign((_, { output }: { output: SignInOutput }) => ({
      signInStep: output.nextStep.signInStep,
      requiredAttributes: output.nextStep.missingAttributes ?? [],
      allowedMfaTypes: output.nextStep.allowedMFATypes ?? [],
      codeDeliveryDetails: output.nextStep.codeDeliveryDetails ?? null,
      totpSecret: output.nextStep.totpSetupDetails?.sharedSecret ?? null,
    })),
    setCodeDeliveryDetails: assign((_, { output }: { output: ResendCodeOutput | ResetPasswordOutput | SignUpOutput | undefined }) => {
      const nested = output && 'nextStep' in output ? output.nextStep?.codeDeliveryDetails : undefined;
      const direct = output && !('nextStep' in output) ? (output as CodeDeliveryDetails) : undefined;
      return { codeDeliveryDetails: nested ?? direct ?? null };
    }),
    setUnverifiedAttributes: assign((_, { output }: { output: UserAttributes }) => {
      const unverified: UserAttributes = {};
      if (output.email) unverified.email = output.email;
      if (output.phone_number) unverified.phone_number = output.phone_number;
      return { unverifiedAttributes: unverified };
    }),
    logUnsupportedProvider: ({ event }) => {
      if (event.type === 'social.signIn') console.error(`Unsupported social provider: ${event.provider}`);
    },
  },
}).createMachine({
  id: 'authenticator',
  context: ({ input }) => ({
    config: input.config,
    initialScreen: input.initialScreen ?? 'signIn',
    user: null,
    form: 'signIn',
    values: {},
    touched: {},
    fieldErrors: {},
    formError: null,
    submitted: false,
    username: '',
    signInStep: null,
    requiredAttributes: [],
    allowedMfaTypes: [],
    codeDeliveryDetails: null,
    totpSecret: null,
    unverifiedAttributes: {},
    verifyAttribute: '',
    provider: '',
  }),
  initial: 'unauthenticated',
  states: {
    unauthenticated: {
      initial: 'configuring',
      on: {
        'hub.signInWithRedirect': { target: '#authenticated' },
      },
      states: {
        configuring: {
          initial: 'idle',
          states: {
            idle: {
              invoke: {
                id: 'getCurrentUser',
                src: 'getCurrentUser',
                onDone: { target: '#authenticated.signedIn', actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) } },
                onError: { target: 'setup' },
              },
            },
            setup: {
              always: [
                { guard: 'isInitialSignUp', target: '#signUp' },
                { guard: 'isInitialForgotPassword', target: '#forgotPassword' },
                { target: '#signIn' },
              ],
            },
            signOut: {
              id: 'signOut',
              tags: 'pending',
              invoke: {
                id: 'signOut',
                src: 'signOut',
                onDone: { target: 'setup', actions: 'clearUser' },
                onError: { target: 'setup', actions: 'clearUser' },
              },
            },
          },
        },

        signIn: {
          id: 'signIn',
          entry: initForm('signIn'),
          initial: 'edit',
          on: formEvents({ 'nav.signUp': { target: '#signUp' }, 'nav.forgotPassword': { target: '#forgotPassword' } }),
          states: {
            edit: {
              on: {
                'form.submit': submitWhenValid(['setUsernameFromForm']),
                'social.signIn': [
                  { guard: 'isConfiguredProvider', target: 'redirect', actions: 'setProvider' },
                  { actions: 'logUnsupportedProvider' },
                ],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'signIn',
                src: 'signIn',
                input: ({ context }) => ({ username: context.username, password: context.values.password ?? '' }),
                onDone: afterSignInStep(),
                onError: { target: 'error', actions: remoteError },
              },
            },
            redirect: {
              tags: 'pending',
              invoke: {
                id: 'signInWithRedirect',
                src: 'signInWithRedirect',
                input: ({ context }) => ({ provider: context.provider }),
                onError: { target: 'error', actions: remoteError },
              },
            },
            error: errorState(['setUsernameFromForm']),
          },
        },

        signUp: {
          id: 'signUp',
          entry: initForm('signUp'),
          initial: 'edit',
          on: formEvents({ 'nav.signIn': { target: '#signIn' } }),
          states: {
            edit: {
              on: {
                'form.submit': submitWhenValid(['setSignUpUsername']),
                'social.signIn': [
                  { guard: 'isConfiguredProvider', target: '#signIn.redirect', actions: 'setProvider' },
                  { actions: 'logUnsupportedProvider' },
                ],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'signUp',
                src: 'signUp',
                input: ({ context }) => signUpPayload(context.config, context.values),
                onDone: [
                  { guard: { type: 'isAutoSignInStep', params: signUpOutput }, target: '#autoSignIn' },
                  { guard: { type: 'isSignUpDone', params: signUpOutput }, target: '#signIn' },
                  { target: '#confirmSignUp', actions: codeDelivery },
                ],
                onError: { target: 'error', actions: remoteError },
              },
            },
            error: errorState(['setSignUpUsername']),
          },
        },

        confirmSignUp: {
          id: 'confirmSignUp',
          entry: initForm('confirmSignUp'),
          initial: 'edit',
          on: formEvents({ 'nav.signIn': { target: '#signIn' } }),
          states: {
            edit: {
              on: { 'form.submit': submitWhenValid(), 'code.resend': { target: 'resend' } },
            },
            resend: {
              tags: 'pending',
              invoke: {
                id: 'resendSignUpCode',
                src: 'resendSignUpCode',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: 'edit', actions: codeDelivery },
                onError: [
                  { guard: { type: 'isUserAlreadyConfirmed', params: remoteError.params }, target: '#signIn' },
                  { target: 'error', actions: remoteError },
                ],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignUp',
                src: 'confirmSignUp',
                input: ({ context }) => ({
                  username: context.username,
                  confirmationCode: context.values.confirmation_code ?? '',
                }),
                onDone: [{ guard: { type: 'isAutoSignInStep', params: signUpOutput }, target: '#autoSignIn' }, { target: '#signIn' }],
                onError: { target: 'error', actions: remoteError },
              },
            },
            error: errorState([], { resend: true }),
          },
        },

        autoSignIn: {
          id: 'autoSignIn',
          tags: 'pending',
          invoke: {
            id: 'autoSignIn',
            src: 'autoSignIn',
            onDone: [{ guard: { type: 'isSignInComplete', params: signInOutput }, target: '#transition' }, { target: '#signIn' }],
            onError: { target: '#signIn' },
          },
        },

        confirmSignIn: challengeScreen('confirmSignIn', (context) => ({ challengeResponse: context.values.confirmation_code ?? '' })),

        setupTotp: challengeScreen('setupTotp', (context) => ({ challengeResponse: context.values.confirmation_code ?? '' })),

        forceNewPassword: challengeScreen('forceNewPassword', (context) => forcedPasswordInput(context.values, context.requiredAttributes)),

        selectMfaType: challengeScreen('selectMfaType', (context) => ({ challengeResponse: context.values.mfa_type ?? '' })),

        setupEmail: challengeScreen('setupEmail', (context) => ({ challengeResponse: context.values.email ?? '' })),

        forgotPassword: {
          id: 'forgotPassword',
          entry: initForm('forgotPassword'),
          initial: 'edit',
          on: formEvents({ 'nav.signIn': { target: '#signIn' } }),
          states: {
            edit: { on: { 'form.submit': submitWhenValid(['setUsernameFromForm']) } },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: '#confirmResetPassword', actions: codeDelivery },
                onError: { target: 'error', actions: remoteError },
              },
            },
            error: errorState(['setUsernameFromForm']),
          },
        },

        confirmResetPassword: {
          id: 'confirmResetPassword',
          entry: initForm('confirmResetPassword'),
          initial: 'edit',
          on: formEvents({ 'nav.signIn': { target: '#signIn' } }),
          states: {
            edit: {
              on: { 'form.submit': submitWhenValid(), 'code.resend': { target: 'resend' } },
            },
            resend: {
              tags: 'pending',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: 'edit', actions: codeDelivery },
                onError: { target: 'error', actions: remoteError },
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmResetPassword',
                src: 'confirmResetPassword',
                input: ({ context }) => ({
                  username: context.username,
                  confirmationCode: context.values.confirmation_code ?? '',
                  newPassword: context.values.password ?? '',
                }),
                onDone: { target: '#signIn' },
                onError: { target: 'error', actions: remoteError },
              },
            },
            error: errorState([], { resend: true }),
          },
        },

        transition: {
          id: 'transition',
          tags: 'pending',
          invoke: {
            id: 'fetchUserAttributes',
            src: 'fetchUserAttributes',
            onDone: [
              {
                guard: { type: 'hasUnverifiedContact', params: ({ event }) => ({ output: event.output }) },
                target: '#verifyUser',
                actions: { type: 'setUnverifiedAttributes', params: ({ event }) => ({ output: event.output }) },
              },
              { target: '#authenticated' },
            ],
            onError: { target: '#authenticated' },
          },
        },

        verifyUser: {
          id: 'verifyUser',
          entry: initForm('verifyUser'),
          initial: 'edit',
          on: formEvents({ 'verify.skip': { target: '#authenticated' } }),
          states: {
            edit: { on: { 'form.submit': submitWhenValid(['setVerifyAttribute']) } },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'sendUserAttributeVerificationCode',
                src: 'sendUserAttributeVerificationCode',
                input: ({ context }) => ({ userAttributeKey: context.verifyAttribute }),
                onDone: { target: '#confirmVerifyUser', actions: codeDelivery },
                onError: { target: 'error', actions: remoteError },
              },
            },
            error: errorState(['setVerifyAttribute']),
          },
        },

        confirmVerifyUser: {
          id: 'confirmVerifyUser',
          entry: initForm('confirmVerifyUser'),
          initial: 'edit',
          on: formEvents({ 'verify.skip': { target: '#authenticated' } }),
          states: {
            edit: { on: { 'form.submit': submitWhenValid() } },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmUserAttribute',
                src: 'confirmUserAttribute',
                input: ({ context }) => ({
                  userAttributeKey: context.verifyAttribute,
                  confirmationCode: context.values.confirmation_code ?? '',
                }),
                onDone: { target: '#authenticated' },
                onError: { target: 'error', actions: remoteError },
              },
            },
            error: errorState(),
          },
        },
      },
    },

    authenticated: {
      id: 'authenticated',
      initial: 'loadUser',
      on: {
        'auth.signOut': { target: '#signOut' },
        'hub.signedOut': { target: '#signOut' },
        'hub.tokenRefreshFailure': { target: '#signOut' },
      },
      states: {
        loadUser: {
          tags: 'pending',
          invoke: {
            id: 'getCurrentUser',
            src: 'getCurrentUser',
            onDone: { target: 'signedIn', actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) } },
            onError: { target: '#signOut' },
          },
        },
        signedIn: {
          on: {
            'hub.tokenRefresh': { target: 'loadUser' },
            'hub.signInWithRedirect': { target: 'loadUser' },
          },
        },
      },
    },
  },
});
