// How the sign-in page learns which first factors it may offer (issue 39): /config.json carries
// amplify_outputs' standard `passwordless` section for IDENTITY_SIGN_IN_FACTORS, the real
// aws-amplify client parses it, and the sign-in component reads its factors from what aws-amplify
// was configured with. Every field /config.json had before stays as it was.
import { parseAmplifyConfig } from 'aws-amplify/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordlessOutputs } from '../../../server/routes/runtime-config.ts';
import { authenticatorConfigFrom } from '../../../src/features/identity/identity-api.ts';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const FIELDS = [
  'amplify',
  'apiBase',
  'clinicLogo',
  'clinicName',
  'dialCode',
  'identityEndpoint',
  'labDeskRoles',
  'locale',
  'onlinePayments',
  'superAdminEmail',
  'timeZone',
];

async function runtimeConfig(t: TestApp) {
  const res = await t.app.inject({ url: '/config.json', headers: { host: 'clinic.example' } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe.each(engines)('the sign-in factors in /config.json (%s)', (engine) => {
  let every: TestApp;
  let passwordOnly: TestApp;
  beforeAll(async () => {
    [every, passwordOnly] = await Promise.all([buildTestApp(engine), buildTestApp(engine, { env: { IDENTITY_SIGN_IN_FACTORS: 'PASSWORD' } })]);
  }, 180_000);
  afterAll(async () => {
    await every?.close();
    await passwordOnly?.close();
  });

  it('offers codes by email and SMS by default, as amplify_outputs writes them, beside every field it had', async () => {
    const body = await runtimeConfig(every);
    expect(Object.keys(body).sort()).toEqual(FIELDS);
    expect(body.amplify.auth.passwordless).toEqual({ email_otp_enabled: true, sms_otp_enabled: true });
    expect(body.amplify.auth.user_pool_id).toBe(every.runtime.identity.poolId);
    expect(body.amplify.auth.username_attributes).toEqual(['email']);
  });

  it('is read by aws-amplify and by the sign-in component: the password first, then the codes', async () => {
    const parsed = parseAmplifyConfig((await runtimeConfig(every)).amplify);
    expect(parsed.Auth?.Cognito.passwordless).toMatchObject({ emailOtpEnabled: true, smsOtpEnabled: true });
    expect(authenticatorConfigFrom(parsed).signInFactors).toEqual(['PASSWORD', 'EMAIL_OTP', 'SMS_OTP']);
  });

  it('has no passwordless section when the password is the only factor: the sign-in screen is the spec’s', async () => {
    const body = await runtimeConfig(passwordOnly);
    expect(Object.keys(body).sort()).toEqual(FIELDS);
    expect(body.amplify.auth).not.toHaveProperty('passwordless');
    expect(authenticatorConfigFrom(parseAmplifyConfig(body.amplify)).signInFactors).toEqual(['PASSWORD']);
  });
});

describe('the passwordless section', () => {
  it('names passkeys with PUBLIC_URL’s host as the relying party and user verification required', () => {
    expect(passwordlessOutputs(['PASSWORD', 'WEB_AUTHN'], 'https://clinic.example:8443')).toEqual({
      email_otp_enabled: false,
      sms_otp_enabled: false,
      web_authn: { relying_party_id: 'clinic.example', user_verification: 'required' },
    });
    const parsed = parseAmplifyConfig({
      version: '1.4',
      auth: {
        aws_region: 'ap-south-1',
        user_pool_id: 'ap-south-1_Passkeys1',
        user_pool_client_id: 'passkeysclient',
        passwordless: passwordlessOutputs(['PASSWORD', 'WEB_AUTHN', 'SMS_OTP'], 'https://clinic.example'),
      },
    } as Parameters<typeof parseAmplifyConfig>[0]);
    expect(authenticatorConfigFrom(parsed).signInFactors).toEqual(['PASSWORD', 'WEB_AUTHN', 'SMS_OTP']);
  });

  it('is absent for the password alone', () => {
    expect(passwordlessOutputs(['PASSWORD'], 'http://localhost:3000')).toBeUndefined();
  });
});
