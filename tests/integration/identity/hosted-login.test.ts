// The hosted login domain (spec §1): COGNITO_DOMAIN reaches Amplify's OAuth settings through
// /config.json, with no identity providers, so the real Amplify client configures the domain and
// the sign-in component offers no social button. Without the variable there is no OAuth section.
import { parseAmplifyConfig } from 'aws-amplify/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const COGNITO = {
  IDENTITY_PROVIDER: 'cognito',
  COGNITO_USER_POOL_ID: 'ap-south-1_HostedT1',
  COGNITO_CLIENT_ID: 'hostedloginclient',
  COGNITO_REGION: 'ap-south-1',
};

async function runtimeConfig(t: TestApp) {
  const res = await t.app.inject({ url: '/config.json', headers: { host: 'clinic.example' } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('hosted login domain in /config.json', () => {
  let withDomain: TestApp;
  let withoutDomain: TestApp;
  beforeAll(async () => {
    withDomain = await buildTestApp('pglite', { env: { ...COGNITO, COGNITO_DOMAIN: 'login.clinic.example' } });
    withoutDomain = await buildTestApp('pglite', { env: COGNITO });
  }, 180_000);
  afterAll(async () => {
    await withDomain?.close();
    await withoutDomain?.close();
  });

  it('carries COGNITO_DOMAIN in the OAuth settings with an empty provider list', async () => {
    const body = await runtimeConfig(withDomain);
    expect(body.amplify.auth.oauth).toEqual({
      identity_providers: [],
      domain: 'login.clinic.example',
      scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      redirect_sign_in_uri: ['http://clinic.example/'],
      redirect_sign_out_uri: ['http://clinic.example/login'],
      response_type: 'code',
    });
  });

  it('is read by the Amplify client as the OAuth domain, with no social providers', async () => {
    const parsed = parseAmplifyConfig((await runtimeConfig(withDomain)).amplify);
    const oauth = parsed.Auth?.Cognito.loginWith?.oauth;
    expect(oauth?.domain).toBe('login.clinic.example');
    expect(oauth?.providers ?? []).toEqual([]);
    expect(oauth?.responseType).toBe('code');
  });

  it('has no OAuth section without a domain', async () => {
    expect((await runtimeConfig(withoutDomain)).amplify.auth).not.toHaveProperty('oauth');
  });
});
