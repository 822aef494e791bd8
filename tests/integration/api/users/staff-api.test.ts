// The API pieces behind the staff pages (issue 8): list filters and columns for /clients, user
// management for /users (deactivate, reactivate, resend invitation, reset password, role change
// kept equal in identity), the consent history for client details, and the clinic settings of
// /backoffice (which also feed /config.json's superAdminEmail). Each operation is run for every
// role, and checked against the contract (api() in tests/integration/api/support.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ADMIN_TEXT } from '../../../../server/api/people/user-admin-routes.ts';
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import { engines } from '../../../support/engines.ts';
import { identityCall, latestCode, latestMessage, latestTemporaryPassword, signIn } from '../../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addEnrollment, addProgram, addTarget, addUser, api, uniqueEmail } from '../support.ts';

const ROLES: ClinicRole[] = ['CLIENT', 'NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN'];
const CLINICAL: ClinicRole[] = ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'];
const SUPPORT_EMAIL = 'support@thrive.test';

describe.each(engines)('staff pages API on %s', (engine) => {
  let t: TestApp;
  const actors = {} as Record<ClinicRole, Actor>;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { SUPPORT_EMAIL } });
    for (const role of ROLES) actors[role] = await addUser(t, role);
    // Eight real accounts (password hashing, sign-in) take a while on a busy machine.
  }, 180_000);
  afterAll(() => t.close());

  async function auditOf(client: number, action: string) {
    return t.database.db.selectFrom('audit_events').select(['actor_id', 'outcome']).where('client_id', '=', client).where('action', '=', action).execute();
  }

  describe('GET users/users: clients hub columns and filters', () => {
    let programA: number;
    let programB: number;
    let consented: number;
    let enrolled: number;
    let paused: number;
    beforeAll(async () => {
      programA = await addProgram(t, `Metabolic reset ${engine}`);
      programB = await addProgram(t, `Sleep ${engine}`);
      consented = (await addTarget(t, 'CLIENT', { first_name: 'Kavya', last_name: 'Hubtest' })).id;
      enrolled = (await addTarget(t, 'CLIENT', { first_name: 'Rohan', last_name: 'Hubtest' })).id;
      paused = (await addTarget(t, 'CLIENT', { first_name: 'Meera', last_name: 'Hubtest' })).id;
      await t.database.db
        .updateTable('user_profiles')
        .set({ hipaa_consent: true, hipaa_consent_date: new Date(), hipaa_consent_version: '1.0', date_of_birth: '1980-02-29' })
        .where('user_id', '=', consented)
        .execute();
      await addEnrollment(t, enrolled, programA);
      await addEnrollment(t, enrolled, programB);
      const e = await addEnrollment(t, paused, programA);
      await t.database.db.updateTable('program_enrollments').set({ status: 'paused' }).where('id', '=', e).execute();
      const done = await addEnrollment(t, consented, programB);
      await t.database.db.updateTable('program_enrollments').set({ status: 'completed' }).where('id', '=', done).execute();
    });

    it('adds age (date of birth), current programs, consent and last update to each row', async () => {
      const res = await api(t, actors.RECEPTION, 'GET', '/users/users?role=CLIENT&search=hubtest&ordering=first_name');
      expect(res.status).toBe(200);
      const byName = Object.fromEntries(res.body.results.map((u: any) => [u.first_name, u]));
      expect(byName.Kavya).toMatchObject({ date_of_birth: '1980-02-29', hipaa_consent: true, programs: [] });
      expect(byName.Rohan).toMatchObject({ date_of_birth: null, hipaa_consent: false, programs: [`Metabolic reset ${engine}`, `Sleep ${engine}`] });
      expect(byName.Meera.programs).toEqual([`Metabolic reset ${engine}`]);
      expect(Date.parse(byName.Kavya.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('filters by program (active or paused enrollment) and by consent, with search and role', async () => {
      const inA = await api(t, actors.NURSE, 'GET', `/users/users?role=CLIENT&program=${programA}`);
      expect(inA.body.results.map((u: any) => u.id).sort()).toEqual([enrolled, paused].sort());
      const inB = await api(t, actors.NURSE, 'GET', `/users/users?program=${programB}`);
      expect(inB.body.results.map((u: any) => u.id)).toEqual([enrolled]);
      const yes = await api(t, actors.NURSE, 'GET', '/users/users?role=CLIENT&search=hubtest&consent=true');
      expect(yes.body.results.map((u: any) => u.id)).toEqual([consented]);
      const no = await api(t, actors.NURSE, 'GET', '/users/users?role=CLIENT&search=hubtest&consent=false');
      expect(no.body.count).toBe(2);
      expect((await api(t, actors.NURSE, 'GET', `/users/users?program=${programA}&consent=true`)).body.count).toBe(0);
    });

    it('refuses a bad filter with the field and the reason', async () => {
      const res = await api(t, actors.NURSE, 'GET', '/users/users?program=abc');
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toContain('program');
      expect((await api(t, actors.NURSE, 'GET', '/users/users?consent=maybe')).status).toBe(400);
    });

    it('is staff only', async () => {
      expect((await api(t, actors.CLIENT, 'GET', `/users/users?program=${programA}`)).status).toBe(403);
    });
  });

  describe('deactivate and reactivate', () => {
    const expected = (caller: ClinicRole, target: ClinicRole): number => {
      if (caller === 'CLIENT') return 404;
      if (!['ADMIN', 'SUPER_ADMIN'].includes(caller)) return 403;
      if (['ADMIN', 'SUPER_ADMIN'].includes(target) && caller !== 'SUPER_ADMIN') return 403;
      return 200;
    };
    for (const caller of ROLES) {
      for (const targetRole of ['CLIENT', 'NURSE', 'ADMIN'] as ClinicRole[]) {
        it(`${caller} on a ${targetRole}: ${expected(caller, targetRole)}, audited`, async () => {
          const target = await addTarget(t, targetRole);
          const status = expected(caller, targetRole);
          const off = await api(t, actors[caller], 'POST', `/users/users/${target.id}/deactivate`);
          expect(off.status).toBe(status);
          const audit = await auditOf(target.id, 'user.deactivate');
          expect(audit).toEqual([{ actor_id: actors[caller].id, outcome: status === 200 ? 'success' : 'denied' }]);
          if (status !== 200) {
            expect((await api(t, actors[caller], 'POST', `/users/users/${target.id}/reactivate`)).status).toBe(status);
            return;
          }
          expect(off.body).toMatchObject({ id: target.id, is_active: false });
          expect((await t.runtime.identity.admin.adminGetUser({ Username: target.username })).Enabled).toBe(false);
          const on = await api(t, actors[caller], 'POST', `/users/users/${target.id}/reactivate`);
          expect(on.status).toBe(200);
          expect(on.body.is_active).toBe(true);
          expect((await t.runtime.identity.admin.adminGetUser({ Username: target.username })).Enabled).toBe(true);
          expect(await auditOf(target.id, 'user.reactivate')).toEqual([{ actor_id: actors[caller].id, outcome: 'success' }]);
        });
      }
    }

    it('nobody deactivates themself', async () => {
      for (const role of ROLES) {
        const res = await api(t, actors[role], 'POST', `/users/users/${actors[role].id}/deactivate`);
        expect(res.status).toBe(403);
      }
    });

    it('a deactivated user is signed out, cannot sign in or call the API; reactivated, they can', async () => {
      const user = await addUser(t, 'NURSE');
      expect((await api(t, actors.ADMIN, 'POST', `/users/users/${user.id}/deactivate`)).status).toBe(200);
      expect((await api(t, user, 'GET', '/users/users')).status).toBe(401);
      await expect(signIn(t, user.email, user.password)).rejects.toThrow(/disabled|NotAuthorized/i);
      const inactive = await api(t, actors.ADMIN, 'GET', `/users/users?is_active=false&search=${encodeURIComponent(user.email)}`);
      expect(inactive.body.results.map((u: any) => u.id)).toEqual([user.id]);
      expect((await api(t, actors.ADMIN, 'POST', `/users/users/${user.id}/reactivate`)).status).toBe(200);
      const again = await signIn(t, user.email, user.password);
      expect((await api(t, { ...user, accessToken: again.accessToken }, 'GET', '/users/users')).status).toBe(200);
    });

    it('a user whose sign-in account was deleted cannot be reactivated (409)', async () => {
      const target = await addTarget(t, 'CLIENT');
      expect((await api(t, actors.ADMIN, 'DELETE', `/users/users/${target.id}`)).status).toBe(204);
      const res = await api(t, actors.ADMIN, 'POST', `/users/users/${target.id}/reactivate`);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(USER_ADMIN_TEXT.accountRemoved);
    });

    it('an unknown user is 404', async () => {
      expect((await api(t, actors.ADMIN, 'POST', '/users/users/999999/deactivate')).status).toBe(404);
    });
  });

  describe('resend invitation and reset password', () => {
    it('resends the invitation with a new temporary password that works, for ADMIN and SUPER_ADMIN only', async () => {
      const email = uniqueEmail('invitee');
      const created = await api(t, actors.ADMIN, 'POST', '/users/users', { email, first_name: 'Neha', last_name: 'Joshi', role: 'NURSE' });
      expect(created.status).toBe(201);
      const first = await latestTemporaryPassword(t, email);
      for (const role of ROLES) {
        const res = await api(t, actors[role], 'POST', `/users/users/${created.body.id}/resend-invitation`);
        expect(res.status).toBe(role === 'CLIENT' ? 404 : ['ADMIN', 'SUPER_ADMIN'].includes(role) ? 204 : 403);
      }
      const second = await latestTemporaryPassword(t, email);
      expect(second).not.toBe(first);
      const audit = await auditOf(created.body.id, 'user.invitation.resend');
      expect(audit.filter((a) => a.outcome === 'success')).toHaveLength(2);
      expect(audit.filter((a) => a.outcome === 'denied')).toHaveLength(6);
      const started = await identityCall(t, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: t.runtime.identity.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: second },
      });
      expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    });

    it('answers 409 when the user already set their own password', async () => {
      const res = await api(t, actors.ADMIN, 'POST', `/users/users/${actors.NURSE.id}/resend-invitation`);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(USER_ADMIN_TEXT.alreadySignedIn);
    });

    it('resets a password: the old one stops working and the user gets a code to choose a new one', async () => {
      const user = await addUser(t, 'DOCTOR');
      for (const role of ['CLIENT', 'NURSE', 'DOCTOR'] as ClinicRole[]) {
        expect((await api(t, actors[role], 'POST', `/users/users/${user.id}/reset-password`)).status).toBe(role === 'CLIENT' ? 404 : 403);
      }
      expect((await api(t, actors.ADMIN, 'POST', `/users/users/${user.id}/reset-password`)).status).toBe(204);
      await expect(signIn(t, user.email, user.password)).rejects.toThrow();
      expect((await latestMessage(t, user.email)).body).toMatch(/\d{6}/);
      const code = await latestCode(t, user.email);
      const confirmed = await identityCall(t, 'ConfirmForgotPassword', {
        ClientId: t.runtime.identity.clientId,
        Username: user.email,
        ConfirmationCode: code,
        Password: 'Brand-New-Pass-2!',
      });
      expect(confirmed.status).toBe(200);
      await signIn(t, user.email, 'Brand-New-Pass-2!');
      expect(await auditOf(user.id, 'user.password.reset')).toContainEqual({ actor_id: actors.ADMIN.id, outcome: 'success' });
    });

    it('an ADMIN cannot reset a SUPER_ADMIN, a SUPER_ADMIN can', async () => {
      const top = await addTarget(t, 'SUPER_ADMIN');
      expect((await api(t, actors.ADMIN, 'POST', `/users/users/${top.id}/reset-password`)).status).toBe(403);
      await t.runtime.identity.admin.adminUpdateUserAttributes({ Username: top.username, UserAttributes: [{ Name: 'email_verified', Value: 'true' }] });
      expect((await api(t, actors.SUPER_ADMIN, 'POST', `/users/users/${top.id}/reset-password`)).status).toBe(204);
    });
  });

  describe('role change (PATCH users/user-profiles/{id} {role})', () => {
    it('keeps identity custom:role equal, and only SUPER_ADMIN grants ADMIN', async () => {
      const target = await addTarget(t, 'NURSE');
      expect((await api(t, actors.ADMIN, 'PATCH', `/users/user-profiles/${target.id}`, { role: 'ADMIN' })).status).toBe(403);
      expect((await api(t, actors.ADMIN, 'PATCH', `/users/user-profiles/${target.id}`, { role: 'DOCTOR' })).status).toBe(200);
      const role = async () =>
        (await t.runtime.identity.admin.adminGetUser({ Username: target.username })).Attributes.find((a) => a.Name === 'custom:role')?.Value;
      expect(await role()).toBe('DOCTOR');
      expect((await api(t, actors.SUPER_ADMIN, 'PATCH', `/users/user-profiles/${target.id}`, { role: 'ADMIN' })).status).toBe(200);
      expect(await role()).toBe('ADMIN');
      expect((await api(t, actors.SUPER_ADMIN, 'PATCH', `/users/user-profiles/${actors.SUPER_ADMIN.id}`, { role: 'ADMIN' })).status).toBe(403);
    });
  });

  describe('consent history', () => {
    it('the client sees their own, staff see any client, another client gets 404; every read is audited', async () => {
      const client = await addUser(t, 'CLIENT');
      const consent = { hipaa_consent: true, hipaa_consent_date: new Date().toISOString(), hipaa_consent_version: '1.0' };
      expect((await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, consent, { 'user-agent': 'StaffTest/1' })).status).toBe(200);
      const own = await api(t, client, 'GET', `/users/user-profiles/${client.id}/consent-history`);
      expect(own.status).toBe(200);
      expect(own.body).toEqual([expect.objectContaining({ version: '1.0', recorded_by: client.id, user_agent: 'StaffTest/1' })]);
      for (const role of ROLES.filter((r) => r !== 'CLIENT')) {
        expect((await api(t, actors[role], 'GET', `/users/user-profiles/${client.id}/consent-history`)).body).toHaveLength(1);
      }
      expect((await api(t, actors.CLIENT, 'GET', `/users/user-profiles/${client.id}/consent-history`)).status).toBe(404);
      const audit = await auditOf(client.id, 'consent.read');
      expect(audit.filter((a) => a.outcome === 'success')).toHaveLength(8);
      expect(audit).toContainEqual({ actor_id: actors.CLIENT.id, outcome: 'denied' });
      expect((await api(t, actors.NURSE, 'GET', '/users/user-profiles/999999/consent-history')).status).toBe(404);
    });
  });

  describe('clinic settings', () => {
    it('everyone reads them; only ADMIN and SUPER_ADMIN change them (audited)', async () => {
      for (const role of ROLES) {
        const res = await api(t, actors[role], 'GET', '/clinic/settings');
        expect(res.status).toBe(200);
        const patch = await api(t, actors[role], 'PATCH', '/clinic/settings', { name: `Thrive ${role}` });
        expect(patch.status).toBe(['ADMIN', 'SUPER_ADMIN'].includes(role) ? 200 : 403);
      }
      const denied = await t.database.db
        .selectFrom('audit_events')
        .select('actor_role')
        .where('action', '=', 'settings.update')
        .where('outcome', '=', 'denied')
        .execute();
      expect(denied.map((d) => d.actor_role).sort()).toEqual([...CLINICAL, 'CLIENT'].sort());
      expect((await api(t, actors.NURSE, 'GET', '/clinic/settings')).body.name).toBe('Thrive SUPER_ADMIN');
    });

    it('the super administrator email feeds /config.json, falling back to SUPPORT_EMAIL', async () => {
      const config = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).body).superAdminEmail;
      expect((await api(t, actors.ADMIN, 'PATCH', '/clinic/settings', { super_admin_email: null })).body.effective_super_admin_email).toBe(SUPPORT_EMAIL);
      expect(await config()).toBe(SUPPORT_EMAIL);
      const set = await api(t, actors.ADMIN, 'PATCH', '/clinic/settings', {
        super_admin_email: 'Owner@Thrive.Test',
        address_line_1: ' 12 MG Road ',
        city: 'Bengaluru',
        zipcode: '560001',
        phone: '+918041234567',
        email: 'hello@thrive.test',
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        super_admin_email: 'owner@thrive.test',
        effective_super_admin_email: 'owner@thrive.test',
        address_line_1: '12 MG Road',
        city: 'Bengaluru',
      });
      expect(await config()).toBe('owner@thrive.test');
      expect((await api(t, actors.ADMIN, 'PATCH', '/clinic/settings', { super_admin_email: null })).status).toBe(200);
      expect(await config()).toBe(SUPPORT_EMAIL);
    });

    it('refuses bad input with the field and changes nothing', async () => {
      const before = (await api(t, actors.ADMIN, 'GET', '/clinic/settings')).body;
      for (const [field, value] of [
        ['phone', '12345'],
        ['super_admin_email', 'not-an-email'],
        ['zipcode', '!!'],
        ['colour', 'red'],
      ] as const) {
        const res = await api(t, actors.ADMIN, 'PATCH', '/clinic/settings', { name: 'Changed', [field]: value });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors)).toContain(field);
      }
      expect((await api(t, actors.ADMIN, 'PATCH', '/clinic/settings', {})).status).toBe(400);
      expect((await api(t, actors.ADMIN, 'GET', '/clinic/settings')).body).toEqual(before);
    });
  });
});
