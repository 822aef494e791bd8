// The sign-in component's transition table, written by hand from the specification (clinic-spec.md
// §2 Sign-in, §4 "Sign-in component screens", §5, §7 identity operations): the oracle its chart
// is checked against (tests/support/transition-table.ts), read from no chart.
//
// Start: the current user is fetched; with one, authenticated; otherwise the configured first
// screen (sign in). Every form screen takes field changes and blurs; a complete form is trimmed and
// sent, an incomplete one flags its fields; a refusal shows the service's message on the form,
// which may be sent again or the message dismissed. Sign in: sign up and forgot password are
// links; a social button whose provider is not configured logs an error. The answer's next step
// (§4): DONE fetches the user's attributes; a new password required, the code steps (SMS, TOTP,
// email), TOTP setup, MFA selection and email setup open their screens; RESET_PASSWORD sends the
// reset code; CONFIRM_SIGN_UP resends the sign-up code; any other step is shown as unsupported.
// Sign up: DONE back to sign in, COMPLETE_AUTO_SIGN_IN signs in, otherwise confirm the code; a
// resend finding the user already confirmed goes to sign in. Forgot password: the code is sent,
// then code and new password, a resend possible; done, back to sign in. After the attributes: a
// contact with both email and phone unverified asks to verify (choose, send, confirm; Skip on
// both); otherwise, or if they cannot be read, authenticated. Authenticated: a token refresh or a
// redirect sign-in reads the user again (failing, signs out); a sign-out, a signed-out or a failed
// token refresh signs out, which clears the user and starts again.
import { authenticatorMachine } from '../../../../machines/identity/authenticator-machine.ts';
import type { Steps, TransitionTable } from '../../../support/transition-table.ts';

const done = (id: string) => `xstate.done.actor.${id}`;
const error = (id: string) => `xstate.error.actor.${id}`;

const U = 'unauthenticated';
const CHALLENGES = ['confirmSignIn', 'setupTotp', 'forceNewPassword', 'selectMfaType', 'setupEmail'] as const;
const SIGNED_IN = 'authenticated.signedIn';
const LOAD_USER = 'authenticated.loadUser';
const SIGN_OUT = `${U}.configuring.signOut`;

interface SignInFacts {
  /** The form on screen is complete. */
  complete: boolean;
  /** Where the next step of a sign-in answer leads (a screen's own error for an unsupported step). */
  next: (screen: string) => string;
  /** Where a sign-up (or its confirmation) answer leads. */
  signedUp: { signUp: string; confirmSignUp: string };
  /** The code resend found the user already confirmed. */
  alreadyConfirmed: boolean;
  /** The attributes ask for a contact to be verified. */
  verify: boolean;
}

