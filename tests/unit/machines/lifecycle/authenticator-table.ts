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
//
// Issue 39 (sign-in without a password): when the pool allows more than the password, the sign-in
// screen offers "another way", which asks for the username and one allowed factor. The password
// goes back to the sign-in screen; a passkey opens the browser's prompt, which signs in, says the
// account has none (the pool offers a choice instead) or fails, and may be tried again; a code by
// email or SMS is sent, then entered (a wrong one shown in its own words), or sent again (a new
// sign-in). A code or a passkey signs in with nothing more; after a password sign-in, when passkeys
// are allowed, adding one is offered ("Not now", or added, goes on).
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
  /** The answer's step itself (the passwordless screens read it, not the table above). */
  step: string;
  /** The pool allows more than the password: the sign-in screen offers the choice. */
  choice: boolean;
  /** The factor ticked on the choice screen ('' for none). */
  chosen: string;
  /** This sign-in was by password and passkeys are allowed: adding one is offered. */
  offer: boolean;
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
    {
      'nav.signUp': `${U}.signUp.edit`,
      'nav.forgotPassword': `${U}.forgotPassword.edit`,
    },
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
  // Another way to sign in, when the pool allows one, from the form but not while the password is being checked.
  if (f.choice) {
    for (const leaf of ['edit', 'error']) steps[`${U}.signIn.${leaf}`]['nav.selectFactor'] = `${U}.selectFactor.edit / setUsernameFromForm`;
  }
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
  passwordlessSteps(f, steps, form);
  form('forgotPassword', toSignIn, {
    actions: ', setUsernameFromForm',
    answers: { [done('resetPassword')]: `${U}.confirmResetPassword.edit / setCodeDeliveryDetails`, ...refused('forgotPassword', 'resetPassword') },
  });
  form('confirmResetPassword', toSignIn, {
    answers: { [done('confirmResetPassword')]: `${U}.signIn.edit`, ...refused('confirmResetPassword', 'confirmResetPassword') },
    resend: { [done('resetPassword')]: `${U}.confirmResetPassword.edit / setCodeDeliveryDetails`, ...refused('confirmResetPassword', 'resetPassword') },
  });
  steps[`${U}.transition`] = {
    [done('fetchUserAttributes')]: f.verify ? `${U}.verifyUser.edit / setUnverifiedAttributes` : f.offer ? `${U}.offerPasskey.edit` : LOAD_USER,
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

type FormStep = (
  screen: string,
  out: Record<string, string>,
  submit: { actions?: string; answers: Record<string, string>; resend?: Record<string, string>; social?: boolean },
) => void;

/** Issue 39: the choice of factor, the code as first factor, the passkey prompt and the passkey offer. */
function passwordlessSteps(f: SignInFacts, steps: Steps, form: FormStep) {
  const codeStep = f.step === 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE' || f.step === 'CONFIRM_SIGN_IN_WITH_SMS_CODE';
  const at = (screen: string, leaf: string) => `${U}.${screen}.${leaf}`;
  const unsupported = (screen: string) => `${at(screen, 'error')} / setUnsupportedStepError`;

  // The choice: the password back to sign in, a passkey to its prompt (a username given), a code sent.
  const choose = (retry: string) => {
    if (f.chosen === 'PASSWORD') return `${U}.signIn.edit / trimValues, setUsernameFromForm`;
    if (f.chosen === 'WEB_AUTHN' && f.complete) return `${at('signInPasskey', 'submit')} / trimValues, setUsernameFromForm, setFactorFromForm`;
    if (f.complete) return `${at('selectFactor', 'submit')} / trimValues${retry}, setUsernameFromForm, setFactorFromForm`;
    return null;
  };
  form(
    'selectFactor',
    { 'nav.signIn': `${U}.signIn.edit / setUsernameFromForm` },
    {
      answers: {
        [done('signInWithFactor')]:
          f.step === 'DONE' ? `${U}.transition` : codeStep ? `${at('signInCode', 'edit')} / setSignInStep` : unsupported('selectFactor'),
        [error('signInWithFactor')]: `${at('selectFactor', 'error')} / setRemoteError`,
      },
    },
  );
  steps[at('selectFactor', 'edit')]['form.submit'] = choose('') ?? `${at('selectFactor', 'edit')} / touchAllFields`;
  steps[at('selectFactor', 'error')]['form.submit'] = choose(', clearFormError') ?? `${at('selectFactor', 'error')} / touchAllFields`;

  // The code: entered (a wrong one in its own words), or sent again by a new sign-in.
  form(
    'signInCode',
    { 'nav.signIn': `${U}.signIn.edit`, 'nav.selectFactor': `${at('selectFactor', 'edit')}` },
    {
      answers: {
        [done('confirmSignIn')]: f.step === 'DONE' ? `${U}.transition` : unsupported('signInCode'),
        [error('confirmSignIn')]: `${at('signInCode', 'error')} / setCodeError`,
      },
      resend: {
        [done('signInWithFactor')]: codeStep ? `${at('signInCode', 'edit')} / setSignInStep, initForm` : unsupported('signInCode'),
        [error('signInWithFactor')]: `${at('signInCode', 'error')} / setRemoteError`,
      },
    },
  );
  // A completed code answers DONE alone; no step after it (a new password among them) is taken.
  for (const leaf of ['edit', 'error']) {
    if (!f.complete) steps[at('signInCode', leaf)]['form.submit'] = `${at('signInCode', leaf)} / touchAllFields`;
  }

  // The passkey prompt: no field, the browser asks.
  const nav = { 'nav.signIn': `${U}.signIn.edit`, 'nav.selectFactor': `${at('selectFactor', 'edit')}` };
  steps[at('signInPasskey', 'edit')] = { ...nav, 'form.submit': at('signInPasskey', 'submit') };
  steps[at('signInPasskey', 'submit')] = {
    ...nav,
    [done('signInWithFactor')]:
      f.step === 'DONE'
        ? `${U}.transition`
        : f.step === 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION'
          ? `${at('signInPasskey', 'error')} / setNoPasskeyError`
          : unsupported('signInPasskey'),
    [error('signInWithFactor')]: `${at('signInPasskey', 'error')} / setPasskeyError`,
  };
  steps[at('signInPasskey', 'error')] = {
    ...nav,
    'form.submit': `${at('signInPasskey', 'submit')} / clearFormError`,
    'form.dismissError': `${at('signInPasskey', 'edit')} / clearFormError`,
  };

  // The offer of a passkey after a password sign-in.
  steps[at('offerPasskey', 'edit')] = { 'form.submit': at('offerPasskey', 'submit'), 'passkey.notNow': LOAD_USER };
  steps[at('offerPasskey', 'submit')] = {
    [done('associatePasskey')]: at('offerPasskey', 'added'),
    [error('associatePasskey')]: `${at('offerPasskey', 'error')} / setPasskeyRegistrationError`,
  };
  steps[at('offerPasskey', 'error')] = {
    'form.submit': `${at('offerPasskey', 'submit')} / clearFormError`,
    'form.dismissError': `${at('offerPasskey', 'edit')} / clearFormError`,
    'passkey.notNow': LOAD_USER,
  };
  steps[at('offerPasskey', 'added')] = { 'form.submit': LOAD_USER };
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
  signInFactors: ['PASSWORD'],
};
const EVERY_FACTOR = ['PASSWORD', 'WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP'];
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
  factor: null,
};
const COMPLETE = { username: 'asha@example.in', password: 'Secret#2026' };

