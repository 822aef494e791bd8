// A package credit is taken at check-in, atomically (issue 35): concurrent check-ins for the last
// credits, one credit each for as many as there are and the rest checked in, told plainly and
// billed at the price; the visit's invoice has the ₹0 "from package …" line only with a credit.
// A no-show or a late client cancellation forfeits the intended credit while the setting is on;
// a clinic cancellation and a timely one never do. Used credits always equal redemption rows.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { addUser, api } from '../support.ts';
import { setUpBilling } from '../billing/fixtures.ts';
import { addService, buildClinic, type Clinic, setHours } from './fixtures.ts';

const MINUTE = 60_000;

describe.each(engines)('package credits at check-in on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  /** A 15-minute light session, no resource: many for one client fit inside the check-in window. */
  let light: number;
  let next = 0;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
    await setHours(t, c.admin, [c.nurse.id, c.doctor.id, c.nurse2], '00:00', '24:00');
    // Check-in opens a day ahead, so every appointment below can be checked in now.
    expect((await api(t, c.admin, 'PATCH', '/appointments/hours', { check_in_window_hours: 24 })).status).toBe(200);
    light = await addService(t, c.admin, { name: 'Red light', therapy: 'red_light', duration_minutes: 15, delivered_by: ['NURSE', 'DOCTOR'], price_inr: 1200 });
    await setUpBilling(t, c.admin);
    const tax = await api(t, c.admin, 'PUT', '/billing/item-tax', { item_kind: 'service', item_id: light, code: '999722', gst_rate_bp: 1800, exempt: false });
    expect(tax.status).toBe(200);
  }, 180_000);
  afterAll(() => t.close());

  /** The next free quarter hour from an hour ahead: each appointment its own time (staff take no overlap). */
  const slot = () => new Date((Math.ceil(Date.now() / (15 * MINUTE)) + 4 + next++) * 15 * MINUTE).toISOString();
  const book = async (client: number, extra: Record<string, unknown> = {}) => {
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', { client, service: light, staff: c.nurse.id, start: slot(), ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; package: number | null };
  };
  const move = (id: number, body: Record<string, unknown>) => api(t, c.reception, 'POST', `/appointments/appointments/${id}/transitions`, body);
  const packageOf = async (client: number, id: number) =>
    (await api(t, c.reception, 'GET', `/appointments/packages?client=${client}`)).body.find((p: { id: number }) => p.id === id);
  const redemptions = async (pkg: number) =>
    (
      await sql<{
        kind: string;
        n: number;
      }>`select kind, count(*)::int as n from package_redemptions where package_id = ${pkg} group by kind order by kind`.execute(t.database.db)
    ).rows;
  const sell = async (client: number, sessions: number) => {
    const res = await api(t, c.reception, 'POST', '/appointments/packages', { client, therapy: 'red_light', sessions_total: sessions });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const setForfeit = async (on: boolean) => {
    const res = await api(t, c.admin, 'PATCH', '/appointments/hours', { late_cancel_forfeits_credit: on });
    expect(res.status).toBe(200);
    expect(res.body.late_cancel_forfeits_credit).toBe(on);
  };
  const bookedAgo = (id: number, minutes: number) =>
    t.database.db
      .updateTable('appointments')
      .set({ created_at: new Date(Date.now() - minutes * MINUTE) })
      .where('id', '=', id)
      .execute();
  const startedAgo = (id: number) => {
    const back = sql`interval '12 hours'`;
    return sql`update appointments set starts_at = starts_at - ${back}, ends_at = ends_at - ${back}, occupied_from = occupied_from - ${back}, occupied_to = occupied_to - ${back} where id = ${id}`.execute(
      t.database.db,
    );
  };

  it('booking names the package it intends; the credit is taken at check-in, not again on completion', async () => {
    const client = await addUser(t, 'CLIENT');
    const pkg = await sell(client.id, 2);
    const a = await book(client.id);
    expect(a.package).toBe(pkg);
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 0, sessions_held: 1, sessions_left: 1 });
    const checked = await move(a.id, { to: 'checked_in' });
    expect(checked.status).toBe(200);
    expect(checked.body.credit).toEqual({ outcome: 'redeemed', package: pkg, message: T.creditRedeemed('red_light package') });
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 1, sessions_held: 0, sessions_left: 1 });
    for (const to of ['in_progress', 'completed']) expect((await move(a.id, { to })).status).toBe(200);
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 1, sessions_held: 0, sessions_left: 1 });
    expect(await redemptions(pkg)).toEqual([{ kind: 'redeemed', n: 1 }]);
    // A check-in with no package of the therapy in sight says nothing about credits.
    const consult = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: client.id,
      service: c.consult,
      staff: c.doctor.id,
      start: slot(),
    });
    const plain = await move(consult.body.id, { to: 'checked_in' });
    expect(plain.status).toBe(200);
    expect(plain.body.credit).toBeNull();
  });

  it('two check-ins at once for the last credit: one takes it, the other is checked in, told plainly and billed at the price', async () => {
    const client = await addUser(t, 'CLIENT');
    const pkg = await sell(client.id, 1);
    const intended = await book(client.id);
    // The second booking finds the credit intended already: it is booked on no package.
    const other = await book(client.id);
    expect([intended.package, other.package]).toEqual([pkg, null]);
    const answers = await Promise.all([move(intended.id, { to: 'checked_in' }), move(other.id, { to: 'checked_in' })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const outcomes = answers.map((r) => r.body.credit.outcome).sort();
    expect(outcomes).toEqual(['none_left', 'redeemed']);
    const loser = answers.find((r) => r.body.credit.outcome === 'none_left')!;
    const winner = answers.find((r) => r.body.credit.outcome === 'redeemed')!;
    expect(loser.body.credit).toEqual({ outcome: 'none_left', package: null, message: T.noCreditLeft });
    expect(loser.body.appointment).toMatchObject({ status: 'checked_in', package: null });
    expect(winner.body.appointment).toMatchObject({ status: 'checked_in', package: pkg });
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_total: 1, sessions_used: 1, sessions_held: 0, sessions_left: 0 });
    expect(await redemptions(pkg)).toEqual([{ kind: 'redeemed', n: 1 }]);

    // "Bill this visit": ₹0 from the package with the credit, the service's price without one.
    const billWinner = await api(t, c.reception, 'POST', '/billing/documents', { from: 'appointment', source: winner.body.appointment.id });
    expect(billWinner.status, JSON.stringify(billWinner.body)).toBe(201);
    expect(billWinner.body.lines).toHaveLength(1);
    expect(billWinner.body.lines[0]).toMatchObject({ origin: 'package_session', unit_price_paise: 0, total_paise: 0, from_package: 'red_light package' });
    const billLoser = await api(t, c.reception, 'POST', '/billing/documents', { from: 'appointment', source: loser.body.appointment.id });
    expect(billLoser.status).toBe(201);
    expect(billLoser.body.lines[0]).toMatchObject({ origin: 'service', unit_price_paise: 120000, from_package: null });
    expect(billLoser.body.lines[0].total_paise).toBeGreaterThan(120000);
  });

  it('ten check-ins at once against three credits: exactly three take one, seven are billed at the price', async () => {
    const client = await addUser(t, 'CLIENT');
    const pkg = await sell(client.id, 3);
    const visits = [];
    for (let i = 0; i < 10; i++) visits.push(await book(client.id));
    expect(visits.filter((v) => v.package === pkg)).toHaveLength(3);
    const answers = await Promise.all(visits.map((v) => move(v.id, { to: 'checked_in' })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const redeemed = answers.filter((r) => r.body.credit.outcome === 'redeemed');
    expect(redeemed).toHaveLength(3);
    expect(answers.filter((r) => r.body.credit.outcome === 'none_left' && r.body.credit.message === T.noCreditLeft)).toHaveLength(7);
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 3, sessions_held: 0, sessions_left: 0 });
    expect(await redemptions(pkg)).toEqual([{ kind: 'redeemed', n: 3 }]);
    const onPackage = await sql<{ n: number }>`select count(*)::int as n from appointments where client_id = ${client.id} and package_id = ${pkg}`.execute(
      t.database.db,
    );
    expect(onPackage.rows[0].n).toBe(3);
  });

  it('the booked package is tried first, then the one soonest to expire; an expired one gives nothing', async () => {
    const client = await addUser(t, 'CLIENT');
    const today = new Date().toISOString().slice(0, 10);
    const make = async (expires_on: string | null) =>
      (await api(t, c.reception, 'POST', '/appointments/packages', { client: client.id, therapy: 'red_light', sessions_total: 1, expires_on })).body
        .id as number;
    const longer = await make(null);
    const a = await book(client.id, { package: longer });
    const sooner = await make('2099-01-01');
    // Booked on `longer`: its credit, though `sooner` expires first.
    expect((await move(a.id, { to: 'checked_in' })).body.credit).toMatchObject({ outcome: 'redeemed', package: longer });
    const b = await book(client.id);
    expect(b.package).toBe(sooner);
    await sql`update packages set expires_on = ${today}::date - 1 where id = ${sooner}`.execute(t.database.db);
    const expired = await move(b.id, { to: 'checked_in' });
    expect(expired.body.credit).toEqual({ outcome: 'none_left', package: null, message: T.noCreditLeft });
    expect((await packageOf(client.id, sooner)).sessions_used).toBe(0);
  });

  it('a late client cancellation forfeits the intended credit while the setting is on (default), never when off; timely and clinic ones never', async () => {
    expect((await api(t, c.admin, 'GET', '/appointments/hours')).body.late_cancel_forfeits_credit).toBe(true);
    const client = await addUser(t, 'CLIENT');
    const pkg = await sell(client.id, 5);
    const late = await book(client.id);
    await bookedAgo(late.id, 60);
    const cancelled = await move(late.id, { to: 'cancelled', reason: 'Phoned in late', cancelled_by: 'client' });
    expect(cancelled.body.appointment).toMatchObject({ late_cancellation: true, cancelled_by: 'client' });
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 1, sessions_held: 0, sessions_left: 4 });
    expect(await redemptions(pkg)).toEqual([{ kind: 'forfeited', n: 1 }]);

    // Within 5 minutes of booking: in time, nothing forfeited.
    const quick = await book(client.id);
    await move(quick.id, { to: 'cancelled', reason: 'Wrong day', cancelled_by: 'client' });
    // The clinic's cancellation, late or not, never.
    const clinic = await book(client.id);
    await bookedAgo(clinic.id, 60);
    expect((await move(clinic.id, { to: 'cancelled', reason: 'Chamber service' })).body.appointment).toMatchObject({ cancelled_by: 'clinic' });
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 1, sessions_held: 0, sessions_left: 4 });

    await setForfeit(false);
    try {
      const off = await book(client.id);
      await bookedAgo(off.id, 60);
      const res = await move(off.id, { to: 'cancelled', reason: 'Phoned in late', cancelled_by: 'client' });
      expect(res.body.appointment.late_cancellation).toBe(true);
      expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 1, sessions_left: 4 });
      expect(await redemptions(pkg)).toEqual([{ kind: 'forfeited', n: 1 }]);
    } finally {
      await setForfeit(true);
    }
    expect((await api(t, c.admin, 'PATCH', '/appointments/hours', { late_cancel_forfeits_credit: 'yes' })).status).toBe(400);
  });

  it('a no-show forfeits the intended credit under the same setting', async () => {
    const client = await addUser(t, 'CLIENT');
    const pkg = await sell(client.id, 3);
    const missed = await book(client.id);
    await startedAgo(missed.id);
    expect((await move(missed.id, { to: 'no_show' })).status).toBe(200);
    expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 1, sessions_held: 0, sessions_left: 2 });
    await setForfeit(false);
    try {
      const again = await book(client.id);
      await startedAgo(again.id);
      expect((await move(again.id, { to: 'no_show' })).status).toBe(200);
      expect(await packageOf(client.id, pkg)).toMatchObject({ sessions_used: 1, sessions_held: 0, sessions_left: 2 });
    } finally {
      await setForfeit(true);
    }
    expect(await redemptions(pkg)).toEqual([{ kind: 'forfeited', n: 1 }]);
  });

  it('used credits equal redemption rows and never pass the total', async () => {
    const { rows } = await sql<{ bad: number }>`select count(*)::int as bad from packages p
      where p.sessions_used <> (select count(*) from package_redemptions r where r.package_id = p.id) or p.sessions_used > p.sessions_total`.execute(
      t.database.db,
    );
    expect(rows[0].bad).toBe(0);
  });
});
