// Issue 24, the client record: one page view of one record is ONE audit event that still lists
// what the view read; a read made alone (no view header) keeps its own event; refusals and writes
// never fold into a view. The audit list names people and filters on a folded read. Allergies and
// alert notes are staff-only profile fields, validated with the field and the reason.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('the client record’s audit and alerts on %s', (engine) => {
  let t: TestApp;
  let nurse: Actor;
  let admin: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    nurse = await addUser(t, 'NURSE', { first_name: 'Meera', last_name: 'Rao', profile: { title: 'Dr' } });
    admin = await addUser(t, 'ADMIN');
    client = await addUser(t, 'CLIENT', { first_name: 'Leela', last_name: 'Menon' });
  }, 180_000);
  afterAll(() => t.close());

  const events = async (query = '') =>
    (await api(t, admin, 'GET', `/audit/events?client=${client.id}&actor=${nurse.id}&page=1&page_size=100${query}`)).body as {
      count: number;
      results: Array<Record<string, unknown>>;
    };

  it('folds every read of one page view into one event that lists what was read, in order', async () => {
    const before = (await events()).count;
    const view = { 'X-Record-View': randomUUID() };
    expect((await api(t, nurse, 'GET', `/users/users/${client.id}`, undefined, view)).status).toBe(200);
    expect((await api(t, nurse, 'GET', `/users/user-program-enrollments?user=${client.id}`, undefined, view)).status).toBe(200);
    expect((await api(t, nurse, 'GET', `/users/user-profiles/${client.id}/consent-history`, undefined, view)).status).toBe(200);
    expect((await api(t, nurse, 'GET', `/users/users/${client.id}`, undefined, view)).status).toBe(200);
    const after = await events();
    expect(after.count).toBe(before + 1);
    expect(after.results[0]).toMatchObject({
      action: 'record.view',
      outcome: 'success',
      actor_name: 'Dr Meera Rao',
      reads: ['user.read', 'enrollment.list', 'consent.read'],
    });
  });

  it('a second page view is a second event', async () => {
    const before = (await events()).count;
    await api(t, nurse, 'GET', `/users/users/${client.id}`, undefined, { 'X-Record-View': randomUUID() });
    expect((await events()).count).toBe(before + 1);
  });

  it('a read made alone is still audited on its own', async () => {
    const before = (await events()).count;
    expect((await api(t, nurse, 'GET', `/users/user-profiles/${client.id}/consent-history`)).status).toBe(200);
    const after = await events();
    expect(after.count).toBe(before + 1);
    expect(after.results[0]).toMatchObject({ action: 'consent.read', reads: null, actor_name: 'Dr Meera Rao' });
  });

  it('a filter on a read finds the page views that made it, server-side and paged', async () => {
    const consent = await events('&action=consent.read');
    expect(consent.results.map((e) => e.action).sort()).toEqual(['consent.read', 'record.view']);
    const paged = (await api(t, admin, 'GET', `/audit/events?client=${client.id}&actor=${nurse.id}&page=2&page_size=1`)).body;
    expect(paged.results).toHaveLength(1);
    expect(paged.previous).not.toBeNull();
  });

  it('a write during a view stands alone', async () => {
    const view = { 'X-Record-View': randomUUID() };
    await api(t, nurse, 'GET', `/users/users/${client.id}`, undefined, view);
    const before = (await events()).count;
    const res = await api(
      t,
      nurse,
      'PATCH',
      `/users/user-profiles/${client.id}`,
      { allergies: 'Penicillin, peanuts', alert_notes: 'Faints at the sight of needles.' },
      view,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ allergies: 'Penicillin, peanuts', alert_notes: 'Faints at the sight of needles.' });
    const after = await events();
    expect(after.count).toBe(before + 1);
    expect(after.results[0]).toMatchObject({ action: 'profile.update', reads: null });
  });

  it('refuses an allergy list that is too long with the field and the reason, and changes nothing', async () => {
    const res = await api(t, nurse, 'PATCH', `/users/user-profiles/${client.id}`, { allergies: 'x'.repeat(501) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain('allergies');
    expect((await api(t, nurse, 'GET', `/users/user-profiles/${client.id}`)).body.allergies).toBe('Penicillin, peanuts');
  });

  it('a client may not write their own alert notes', async () => {
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { alert_notes: 'Nothing to see.' });
    expect(res.status).toBe(403);
  });
});
