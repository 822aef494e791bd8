// The clinic's locale and dial code (issue 24): India's until an administrator changes them on
// /backoffice, with the scheduling time zone, handed to the browser by /config.json before sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('clinic locale on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE');
  }, 120_000);
  afterAll(() => t.close());

  const config = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).body);

  it("starts as India's: en-IN, Asia/Kolkata, +91", async () => {
    expect(await config()).toMatchObject({ locale: 'en-IN', timeZone: 'Asia/Kolkata', dialCode: '+91' });
    expect((await api(t, nurse, 'GET', '/clinic/settings')).body).toMatchObject({ locale: 'en-IN', dial_code: '+91' });
  });

  it('an administrator changes them and /config.json follows; the time zone is the scheduling one', async () => {
    const res = await api(t, admin, 'PATCH', '/clinic/settings', { locale: 'en-GB', dial_code: '+44' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ locale: 'en-GB', dial_code: '+44' });
    await t.database.db.updateTable('scheduling_settings').set({ time_zone: 'Europe/London' }).where('id', '=', true).execute();
    expect(await config()).toMatchObject({ locale: 'en-GB', timeZone: 'Europe/London', dialCode: '+44' });
    expect((await api(t, nurse, 'PATCH', '/clinic/settings', { locale: 'en-US' })).status).toBe(403);
    await api(t, admin, 'PATCH', '/clinic/settings', { locale: 'en-IN', dial_code: '+91' });
    await t.database.db.updateTable('scheduling_settings').set({ time_zone: 'Asia/Kolkata' }).where('id', '=', true).execute();
  });

  it('refuses a locale or dial code it does not know, with the field, changing nothing', async () => {
    const before = (await api(t, admin, 'GET', '/clinic/settings')).body;
    for (const [field, value] of [
      ['locale', 'xx-YY'],
      ['dial_code', '91'],
      ['dial_code', '+0'],
    ] as const) {
      const res = await api(t, admin, 'PATCH', '/clinic/settings', { name: 'Changed', [field]: value });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await api(t, admin, 'GET', '/clinic/settings')).body).toEqual(before);
  });
});
