// Issue 22, 12: staff record a client's consent, given or withdrawn, from the form the client
// signed: with the reason, in the consent history, audited in the same transaction. Bad input is
// refused with the field and the reason and changes nothing; the client's own consent is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ON_BEHALF_MESSAGES } from '../../../../machines/consent/consent-on-behalf-rules.ts';
import { CONSENT_FOR_CLIENTS_ONLY } from '../../../../server/api/people/consent-history-routes.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(engines)('consent recorded on the client’s behalf on %s', (engine) => {
  let t: TestApp;
  let reception: Actor;
  let admin: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    reception = await addUser(t, 'RECEPTION');
    admin = await addUser(t, 'ADMIN');
    client = await addUser(t, 'CLIENT', { first_name: 'Leela', last_name: 'Menon' });
  }, 180_000);
  afterAll(() => t.close());

  const history = async () => (await api(t, admin, 'GET', `/users/user-profiles/${client.id}/consent-history`)).body as Array<Record<string, unknown>>;
  const profile = async () => (await api(t, admin, 'GET', `/users/user-profiles/${client.id}`)).body as Record<string, unknown>;
  const trail = async (action: string) =>
    (await api(t, admin, 'GET', `/audit/events?client=${client.id}&action=${action}&page=1&page_size=50`)).body.results as Array<Record<string, unknown>>;

  it('records consent given on paper: the profile follows the form, the history keeps the reason, the audit names the staff member', async () => {
    const signed = day(-2);
    const res = await api(t, reception, 'POST', `/users/user-profiles/${client.id}/consent-history`, {
      decision: 'given',
      signed_on: signed,
      reason: '  Signed the paper form at the front desk.  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ decision: 'given', reason: 'Signed the paper form at the front desk.', recorded_by: reception.id, version: '1.0' });
    expect(res.body.consented_at.slice(0, 10)).toBe(signed);
    expect(await profile()).toMatchObject({ hipaa_consent: true, hipaa_consent_version: '1.0' });
    expect(String((await profile()).hipaa_consent_date).slice(0, 10)).toBe(signed);
    expect((await history())[0]).toMatchObject({ id: res.body.id, decision: 'given', reason: 'Signed the paper form at the front desk.' });
    expect((await trail('consent.record')).filter((e) => e.actor === reception.id && e.outcome === 'success')).toHaveLength(1);
  });

  it('records a withdrawal: consent is off, both records stay in the history, audited as consent.withdraw', async () => {
    const res = await api(t, reception, 'POST', `/users/user-profiles/${client.id}/consent-history`, {
      decision: 'withdrawn',
      signed_on: day(0),
      reason: 'Client signed the withdrawal form.',
    });
    expect(res.status).toBe(201);
    expect(await profile()).toMatchObject({ hipaa_consent: false, hipaa_consent_date: null, hipaa_consent_version: null });
    expect((await history()).map((r) => r.decision)).toEqual(['withdrawn', 'given']);
    expect((await trail('consent.withdraw')).filter((e) => e.actor === reception.id && e.outcome === 'success')).toHaveLength(1);
  });

  it.each([
    ['a blank reason', { decision: 'given', signed_on: day(0), reason: '   ' }, 'reason', CONSENT_ON_BEHALF_MESSAGES.required],
    ['a date signed in the future', { decision: 'given', signed_on: day(3), reason: 'Paper form.' }, 'signed_on', CONSENT_ON_BEHALF_MESSAGES.signedInFuture],
    [
      'a date signed before 2000',
      { decision: 'given', signed_on: '1999-12-31', reason: 'Paper form.' },
      'signed_on',
      CONSENT_ON_BEHALF_MESSAGES.signedTooEarly,
    ],
  ])('refuses %s with the field and the reason, changing nothing', async (_name, body, field, reason) => {
    const before = { history: await history(), profile: await profile(), audits: (await trail('consent.record')).length };
    const res = await api(t, reception, 'POST', `/users/user-profiles/${client.id}/consent-history`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: [reason] });
    expect(await history()).toEqual(before.history);
    expect((await profile()).hipaa_consent).toBe(before.profile.hipaa_consent);
    expect((await trail('consent.record')).length).toBe(before.audits);
  });

  it('refuses a decision outside given and withdrawn (the contract), and a record that is not a client’s', async () => {
    const bad = await api(t, reception, 'POST', `/users/user-profiles/${client.id}/consent-history`, { decision: 'maybe', signed_on: day(0), reason: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['decision']);
    const staff = await api(t, reception, 'POST', `/users/user-profiles/${admin.id}/consent-history`, { decision: 'given', signed_on: day(0), reason: 'x' });
    expect(staff.status).toBe(400);
    expect(staff.body.errors).toEqual({ id: [CONSENT_FOR_CLIENTS_ONLY] });
  });

  it('a record that does not exist answers 404 to staff and clients alike, recording nothing', async () => {
    for (const actor of [reception, client]) {
      const res = await api(t, actor, 'POST', '/users/user-profiles/987654/consent-history', { decision: 'given', signed_on: day(0), reason: 'x' });
      expect(res.status).toBe(404);
    }
  });

  it('a client cannot record on paper for themself; their own consent in the app is unchanged and has no reason', async () => {
    const own = await api(t, client, 'POST', `/users/user-profiles/${client.id}/consent-history`, { decision: 'given', signed_on: day(0), reason: 'x' });
    expect(own.status).toBe(403);
    const patched = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, {
      hipaa_consent: true,
      hipaa_consent_date: new Date().toISOString(),
      hipaa_consent_version: '1.0',
    });
    expect(patched.status).toBe(200);
    expect((await history())[0]).toMatchObject({ decision: 'given', reason: null, recorded_by: client.id });
  });
});