function signInSteps(f: SignInFacts): Steps {
  const steps: Steps = {};
  /** A form screen: its fields, its ways out, edit → submit → error, and its answers. */
  const form = (
    screen: string,
    out: Record<string, string>,
    submit: { actions?: string; answers: Record<string, string>; resend?: Record<string, string>; social?: boolean },
  ) => {
    const at = (leaf: string) => `${U}.${screen}.${leaf}`;
    const fields = (leaf: string) => ({ 'form.change': `${at(leaf)} / changeField`, 'form.blur': `${at(leaf)} / blurField`, ...out });
    const send = (first: string) => (f.complete ? `${at('submit')} / trimValues${first}${submit.actions ?? ''}` : null);
    const invalid = (leaf: string) => `${at(leaf)} / touchAllFields`;
    steps[at('edit')] = {
      ...fields('edit'),
      'form.submit': send('') ?? invalid('edit'),
      ...(submit.resend ? { 'code.resend': at('resend') } : {}),
      ...(submit.social ? { 'social.signIn': `${at('edit')} / logUnsupportedProvider` } : {}),
    };
    steps[at('submit')] = { ...fields('submit'), ...submit.answers };
    if (submit.resend) steps[at('resend')] = { ...fields('resend'), ...submit.resend };
    steps[at('error')] = {
      ...fields('error'),
      'form.submit': send(', clearFormError') ?? invalid('error'),
      'form.dismissError': `${at('edit')} / clearFormError`,
      ...(submit.resend ? { 'code.resend': `${at('resend')} / clearFormError` } : {}),
    };
  };
  const refused = (screen: string, id: string) => ({ [error(id)]: `${U}.${screen}.error / setRemoteError` });
  const toSignIn = { 'nav.signIn': `${U}.signIn.edit` };
  const skip = { 'verify.skip': LOAD_USER };

  steps[`${U}.configuring.idle`] = { [done('getCurrentUser')]: `${SIGNED_IN} / setUser`, [error('getCurrentUser')]: `${U}.signIn.edit` };
  steps[`${U}.configuring.setup`] = {};
  steps[SIGN_OUT] = { [done('signOut')]: `${U}.signIn.edit / clearUser`, [error('signOut')]: `${U}.signIn.edit / clearUser` };
  form(
    'signIn',
    { 'nav.signUp': `${U}.signUp.edit`, 'nav.forgotPassword': `${U}.forgotPassword.edit` },
    {
      actions: ', setUsernameFromForm',
      social: true,
      answers: { [done('signIn')]: f.next('signIn'), ...refused('signIn', 'signIn') },
    },
  );
  steps[`${U}.signIn.redirect`] = {
    'form.change': `${U}.signIn.redirect / changeField`,
    'form.blur': `${U}.signIn.redirect / blurField`,
    'nav.signUp': `${U}.signUp.edit`,
    'nav.forgotPassword': `${U}.forgotPassword.edit`,
    ...refused('signIn', 'signInWithRedirect'),
  };
  form('signUp', toSignIn, { actions: ', setSignUpUsername', social: true, answers: { [done('signUp')]: f.signedUp.signUp, ...refused('signUp', 'signUp') } });
  form('confirmSignUp', toSignIn, {
    answers: { [done('confirmSignUp')]: f.signedUp.confirmSignUp, ...refused('confirmSignUp', 'confirmSignUp') },
    resend: {
      [done('resendSignUpCode')]: `${U}.confirmSignUp.edit / setCodeDeliveryDetails`,
      [error('resendSignUpCode')]: f.alreadyConfirmed ? `${U}.signIn.edit` : `${U}.confirmSignUp.error / setRemoteError`,
    },
  });
  steps[`${U}.autoSignIn`] = {
    [done('autoSignIn')]: f.next('autoSignIn') === `${U}.transition` ? `${U}.transition` : `${U}.signIn.edit`,
    [error('autoSignIn')]: `${U}.signIn.edit`,
  };
  for (const screen of CHALLENGES) form(screen, toSignIn, { answers: { [done('confirmSignIn')]: f.next(screen), ...refused(screen, 'confirmSignIn') } });
  form('forgotPassword', toSignIn, {
    actions: ', setUsernameFromForm',
    answers: { [done('resetPassword')]: `${U}.confirmResetPassword.edit / setCodeDeliveryDetails`, ...refused('forgotPassword', 'resetPassword') },
  });
  form('confirmResetPassword', toSignIn, {
    answers: { [done('confirmResetPassword')]: `${U}.signIn.edit`, ...refused('confirmResetPassword', 'confirmResetPassword') },
    resend: { [done('resetPassword')]: `${U}.confirmResetPassword.edit / setCodeDeliveryDetails`, ...refused('confirmResetPassword', 'resetPassword') },
  });
  steps[`${U}.transition`] = {
    [done('fetchUserAttributes')]: f.verify ? `${U}.verifyUser.edit / setUnverifiedAttributes` : LOAD_USER,
    [error('fetchUserAttributes')]: LOAD_USER,
  };
  form('verifyUser', skip, {
    actions: ', setVerifyAttribute',
    answers: {
      [done('sendUserAttributeVerificationCode')]: `${U}.confirmVerifyUser.edit / setCodeDeliveryDetails`,
      ...refused('verifyUser', 'sendUserAttributeVerificationCode'),
    },
  });
  form('confirmVerifyUser', skip, { answers: { [done('confirmUserAttribute')]: LOAD_USER, ...refused('confirmVerifyUser', 'confirmUserAttribute') } });
  // A redirect sign-in, reported by the identity service, authenticates from any unauthenticated screen.
  for (const at of Object.keys(steps)) steps[at]['hub.signInWithRedirect'] = LOAD_USER;
  const signOut = { 'auth.signOut': SIGN_OUT, 'hub.signedOut': SIGN_OUT, 'hub.tokenRefreshFailure': SIGN_OUT };
  steps[LOAD_USER] = { ...signOut, [done('getCurrentUser')]: `${SIGNED_IN} / setUser`, [error('getCurrentUser')]: SIGN_OUT };
  steps[SIGNED_IN] = { ...signOut, 'hub.tokenRefresh': LOAD_USER, 'hub.signInWithRedirect': LOAD_USER };
  return steps;
}

