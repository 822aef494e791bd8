// The thrive dashboard over HTTP on each engine: measurements converted, checked for
// plausibility and never overwritten (corrections keep the history); a client sees and adds only
// their own, self-reported; thrive checks write their measurements; the SQL status and flags
// agree with the rules in machines/thrive; every access audited.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASUREMENT_TEXTS } from '../../../../machines/thrive/metrics.ts';
import { trackStatus } from '../../../../machines/thrive/track-rules.ts';
import { THRIVE_TEXTS } from '../../../../server/api/thrive/texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addClient, addPackage, addProgramOf, addServiceRow, addSessions, enrol } from './fixtures.ts';

async function count(t: TestApp, table: 'measurements' | 'audit_events', where = sql`true`): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.database.db);
  return r.rows[0].n;
}

describe.each(engines)('thrive dashboard API on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let other: Actor;
  let coach: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT');
    other = await addUser(t, 'CLIENT');
    coach = await addUser(t, 'HEALTH_COACH');
  }, 120_000);
  afterAll(() => t.close());

  it('stores a reading in its canonical unit and keeps what was typed', async () => {
    const res = await api(t, coach, 'POST', '/thrive/measurements', {
      client: client.id,
      metric: 'weight',
      value: 176,
      unit: 'lb',
      taken_at: '2026-11-01T08:00:00Z',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      client: client.id,
      metric: 'weight',
      value: 79.83,
      unit: 'kg',
      entered_value: 176,
      entered_unit: 'lb',
      source: 'staff',
      entered_by: coach.id,
      corrects: null,
      corrected_by: null,
    });
    const glucose = await api(t, coach, 'POST', '/thrive/measurements', { client: client.id, metric: 'fasting_glucose', value: 5.5, unit: 'mmol/L' });
    expect(glucose.body).toMatchObject({ value: 99.09, unit: 'mg/dL' });
  });

  it('refuses an implausible reading naming the field, and writes nothing', async () => {
    const before = await count(t, 'measurements');
    const res = await api(t, coach, 'POST', '/thrive/measurements', { client: client.id, metric: 'weight', value: 720, unit: 'kg' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ value: [MEASUREMENT_TEXTS.implausible('Weight', 720, 'kg', 20, 350)] });
    const bp = await api(t, coach, 'POST', '/thrive/measurements', { client: client.id, metric: 'blood_pressure', value: 120, unit: 'mmHg' });
    expect(bp.body.errors).toEqual({ value2: [MEASUREMENT_TEXTS.diastolicRequired] });
    const unit = await api(t, coach, 'POST', '/thrive/measurements', { client: client.id, metric: 'weight', value: 70, unit: 'stone' });
    expect(unit.body.errors).toEqual({ unit: ['Weight is measured in kg or lb.'] });
    const future = await api(t, coach, 'POST', '/thrive/measurements', {
      client: client.id,
      metric: 'weight',
      value: 70,
      unit: 'kg',
      taken_at: '2099-01-01T00:00:00Z',
    });
    expect(future.body.errors).toEqual({ taken_at: [THRIVE_TEXTS.futureReading] });
    expect(await count(t, 'measurements')).toBe(before);
  });

  it('lets a client add their own weight and blood pressure, marked self-reported, and nothing else', async () => {
    const w = await api(t, client, 'POST', '/thrive/measurements', { metric: 'weight', value: 79.2, unit: 'kg' });
    expect(w.status).toBe(201);
    expect(w.body.source).toBe('client');
    const bp = await api(t, client, 'POST', '/thrive/measurements', { metric: 'blood_pressure', value: 128, value2: 84, unit: 'mmHg' });
    expect(bp.body).toMatchObject({ value: 128, value2: 84, source: 'client' });
    const glucose = await api(t, client, 'POST', '/thrive/measurements', { metric: 'fasting_glucose', value: 90, unit: 'mg/dL' });
    expect(glucose.status).toBe(403);
    expect(glucose.body.detail).toBe(THRIVE_TEXTS.selfReportedOnly);
    const others = await api(t, client, 'POST', '/thrive/measurements', { client: other.id, metric: 'weight', value: 70, unit: 'kg' });
    expect(others.status).toBe(404);
    const list = await api(t, client, 'GET', `/thrive/measurements?client=${other.id}`);
    expect(list.status).toBe(404);
    expect(await count(t, 'audit_events', sql`action = 'measurement.list' and client_id = ${other.id} and outcome = 'denied'`)).toBe(1);
  });

  it('corrects a reading with a new one, keeping the old in the history', async () => {
    const first = await api(t, coach, 'POST', '/thrive/measurements', { client: client.id, metric: 'waist', value: 98, unit: 'cm' });
    const fixed = await api(t, coach, 'POST', `/thrive/measurements/${first.body.id}/corrections`, { value: 89, unit: 'cm', reason: 'Typed 98 for 89' });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({ corrects: first.body.id, correction_reason: 'Typed 98 for 89', value: 89, taken_at: first.body.taken_at });
    const current = await api(t, coach, 'GET', `/thrive/measurements?client=${client.id}&metric=waist`);
    expect(current.body.map((m: { value: number }) => m.value)).toEqual([89]);
    const history = await api(t, coach, 'GET', `/thrive/measurements?client=${client.id}&metric=waist&history=true`);
    expect(history.body).toEqual([
      expect.objectContaining({ value: 98, corrected_by: fixed.body.id }),
      expect.objectContaining({ value: 89, corrects: first.body.id }),
    ]);
    const again = await api(t, coach, 'POST', `/thrive/measurements/${first.body.id}/corrections`, { value: 88, unit: 'cm', reason: 'Again' });
    expect(again.status).toBe(409);
    await expect(sql`update measurements set value = 1 where id = ${first.body.id}`.execute(t.database.db)).rejects.toThrow();
    const theirs = await api(t, client, 'POST', `/thrive/measurements/${fixed.body.id}/corrections`, { value: 80, unit: 'cm', reason: 'No' });
    expect(theirs.status).toBe(403);
    expect(theirs.body.detail).toBe(THRIVE_TEXTS.correctOwnOnly);
  });

  it('writes a thrive check’s cholesterol and systolic pressure as measurements', async () => {
    const check = await api(t, client, 'POST', '/users/thrive-checks', {
      sex: 'male',
      age: '61',
      hdl_cholesterol: '47',
      total_cholesterol: '180',
      smoker: 'yes',
      diabetic: 'no',
      treats_hypertension: 'no',
      systolic_bp: '124',
    });
    expect(check.status).toBe(201);
    const rows = await t.database.db
      .selectFrom('measurements')
      .select(['metric', 'value', 'value2', 'source'])
      .where('thrive_check_id', '=', check.body.id)
      .orderBy('metric')
      .execute();
    expect(rows).toEqual([
      { metric: 'blood_pressure', value: 124, value2: null, source: 'thrive_check' },
      { metric: 'hdl_cholesterol', value: 47, value2: null, source: 'thrive_check' },
      { metric: 'total_cholesterol', value: 180, value2: null, source: 'thrive_check' },
    ]);
  });

  it('labels each active enrollment in SQL as trackStatus() does, with its flags', async () => {
    const nurse = (await addUser(t, 'NURSE')).id;
    const service = await addServiceRow(t);
    const program = await addProgramOf(t, 10);
    // elapsed 35/70 = 0.5 in each case
    const cases = [
      { sessions: { completed: 5 }, pkg: [10, 5], expect: 'on_track' },
      { sessions: { completed: 7, noShow: 3 }, pkg: [10, 7], expect: 'at_risk' },
      { sessions: { completed: 5, lateCancelled: 5 }, pkg: [10, 5], expect: 'off_track' },
      { sessions: { completed: 2 }, pkg: [10, 2], expect: 'at_risk' },
      { sessions: { completed: 1 }, pkg: [20, 1], expect: 'off_track' },
      { sessions: {}, pkg: null, expect: 'on_track' },
    ] as const;
    const ids: number[] = [];
    for (const c of cases) {
      const id = await addClient(t);
      await enrol(t, id, program, 35);
      await addSessions(t, id, nurse, service, c.sessions);
      if (c.pkg) await addPackage(t, id, c.pkg[0], c.pkg[1]);
      ids.push(id);
    }
    const page = await api(t, coach, 'GET', `/thrive/attention?program=${program}&page_size=100`);
    expect(page.status).toBe(200);
    const byClient = new Map(page.body.results.map((r: { client: number; status: string }) => [r.client, r]));
    cases.forEach((c, i) => {
      const row = byClient.get(ids[i]) as { status: string; elapsed: number; attendance: number | null; package_use: number | null } | undefined;
      if (c.expect === 'on_track') return expect(row).toBeUndefined();
      expect(row?.status).toBe(c.expect);
      expect(trackStatus({ elapsed: row!.elapsed, attendance: row!.attendance, packageUse: row!.package_use })).toBe(c.expect);
    });
    expect(page.body.count).toBe(4);
    expect(page.body.results.map((r: { status: string }) => r.status)).toEqual(['off_track', 'off_track', 'at_risk', 'at_risk']);
    const offOnly = await api(t, coach, 'GET', `/thrive/attention?program=${program}&status=off_track`);
    expect(offOnly.body.count).toBe(2);
    const byCoach = await api(t, coach, 'GET', `/thrive/attention?program=${program}&coach=${coach.id}`);
    expect(byCoach.body.count).toBe(0);
    const summary = await api(t, coach, 'GET', '/thrive/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.status_counts.off_track).toBeGreaterThanOrEqual(2);
    expect(summary.body.sessions_per_week).toHaveLength(12);
    expect(await count(t, 'audit_events', sql`action = 'thrive.attention' and actor_id = ${coach.id}`)).toBe(3);
  });

  it('shows one client their goals against the latest values, worsening flagged in the table too', async () => {
    const id = await addClient(t, [
      { area: 'heart_health', description: 'Lower my blood pressure' },
      { area: 'stress', description: 'Calmer days' },
    ]);
    const program = await addProgramOf(t, 12);
    await enrol(t, id, program, 7);
    for (const [s, d] of [
      [134, 86],
      [142, 90],
    ]) {
      await api(t, coach, 'POST', '/thrive/measurements', {
        client: id,
        metric: 'blood_pressure',
        value: s,
        value2: d,
        unit: 'mmHg',
        taken_at: new Date(Date.now() - (s === 134 ? 7 : 1) * 86_400_000).toISOString(),
      });
    }
    const res = await api(t, coach, 'GET', `/thrive/clients/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.goals).toEqual([
      expect.objectContaining({
        area: 'heart_health',
        metric: 'blood_pressure',
        low: 90,
        high: 120,
        latest: 142,
        previous: 134,
        standing: 'out_of_range',
        worsening: true,
      }),
      expect.objectContaining({ area: 'stress', metric: null, standing: 'no_target', worsening: false }),
    ]);
    expect(res.body.flags).toEqual(['worsening_goal']);
    const table = await api(t, coach, 'GET', `/thrive/attention?program=${program}`);
    expect(table.body.results).toEqual([expect.objectContaining({ client: id, status: 'on_track', flags: ['worsening_goal'] })]);
    expect(await count(t, 'audit_events', sql`action = 'thrive.client.read' and client_id = ${id}`)).toBe(1);
  });

  it('flags an adverse event recorded in a therapy visit of the last 30 days, not an older one', async () => {
    const program = await addProgramOf(t, 12);
    const recent = await addClient(t);
    const older = await addClient(t);
    for (const [id, daysAgo] of [
      [recent, 3],
      [older, 45],
    ]) {
      await enrol(t, id, program, 60);
      await sql`insert into therapy_visits (client_id, therapy, staff_id, created_by, adverse_events, started_at)
        values (${id}, 'hbot', ${coach.id}, ${coach.id}, ${JSON.stringify([{ type: 'Ear pain', severity: 'moderate', action: 'Stopped', outcome: 'Resolved' }])}::jsonb,
          ${new Date(Date.now() - daysAgo * 86_400_000)})`.execute(t.database.db);
    }
    const table = await api(t, coach, 'GET', `/thrive/attention?program=${program}`);
    expect(table.body.results).toEqual([expect.objectContaining({ client: recent, status: 'on_track', flags: ['adverse_event'] })]);
    expect((await api(t, coach, 'GET', `/thrive/clients/${recent}`)).body.flags).toEqual(['adverse_event']);
    expect((await api(t, coach, 'GET', `/thrive/clients/${older}`)).body.flags).toEqual([]);
  });

  it('opens the clients behind each tile, adding up to the tile, for staff only, audited', async () => {
    const program = await addProgramOf(t, 12);
    const fresh = await addClient(t, [{ area: 'sleep', description: 'Sleep 8 hours' }]);
    const lapsed = await addClient(t);
    const service = await addServiceRow(t, 'iv');
    await enrol(t, fresh, program, 10);
    await enrol(t, lapsed, program, 80);
    await addSessions(t, fresh, coach.id, service, { completed: 1 });
    await addPackage(t, fresh, 10, 4, 'iv');
    await addPackage(t, lapsed, 5, 5);
    // A session this week, by the server's own week, and one the week before (not counted).
    const week = (await sql<{ w: Date }>`select date_trunc('week', now()) as w`.execute(t.database.db)).rows[0].w;
    for (const [at, status] of [
      [new Date(week.getTime() + 3 * 3_600_000), 'booked'],
      [new Date(week.getTime() - 3 * 3_600_000), 'no_show'],
    ] as const) {
      await t.database.db
        .insertInto('appointments')
        .values({
          client_id: lapsed,
          service_id: service,
          staff_id: coach.id,
          starts_at: at,
          ends_at: new Date(at.getTime() + 60_000),
          occupied_from: at,
          occupied_to: new Date(at.getTime() + 60_000),
          booked_by: coach.id,
          status,
        })
        .execute();
    }
    const summary = (await api(t, coach, 'GET', '/thrive/summary')).body;
    const figures: Record<string, number> = {
      active_enrollments: summary.active_enrollments,
      sessions_this_week: summary.sessions_this_week.reduce((n: number, w: { sessions: number }) => n + w.sessions, 0),
      package_sessions_left: summary.package_sessions_left,
      overdue: summary.overdue.forms + summary.overdue.thrive_checks,
      without_visit: summary.without_visit_30_days,
    };
    for (const [tile, figure] of Object.entries(figures)) {
      const res = await api(t, coach, 'GET', `/thrive/tiles/${tile}?page_size=100`);
      expect(res.status, tile).toBe(200);
      expect(res.body.total, tile).toBe(figure);
      expect(
        res.body.results.reduce((n: number, r: { amount: number }) => n + r.amount, 0),
        tile,
      ).toBe(figure);
    }
    const rows = async (tile: string, who: number) =>
      (await api(t, coach, 'GET', `/thrive/tiles/${tile}?page_size=100`)).body.results.filter((r: { client: number }) => r.client === who);
    expect(await rows('active_enrollments', fresh)).toEqual([
      expect.objectContaining({ item: expect.stringMatching(/^Reset /), at: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10), amount: 1 }),
    ]);
    expect(await rows('package_sessions_left', fresh)).toEqual([expect.objectContaining({ item: 'iv', amount: 6 })]);
    expect(await rows('package_sessions_left', lapsed)).toEqual([]);
    expect(await rows('sessions_this_week', lapsed)).toEqual([
      expect.objectContaining({ item: 'iv', at: new Date(week.getTime() + 3 * 3_600_000).toISOString(), amount: 1 }),
    ]);
    expect((await rows('overdue', fresh)).map((r: { item: string }) => r.item)).toContain('thrive_check');
    expect((await rows('overdue', lapsed)).map((r: { item: string }) => r.item).sort()).toEqual(['forms', 'thrive_check']);
    expect(await rows('without_visit', fresh)).toEqual([]);
    expect(await rows('without_visit', lapsed)).toEqual([expect.objectContaining({ at: null })]);
    const paged = await api(t, coach, 'GET', '/thrive/tiles/active_enrollments?page=2&page_size=1');
    expect(paged.body).toMatchObject({ tile: 'active_enrollments', count: figures.active_enrollments, total: figures.active_enrollments });
    expect(paged.body.results).toHaveLength(1);
    expect((await api(t, client, 'GET', '/thrive/tiles/overdue')).status).toBe(403);
    expect((await api(t, coach, 'GET', '/thrive/tiles/everyone')).status).toBe(400);
    expect(await count(t, 'audit_events', sql`action = 'thrive.tile' and actor_id = ${coach.id}`)).toBeGreaterThanOrEqual(5);
  });

  it('gives a client their own dashboard only, and staff the clinic-wide views', async () => {
    expect((await api(t, client, 'GET', `/thrive/clients/${client.id}`)).status).toBe(200);
    expect((await api(t, client, 'GET', `/thrive/clients/${other.id}`)).status).toBe(404);
    expect((await api(t, client, 'GET', '/thrive/summary')).status).toBe(403);
    expect((await api(t, client, 'GET', '/thrive/attention')).status).toBe(403);
    expect((await api(t, coach, 'GET', `/thrive/clients/${coach.id}`)).status).toBe(404);
    expect((await api(t, coach, 'GET', '/thrive/attention?from=2026-02-01&to=2026-01-01')).body.errors).toEqual({ from: [THRIVE_TEXTS.fromAfterTo] });
  });
});
