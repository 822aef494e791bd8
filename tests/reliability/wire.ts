// Request helpers for the reliability suite: identity actions in-process (plain, or SigV4-signed
// as the AWS SDK signs admin actions) and contract checks of API responses.
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../server/api/contract.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export const contract = loadContract();
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compiled = new Map<string, ReturnType<Ajv['compile']> | null>();

export const ADMIN_ACTIONS = [
  'AdminCreateUser',
  'AdminGetUser',
  'AdminUpdateUserAttributes',
  'AdminDeleteUser',
  'AdminDisableUser',
  'AdminEnableUser',
  'AdminResetUserPassword',
  'AdminSetUserPassword',
  'AdminUserGlobalSignOut',
  'ListUsers',
] as const;

export const TEST_ADMIN_KEY = { accessKeyId: 'AKIDRELIABILITY0001', secretAccessKey: 'reliability-suite-admin-secret-0123456789' };

export interface IdentityResult {
  status: number;
  body: Record<string, any>;
  raw: string;
}

/** One identity action over POST /identity; `key` signs it with SigV4 as the AWS SDK would. */
export async function identityAction(
  app: FastifyInstance,
  action: string,
  body: unknown,
  options: { key?: { accessKeyId: string; secretAccessKey: string }; ip?: string } = {},
): Promise<IdentityResult> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  let headers: Record<string, string> = {
    host: 'localhost',
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
  };
  if (options.key) {
    const signer = new SignatureV4({ credentials: options.key, region: 'ap-south-1', service: 'cognito-idp', sha256: Sha256 });
    const signed = await signer.sign({ method: 'POST', protocol: 'https:', hostname: 'localhost', path: '/identity', headers, body: payload });
    headers = signed.headers as Record<string, string>;
  }
  const res = await app.inject({
    method: 'POST',
    url: '/identity',
    headers: { ...headers, ...(options.ip ? { 'x-forwarded-for': options.ip } : {}) },
    payload,
  });
  let parsed: Record<string, any>;
  try {
    parsed = res.body ? JSON.parse(res.body) : {};
  } catch {
    parsed = { unparsable: true };
  }
  return { status: res.statusCode, body: parsed, raw: res.body };
}

/** Null when the response fits the contract's schema for its status (or has no body), else why not. */
export function contractViolation(operationId: string, status: number, body: unknown): string | null {
  const key = `${operationId} ${status}`;
  if (!compiled.has(key)) {
    const schema = (contract.routeSchema(operationId).response as Record<string, unknown> | undefined)?.[String(status)];
    compiled.set(key, schema ? ajv.compile(schema as object) : null);
  }
  const validate = compiled.get(key);
  if (!validate) return null;
  return validate(body) ? null : ajv.errorsText(validate.errors);
}