/** The screen a sign-in next step opens (§4), or the screen's own error for a step it does not know. */
const NEXT: Record<string, string | null> = {
  DONE: `${U}.transition`,
  CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: `${U}.forceNewPassword.edit / setSignInStep`,
  RESET_PASSWORD: `${U}.forgotPassword.submit`,
  CONFIRM_SIGN_UP: `${U}.confirmSignUp.resend`,
  CONFIRM_SIGN_IN_WITH_SMS_CODE: `${U}.confirmSignIn.edit / setSignInStep`,
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: `${U}.confirmSignIn.edit / setSignInStep`,
  CONFIRM_SIGN_IN_WITH_EMAIL_CODE: `${U}.confirmSignIn.edit / setSignInStep`,
  CONTINUE_SIGN_IN_WITH_TOTP_SETUP: `${U}.setupTotp.edit / setSignInStep`,
  CONTINUE_SIGN_IN_WITH_MFA_SELECTION: `${U}.selectMfaType.edit / setSignInStep`,
  CONTINUE_SIGN_IN_WITH_EMAIL_SETUP: `${U}.setupEmail.edit / setSignInStep`,
  CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: null,
};
const nextOf = (step: string) => (screen: string) => NEXT[step] ?? `${U}.${screen}.error / setUnsupportedStepError`;

const CONFIG = {
  loginMechanisms: ['email'],
  signUpAttributes: ['email', 'phone_number'],
  passwordSettings: { minLength: 8, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true },
  socialProviders: [],
};
const CONTEXT = {
  config: CONFIG,
  initialScreen: 'signIn',
  user: null,
  form: 'signIn',
  touched: {},
  fieldErrors: {},
  formError: null,
  submitted: false,
  username: 'asha@example.in',
  signInStep: null,
  requiredAttributes: [],
  allowedMfaTypes: [],
  codeDeliveryDetails: null,
  totpSecret: null,
  unverifiedAttributes: {},
  verifyAttribute: '',
  provider: '',
};
const COMPLETE = { username: 'asha@example.in', password: 'Secret#2026' };

