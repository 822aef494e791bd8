// Cognito's exception types and messages (identity-reference §4.2), in one place.
import { IdentityError } from './contracts.ts';

const e = (type: string, message: string) => () => new IdentityError(type, message);

export const Errors = {
  incorrectCredentials: e('NotAuthorizedException', 'Incorrect username or password.'),
  userDisabled: e('NotAuthorizedException', 'User is disabled.'),
  tempPasswordExpired: e('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.'),
  passwordAttemptsExceeded: e('NotAuthorizedException', 'Password attempts exceeded'),
  userNotConfirmed: e('UserNotConfirmedException', 'User is not confirmed.'),
  passwordResetRequired: e('PasswordResetRequiredException', 'Password reset required for the user'),
  userNotFound: e('UserNotFoundException', 'User does not exist.'),
  usernameClientNotFound: e('UserNotFoundException', 'Username/client id combination not found.'),
  codeMismatch: e('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  codeExpired: e('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  mfaCodeMismatch: e('CodeMismatchException', 'Invalid code or auth state for the user.'),
  totpCodeMismatch: e('CodeMismatchException', 'Invalid code received for user'),
  totpReused: e('CodeMismatchException', 'Your software token has already been used once.'),
  totpEnableMismatch: e('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA'),
  totpNotSetUp: e('InvalidParameterException', 'User does not have delivery config set to turn on SOFTWARE_TOKEN_MFA'),
  sessionExpired: e('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
  sessionReused: e('NotAuthorizedException', 'Invalid session for the user, session can only be used once.'),
  sessionInvalid: e('NotAuthorizedException', 'Invalid session for the user.'),
  usernameExists: e('UsernameExistsException', 'An account with the given email already exists.'),
  aliasExists: e('AliasExistsException', 'An account with the email already exists.'),
  noVerifiedContact: e('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number'),
  limitExceeded: e('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  tooManyRequests: e('TooManyRequestsException', 'Too many requests, please try after some time.'),
  invalidRefreshToken: e('NotAuthorizedException', 'Invalid Refresh Token'),
  refreshTokenRevoked: e('NotAuthorizedException', 'Refresh Token has been revoked'),
  refreshTokenExpired: e('NotAuthorizedException', 'Refresh Token has expired'),
  refreshTokenReused: e('RefreshTokenReuseException', 'Refresh token has already been used.'),
  accessTokenRevoked: e('NotAuthorizedException', 'Access Token has been revoked'),
  accessTokenExpired: e('NotAuthorizedException', 'Access Token has expired'),
  accessTokenInvalid: e('NotAuthorizedException', 'Invalid Access Token'),
  signUpNotPermitted: e('NotAuthorizedException', 'SignUp is not permitted for this user pool'),
  missingAuthentication: e('MissingAuthenticationTokenException', 'Missing Authentication Token'),
  invalidSignature: e('UnrecognizedClientException', 'The security token included in the request is invalid.'),
  // Passkeys (server/identity/webauthn.ts): the error types of Cognito's API reference.
  webAuthnNotEnabled: e('WebAuthnNotEnabledException', 'Passkeys are not enabled for this user pool.'),
  webAuthnChallengeNotFound: e('WebAuthnChallengeNotFoundException', 'The passkey registration challenge was not found or has expired.'),
  webAuthnClientMismatch: e('WebAuthnClientMismatchException', 'The access token is for a different app client than the registration challenge.'),
  webAuthnCredentialNotSupported: e('WebAuthnCredentialNotSupportedException', 'The passkey credential is not supported.'),
  webAuthnOriginNotAllowed: e('WebAuthnOriginNotAllowedException', 'The passkey credential origin is not allowed for this user pool.'),
  webAuthnRelyingPartyMismatch: e('WebAuthnRelyingPartyMismatchException', 'The passkey credential is for a different relying party.'),
  webAuthnCredentialLimit: e('LimitExceededException', 'The user has registered the maximum number of passkeys.'),
  webAuthnCredentialNotFound: e('ResourceNotFoundException', 'The passkey credential was not found.'),
  /** One refusal for every failed passkey sign-in, whatever the cause, decoys included. */
  passkeyRefused: e('NotAuthorizedException', 'Incorrect username or passkey.'),
} as const;

export function invalidParameter(message: string): IdentityError {
  return new IdentityError('InvalidParameterException', message);
}

export function validation(field: string, constraint: string): IdentityError {
  return new IdentityError('InvalidParameterException', `1 validation error detected: Value at '${field}' failed to satisfy constraint: ${constraint}`);
}
