// The identity side of the server as the rest of it sees it: what /config.json tells Amplify,
// and where the browser sends identity calls. The built-in provider answers at /identity on
// this server; with IDENTITY_PROVIDER=cognito the browser talks to Amazon Cognito directly.
import type { Db } from '../db/database.ts';
import type { ServerConfig } from '../config.ts';
import type { AmplifyAuthOutputs } from '../../openapi/runtime-config.ts';
import { ensurePool, IDENTITY_REGION } from './pool.ts';
import { passwordPolicy } from '../../machines/rules/password-policy.ts';

export interface IdentityRuntime {
  provider: 'builtin' | 'cognito';
  poolId: string;
  clientId: string;
  region: string;
  amplifyAuthOutputs(): AmplifyAuthOutputs;
  /** Absolute URL Amplify posts to (`userPoolEndpoint`), or null for real Cognito. */
  endpoint(origin: string): string | null;
}

function outputs(poolId: string, clientId: string, region: string): AmplifyAuthOutputs {
  return {
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
    mfa_configuration: 'NONE',
    mfa_methods: [],
    username_attributes: ['email'],
    user_verification_types: ['email'],
    standard_required_attributes: ['email'],
  };
}

export async function createIdentityRuntime(config: ServerConfig, db: Db): Promise<IdentityRuntime> {
  if (config.identity.provider === 'cognito') {
    const { userPoolId, clientId, region } = config.identity.cognito;
    if (!userPoolId || !clientId) {
      throw new Error('IDENTITY_PROVIDER=cognito needs COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID');
    }
    return {
      provider: 'cognito',
      poolId: userPoolId,
      clientId,
      region,
      amplifyAuthOutputs: () => outputs(userPoolId, clientId, region),
      endpoint: () => null,
    };
  }
  const pool = await ensurePool(db, config.identity.poolId);
  return {
    provider: 'builtin',
    poolId: pool.poolId,
    clientId: pool.clientId,
    region: IDENTITY_REGION,
    amplifyAuthOutputs: () => outputs(pool.poolId, pool.clientId, IDENTITY_REGION),
    endpoint: (origin) => `${origin}/identity`,
  };
}