function signInCase(
  name: string,
  step: string,
  signUpStep: string,
  more: { complete?: boolean; alreadyConfirmed?: boolean; attributes?: Record<string, string> } = {},
) {
  const complete = more.complete ?? true;
  const attributes = more.attributes ?? { email: 'asha@example.in', email_verified: 'true' };
  const hasContact = Boolean(attributes.email || attributes.phone_number);
  const unverified = (flag?: string) => flag === undefined || flag === 'false';
  const signedUp =
    signUpStep === 'COMPLETE_AUTO_SIGN_IN'
      ? `${U}.autoSignIn`
      : signUpStep === 'DONE'
        ? `${U}.signIn.edit`
        : `${U}.confirmSignUp.edit / setCodeDeliveryDetails`;
  const answer = { nextStep: { signInStep: step, signUpStep } };
  return {
    name,
    context: { ...CONTEXT, values: complete ? COMPLETE : { username: '', password: '' } },
    extras: {
      name: 'username',
      value: 'asha@example.in',
      provider: 'google',
      output: answer,
      error: { name: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    },
    payloads: {
      [error('resendSignUpCode')]: {
        error: { name: 'InvalidParameterException', message: more.alreadyConfirmed ? 'User is already confirmed.' : 'Attempt limit exceeded.' },
      },
      [done('fetchUserAttributes')]: { output: attributes },
      [done('getCurrentUser')]: { output: { username: 'asha@example.in', userId: 'a' } },
    },
    steps: signInSteps({
      complete,
      next: nextOf(step),
      alreadyConfirmed: more.alreadyConfirmed ?? false,
      // Reported, not changed: §4 asks to verify when both are unverified "(unset or 'false')"; the
      // chart asks only when there is an email or a phone to verify (nothing to verify otherwise).
      verify: hasContact && unverified(attributes.email_verified) && unverified(attributes.phone_number_verified),
      signedUp: { signUp: signedUp, confirmSignUp: signUpStep === 'COMPLETE_AUTO_SIGN_IN' ? `${U}.autoSignIn` : `${U}.signIn.edit` },
    }),
  };
}

const LEAVES = [
  `${U}.configuring.idle`,
  `${U}.configuring.setup`,
  SIGN_OUT,
  ...['edit', 'submit', 'redirect', 'error'].map((l) => `${U}.signIn.${l}`),
  ...['edit', 'submit', 'error'].map((l) => `${U}.signUp.${l}`),
  ...['edit', 'resend', 'submit', 'error'].map((l) => `${U}.confirmSignUp.${l}`),
  `${U}.autoSignIn`,
  ...CHALLENGES.flatMap((s) => ['edit', 'submit', 'error'].map((l) => `${U}.${s}.${l}`)),
  ...['edit', 'submit', 'error'].map((l) => `${U}.forgotPassword.${l}`),
  ...['edit', 'resend', 'submit', 'error'].map((l) => `${U}.confirmResetPassword.${l}`),
  `${U}.transition`,
  ...['edit', 'submit', 'error'].map((l) => `${U}.verifyUser.${l}`),
  ...['edit', 'submit', 'error'].map((l) => `${U}.confirmVerifyUser.${l}`),
  LOAD_USER,
  SIGNED_IN,
];
const ACTORS = [
  'getCurrentUser',
  'signOut',
  'signIn',
  'signUp',
  'resendSignUpCode',
  'confirmSignUp',
  'autoSignIn',
  'confirmSignIn',
  'resetPassword',
  'confirmResetPassword',
  'fetchUserAttributes',
  'sendUserAttributeVerificationCode',
  'confirmUserAttribute',
];

export const authenticatorTable: TransitionTable = {
  chart: authenticatorMachine,
  source: 'clinic-spec.md §2 (Sign-in), §4 (Sign-in component screens and steps), §5 (validation), §7 (identity operations)',
  statuses: LEAVES,
  verbs: [
    'form.change',
    'form.blur',
    'form.submit',
    'form.dismissError',
    'nav.signIn',
    'nav.signUp',
    'nav.forgotPassword',
    'code.resend',
    'social.signIn',
    'verify.skip',
    'auth.signOut',
    'hub.signedOut',
    'hub.tokenRefreshFailure',
    'hub.tokenRefresh',
    'hub.signInWithRedirect',
    error('signInWithRedirect'),
    ...ACTORS.flatMap((id) => [done(id), error(id)]),
  ],
  cases: [
    signInCase('DONE; sign-up auto sign-in; the user already confirmed; email unverified', 'DONE', 'COMPLETE_AUTO_SIGN_IN', {
      alreadyConfirmed: true,
      attributes: { email: 'asha@example.in', email_verified: 'false' },
    }),
    signInCase('a new password required; sign-up done; an incomplete form', 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', 'DONE', { complete: false }),
    signInCase('RESET_PASSWORD; sign-up asks for its code', 'RESET_PASSWORD', 'CONFIRM_SIGN_UP'),
    signInCase('CONFIRM_SIGN_UP', 'CONFIRM_SIGN_UP', 'CONFIRM_SIGN_UP'),
    signInCase('an SMS code; phone verified, email not', 'CONFIRM_SIGN_IN_WITH_SMS_CODE', 'CONFIRM_SIGN_UP', {
      attributes: { email: 'a@example.in', email_verified: 'false', phone_number: '+919876500011', phone_number_verified: 'true' },
    }),
    signInCase('a TOTP code', 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', 'CONFIRM_SIGN_UP'),
    signInCase('an email code', 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', 'CONFIRM_SIGN_UP'),
    signInCase('TOTP setup; neither contact verified', 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', 'CONFIRM_SIGN_UP', {
      attributes: { email: 'a@example.in', phone_number: '+919876500011' },
    }),
    signInCase('MFA selection; no contact at all', 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', 'CONFIRM_SIGN_UP', { attributes: {} }),
    signInCase('email setup', 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP', 'CONFIRM_SIGN_UP'),
    signInCase('a step the component does not know', 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', 'CONFIRM_SIGN_UP'),
  ],
};
