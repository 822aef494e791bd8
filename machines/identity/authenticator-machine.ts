// The sign-in component (spec §4 "Sign-in component screens") as one chart: configuring (idle,
// setup, signOut), the sign-in screens each with an edit/submit/error structure, and
// authenticated. Issue 39 adds sign-in without a password: the choice of first factor, a code by
// email or SMS, the passkey prompt, and the offer of a passkey after a password sign-in. Every identity call is an invoked promise actor that the app provides with
// `.provide({ actors })`; the defaults here only reject, so nothing in this file touches the network.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type AuthenticatorConfig, type InitialScreen, type SignInFactor, SUPPORTED_SOCIAL_PROVIDERS } from './config.ts';
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
import { codeErrorMessage, errorMessage, passkeyErrorMessage, passkeyRegistrationMessage } from './errors.ts';
import { PASSWORDLESS_TEXTS, UNSUPPORTED_SIGN_IN_STEP } from './texts.ts';
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
  /** The first factor of this sign-in: PASSWORD on the sign-in screen, or the one chosen on selectFactor. */
  factor: SignInFactor | null;
}

/** What a choice-based (USER_AUTH) sign-in starts with: the username and the factor chosen. */
export interface FactorSignInInput {
  username: string;
  factor: SignInFactor;
}

/** A code sent as the first factor: no password, and no screen after it but the signed-in one. */
const SIGN_IN_CODE_STEPS = ['CONFIRM_SIGN_IN_WITH_EMAIL_CODE', 'CONFIRM_SIGN_IN_WITH_SMS_CODE'];

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

/** The row of SIGN_IN_NEXT_STEPS a sign-in answer takes, or undefined for an unsupported step. */
export function nextSignInStep(output: SignInOutput | undefined) {
  const step = output?.nextStep?.signInStep;
  return SIGN_IN_NEXT_STEPS.find((row) => (row.steps as readonly string[]).includes(step ?? ''));
}

/** The parameters of a sign-in step guard: the answer of signIn, confirmSignIn or autoSignIn. */
type SignInStepParams = { output: SignInOutput | undefined };

