// First start on an empty database: one SUPER_ADMIN, FORCE_CHANGE_PASSWORD, password printed once.
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapSuperAdmin, generateTemporaryPassword } from '../../../server/bootstrap.ts';
import { passwordPolicy } from '../../../machines/rules/password-policy.ts';
import { engines } from '../../support/engines.ts';
import { identityCall } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(engines)('first-start bootstrap on %s', (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('creates the SUPER_ADMIN with a generated password printed once, and only once', async () => {
    t = await buildTestApp(engine, { env: { ADMIN_EMAIL: 'Owner@Clinic.Example' } });
    const printed: string[] = [];
    const first = await bootstrapSuperAdmin({ db: t.database.db, admin: t.runtime.identity.admin, config: t.runtime.config, print: (s) => printed.push(s) });
    expect(first.created).toBe(true);
    expect(first.email).toBe('owner@clinic.example');
    expect(first.generatedPassword).toBeTruthy();
    expect(printed.join('\n')).toContain(first.generatedPassword!);
    const user = await t.runtime.identity.admin.adminGetUser({ Username: 'owner@clinic.example' });
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(user.Attributes.find((a) => a.Name === 'custom:role')?.Value).toBe('SUPER_ADMIN');
    const row = await t.database.db.selectFrom('users').select(['role', 'sub']).where('email', '=', 'owner@clinic.example').executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'SUPER_ADMIN', sub: user.Attributes.find((a) => a.Name === 'sub')!.Value });
    expect(await t.database.db.selectFrom('user_profiles').select('id').executeTakeFirst()).toBeDefined();
    // No invitation went out (MessageAction SUPPRESS).
    expect(await t.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', 'owner@clinic.example').executeTakeFirst()).toBeUndefined();
    // The temporary password signs in to the forced new-password step.
    const signIn = await identityCall(t, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.runtime.identity.clientId,
      AuthParameters: { USERNAME: 'owner@clinic.example', PASSWORD: first.generatedPassword },
    });
    expect(signIn.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const again = await bootstrapSuperAdmin({ db: t.database.db, admin: t.runtime.identity.admin, config: t.runtime.config, print: (s) => printed.push(s) });
    expect(again).toEqual({ created: false, email: 'owner@clinic.example', generatedPassword: null });
    expect(printed).toHaveLength(1);
  }, 120_000);

  it('uses ADMIN_TEMP_PASSWORD when set and prints no password', async () => {
    t = await buildTestApp(engine, { env: { ADMIN_TEMP_PASSWORD: 'First-Start-Pass-9' } });
    const printed: string[] = [];
    const result = await bootstrapSuperAdmin({ db: t.database.db, admin: t.runtime.identity.admin, config: t.runtime.config, print: (s) => printed.push(s) });
    expect(result).toEqual({ created: true, email: 'admin@clinic.local', generatedPassword: null });
    expect(printed.join('\n')).not.toContain('First-Start-Pass-9');
    const signIn = await identityCall(t, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.runtime.identity.clientId,
      AuthParameters: { USERNAME: 'admin@clinic.local', PASSWORD: 'First-Start-Pass-9' },
    });
    expect(signIn.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  }, 120_000);
});

describe('generated temporary passwords', () => {
  it('always satisfy the password policy', () => {
    for (let i = 0; i < 200; i++) {
      const p = generateTemporaryPassword();
      expect(p.length).toBeGreaterThanOrEqual(passwordPolicy.minLength);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
    }
  });
});
