// The Amazon Cognito side: admin actions through @aws-sdk/client-cognito-identity-provider and
// access-token verification against the pool's remote JWKS with jose. The same adapter runs in
// tests against the built-in service (endpoint override plus the admin key).
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, errors as joseErrors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import {
  type AccessTokenClaims,
  AccessTokenError,
  type AccessTokenVerifier,
  type AttributeType,
  type IdentityAdmin,
  IdentityError,
  type IdentityUser,
  type UserStatus,
} from './contracts.ts';

function toUser(u: {
  Username?: string;
  Attributes?: { Name?: string; Value?: string }[];
  UserAttributes?: { Name?: string; Value?: string }[];
  UserStatus?: string;
  Enabled?: boolean;
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
}): IdentityUser {
  const attrs = (u.Attributes ?? u.UserAttributes ?? []).map((a) => ({ Name: a.Name ?? '', Value: a.Value ?? '' }));
  return {
    Username: u.Username ?? '',
    Attributes: attrs,
    UserStatus: (u.UserStatus ?? 'UNKNOWN') as UserStatus,
    Enabled: u.Enabled ?? true,
    UserCreateDate: u.UserCreateDate ?? new Date(0),
    UserLastModifiedDate: u.UserLastModifiedDate ?? new Date(0),
  };
}

/** SDK errors become IdentityError with the same exception name and message. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { name?: string; message?: string; $metadata?: unknown };
    if (e && e.$metadata && e.name) throw new IdentityError(e.name, e.message ?? e.name);
    throw error;
  }
}

export function createCognitoAdmin(client: CognitoIdentityProviderClient, userPoolId: string): IdentityAdmin {
  const P = { UserPoolId: userPoolId };
  return {
    async adminCreateUser(input) {
      const out = await call(() => client.send(new AdminCreateUserCommand({ ...P, ...input })));
      return { User: toUser(out.User as UserType) };
    },
    async adminGetUser(input) {
      return toUser(await call(() => client.send(new AdminGetUserCommand({ ...P, ...input }))));
    },
    async adminUpdateUserAttributes(input: { Username: string; UserAttributes: AttributeType[] }) {
      await call(() => client.send(new AdminUpdateUserAttributesCommand({ ...P, ...input })));
    },
    async adminDeleteUser(input) {
      await call(() => client.send(new AdminDeleteUserCommand({ ...P, ...input })));
    },
    async adminDisableUser(input) {
      await call(() => client.send(new AdminDisableUserCommand({ ...P, ...input })));
    },
    async adminEnableUser(input) {
      await call(() => client.send(new AdminEnableUserCommand({ ...P, ...input })));
    },
    async adminResetUserPassword(input) {
      await call(() => client.send(new AdminResetUserPasswordCommand({ ...P, ...input })));
    },
    async adminSetUserPassword(input) {
      await call(() => client.send(new AdminSetUserPasswordCommand({ ...P, ...input })));
    },
    async adminUserGlobalSignOut(input) {
      await call(() => client.send(new AdminUserGlobalSignOutCommand({ ...P, ...input })));
    },
    async listUsers(input) {
      const out = await call(() => client.send(new ListUsersCommand({ ...P, ...input })));
      return { Users: (out.Users ?? []).map(toUser), ...(out.PaginationToken ? { PaginationToken: out.PaginationToken } : {}) };
    },
  };
}

/**
 * Verifies access tokens offline against a JWKS. Cognito's own revocation is not visible
 * offline; the business API's calls that need it (admin) go through Cognito, which refuses
 * revoked tokens itself.
 */
export function createJwksAccessTokenVerifier(options: { issuer: string; clientId: string; jwks?: JWTVerifyGetKey }): AccessTokenVerifier {
  const jwks = options.jwks ?? createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  return {
    async verify(token: string): Promise<AccessTokenClaims> {
      let claims: AccessTokenClaims;
      try {
        const { payload } = await jwtVerify(token, jwks, { algorithms: ['RS256'], issuer: options.issuer });
        claims = payload as unknown as AccessTokenClaims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired', 'Access Token has expired');
        throw new AccessTokenError('invalid', 'Invalid Access Token');
      }
      if (claims.token_use !== 'access' || claims.client_id !== options.clientId) {
        throw new AccessTokenError('invalid', 'Invalid Access Token');
      }
      return claims;
    },
  };
}

export function cognitoClient(options: { region: string; endpoint?: string; credentials?: { accessKeyId: string; secretAccessKey: string } }) {
  return new CognitoIdentityProviderClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
}
