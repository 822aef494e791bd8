// The portal's completed sessions (issue 17: "a CLIENT never sees charting notes, only completed
// sessions on the portal"): GET visits/completed-sessions lists a client's completed and signed
// visits only (never a draft, a running or an aborted one), with the therapy's display name, the
// date, the duration and the first name of who gave it, and not one field of the chart. A client
// lists only their own (another's answers 404, audited as denied); staff read any client's; every
// answer is audited.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { openVisit, visitAt } from './fixtures.ts';

describe.each(engines)('completed sessions for the portal on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  let coach: Actor;
  let client: Actor;
  let other: Actor;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE', { first_name: 'Meera', last_name: 'Iyer' });
    coach = await addUser(t, 'HEALTH_COACH');
    client = await addUser(t, 'CLIENT');
    other = await addUser(t, 'CLIENT');
    for (const status of ['draft', 'in_progress', 'completed', 'signed'] as const) ids[status] = (await visitAt(t, nurse, client.id, 'pet', status)).id;
    const aborted = await openVisit(t, nurse, { client: client.id, therapy: 'pet' });
    expect((await api(t, nurse, 'POST', `/visits/therapy-visits/${aborted.id}/transitions`, { to: 'aborted', reason: 'Client left' })).status).toBe(200);
    // The completed one took 40 minutes; one more, charted before starts were recorded, has no start.
    await sql`update therapy_visits set started_at = completed_at - interval '40 minutes' where id = ${ids.completed}`.execute(t.database.db);
    ids.unstarted = (
      await sql<{ id: number }>`insert into therapy_visits (client_id, therapy, staff_id, status, created_by, completed_at)
        values (${client.id}, 'fir', ${nurse.id}, 'completed', ${nurse.id}, now()) returning id`.execute(t.database.db)
    ).rows[0].id;
    await visitAt(t, nurse, other.id, 'pet', 'signed');
  }, 180_000);
  afterAll(() => t.close());

  const audits = async (client: number, outcome: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from audit_events where action = 'visit.session.list' and client_id = ${client} and outcome = ${outcome}`.execute(
        t.database.db,
      )
    ).rows[0].n;

  it('a client lists their completed and signed sessions only, without one field of the chart', async () => {
    const res = await api(t, client, 'GET', `/visits/completed-sessions?client=${client.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: number }) => s.id).sort()).toEqual([ids.completed, ids.signed, ids.unstarted].sort());
    for (const session of res.body)
      expect(Object.keys(session).sort()).toEqual(['date', 'duration_minutes', 'id', 'staff_first_name', 'therapy', 'therapy_name']);
    const byId = (id: number) => res.body.find((s: { id: number }) => s.id === id);
    expect(byId(ids.completed)).toMatchObject({ therapy: 'pet', therapy_name: 'PET (PEMF)', duration_minutes: 40, staff_first_name: 'Meera' });
    expect(byId(ids.signed)).toMatchObject({ therapy: 'pet', staff_first_name: 'Meera' });
    expect(byId(ids.unstarted)).toMatchObject({ therapy: 'fir', therapy_name: 'FIR sauna', duration_minutes: null });
    expect(JSON.stringify(res.body)).not.toMatch(/PEMF mat|Whole body|systolic|notes|Iyer/);
  });

  it('shows the back office’s display name', async () => {
    expect((await api(t, admin, 'PATCH', '/visits/therapy-settings', { display_names: { pet: 'PEMF therapy' } })).status).toBe(200);
    const res = await api(t, client, 'GET', `/visits/completed-sessions?client=${client.id}`);
    expect(res.body.filter((s: { therapy: string }) => s.therapy === 'pet').map((s: { therapy_name: string }) => s.therapy_name)).toEqual([
      'PEMF therapy',
      'PEMF therapy',
    ]);
    expect((await api(t, admin, 'PATCH', '/visits/therapy-settings', { display_names: { pet: 'PET (PEMF)' } })).status).toBe(200);
  });

  it('another client’s sessions answer 404, audited as denied; a client id that names nobody answers 404', async () => {
    const denied = await audits(other.id, 'denied');
    const res = await api(t, client, 'GET', `/visits/completed-sessions?client=${other.id}`);
    expect(res.status).toBe(404);
    expect(await audits(other.id, 'denied')).toBe(denied + 1);
    expect((await api(t, client, 'GET', '/visits/completed-sessions?client=2147483647')).status).toBe(404);
    expect((await api(t, nurse, 'GET', '/visits/completed-sessions?client=2147483647')).status).toBe(404);
  });

  it('staff read any client’s; every answer is audited on the client', async () => {
    const before = await audits(client.id, 'success');
    for (const by of [nurse, coach, admin]) {
      const res = await api(t, by, 'GET', `/visits/completed-sessions?client=${client.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
    }
    expect(await audits(client.id, 'success')).toBe(before + 3);
  });
});
