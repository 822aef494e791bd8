import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { verifySigV4 } from '../../../server/identity/sigv4.ts';

const key = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' };

async function signed(body: string, date = new Date(), credentials = key) {
  const signer = new SignatureV4({ credentials, region: 'ap-south-1', service: 'cognito-idp', sha256: Sha256 });
  const request = await signer.sign(
    {
      method: 'POST',
      protocol: 'http:',
      hostname: '127.0.0.1:3000',
      path: '/identity/',
      query: {},
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers' },
      body,
    },
    { signingDate: date },
  );
  return { method: 'POST', path: '/identity/', headers: request.headers as Record<string, string>, body };
}

describe('SigV4 verification of admin requests', () => {
  it('accepts a request signed by the admin key', async () => {
    expect(await verifySigV4(await signed('{"UserPoolId":"p"}'), key)).toBe(true);
  });

  it('refuses a changed body, a changed target, another key, a stale date and no signature', async () => {
    const good = await signed('{"UserPoolId":"p"}');
    expect(await verifySigV4({ ...good, body: '{"UserPoolId":"q"}' }, key)).toBe(false);
    expect(await verifySigV4({ ...good, headers: { ...good.headers, 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDeleteUser' } }, key)).toBe(false);
    expect(await verifySigV4(await signed('{}', new Date(), { ...key, secretAccessKey: 'other' }), key)).toBe(false);
    expect(await verifySigV4(await signed('{}', new Date(Date.now() - 3_600_000)), key)).toBe(false);
    const { authorization: _dropped, ...unsigned } = good.headers;
    expect(await verifySigV4({ ...good, headers: unsigned }, key)).toBe(false);
  });
});
