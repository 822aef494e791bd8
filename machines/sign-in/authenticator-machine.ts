// The sign-in component (spec §4 "Sign-in component screens") as one chart: configuring (idle,
// setup, signOut), the sign-in screens each with an edit/submit/error structure, and
// authenticated. Every identity call is an invoked promise actor that the app provides with
// `.provide({ actors })`; the defaults here only reject, so nothing in this file touches the network.
import { assign, fromPromise, setup } from 'xstate';
import { type AuthenticatorConfig, type InitialScreen, SUPPORTED_SOCIAL_PROVIDERS } from './config.ts';
import {
  changeValue,
  type FieldErrors,
  type FormName,
  type FormValues,
  initialValues,
  isFormComplete,
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
  codeDeliveryDetails: CodeDeliveryDetails | null;
  totpSecret: string | null;
  unverifiedAttributes: UserAttributes;
  verifyAttribute: string;
  provider: string;
}

const SIGN_IN_CODE_STEPS = [
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
];

/** Outputs of invoked actors arrive on done events; the machine's own events carry none. */
function outputOf<T>(event: unknown): T {
  return (event as { output: T }).output;
}
function signInStepOf(event: unknown): string | undefined {
  return outputOf<SignInOutput | undefined>(event)?.nextStep?.signInStep;
}
function signUpStepOf(event: unknown): string | undefined {
  return outputOf<SignUpOutput | undefined>(event)?.nextStep?.signUpStep;
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
    confirmSignIn: notProvided<SignInOutput, { challengeResponse: string }>('confirmSignIn'),
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
    isFormValid: ({ context }) => isFormComplete(context.form, context.config, context.values),
    isSignInComplete: ({ event }) => signInStepOf(event) === 'DONE',
    isNewPasswordRequired: ({ event }) => signInStepOf(event) === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
    isResetPasswordStep: ({ event }) => signInStepOf(event) === 'RESET_PASSWORD',
    isConfirmSignUpStep: ({ event }) => signInStepOf(event) === 'CONFIRM_SIGN_UP',
    isConfirmSignInCodeStep: ({ event }) => SIGN_IN_CODE_STEPS.includes(signInStepOf(event) ?? ''),
    isTotpSetupStep: ({ event }) => signInStepOf(event) === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
    isSignUpDone: ({ event }) => signUpStepOf(event) === 'DONE',
    isAutoSignInStep: ({ event }) => signUpStepOf(event) === 'COMPLETE_AUTO_SIGN_IN',
    isUserAlreadyConfirmed: ({ event }) =>
      (event as unknown as { error?: { message?: string } }).error?.message === 'User is already confirmed.',
    hasUnverifiedContact: ({ event }) => {
      const attributes = outputOf<UserAttributes>(event) ?? {};
      const hasContact = Boolean(attributes.email || attributes.phone_number);
      return hasContact && isUnverified(attributes.email_verified) && isUnverified(attributes.phone_number_verified);
    },
    isConfiguredProvider: ({ context, event }) => {
      if (event.type !== 'social.signIn') return false;
      const provider = event.provider.toLowerCase();
      return (
        context.config.socialProviders.includes(provider) &&
        (SUPPORTED_SOCIAL_PROVIDERS as readonly string[]).includes(provider)
      );
    },
  },
  actions: {
    setUser: assign({ user: ({ event }) => outputOf<AuthUser>(event) }),
    clearUser: assign({ user: null, username: '' }),
    initForm: assign(({ context }, params: { form: FormName }) => {
      const values = initialValues(params.form, context.config);
      if ('username' in values) values.username = context.username;
      return { form: params.form, values, touched: {}, fieldErrors: {}, formError: null, submitted: false };
    }),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const values = changeValue(context.values, event.name, event.value);
      return {
        values,
        fieldErrors: validateForm(context.form, context.config, values, context.touched, context.submitted),
      };
    }),
    blurField: assign(({ context, event }) => {
      if (event.type !== 'form.blur') return {};
      const touched = { ...context.touched, [event.name]: true };
      return {
        touched,
        fieldErrors: validateForm(context.form, context.config, context.values, touched, context.submitted),
      };
    }),
    touchAllFields: assign(({ context }) => {
      const touched = touchAll(context.form, context.config);
      return {
        touched,
        submitted: true,
        fieldErrors: validateForm(context.form, context.config, context.values, touched, true),
      };
    }),
    setUsernameFromForm: assign({ username: ({ context }) => context.values.username ?? '' }),
    setSignUpUsername: assign({ username: ({ context }) => signUpPayload(context.config, context.values).username }),
    setVerifyAttribute: assign({ verifyAttribute: ({ context }) => context.values.unverifiedAttr ?? '' }),
    setProvider: assign({ provider: ({ event }) => (event.type === 'social.signIn' ? event.provider : '') }),
    setRemoteError: assign({ formError: ({ event }) => errorMessage((event as unknown as { error: unknown }).error) }),
    setUnsupportedStepError: assign({ formError: UNSUPPORTED_SIGN_IN_STEP }),
    clearFormError: assign({ formError: null }),
    setSignInStep: assign(({ event }) => {
      const nextStep = outputOf<SignInOutput>(event).nextStep;
      return {
        signInStep: nextStep.signInStep,
        codeDeliveryDetails: nextStep.codeDeliveryDetails ?? null,
        totpSecret: nextStep.totpSetupDetails?.sharedSecret ?? null,
      };
    }),
    setCodeDeliveryDetails: assign({
      codeDeliveryDetails: ({ event }) => {
        const output = outputOf<{ nextStep?: { codeDeliveryDetails?: CodeDeliveryDetails } } & CodeDeliveryDetails>(event);
        return output?.nextStep?.codeDeliveryDetails ?? output ?? null;
      },
    }),
    setUnverifiedAttributes: assign({
      unverifiedAttributes: ({ event }) => {
        const attributes = outputOf<UserAttributes>(event);
        const unverified: UserAttributes = {};
        if (attributes.email) unverified.email = attributes.email;
        if (attributes.phone_number) unverified.phone_number = attributes.phone_number;
        return unverified;
      },
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
                onDone: { target: '#authenticated.signedIn', actions: 'setUser' },
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
          entry: { type: 'initForm', params: { form: 'signIn' } },
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
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'setUsernameFromForm' },
                  { actions: 'touchAllFields' },
                ],
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
                onDone: [
                  { guard: 'isSignInComplete', target: '#transition' },
                  { guard: 'isNewPasswordRequired', target: '#forceNewPassword', actions: 'setSignInStep' },
                  { guard: 'isResetPasswordStep', target: '#forgotPassword.submit' },
                  { guard: 'isConfirmSignUpStep', target: '#confirmSignUp.resend' },
                  { guard: 'isConfirmSignInCodeStep', target: '#confirmSignIn', actions: 'setSignInStep' },
                  { guard: 'isTotpSetupStep', target: '#setupTotp', actions: 'setSignInStep' },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            redirect: {
              tags: 'pending',
              invoke: {
                id: 'signInWithRedirect',
                src: 'signInWithRedirect',
                input: ({ context }) => ({ provider: context.provider }),
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['clearFormError', 'setUsernameFromForm'] },
                  { actions: 'touchAllFields' },
                ],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
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
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'setSignUpUsername' },
                  { actions: 'touchAllFields' },
                ],
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
                  { guard: 'isAutoSignInStep', target: '#autoSignIn' },
                  { guard: 'isSignUpDone', target: '#signIn' },
                  { target: '#confirmSignUp', actions: 'setCodeDeliveryDetails' },
                ],
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['clearFormError', 'setSignUpUsername'] },
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
                'form.submit': [{ guard: 'isFormValid', target: 'submit' }, { actions: 'touchAllFields' }],
                'code.resend': { target: 'resend' },
              },
            },
            resend: {
              tags: 'pending',
              invoke: {
                id: 'resendSignUpCode',
                src: 'resendSignUpCode',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: 'edit', actions: 'setCodeDeliveryDetails' },
                onError: [
                  { guard: 'isUserAlreadyConfirmed', target: '#signIn' },
                  { target: 'error', actions: 'setRemoteError' },
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
                onDone: [{ guard: 'isAutoSignInStep', target: '#autoSignIn' }, { target: '#signIn' }],
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'clearFormError' },
                  { actions: 'touchAllFields' },
                ],
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
            onDone: [{ guard: 'isSignInComplete', target: '#transition' }, { target: '#signIn' }],
            onError: { target: '#signIn' },
          },
        },

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
              on: { 'form.submit': [{ guard: 'isFormValid', target: 'submit' }, { actions: 'touchAllFields' }] },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.confirmation_code ?? '' }),
                onDone: [
                  { guard: 'isSignInComplete', target: '#transition' },
                  { guard: 'isNewPasswordRequired', target: '#forceNewPassword', actions: 'setSignInStep' },
                  { guard: 'isResetPasswordStep', target: '#forgotPassword.submit' },
                  { guard: 'isConfirmSignUpStep', target: '#confirmSignUp.resend' },
                  { guard: 'isConfirmSignInCodeStep', target: '#confirmSignIn', actions: 'setSignInStep' },
                  { guard: 'isTotpSetupStep', target: '#setupTotp', actions: 'setSignInStep' },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'clearFormError' },
                  { actions: 'touchAllFields' },
                ],
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
              on: { 'form.submit': [{ guard: 'isFormValid', target: 'submit' }, { actions: 'touchAllFields' }] },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.confirmation_code ?? '' }),
                onDone: [
                  { guard: 'isSignInComplete', target: '#transition' },
                  { guard: 'isNewPasswordRequired', target: '#forceNewPassword', actions: 'setSignInStep' },
                  { guard: 'isResetPasswordStep', target: '#forgotPassword.submit' },
                  { guard: 'isConfirmSignUpStep', target: '#confirmSignUp.resend' },
                  { guard: 'isConfirmSignInCodeStep', target: '#confirmSignIn', actions: 'setSignInStep' },
                  { guard: 'isTotpSetupStep', target: '#setupTotp', actions: 'setSignInStep' },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'clearFormError' },
                  { actions: 'touchAllFields' },
                ],
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
              on: { 'form.submit': [{ guard: 'isFormValid', target: 'submit' }, { actions: 'touchAllFields' }] },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'confirmSignIn',
                src: 'confirmSignIn',
                input: ({ context }) => ({ challengeResponse: context.values.password ?? '' }),
                onDone: [
                  { guard: 'isSignInComplete', target: '#transition' },
                  { guard: 'isNewPasswordRequired', target: '#forceNewPassword', actions: 'setSignInStep' },
                  { guard: 'isResetPasswordStep', target: '#forgotPassword.submit' },
                  { guard: 'isConfirmSignUpStep', target: '#confirmSignUp.resend' },
                  { guard: 'isConfirmSignInCodeStep', target: '#confirmSignIn', actions: 'setSignInStep' },
                  { guard: 'isTotpSetupStep', target: '#setupTotp', actions: 'setSignInStep' },
                  { target: 'error', actions: 'setUnsupportedStepError' },
                ],
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'clearFormError' },
                  { actions: 'touchAllFields' },
                ],
                'form.dismissError': { target: 'edit', actions: 'clearFormError' },
              },
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
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'setUsernameFromForm' },
                  { actions: 'touchAllFields' },
                ],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: '#confirmResetPassword', actions: 'setCodeDeliveryDetails' },
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['clearFormError', 'setUsernameFromForm'] },
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
                'form.submit': [{ guard: 'isFormValid', target: 'submit' }, { actions: 'touchAllFields' }],
                'code.resend': { target: 'resend' },
              },
            },
            resend: {
              tags: 'pending',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ username: context.username }),
                onDone: { target: 'edit', actions: 'setCodeDeliveryDetails' },
                onError: { target: 'error', actions: 'setRemoteError' },
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
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'clearFormError' },
                  { actions: 'touchAllFields' },
                ],
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
              { guard: 'hasUnverifiedContact', target: '#verifyUser', actions: 'setUnverifiedAttributes' },
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
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'setVerifyAttribute' },
                  { actions: 'touchAllFields' },
                ],
              },
            },
            submit: {
              tags: 'pending',
              invoke: {
                id: 'sendUserAttributeVerificationCode',
                src: 'sendUserAttributeVerificationCode',
                input: ({ context }) => ({ userAttributeKey: context.verifyAttribute }),
                onDone: { target: '#confirmVerifyUser', actions: 'setCodeDeliveryDetails' },
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: ['clearFormError', 'setVerifyAttribute'] },
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
              on: { 'form.submit': [{ guard: 'isFormValid', target: 'submit' }, { actions: 'touchAllFields' }] },
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
                onError: { target: 'error', actions: 'setRemoteError' },
              },
            },
            error: {
              on: {
                'form.submit': [
                  { guard: 'isFormValid', target: 'submit', actions: 'clearFormError' },
                  { actions: 'touchAllFields' },
                ],
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
            onDone: { target: 'signedIn', actions: 'setUser' },
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