/** A forced new password, with the user attributes the pool requires (sent as userAttributes). */
function forcedPasswordInput(values: FormValues, attributes: readonly string[]): ConfirmSignInInput {
  const userAttributes = requiredAttributesPayload(values, attributes);
  return {
    challengeResponse: values.password ?? '',
    ...(Object.keys(userAttributes).length ? { options: { userAttributes } } : {}),
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
    confirmResetPassword: notProvided<void, { username: string; confirmationCode: string; newPassword: string }>('confirmResetPassword'),
    fetchUserAttributes: notProvided<UserAttributes, void>('fetchUserAttributes'),
    sendUserAttributeVerificationCode: notProvided<ResendCodeOutput, { userAttributeKey: string }>('sendUserAttributeVerificationCode'),
    confirmUserAttribute: notProvided<void, { userAttributeKey: string; confirmationCode: string }>('confirmUserAttribute'),
    autoSignIn: notProvided<SignInOutput, void>('autoSignIn'),
    signInWithRedirect: notProvided<void, { provider: string }>('signInWithRedirect'),
    signOut: notProvided<void, void>('signOut'),
    signInWithFactor: notProvided<SignInOutput, FactorSignInInput>('signInWithFactor'),
    associatePasskey: notProvided<void, void>('associatePasskey'),
  },
  guards: {
    isInitialSignUp: ({ context }) => context.initialScreen === 'signUp',
    isInitialForgotPassword: ({ context }) => context.initialScreen === 'forgotPassword',
    isFormValid: ({ context }) => isFormComplete(context.form, context.config, context.values, context.requiredAttributes),
    // One guard per row of SIGN_IN_NEXT_STEPS: true when the answer takes that row (the first
    // matching row wins, as in the table, so no answer satisfies two of them).
    isSignInComplete: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isSignInComplete',
    isNewPasswordRequired: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isNewPasswordRequired',
    isResetPasswordStep: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isResetPasswordStep',
    isConfirmSignUpStep: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isConfirmSignUpStep',
    isConfirmSignInCodeStep: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isConfirmSignInCodeStep',
    isTotpSetupStep: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isTotpSetupStep',
    isMfaSelectionStep: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isMfaSelectionStep',
    isEmailSetupStep: (_, { output }: SignInStepParams) => nextSignInStep(output)?.guard === 'isEmailSetupStep',
    isSignUpDone: (_, { output }: { output: SignUpOutput | undefined }) => output?.nextStep?.signUpStep === 'DONE',
    isAutoSignInStep: (_, { output }: { output: SignUpOutput | undefined }) => output?.nextStep?.signUpStep === 'COMPLETE_AUTO_SIGN_IN',
    isUserAlreadyConfirmed: (_, { error }: { error: unknown }) => (error as { message?: unknown } | null)?.message === 'User is already confirmed.',
    hasUnverifiedContact: (_, { output }: { output: UserAttributes | undefined }) => {
      const attributes = output ?? {};
      const hasContact = Boolean(attributes.email || attributes.phone_number);
      return hasContact && isUnverified(attributes.email_verified) && isUnverified(attributes.phone_number_verified);
    },
    hasFactorChoice: ({ context }) => context.config.signInFactors.length > 1,
    isChosenFactor: ({ context }, { factor }: { factor: SignInFactor }) => context.values.sign_in_factor === factor,
    isFormValidFor: ({ context }, { factor }: { factor: SignInFactor }) =>
      context.values.sign_in_factor === factor && isFormComplete(context.form, context.config, context.values, context.requiredAttributes),
    isSignInCodeStep: (_, { output }: SignInStepParams) => SIGN_IN_CODE_STEPS.includes(output?.nextStep?.signInStep ?? ''),
    // Asked for a passkey, the pool offered a choice instead: the account has none it can use.
    isFactorSelectionStep: (_, { output }: SignInStepParams) => output?.nextStep?.signInStep === 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
    shouldOfferPasskey: ({ context }) => context.factor === 'PASSWORD' && context.config.signInFactors.includes('WEB_AUTHN'),
    isConfiguredProvider: ({ context, event }) => {
      assertEvent(event, 'social.signIn');
      const provider = event.provider.toLowerCase();
      return context.config.socialProviders.includes(provider) && (SUPPORTED_SOCIAL_PROVIDERS as readonly string[]).includes(provider);
    },
  },
  actions: {
    setUser: assign((_, { user }: { user: AuthUser }) => ({ user })),
    clearUser: assign({ user: null, username: '', factor: null }),
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
    setCodeError: assign((_, { error }: { error: unknown }) => ({ formError: codeErrorMessage(error) })),
    setPasskeyError: assign((_, { error }: { error: unknown }) => ({ formError: passkeyErrorMessage(error) })),
    setPasskeyRegistrationError: assign((_, { error }: { error: unknown }) => ({ formError: passkeyRegistrationMessage(error) })),
    setNoPasskeyError: assign({ formError: PASSWORDLESS_TEXTS.noPasskey }),
    setFactor: assign((_, { factor }: { factor: SignInFactor | null }) => ({ factor })),
    setFactorFromForm: assign({ factor: ({ context }) => (context.values.sign_in_factor || null) as SignInFactor | null }),
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
    factor: null,
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
              always: [{ guard: 'isInitialSignUp', target: '#signUp' }, { guard: 'isInitialForgotPassword', target: '#forgotPassword' }, { target: '#signIn' }],
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

        // Every form screen below has the same shape, written out on each so the chart reads as
        // it runs: entering the screen starts its form (initForm), form.change and form.blur
        // update the fields on the screen, and edit → submit (tagged pending while the identity
        // call runs) → error. A submit of a complete form trims its values (§5: when used, not
        // while typed) and goes to submit; an incomplete one flags its empty fields
        // (touchAllFields). From error the user re-submits (clearing the message), dismisses it,
        // or resends a code where the screen offers one.
        //
        // A screen that submits a sign-in challenge (signIn, confirmSignIn, setupTotp,
        // forceNewPassword, selectMfaType, setupEmail) takes the rows of SIGN_IN_NEXT_STEPS in its
        // onDone, in the table's order, then shows UNSUPPORTED_SIGN_IN_STEP for a step no row
        // names (tests/unit/machines/identity/next-steps.test.ts holds them to the table).
        // The password is the default first factor: this screen is the spec's, and the other
        // factors the pool allows are one step away (selectFactor), offered only when there are any.
        signIn: {
          id: 'signIn',
          entry: [
            { type: 'initForm', params: { form: 'signIn' } },
            { type: 'setFactor', params: { factor: 'PASSWORD' } },
          ],
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signUp': { target: '#signUp' },
            'nav.forgotPassword': { target: '#forgotPassword' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'setUsernameFromForm'] }, { actions: 'touchAllFields' }],
                'social.signIn': [{ guard: 'isConfiguredProvider', target: 'redirect', actions: 'setProvider' }, { actions: 'logUnsupportedProvider' }],
                // Not while a password sign-in is under way: it would finish behind the other way.
                'nav.selectFactor': { guard: 'hasFactorChoice', target: '#selectFactor', actions: 'setUsernameFromForm' },
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'signIn',
                src: 'signIn',
                input: ({ context }) => ({ username: context.username, password: context.values.password ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) },
                    target: '#transition',
                  },
                  {
                    guard: { type: 'isNewPasswordRequired', params: ({ event }) => ({ output: event.output }) },
                    target: '#forceNewPassword',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isResetPasswordStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#forgotPassword.submit',
                  },
                  {
                    guard: { type: 'isConfirmSignUpStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignUp.resend',
                  },
                  {
                    guard: { type: 'isConfirmSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignIn',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isTotpSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupTotp',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isMfaSelectionStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#selectMfaType',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isEmailSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupEmail',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            redirect: {
              tags: 'pending',
              invoke: {
                id: 'signInWithRedirect',
                src: 'signInWithRedirect',
                input: ({ context }) => ({ provider: context.provider }),
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError', 'setUsernameFromForm'] },
                  { actions: 'touchAllFields' },
                ],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
                'nav.selectFactor': { guard: 'hasFactorChoice', target: '#selectFactor', actions: 'setUsernameFromForm' },
              },
            },
          },
        },

        signUp: {
          id: 'signUp',
          entry: { type: 'initForm', params: { form: 'signUp' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'setSignUpUsername'] }, { actions: 'touchAllFields' }],
                'social.signIn': [{ guard: 'isConfiguredProvider', target: '#signIn.redirect', actions: 'setProvider' }, { actions: 'logUnsupportedProvider' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'signUp',
                src: 'signUp',
                input: ({ context }) => signUpPayload(context.config, context.values),
                onDone: [
                  { guard: { type: 'isAutoSignInStep', params: ({ event }) => ({ output: event.output }) }, target: '#autoSignIn' },
                  { guard: { type: 'isSignUpDone', params: ({ event }) => ({ output: event.output }) }, target: '#signIn' },
                  { target: '#confirmSignUp', actions: { type: 'setCodeDeliveryDetails', params: ({ event }) => ({ output: event.output }) } },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError', 'setSignUpUsername'] },
                  { actions: 'touchAllFields' },
                ],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        confirmSignUp: {
          id: 'confirmSignUp',
          entry: { type: 'initForm', params: { form: 'confirmSignUp' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
                'code.resend': { target: 'resend' },
              },
            },
            resend: {
              tags: 'pending',
              invoke: {
                id: 'resendSignUpCode',
                src: 'resendSignUpCode',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: 'edit', actions: { type: 'setCodeDeliveryDetails', params: ({ event }) => ({ output: event.output }) } },
                onError: [
                  { guard: { type: 'isUserAlreadyConfirmed', params: ({ event }) => ({ error: event.error }) }, target: '#signIn' },
                  { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
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
                onDone: [
                  { guard: { type: 'isAutoSignInStep', params: ({ event }) => ({ output: event.output }) }, target: '#autoSignIn' },
                  { target: '#signIn' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
                'code.resend': { target: 'resend', actions: 'clearFormError' },
              },
            },
          },
        },

        autoSignIn: {
          id: 'autoSignIn',
          tags: 'pending',
          invoke: {
            id: 'autoSignIn',
            src: 'autoSignIn',
            onDone: [{ guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) }, target: '#transition' }, { target: '#signIn' }],
            onError: { target: '#signIn' },
          },
        },

        // The challenge screens answer a sign-in challenge with confirmSignIn (a code, a new
        // password with the attributes the pool requires, an MFA type, an email).
        confirmSignIn: {
          id: 'confirmSignIn',
          entry: { type: 'initForm', params: { form: 'confirmSignIn' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.confirmation_code ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) },
                    target: '#transition',
                  },
                  {
                    guard: { type: 'isNewPasswordRequired', params: ({ event }) => ({ output: event.output }) },
                    target: '#forceNewPassword',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isResetPasswordStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#forgotPassword.submit',
                  },
                  {
                    guard: { type: 'isConfirmSignUpStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignUp.resend',
                  },
                  {
                    guard: { type: 'isConfirmSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignIn',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isTotpSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupTotp',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isMfaSelectionStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#selectMfaType',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isEmailSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupEmail',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        setupTotp: {
          id: 'setupTotp',
          entry: { type: 'initForm', params: { form: 'setupTotp' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.confirmation_code ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) },
                    target: '#transition',
                  },
                  {
                    guard: { type: 'isNewPasswordRequired', params: ({ event }) => ({ output: event.output }) },
                    target: '#forceNewPassword',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isResetPasswordStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#forgotPassword.submit',
                  },
                  {
                    guard: { type: 'isConfirmSignUpStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignUp.resend',
                  },
                  {
                    guard: { type: 'isConfirmSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignIn',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isTotpSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupTotp',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isMfaSelectionStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#selectMfaType',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isEmailSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupEmail',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        forceNewPassword: {
          id: 'forceNewPassword',
          entry: { type: 'initForm', params: { form: 'forceNewPassword' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => forcedPasswordInput(context.values, context.requiredAttributes),
                onDone: [
                  {
                    guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) },
                    target: '#transition',
                  },
                  {
                    guard: { type: 'isNewPasswordRequired', params: ({ event }) => ({ output: event.output }) },
                    target: '#forceNewPassword',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isResetPasswordStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#forgotPassword.submit',
                  },
                  {
                    guard: { type: 'isConfirmSignUpStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignUp.resend',
                  },
                  {
                    guard: { type: 'isConfirmSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignIn',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isTotpSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupTotp',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isMfaSelectionStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#selectMfaType',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isEmailSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupEmail',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        selectMfaType: {
          id: 'selectMfaType',
          entry: { type: 'initForm', params: { form: 'selectMfaType' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.mfa_type ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) },
                    target: '#transition',
                  },
                  {
                    guard: { type: 'isNewPasswordRequired', params: ({ event }) => ({ output: event.output }) },
                    target: '#forceNewPassword',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isResetPasswordStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#forgotPassword.submit',
                  },
                  {
                    guard: { type: 'isConfirmSignUpStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignUp.resend',
                  },
                  {
                    guard: { type: 'isConfirmSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignIn',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isTotpSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupTotp',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isMfaSelectionStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#selectMfaType',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isEmailSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupEmail',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        setupEmail: {
          id: 'setupEmail',
          entry: { type: 'initForm', params: { form: 'setupEmail' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.email ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) },
                    target: '#transition',
                  },
                  {
                    guard: { type: 'isNewPasswordRequired', params: ({ event }) => ({ output: event.output }) },
                    target: '#forceNewPassword',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isResetPasswordStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#forgotPassword.submit',
                  },
                  {
                    guard: { type: 'isConfirmSignUpStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignUp.resend',
                  },
                  {
                    guard: { type: 'isConfirmSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#confirmSignIn',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isTotpSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupTotp',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isMfaSelectionStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#selectMfaType',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isEmailSetupStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#setupEmail',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        // Choose how to sign in: the username and one of the factors the pool allows. The password
        // goes back to the sign-in screen with the username kept; a passkey opens the browser's
        // dialog; a code by email or SMS is sent now.
        selectFactor: {
          id: 'selectFactor',
          entry: { type: 'initForm', params: { form: 'selectFactor' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn', actions: 'setUsernameFromForm' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [
                  {
                    guard: { type: 'isChosenFactor', params: { factor: 'PASSWORD' } },
                    target: '#signIn',
                    actions: ['trimValues', 'setUsernameFromForm'],
                  },
                  {
                    guard: { type: 'isFormValidFor', params: { factor: 'WEB_AUTHN' } },
                    target: '#signInPasskey',
                    actions: ['trimValues', 'setUsernameFromForm', 'setFactorFromForm'],
                  },
                  { guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'setUsernameFromForm', 'setFactorFromForm'] },
                  { actions: 'touchAllFields' },
                ],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'signInWithFactor',
                src: 'signInWithFactor',
                input: ({ context }) => ({ username: context.username, factor: context.factor ?? 'PASSWORD' }),
                onDone: [
                  { guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) }, target: '#transition' },
                  {
                    guard: { type: 'isSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: '#signInCode',
                    actions: { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [
                  {
                    guard: { type: 'isChosenFactor', params: { factor: 'PASSWORD' } },
                    target: '#signIn',
                    actions: ['trimValues', 'setUsernameFromForm'],
                  },
                  {
                    guard: { type: 'isFormValidFor', params: { factor: 'WEB_AUTHN' } },
                    target: '#signInPasskey',
                    actions: ['trimValues', 'setUsernameFromForm', 'setFactorFromForm'],
                  },
                  { guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError', 'setUsernameFromForm', 'setFactorFromForm'] },
                  { actions: 'touchAllFields' },
                ],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        // A code sent by email or SMS as the only factor: enter it, or have a new one sent (a new
        // sign-in: the service has no resend for these). A wrong code may be tried again; the
        // answer to a right one is DONE, and nothing here ever asks for a password.
        signInCode: {
          id: 'signInCode',
          entry: { type: 'initForm', params: { form: 'signInCode' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
            'nav.selectFactor': { target: '#selectFactor' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
                'code.resend': { target: 'resend' },
              },
            },
            resend: {
              tags: 'pending',
              invoke: {
                id: 'signInWithFactor',
                src: 'signInWithFactor',
                input: ({ context }) => ({ username: context.username, factor: context.factor ?? 'EMAIL_OTP' }),
                onDone: [
                  {
                    guard: { type: 'isSignInCodeStep', params: ({ event }) => ({ output: event.output }) },
                    target: 'edit',
                    actions: [
                      { type: 'setSignInStep', params: ({ event }) => ({ output: event.output }) },
                      { type: 'initForm', params: { form: 'signInCode' } },
                    ],
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.confirmation_code ?? '' }),
                onDone: [
                  { guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) }, target: '#transition' },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setCodeError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
                'code.resend': { target: 'resend', actions: 'clearFormError' },
              },
            },
          },
        },

        // The passkey prompt: aws-amplify asks the browser for the passkey (its own dialog) and
        // answers DONE, or fails with the browser's reason. It starts at once, since the user just
        // chose it; a failed or dismissed prompt can be tried again.
        signInPasskey: {
          id: 'signInPasskey',
          entry: { type: 'initForm', params: { form: 'signInPasskey' } },
          initial: 'submit',
          on: {
            'nav.signIn': { target: '#signIn' },
            'nav.selectFactor': { target: '#selectFactor' },
          },
          states: {
            edit: {
              on: { 'form.submit': { target: 'submit' } },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'signInWithFactor',
                src: 'signInWithFactor',
                input: ({ context }) => ({ username: context.username, factor: 'WEB_AUTHN' }),
                onDone: [
                  { guard: { type: 'isSignInComplete', params: ({ event }) => ({ output: event.output }) }, target: '#transition' },
                  {
                    guard: { type: 'isFactorSelectionStep', params: ({ event }) => ({ output: event.output }) },
                    target: 'error',
                    actions: 'setNoPasskeyError',
                  },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: { type: 'setPasskeyError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': { target: 'submit', actions: 'clearFormError' },
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        // After a password sign-in, when the pool allows passkeys: the offer to add one (the
        // browser's dialog creates it). "Not now" and a passkey added both go on to the app.
        offerPasskey: {
          id: 'offerPasskey',
          entry: { type: 'initForm', params: { form: 'offerPasskey' } },
          initial: 'edit',
          states: {
            edit: {
              on: {
                'form.submit': { target: 'submit' },
                'passkey.notNow': { target: '#authenticated' },
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'associatePasskey',
                src: 'associatePasskey',
                onDone: { target: 'added' },
                onError: { target: 'error', actions: { type: 'setPasskeyRegistrationError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': { target: 'submit', actions: 'clearFormError' },
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
                'passkey.notNow': { target: '#authenticated' },
              },
            },
            added: {
              on: { 'form.submit': { target: '#authenticated' } },
            },
          },
        },

        forgotPassword: {
          id: 'forgotPassword',
          entry: { type: 'initForm', params: { form: 'forgotPassword' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'setUsernameFromForm'] }, { actions: 'touchAllFields' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: '#confirmResetPassword', actions: { type: 'setCodeDeliveryDetails', params: ({ event }) => ({ output: event.output }) } },
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError', 'setUsernameFromForm'] },
                  { actions: 'touchAllFields' },
                ],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        confirmResetPassword: {
          id: 'confirmResetPassword',
          entry: { type: 'initForm', params: { form: 'confirmResetPassword' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'nav.signIn': { target: '#signIn' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
                'code.resend': { target: 'resend' },
              },
            },
            resend: {
              tags: 'pending',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: 'edit', actions: { type: 'setCodeDeliveryDetails', params: ({ event }) => ({ output: event.output }) } },
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
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
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
                'code.resend': { target: 'resend', actions: 'clearFormError' },
              },
            },
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
              { guard: 'shouldOfferPasskey', target: '#offerPasskey' },
              { target: '#authenticated' },
            ],
            onError: { target: '#authenticated' },
          },
        },

        verifyUser: {
          id: 'verifyUser',
          entry: { type: 'initForm', params: { form: 'verifyUser' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'verify.skip': { target: '#authenticated' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'setVerifyAttribute'] }, { actions: 'touchAllFields' }],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'sendUserAttributeVerificationCode',
                src: 'sendUserAttributeVerificationCode',
                input: ({ context }) => ({ userAttributeKey: context.verifyAttribute }),
                onDone: { target: '#confirmVerifyUser', actions: { type: 'setCodeDeliveryDetails', params: ({ event }) => ({ output: event.output }) } },
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError', 'setVerifyAttribute'] },
                  { actions: 'touchAllFields' },
                ],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
          },
        },

        confirmVerifyUser: {
          id: 'confirmVerifyUser',
          entry: { type: 'initForm', params: { form: 'confirmVerifyUser' } },
          initial: 'edit',
          on: {
            'form.change': { actions: 'changeField' },
            'form.blur': { actions: 'blurField' },
            'verify.skip': { target: '#authenticated' },
          },
          states: {
            edit: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues'] }, { actions: 'touchAllFields' }],
              },
            },
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
                onError: { target: 'error', actions: { type: 'setRemoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            error: {
              on: {
                'form.submit': [{ guard: 'isFormValid', target: 'submit', actions: ['trimValues', 'clearFormError'] }, { actions: 'touchAllFields' }],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
            },
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