function signInCase(
  name: string,
  step: string,
  signUpStep: string,
  more: {
    complete?: boolean;
    alreadyConfirmed?: boolean;
    attributes?: Record<string, string>;
    /** Issue 39: the factors allowed, the one ticked on the choice screen, the one this sign-in used. */
    factors?: string[];
    chosen?: string;
    factor?: string;
  } = {},
) {
  const complete = more.complete ?? true;
  const factors = more.factors ?? ['PASSWORD'];
  const chosen = more.chosen ?? '';
  // With a factor ticked, the form on screen is the choice (username and factor).
  const form = chosen ? { form: 'selectFactor', values: { username: complete ? 'asha@example.in' : '', sign_in_factor: chosen } } : null;
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
    context: {
      ...CONTEXT,
      config: { ...CONFIG, signInFactors: factors },
      factor: more.factor ?? null,
      values: complete ? COMPLETE : { username: '', password: '' },
      ...form,
    },
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
      step,
      choice: factors.length > 1,
      chosen,
      offer: more.factor === 'PASSWORD' && factors.includes('WEB_AUTHN'),
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
  ...['edit', 'submit', 'error'].map((l) => `${U}.selectFactor.${l}`),
  ...['edit', 'resend', 'submit', 'error'].map((l) => `${U}.signInCode.${l}`),
  ...['edit', 'submit', 'error'].map((l) => `${U}.signInPasskey.${l}`),
  ...['edit', 'submit', 'error', 'added'].map((l) => `${U}.offerPasskey.${l}`),
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
  'signInWithFactor',
  'associatePasskey',
];

export const authenticatorTable: TransitionTable = {
  chart: authenticatorMachine,
  source:
    'clinic-spec.md §2 (Sign-in), §4 (Sign-in component screens and steps), §5 (validation), §7 (identity operations); issue 39 (sign-in without a password)',
  statuses: LEAVES,
  verbs: [
    'form.change',
    'form.blur',
    'form.submit',
    'form.dismissError',
    'nav.signIn',
    'nav.signUp',
    'nav.forgotPassword',
    'nav.selectFactor',
    'passkey.notNow',
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
    signInCase('every factor; a code by email chosen and sent', 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', 'CONFIRM_SIGN_UP', {
      factors: EVERY_FACTOR,
      chosen: 'EMAIL_OTP',
      factor: 'EMAIL_OTP',
    }),
    signInCase('every factor; a passkey chosen, signed in with it', 'DONE', 'CONFIRM_SIGN_UP', {
      factors: EVERY_FACTOR,
      chosen: 'WEB_AUTHN',
      factor: 'WEB_AUTHN',
    }),
    signInCase('every factor; the password chosen, signed in with it, a passkey offered', 'DONE', 'CONFIRM_SIGN_UP', {
      factors: EVERY_FACTOR,
      chosen: 'PASSWORD',
      factor: 'PASSWORD',
    }),
    signInCase('every factor; a passkey chosen with no username; the account has none', 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', 'CONFIRM_SIGN_UP', {
      factors: EVERY_FACTOR,
      chosen: 'WEB_AUTHN',
      complete: false,
    }),
    signInCase('codes but no passkeys; an SMS code; a password sign-in offers nothing', 'CONFIRM_SIGN_IN_WITH_SMS_CODE', 'CONFIRM_SIGN_UP', {
      factors: ['PASSWORD', 'EMAIL_OTP', 'SMS_OTP'],
      chosen: 'SMS_OTP',
      factor: 'PASSWORD',
    }),
  ],
};
