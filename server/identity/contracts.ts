// What the rest of the server relies on from the identity side, whichever provider runs it:
// the built-in service (in-process) or Amazon Cognito (through the AWS SDK). The business API
// codes against these two interfaces only.
//
// Shapes follow Cognito's own API (same field names as @aws-sdk/client-cognito-identity-provider)
// so the Cognito adapter is a thin pass-through and the built-in one is exercised by the same
// calls.

import type { Role } from '../../machines/guard/roles.ts';

/** The `custom:role` values: the clinic's roles, defined once in machines/guard/roles.ts. */
export type ClinicRole = Role;

export interface AttributeType {
  Name: string;
  Value: string;
}

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED' | 'ARCHIVED' | 'UNKNOWN' | 'EXTERNAL_PROVIDER';

export interface IdentityUser {
  /** The username (our pool uses the email, lower-cased). */
  Username: string;
  /** Includes `sub`, `email`, `email_verified`, `custom:role`, ... */
  Attributes: AttributeType[];
  UserStatus: UserStatus;
  Enabled: boolean;
  UserCreateDate: Date;
  UserLastModifiedDate: Date;
}

/** An identity-side failure, named as Cognito names it (UsernameExistsException, UserNotFoundException, ...). */
export class IdentityError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

/** Admin actions the API performs (Cognito Admin* semantics; UserPoolId is implied). */
export interface IdentityAdmin {
  adminCreateUser(input: {
    Username: string;
    UserAttributes?: AttributeType[];
    /** Omit to generate one that satisfies the policy. */
    TemporaryPassword?: string;
    /** RESEND re-sends the invitation to an existing FORCE_CHANGE_PASSWORD user; SUPPRESS sends nothing. */
    MessageAction?: 'RESEND' | 'SUPPRESS';
    DesiredDeliveryMediums?: Array<'EMAIL' | 'SMS'>;
  }): Promise<{ User: IdentityUser }>;
  adminGetUser(input: { Username: string }): Promise<IdentityUser>;
  adminUpdateUserAttributes(input: { Username: string; UserAttributes: AttributeType[] }): Promise<void>;
  adminDeleteUser(input: { Username: string }): Promise<void>;
  adminDisableUser(input: { Username: string }): Promise<void>;
  adminEnableUser(input: { Username: string }): Promise<void>;
  adminResetUserPassword(input: { Username: string }): Promise<void>;
  adminSetUserPassword(input: { Username: string; Password: string; Permanent: boolean }): Promise<void>;
  adminUserGlobalSignOut(input: { Username: string }): Promise<void>;
  listUsers(input: { Filter?: string; Limit?: number; PaginationToken?: string }): Promise<{
    Users: IdentityUser[];
    PaginationToken?: string;
  }>;
}

/** The verified claims of an access token. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  client_id: string;
  token_use: 'access';
  scope: string;
  iss: string;
  iat: number;
  exp: number;
  auth_time: number;
  jti: string;
  origin_jti: string;
}

/**
 * Why a bearer token was refused. `detail` strings the browser's refresh logic keys on contain
 * "expired" or "invalid" (spec §8).
 */
export class AccessTokenError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid' | 'revoked',
    message: string,
  ) {
    super(message);
  }
}

export interface AccessTokenVerifier {
  /**
   * Verifies signature (issuer's JWKS), `iss`, `exp`, `token_use: access` and `client_id`, and
   * that the token has not been revoked (RevokeToken, GlobalSignOut, password change or reset,
   * disabled or deleted user). Throws AccessTokenError.
   */
  verify(token: string): Promise<AccessTokenClaims>;
}
