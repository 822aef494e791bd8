// The identity side of the server as the rest of it sees it: what /config.json tells Amplify,
// where the browser sends identity calls, the admin interface and the access-token verifier.
// The built-in provider answers at /identity on this server; with IDENTITY_PROVIDER=cognito the
// browser talks to Amazon Cognito directly and the server uses the AWS SDK and Cognito's JWKS.
import pino, { type Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { ServerConfig } from '../config.ts';
import type { AmplifyAuthOutputs } from '../../openapi/runtime-config.ts';
import { createMailTransport, type MailTransport } from '../mail/transport.ts';
import { ensurePool, IDENTITY_REGION } from './pool.ts';
import { passwordPolicy } from '../../machines/rules/password-policy.ts';
import type { AccessTokenVerifier, IdentityAdmin } from './contracts.ts';
import { createSealer, resolveIdentitySecret } from './secret.ts';
import { BuiltinIdentityService } from './service.ts';
import { type IdentitySettings, loadIdentitySettings, type MfaConfiguration } from './settings.ts';

export interface IdentityRuntime {
  provider: 'builtin' | 'cognito';
  poolId: string;
  clientId: string;
  region: string;
  /** The `auth` section of amplify_outputs.json; `origin` is where the hosted login returns to. */
  amplifyAuthOutputs(origin: string): AmplifyAuthOutputs;
  /** Absolute URL Amplify posts to (`userPoolEndpoint`), or null for real Cognito. */
  endpoint(origin: string): string | null;
  /** Admin actions (in-process for the built-in pool, the AWS SDK for Cognito). */
  admin: IdentityAdmin;
  /** Verifies the bearer access tokens the business API receives. */
  accessTokens: AccessTokenVerifier;
  /** The token issuer (`iss`). */
  issuer: string;
  /** The built-in service itself (routes, tests); null with Cognito. */
  builtin: BuiltinIdentityService | null;
}

/**
 * The hosted login domain (spec §1) as Amplify's OAuth settings. No identity providers: the
 * sign-in component shows no social button, and sign-in stays on the app's own form.
 */
export function hostedLogin(domain: string, origin: string): NonNullable<AmplifyAuthOutputs['oauth']> {
  return {
    identity_providers: [],
    domain,
    scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    redirect_sign_in_uri: [`${origin}/`],
    redirect_sign_out_uri: [`${origin}/login`],
    response_type: 'code',
  };
}

function outputs(poolId: string, clientId: string, region: string, mfa: MfaConfiguration, oauth?: AmplifyAuthOutputs['oauth']): AmplifyAuthOutputs {
  return {
    ...(oauth ? { oauth } : {}),
    aws_region: region,
    user_pool_id: poolId,
    user_pool_client_id: clientId,
    password_policy: {
      min_length: passwordPolicy.minLength,
      require_lowercase: true,
      require_uppercase: true,
      require_numbers: true,
      require_symbols: true,
    },
    mfa_configuration: mfa === 'OFF' ? 'NONE' : mfa === 'ON' ? 'REQUIRED' : 'OPTIONAL',
    mfa_methods: mfa === 'OFF' ? [] : ['TOTP', 'SMS'],
    username_attributes: ['email'],
    user_verification_types: ['email'],
    standard_required_attributes: ['email'],
  };
}

export interface IdentityDependencies {
  mail?: MailTransport;
  log?: Logger;
  /** Environment for identity settings beyond ServerConfig (IDENTITY_MFA, token lifetimes...). */
  env?: NodeJS.ProcessEnv;
}

export async function createIdentityRuntime(config: ServerConfig, db: Db, deps: IdentityDependencies = {}): Promise<IdentityRuntime> {
  const settings: IdentitySettings = loadIdentitySettings(deps.env ?? {});
  if (config.identity.provider === 'cognito') {
    const { userPoolId, clientId, region, domain } = config.identity.cognito;
    if (!userPoolId || !clientId) {
      throw new Error('IDENTITY_PROVIDER=cognito needs COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID');
    }
    // The AWS SDK (about 18 MiB of RSS once imported) loads only for a Cognito pool.
    const { cognitoClient, createCognitoAdmin, createJwksAccessTokenVerifier } = await import('./cognito.ts');
    const issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
    return {
      provider: 'cognito',
      poolId: userPoolId,
      clientId,
      region,
      amplifyAuthOutputs: (origin) => outputs(userPoolId, clientId, region, settings.mfa, domain ? hostedLogin(domain, origin) : undefined),
      endpoint: () => null,
      admin: createCognitoAdmin(cognitoClient({ region }), userPoolId),
      accessTokens: createJwksAccessTokenVerifier({ issuer, clientId }),
      issuer,
      builtin: null,
    };
  }
  const log = deps.log ?? pino({ level: 'silent' });
  const secret = resolveIdentitySecret(config);
  const pool = await ensurePool(db, config.identity.poolId);
  const mail = deps.mail ?? createMailTransport({ kind: config.mail.transport, smtpUrl: config.mail.smtpUrl, fromAddress: config.supportEmail, db, log });
  const issuer = `${config.publicUrl}/identity/${pool.poolId}`;
  const service = new BuiltinIdentityService({
    db,
    sealer: createSealer(secret),
    poolId: pool.poolId,
    poolName: pool.poolId.split('_')[1],
    clientId: pool.clientId,
    issuer,
    signInUrl: `${config.publicUrl}/login`,
    publicUrl: config.publicUrl,
    settings,
    allowSelfSignUp: config.identity.allowSelfSignUp,
    mail,
    log,
  });
  await service.start();
  return {
    provider: 'builtin',
    poolId: pool.poolId,
    clientId: pool.clientId,
    region: IDENTITY_REGION,
    amplifyAuthOutputs: () => outputs(pool.poolId, pool.clientId, IDENTITY_REGION, settings.mfa),
    endpoint: (origin) => `${origin}/identity`,
    admin: service.admin,
    accessTokens: service.tokens,
    issuer,
    builtin: service,
  };
}
