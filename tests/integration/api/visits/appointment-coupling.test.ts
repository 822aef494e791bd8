// The appointment and its chart are one story (issue 32), over HTTP: a therapy visit's chart moves
// its appointment in the visit's own transaction (started, completed without a second credit: the
// package credit is taken at check-in, issue 35; cancelled by the clinic when aborted, the credit
// given back), signing shows on the appointment, any nurse on duty
// charts another nurse's appointment, and nothing is completed or signed before the appointment's
// start. The rules are machines/visits/appointment-coupling.ts and the two lifecycle charts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS } from '../../../../server/api/appointments/texts.ts';
import { VISIT_TEXTS } from '../../../../server/api/visits/texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { checkedIn, openVisit, PET_PARAMETERS, screen, VITALS } from './fixtures.ts';

describe.each(engines)('the appointment follows its chart on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let nurseA: Actor;
  let nurseB: Actor;
  let doctor: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    nurseA = await addUser(t, 'NURSE');
    nurseB = await addUser(t, 'NURSE', { first_name: 'Bina', last_name: 'Shah' });
    doctor = await addUser(t, 'DOCTOR', { first_name: 'Vikram', last_name: 'Iyer' });
    client = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  const appointment = async (id: number) => (await api(t, reception, 'GET', `/appointments/appointments/${id}`)).body;
  const packageOf = async (id: number) =>
    (
      await sql<{ sessions_used: number }>`select sessions_used from packages where id = (select package_id from appointments where id = ${id})`.execute(
        t.database.db,
      )
    ).rows[0].sessions_used;
  const move = (by: Actor, id: number, body: Record<string, unknown>) => api(t, by, 'POST', `/visits/therapy-visits/${id}/transitions`, body);

  /** A PET chart opened by `by` on the appointment, screened, with vitals before (ready to start). */
  async function readyChart(by: Actor, appointmentId: number) {
    await screen(t, by, client.id, 'pet');
    const v = await openVisit(t, by, { appointment: appointmentId });
    const patched = await api(t, by, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: v.version, vitals_before: VITALS });
    expect(patched.status).toBe(200);
    return patched.body;
  }

  it('another nurse charts nurse A’s appointment: started with the chart, completed with it (its credit taken once, at check-in), signing shown on it', async () => {
    const id = await checkedIn(t, admin, { client: client.id, staff: nurseA.id, therapy: 'pet', sessions: 5 });
    expect(await packageOf(id)).toBe(1);
    let v = await readyChart(nurseB, id);
    expect((await appointment(id)).chart).toMatchObject({ id: v.id, status: 'draft', signed_by: null, signed_by_name: null, signed_at: null });
    // The front desk cannot complete it around its chart.
    const around = await api(t, reception, 'POST', `/appointments/appointments/${id}/transitions`, { to: 'in_progress' });
    expect(around.status).toBe(200);
    const early = await api(t, reception, 'POST', `/appointments/appointments/${id}/transitions`, { to: 'completed' });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(SCHEDULING_TEXTS.completesWithChart);

    expect((await move(nurseB, v.id, { to: 'in_progress' })).status).toBe(200);
    v = (
      await api(t, nurseB, 'PATCH', `/visits/therapy-visits/${v.id}`, {
        version: (await api(t, nurseB, 'GET', `/visits/therapy-visits/${v.id}`)).body.version,
        parameters: PET_PARAMETERS,
        vitals_after: VITALS,
      })
    ).body;
    expect(await packageOf(id)).toBe(1);
    const done = await move(nurseB, v.id, { to: 'completed' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const completed = await appointment(id);
    expect(completed).toMatchObject({ status: 'completed', chart: { id: v.id, status: 'completed' } });
    expect(completed.history.map((h: { to: string; by: number }) => [h.to, h.by]).slice(-2)).toEqual([
      ['in_progress', reception.id],
      ['completed', nurseB.id],
    ]);
    expect(await packageOf(id)).toBe(1);

    const signed = await move(doctor, v.id, { to: 'signed' });
    expect(signed.status).toBe(200);
    const after = await appointment(id);
    expect(after).toMatchObject({ status: 'completed', chart: { status: 'signed', signed_by: doctor.id, signed_by_name: 'Vikram Iyer' } });
    expect(Date.parse(after.chart.signed_at)).not.toBeNaN();
    expect(await packageOf(id)).toBe(1);
  });

  it('a checked-in appointment is started by its chart; a refused completion leaves it in progress, no second credit taken', async () => {
    const id = await checkedIn(t, admin, { client: client.id, staff: nurseA.id, therapy: 'pet', sessions: 5 });
    const v = await readyChart(nurseA, id);
    expect((await move(nurseA, v.id, { to: 'in_progress' })).status).toBe(200);
    expect((await appointment(id)).status).toBe('in_progress');
    // Missing sections: the visit is not completed, nor is the appointment; the credit check-in took is the only one.
    const refused = await move(nurseA, v.id, { to: 'completed' });
    expect(refused.status).toBe(409);
    expect((await appointment(id)).status).toBe('in_progress');
    expect(await packageOf(id)).toBe(1);
  });

  it('completing the chart when its appointment cannot follow writes nothing: no visit completion, no second credit', async () => {
    const id = await checkedIn(t, admin, { client: client.id, staff: nurseA.id, therapy: 'pet', sessions: 5 });
    const v = await readyChart(nurseA, id);
    expect((await move(nurseA, v.id, { to: 'in_progress' })).status).toBe(200);
    const current = (await api(t, nurseA, 'GET', `/visits/therapy-visits/${v.id}`)).body;
    expect(
      (await api(t, nurseA, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: current.version, parameters: PET_PARAMETERS, vitals_after: VITALS })).status,
    ).toBe(200);
    // Moved elsewhere meanwhile (the database's word for it: no route takes an in-progress appointment there).
    await sql`update appointments set status = 'no_show' where id = ${id}`.execute(t.database.db);
    const res = await move(nurseA, v.id, { to: 'completed' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(SCHEDULING_TEXTS.chartLost('no show'));
    expect((await api(t, nurseA, 'GET', `/visits/therapy-visits/${v.id}`)).body.status).toBe('in_progress');
    expect(await packageOf(id)).toBe(1);
  });

  it('aborting the chart cancels the appointment (by the clinic, with the reason), gives the credit taken at check-in back and frees the slot', async () => {
    const id = await checkedIn(t, admin, { client: client.id, staff: nurseA.id, therapy: 'pet', sessions: 2, resource: true });
    const v = await readyChart(nurseB, id);
    const packages = async () =>
      (await api(t, reception, 'GET', `/appointments/packages?client=${client.id}`)).body.find((p: { id: number }) => p.id === (packageId as number));
    const packageId = (await appointment(id)).package;
    // Checked in: the credit is taken (used, no longer only held).
    expect(await packages()).toMatchObject({ sessions_used: 1, sessions_held: 0, sessions_left: 1 });
    const aborted = await move(nurseB, v.id, { to: 'aborted', reason: 'Client felt unwell' });
    expect(aborted.status).toBe(200);
    expect(await appointment(id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'clinic',
      late_cancellation: false,
      status_reason: VISIT_TEXTS.abortedChart('Client felt unwell'),
      chart: { status: 'aborted' },
    });
    expect(await packages()).toMatchObject({ sessions_used: 0, sessions_held: 0, sessions_left: 2 });
    const rows = await sql<{ n: number }>`select count(*)::int as n from package_redemptions where appointment_id = ${id}`.execute(t.database.db);
    expect(rows.rows[0].n).toBe(0);
    const holding = await sql<{ holding: boolean }>`select holding from appointment_resources where appointment_id = ${id}`.execute(t.database.db);
    expect(holding.rows.map((r) => r.holding)).toEqual([false]);
  });

  it('a chart is neither completed nor signed before its appointment’s start (409 in words, nothing written)', async () => {
    const id = await checkedIn(t, admin, { client: client.id, staff: nurseA.id, therapy: 'pet', sessions: 3 });
    // Checked in early: the appointment starts in three hours.
    const start = new Date(Date.now() + 3 * 3_600_000);
    const end = new Date(start.getTime() + 3_600_000);
    await sql`update appointments set starts_at = ${start}, ends_at = ${end}, occupied_from = ${start}, occupied_to = ${end} where id = ${id}`.execute(
      t.database.db,
    );
    const v = await readyChart(nurseA, id);
    expect((await move(nurseA, v.id, { to: 'in_progress' })).status).toBe(200);
    const current = (await api(t, nurseA, 'GET', `/visits/therapy-visits/${v.id}`)).body;
    expect(
      (await api(t, nurseA, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: current.version, parameters: PET_PARAMETERS, vitals_after: VITALS })).status,
    ).toBe(200);
    const complete = await move(nurseA, v.id, { to: 'completed' });
    expect(complete.status).toBe(409);
    expect(complete.body.detail).toMatch(/^This visit cannot be completed before its appointment starts \(.+\)\.$/);
    expect((await api(t, nurseA, 'GET', `/visits/therapy-visits/${v.id}`)).body.status).toBe('in_progress');
    expect(await appointment(id)).toMatchObject({ status: 'in_progress' });
    // Only the credit check-in took.
    expect(await packageOf(id)).toBe(1);
    // Completed (as it would be once the time had come), then signed too early: refused as well.
    await sql`update therapy_visits set status = 'completed' where id = ${v.id}`.execute(t.database.db);
    const sign = await move(doctor, v.id, { to: 'signed' });
    expect(sign.status).toBe(409);
    expect(sign.body.detail).toMatch(/^This visit cannot be signed before its appointment starts \(.+\)\.$/);
    expect((await api(t, nurseA, 'GET', `/visits/therapy-visits/${v.id}`)).body).toMatchObject({ status: 'completed', signed_by: null });
  });
});
