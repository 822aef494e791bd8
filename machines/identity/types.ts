// The shapes the authenticator machine exchanges with its actors (a subset of aws-amplify/auth's
// outputs, so the machine needs no aws-amplify import) and with the views (its events).
export interface AuthUser {
  username: string;
  userId: string;
  email: string;
  role: string;
}

export interface CodeDeliveryDetails {
  destination?: string;
  deliveryMedium?: 'EMAIL' | 'SMS' | 'PHONE' | string;
  attributeName?: string;
}

export interface SignInOutput {
  isSignedIn: boolean;
  nextStep: {
    signInStep: string;
    codeDeliveryDetails?: CodeDeliveryDetails;
    totpSetupDetails?: { sharedSecret: string; getSetupUri?: (appName: string, account?: string) => URL };
    missingAttributes?: string[];
    allowedMFATypes?: string[];
    availableChallenges?: string[];
  };
}

/** A sign-in challenge answer: a code, a new password (with the attributes the pool requires), an MFA type or an email. */
export interface ConfirmSignInInput {
  challengeResponse: string;
  options?: { userAttributes?: Record<string, string> };
}

export interface SignUpOutput {
  isSignUpComplete: boolean;
  userId?: string;
  nextStep: { signUpStep: string; codeDeliveryDetails?: CodeDeliveryDetails };
}

export interface ResetPasswordOutput {
  isPasswordReset: boolean;
  nextStep: { resetPasswordStep: string; codeDeliveryDetails?: CodeDeliveryDetails };
}

export interface ResendCodeOutput {
  destination?: string;
  deliveryMedium?: string;
  attributeName?: string;
}

export type UserAttributes = Partial<Record<string, string>>;

export type AuthEvent =
  | { type: 'form.change'; name: string; value: string }
  | { type: 'form.blur'; name: string }
  | { type: 'form.submit' }
  | { type: 'form.dismissError' }
  | { type: 'nav.signIn' }
  | { type: 'nav.signUp' }
  | { type: 'nav.forgotPassword' }
  | { type: 'nav.selectFactor' }
  | { type: 'passkey.notNow' }
  | { type: 'code.resend' }
  | { type: 'verify.skip' }
  | { type: 'social.signIn'; provider: string }
  | { type: 'auth.signOut' }
  | { type: 'hub.tokenRefresh' }
  | { type: 'hub.tokenRefreshFailure' }
  | { type: 'hub.signedOut' }
  | { type: 'hub.signInWithRedirect' };
