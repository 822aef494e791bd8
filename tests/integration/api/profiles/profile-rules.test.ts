// The server applies the same profile rules as the portal and the staff record
// (machines/rules/profile-rules.ts): a refused patch answers 400 with the field and the reason,
// and nothing of it is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_TEXTS } from '../../../../machines/rules/calendar-dates.ts';
import { PROFILE_RULE_MESSAGES } from '../../../../machines/rules/profile-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('profile rules on the server on %s', (engine) => {
  let t: TestApp;
  let nurse: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT', { first_name: 'Meera', last_name: 'Nair' });
  }, 180_000);
  afterAll(() => t.close());

  const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const refusals: Array<[string, Record<string, unknown>, string, string]> = [
    ['a blank first name', { first_name: '   ', city: 'Pune' }, 'first_name', PROFILE_RULE_MESSAGES.required],
    ['a blank last name', { last_name: ' ' }, 'last_name', PROFILE_RULE_MESSAGES.required],
    ['a birth date in the future', { date_of_birth: future, city: 'Pune' }, 'date_of_birth', PROFILE_RULE_MESSAGES.dateOfBirthFuture],
  ];

  for (const who of ['the client', 'staff'] as const) {
    it.each(refusals)(`refuses ${who} %s, writing nothing`, async (_name, patch, field, reason) => {
      const actor = who === 'staff' ? nurse : client;
      const res = await api(t, actor, 'PATCH', `/users/user-profiles/${client.id}`, patch);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ [field]: [reason] });
      // A blank name is refused by the contract's schema (machines/rules/visible-text.ts), the rest
      // by these rules: the detail names the field and the reason either way.
      expect(res.body.detail).toMatch(new RegExp(`^Invalid (request: )?${field}: ${reason.replace(/[.]/g, '\\.')}$`));
      const stored = await api(t, nurse, 'GET', `/users/user-profiles/${client.id}`);
      expect(stored.body).toMatchObject({ first_name: 'Meera', last_name: 'Nair', city: null, date_of_birth: null });
    });
  }

  // Before 1900 is outside the contract's date window (issue 42): refused by the validator itself.
  it('refuses a birth date before 1900 by the contract, writing nothing', async () => {
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { date_of_birth: '1899-12-31' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ date_of_birth: [DATE_TEXTS.outsideWindow] });
    const stored = await api(t, nurse, 'GET', `/users/user-profiles/${client.id}`);
    expect(stored.body).toMatchObject({ date_of_birth: null });
  });

  it('accepts a patch the rules allow', async () => {
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { first_name: 'Meera', date_of_birth: '1990-05-17' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Meera', date_of_birth: '1990-05-17' });
  });
});
