// Admin actions over HTTP are accepted only when signed with AWS Signature V4 by the configured
// admin key (what the AWS SDK and CLI send). We re-sign the received request with
// @smithy/signature-v4 and compare signatures in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';

const MAX_SKEW_MS = 15 * 60_000;

export interface SignedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

/** True when the request carries a valid, fresh signature by `accessKeyId`. */
export async function verifySigV4(request: SignedRequest, key: { accessKeyId: string; secretAccessKey: string }): Promise<boolean> {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string') return false;
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    auth,
  );
  if (!m) return false;
  const [, accessKeyId, , region, service, signedHeaders, signature] = m;
  if (accessKeyId !== key.accessKeyId) return false;
  const amzDate = request.headers['x-amz-date'];
  const date = typeof amzDate === 'string' ? parseAmzDate(amzDate) : null;
  if (!date || Math.abs(date.getTime() - Date.now()) > MAX_SKEW_MS) return false;
  // The signature covers the body through this header when it is present: it must be the
  // hash of the body actually received, or a captured request could carry another body.
  const contentHash = request.headers['x-amz-content-sha256'];
  if (contentHash !== undefined && contentHash !== createHash('sha256').update(request.body).digest('hex')) return false;
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return false;
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value !== 'string') return false;
    headers[name] = value;
  }
  const signer = new SignatureV4({ credentials: key, region, service, sha256: Sha256, uriEscapePath: true });
  const [path, query = ''] = request.path.split('?');
  const queryParams: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(query)) queryParams[k] = v;
  const signed = await signer.sign(
    { method: request.method, protocol: 'https:', hostname: headers.host, path, query: queryParams, headers, body: request.body },
    { signingDate: date, signableHeaders: new Set(names), unsignableHeaders: new Set() },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
  if (!expected) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}
