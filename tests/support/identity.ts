// Helpers for tests that need identities from the built-in service: accounts made through the
// real admin interface and signed in over the real wire protocol (no mocks).
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { ClinicRole } from '../../server/identity/contracts.ts';
import { claimSignature, computeX, formatTimestamp, g, k, modPow, N, passwordKey, scramble } from '../../server/identity/srp.ts';
import { readOutbox } from '../../server/mail/transport.ts';
import type { TestApp } from './test-app.ts';

export const DEFAULT_TEST_PASSWORD = 'Clinic-Test-Pass-1';

export interface IdentityReply {
  status: number;
  body: Record<string, any>;
  headers: LightMyRequestResponse['headers'];
}

/** One Cognito action over POST /identity (in-process, through app.inject). */
export async function identityCall(
  testApp: Pick<TestApp, 'app'>,
  action: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<IdentityReply> {
  const res = await testApp.app.inject({
    method: 'POST',
    url: '/identity',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      ...headers,
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {}, headers: res.headers };
}

export interface SignedInUser {
  sub: string;
  username: string;
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** USER_PASSWORD_AUTH over HTTP; throws with the Cognito error if the sign-in does not complete. */
export async function signIn(testApp: Pick<TestApp, 'app' | 'runtime'>, username: string, password: string) {
  const res = await identityCall(testApp, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: testApp.runtime.identity.clientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  if (res.status !== 200 || !res.body.AuthenticationResult) {
    throw new Error(`sign-in of ${username} did not complete: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const r = res.body.AuthenticationResult;
  return { accessToken: r.AccessToken as string, idToken: r.IdToken as string, refreshToken: r.RefreshToken as string };
}

/**
 * Creates a CONFIRMED account with `custom:role` through `runtime.identity.admin` (permanent
 * password, no invitation) and signs it in over HTTP.
 */
export async function createSignedInUser(
  testApp: Pick<TestApp, 'app' | 'runtime'>,
  options: { email: string; role: ClinicRole; password?: string; attributes?: Record<string, string> },
): Promise<SignedInUser> {
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const admin = testApp.runtime.identity.admin;
  const attributes = { email_verified: 'true', ...options.attributes, email: options.email, 'custom:role': options.role };
  const { User } = await admin.adminCreateUser({
    Username: options.email,
    UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    MessageAction: 'SUPPRESS',
  });
  await admin.adminSetUserPassword({ Username: User.Username, Password: password, Permanent: true });
  const tokens = await signIn(testApp, options.email, password);
  const sub = User.Attributes.find((a) => a.Name === 'sub')!.Value;
  return { sub, username: User.Username, email: options.email.toLowerCase(), password, ...tokens };
}

/** The newest message to `to` in the outbox (MAIL_TRANSPORT=outbox). */
export async function latestMessage(testApp: Pick<TestApp, 'database'>, to: string) {
  const [message] = await readOutbox(testApp.database.db, to, 1);
  if (!message) throw new Error(`no message to ${to} in the outbox`);
  return message;
}

/** The 6-digit code in the newest message to `to`. */
export async function latestCode(testApp: Pick<TestApp, 'database'>, to: string): Promise<string> {
  const message = await latestMessage(testApp, to);
  const code = /\b(\d{6,8})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in the newest message to ${to}`);
  return code;
}

/** The temporary password in the newest invitation to `to`. */
export async function latestTemporaryPassword(testApp: Pick<TestApp, 'database'>, to: string): Promise<string> {
  const message = await latestMessage(testApp, to);
  const password = /^Temporary password: (.+)$/m.exec(message.body)?.[1];
  if (!password) throw new Error(`no temporary password in the newest message to ${to}`);
  return password;
}

/**
 * The client half of Cognito SRP (what Amplify computes), for raw protocol tests and the
 * benchmark where Amplify's global state cannot run concurrent sign-ins.
 */
export function srpClient(poolId: string) {
  const poolName = poolId.split('_')[1];
  const a = BigInt(`0x${randomBytes(128).toString('hex')}`);
  const A = modPow(g, a);
  return {
    srpA: A.toString(16),
    answer(params: { SALT: string; SRP_B: string; SECRET_BLOCK: string; USER_ID_FOR_SRP: string }, password: string, now = new Date()) {
      const B = BigInt(`0x${params.SRP_B}`);
      const u = scramble(A, B);
      const x = computeX(poolName, params.USER_ID_FOR_SRP, password, params.SALT);
      const base = (((B - k * modPow(g, x)) % N) + N) % N;
      const S = modPow(base, a + u * x);
      const timestamp = formatTimestamp(now);
      const signature = claimSignature(passwordKey(u, S), poolName, params.USER_ID_FOR_SRP, params.SECRET_BLOCK, timestamp);
      return {
        USERNAME: params.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: params.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: signature.toString('base64'),
      };
    },
  };
}
