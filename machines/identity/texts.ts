// The sign-in component's texts (spec §2, §8): each exact string lives here once; views and tests import it.
export const TEXTS = {
  loginHeading: 'Please Sign In to Experience the Future of Healthcare',
  usernamePlaceholder: 'Enter Your Email Here',
  passwordPlaceholder: 'Enter Your Password Here',
  signIn: 'Sign in',
  createAccount: 'Create Account',
  forgotPassword: 'Forgot your password?',
  backToSignIn: 'Back to Sign In',
  resendCode: 'Resend Code',
  skip: 'Skip',
  verify: 'Verify',
  confirm: 'Confirm',
  submit: 'Submit',
  resetPassword: 'Reset Password',
  changePassword: 'Change Password',
  setupTotp: 'Setup TOTP',
  confirmSmsCode: 'Confirm SMS Code',
  confirmTotpCode: 'Confirm TOTP Code',
  confirmMfaCode: 'Confirm MFA Code',
  verifyContact: 'Verify Contact',
  verifyContactHeading: 'Account recovery requires verified contact information',
  weEmailedYou: 'We Emailed You',
  weTextedYou: 'We Texted You',
  weSentACode: 'We Sent A Code',
  networkError: 'Network error: Unable to connect to the authentication server. Please check your internet connection.',
  signInWith: (provider: string) => `Sign In with ${provider}`,
  signUpWith: (provider: string) => `Sign Up with ${provider}`,
} as const;

/** §2 code-delivery message: emailed or texted to the masked destination, may take a minute. */
export function codeDeliveryMessage(medium: string | undefined, maskedDestination: string): string {
  const how = medium === 'EMAIL' ? 'emailed' : medium === 'SMS' ? 'texted' : 'sent';
  return `Your code is on the way. To log in, enter the code we ${how} to ${maskedDestination}. It may take a minute to arrive.`;
}

export function codeDeliveryTitle(medium: string | undefined): string {
  if (medium === 'EMAIL') return TEXTS.weEmailedYou;
  if (medium === 'SMS') return TEXTS.weTextedYou;
  return TEXTS.weSentACode;
}

/** Not spec strings: labels of fields the specification names only by attribute. */
export const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  email: 'Email',
  phone_number: 'Phone Number',
  country_code: 'Country Code',
  password: 'Password',
  confirm_password: 'Confirm Password',
  confirmation_code: 'Code',
  birthdate: 'Birthdate',
  family_name: 'Family Name',
  given_name: 'Given Name',
  middle_name: 'Middle Name',
  name: 'Name',
  nickname: 'Nickname',
  preferred_username: 'Preferred Username',
  profile: 'Profile',
  website: 'Website',
  address: 'Address',
  gender: 'Gender',
  locale: 'Locale',
  picture: 'Picture',
  zoneinfo: 'Time Zone',
  unverifiedAttr: 'Contact to verify',
  mfa_type: 'MFA type',
  sign_in_factor: 'How to sign in',
};

/** Not spec strings: the MFA type choice and the email one-time-code setup (the spec names no texts for them). */
export const MFA_TEXTS = {
  selectMfaType: 'Select MFA Type',
  setupEmail: 'Setup Email',
  setupEmailHint: 'Enter the email address to receive your sign-in codes.',
  types: { SMS: 'Text Message (SMS)', TOTP: 'Authenticator App (TOTP)', EMAIL: 'Email Message' } as Record<string, string>,
} as const;

/**
 * Not spec strings: sign-in without a password (issue 39): the choice of first factor, a code by
 * email or SMS, a passkey, and the offer of a passkey after a password sign-in.
 */
export const PASSWORDLESS_TEXTS = {
  otherWays: 'Sign in another way',
  chooseHeading: 'Choose how to sign in',
  continue: 'Continue',
  factors: { PASSWORD: 'Password', WEB_AUTHN: 'Passkey', EMAIL_OTP: 'A code by email', SMS_OTP: 'A code by text message (SMS)' } as Record<string, string>,
  wrongCode: 'That code is not right. Check the newest code we sent you and try again.',
  codeExpired: 'This code can no longer be used. Choose Resend Code for a new one.',
  passkeyHeading: 'Sign in with a passkey',
  passkeyPrompt: 'Your browser asks for your passkey: your fingerprint, face or device PIN.',
  usePasskey: 'Use passkey',
  passkeyCancelled: 'The passkey request was cancelled, or this device has no passkey for this account. Try again, or sign in another way.',
  noPasskey: 'No passkey was found for this account. Sign in another way.',
  passkeyUnsupported: 'This browser cannot use passkeys. Sign in another way.',
  offerHeading: 'Sign in faster next time',
  offerBody: 'Add a passkey and sign in with your fingerprint, face or device PIN instead of your password.',
  addPasskey: 'Add a passkey',
  notNow: 'Not now',
  passkeyAdded: 'Passkey added. Next time, choose Sign in another way, then Passkey.',
  addCancelled: 'The passkey was not added: the request was cancelled. Try again, or choose Not now.',
  alreadyAdded: 'This device already has a passkey for your account.',
} as const;

/** A staff member's own profile page (/profile, issue 39), reached from the user menu. */
export const PROFILE_TEXTS = {
  title: 'Your profile',
  signedInAs: 'Signed in as',
  menuItem: 'Your profile',
} as const;

/** The profile's passkeys card (staff and portal, issue 39). Cognito names a passkey after its authenticator and offers no rename. */
export const PASSKEY_TEXTS = {
  heading: 'Passkeys',
  intro: 'Sign in with your fingerprint, face or device PIN instead of a password.',
  empty: 'You have no passkeys yet.',
  loadFailed: 'Your passkeys could not be loaded.',
  retry: 'Try again',
  add: 'Add a passkey',
  adding: 'Your browser asks you to create a passkey.',
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  remove: 'Remove',
  removeLabel: (name: string): string => `Remove ${name}`,
  confirmTitle: 'Remove this passkey?',
  confirmBody: (name: string): string => `You will no longer be able to sign in with ${name}.`,
  confirmRemove: 'Remove passkey',
  cancel: 'Cancel',
  unnamed: 'Passkey',
  created: (date: string): string => `Added ${date}`,
  listLabel: 'Your passkeys',
  addCancelled: 'The passkey was not added: the request was cancelled or timed out. Try again when you are ready.',
} as const;

export const COPIED = 'Copied!';
export const SIGN_OUT = 'Sign out';
export const COPY_SECRET = 'Copy secret';
export const UNSUPPORTED_SIGN_IN_STEP = 'This sign-in step is not supported';

/** The clinic logo's alternative text above the sign-in heading (issue 24; not a specification string). */
export const LOGO_ALT = (clinic: string): string => `${clinic} logo`;
