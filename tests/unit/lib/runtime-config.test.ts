// The built-in identity service is a custom user pool endpoint by design, so Amplify's warning
// about one is held back, and only that warning (issue 24).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../../openapi/runtime-config.ts';
import { configureAmplify } from '../../../src/lib/runtime-config.ts';

const config = (identityEndpoint: string | null): RuntimeConfig => ({
  amplify: {
    version: '1.4',
    auth: {
      aws_region: 'ap-south-1',
      user_pool_id: 'ap-south-1_clinic',
      user_pool_client_id: 'clinicclient',
      username_attributes: ['email'],
      standard_required_attributes: ['email'],
      user_verification_types: ['email'],
    } as RuntimeConfig['amplify']['auth'],
  },
  identityEndpoint,
  superAdminEmail: 'admin@clinic.test',
  apiBase: 'http://127.0.0.1/api/v1',
  locale: 'en-IN',
  timeZone: 'Asia/Kolkata',
  dialCode: '+91',
  clinicName: 'Thrive Clinic',
  clinicLogo: null,
});

afterEach(() => vi.restoreAllMocks());

describe('configureAmplify', () => {
  it('says nothing about the built-in identity service being a custom endpoint', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureAmplify(config('http://127.0.0.1:3000/identity'));
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/custom (Amazon )+Cognito User Pool endpoint/);
  });

  it('leaves console.warn as it found it, so other warnings still show', () => {
    const before = console.warn;
    configureAmplify(config('http://127.0.0.1:3000/identity'));
    expect(console.warn).toBe(before);
  });

  it('the warning it holds back is real: Amplify gives it when configured directly', async () => {
    const { Amplify } = await import('aws-amplify');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    Amplify.configure({
      Auth: { Cognito: { userPoolId: 'ap-south-1_clinic', userPoolClientId: 'clinicclient', userPoolEndpoint: 'http://127.0.0.1:3000/identity' } },
    });
    expect(warn.mock.calls.flat().join(' ')).toMatch(/custom (Amazon )+Cognito User Pool endpoint/);
  });
});
