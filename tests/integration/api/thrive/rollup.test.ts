// The thrive roll-up (migration 0910) against the from-scratch SQL (sql-reference.ts) on random
// clinics: appointments past and ahead (late cancellations of tomorrow, a completion dated ahead),
// enrollments starting in the past and the future, packages, thrive checks, goal readings and
// corrections, consent and goals changing, then random changes to all of them. After every round
// the summary, every page of the needs-attention table and each client's enrollments must be
// identical, each tile's list adds up to its figure, and the roll-up tables equal to a backfill
// made from nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attention, clientEnrollments, summary, tilePage } from '../../../../server/api/thrive/data.ts';
import { THRIVE_TILES } from '../../../../server/api/thrive/sql.ts';
import { fromScratch } from '../../../support/thrive-sql-reference.ts';
import type { Db } from '../../../../server/db/database.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../support/engines.ts';

/** mulberry32: the same clinic on every run of a seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

const DAY = 86_400_000;
const STATUSES = ['booked', 'confirmed', 'completed', 'completed', 'completed', 'no_show', 'cancelled', 'cancelled', 'rescheduled', 'requested'] as const;
const AREAS = ['weight', 'heart_health', 'blood_sugar', 'sleep', 'fitness', 'stress'] as const;
const GOAL_METRICS: Record<string, [string, number, number]> = {
  weight: ['weight', 50, 110],
  height: ['height', 150, 190],
  blood_pressure: ['blood_pressure', 100, 160],
  fasting_glucose: ['fasting_glucose', 70, 140],
  sleep_hours: ['sleep_hours', 4, 10],
  vo2max: ['vo2max', 25, 55],
};

async function seedClinic(db: Db, seed: number) {
  const r = random(seed);
  const tag = `s${seed}`;
  const staff = (
    await sql<{ id: number }>`insert into users (sub, username, email, first_name, last_name, role)
    select ${tag} || '-staff-' || i, ${tag} || '-staff-' || i, ${tag} || '.staff' || i || '@rollup.test', 'Coach', 'C' || i, 'HEALTH_COACH'
    from generate_series(1, 3) i returning id`.execute(db)
  ).rows.map((x) => x.id);
  const clients = (
    await sql<{ id: number }>`insert into users (sub, username, email, first_name, last_name, role)
    select ${tag} || '-client-' || i, ${tag} || '-client-' || i, ${tag} || '.client' || i || '@rollup.test', 'Client', 'R' || i, 'CLIENT'
    from generate_series(1, 30) i returning id`.execute(db)
  ).rows.map((x) => x.id);
  for (const c of clients) {
    const goals = AREAS.filter(() => r.next() < 0.35).map((area) => ({ area, description: area, priority: 'high', target_date: '2027-06-30' }));
    const health = r.next() < 0.15 ? {} : { schema_version: 1, goals };
    await sql`insert into user_profiles (user_id, hipaa_consent, health_goals) values (${c}, ${r.next() < 0.8}, ${JSON.stringify(health)}::jsonb)`.execute(db);
  }
  const services = (
    await sql<{ id: number }>`insert into services (name, therapy, duration_minutes, delivered_by)
    values (${`${tag} HBOT`}, 'hbot', 60, array['NURSE']), (${`${tag} IV`}, 'iv_therapy', 60, array['NURSE']) returning id`.execute(db)
  ).rows.map((x) => x.id);
  const programs = (
    await sql<{ id: number }>`insert into programs (name, duration_weeks, price_inr)
    values (${`${tag} A`}, 4, 1000), (${`${tag} B`}, 12, 1000) returning id`.execute(db)
  ).rows.map((x) => x.id);
  return { r, staff, clients, services, programs };
}

type Clinic = Awaited<ReturnType<typeof seedClinic>>;
let minute = 0;

async function addAppointment(db: Db, k: Clinic, daysFromNow: number) {
  const status = k.r.pick(STATUSES);
  // Each its own minute, so no two hold one staff member at once.
  const starts = new Date(Date.now() + daysFromNow * DAY + (minute++ % 1000) * 60_000 - 500 * 60_000);
  const ends = new Date(starts.getTime() + 60_000);
  const late = status === 'cancelled' && k.r.next() < 0.5;
  await sql`insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status, late_cancellation, cancelled_by)
    values (${k.r.pick(k.clients)}, ${k.r.pick(k.services)}, ${k.r.pick(k.staff)}, ${starts}, ${ends}, ${starts}, ${ends}, ${k.staff[0]}, ${status}, ${late},
      ${status === 'cancelled' ? 'client' : null})`.execute(db);
}

async function addReading(db: Db, k: Clinic, client: number) {
  const [metric, low, high] = GOAL_METRICS[k.r.pick(Object.keys(GOAL_METRICS))];
  const value = Math.round(low + k.r.next() * (high - low));
  const takenAt = new Date(Date.now() - k.r.int(200) * DAY - k.r.int(1000) * 60_000);
  await sql`insert into measurements (client_id, metric, value, value2, unit, entered_value, entered_unit, taken_at, source, entered_by)
    values (${client}, ${metric}, ${value}, ${metric === 'blood_pressure' ? 80 : null}, 'u', ${value}, 'u', ${takenAt}, 'staff', ${k.staff[0]})`.execute(db);
}

async function populate(db: Db, k: Clinic) {
  for (let i = 0; i < 160; i++) await addAppointment(db, k, -k.r.int(150) + (k.r.next() < 0.15 ? 1 + k.r.int(5) : 0));
  // Ahead of now and counted already: a late cancellation of tomorrow, a completion dated ahead.
  for (const status of ['cancelled', 'completed', 'no_show']) {
    const starts = new Date(Date.now() + (1 + k.r.int(3)) * DAY + minute++ * 60_000);
    await sql`insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status, late_cancellation, cancelled_by)
      values (${k.clients[k.r.int(5)]}, ${k.services[0]}, ${k.staff[1]}, ${starts}, ${new Date(starts.getTime() + 60_000)}, ${starts}, ${new Date(starts.getTime() + 60_000)},
        ${k.staff[0]}, ${status}, ${status === 'cancelled'}, ${status === 'cancelled' ? 'client' : null})`.execute(db);
  }
  for (const c of k.clients) {
    if (k.r.next() < 0.75) {
      const start = new Date(Date.now() - (k.r.int(120) - 10) * DAY).toISOString().slice(0, 10);
      await sql`insert into program_enrollments (user_id, program_id, start_date, status) values (${c}, ${k.r.pick(k.programs)}, ${start}, ${k.r.next() < 0.85 ? 'active' : 'paused'})`.execute(
        db,
      );
    }
    for (let p = k.r.int(3); p > 0; p--) {
      const total = 5 + k.r.int(10);
      await sql`insert into packages (client_id, therapy, sessions_total, sessions_used, expires_on) values (${c}, 'hbot', ${total}, ${k.r.int(total + 1)},
        ${k.r.next() < 0.3 ? new Date(Date.now() + (k.r.int(60) - 30) * DAY).toISOString().slice(0, 10) : null})`.execute(db);
    }
    for (let n = k.r.int(3); n > 0; n--) {
      const risk = 1 + k.r.int(29);
      await sql`insert into thrive_checks (user_id, recorded_by, taken_at, sex, age, hdl_cholesterol, total_cholesterol, smoker, diabetic, treats_hypertension, systolic_bp, points, risk_percentage, risk_band, in_validated_age_range, model)
        values (${c}, ${k.staff[0]}, ${new Date(Date.now() - k.r.int(200) * DAY)}, 'male', 55, 45, 210, false, false, false, 130, 10, ${risk}, 'x', true, 'test')`.execute(
        db,
      );
    }
    for (let n = k.r.int(6); n > 0; n--) await addReading(db, k, c);
    // Therapy visits (issue 17), some with an adverse event, recent or older than 30 days.
    if (k.r.next() < 0.3) {
      const events = k.r.next() < 0.6 ? [{ type: 'Ear pain', severity: 'mild', action: 'Paused', outcome: 'Resolved' }] : [];
      await sql`insert into therapy_visits (client_id, therapy, staff_id, created_by, adverse_events, started_at)
        values (${c}, 'hbot', ${k.staff[0]}, ${k.staff[0]}, ${JSON.stringify(events)}::jsonb, ${new Date(Date.now() - k.r.int(60) * DAY)})`.execute(db);
    }
  }
}

/** Random changes through every path the roll-up watches. */
async function change(db: Db, k: Clinic) {
  const ids = (await sql<{ id: number }>`select id from appointments order by id`.execute(db)).rows.map((x) => x.id);
  for (let i = 0; i < 25; i++) {
    const status = k.r.pick(STATUSES);
    await sql`update appointments set status = ${status}, late_cancellation = ${status === 'cancelled' && k.r.next() < 0.5},
      cancelled_by = ${status === 'cancelled' ? 'clinic' : null} where id = ${k.r.pick(ids)}`.execute(db);
  }
  await sql`update appointments set notes = 'touched' where id = ${k.r.pick(ids)}`.execute(db);
  await sql`update appointments set client_id = ${k.r.pick(k.clients)} where id = ${k.r.pick(ids)}`.execute(db);
  for (let i = 0; i < 10; i++) await addAppointment(db, k, -k.r.int(60));
  const enrollments = (await sql<{ id: number }>`select id from program_enrollments order by id`.execute(db)).rows.map((x) => x.id);
  for (let i = 0; i < 6; i++) {
    const e = k.r.pick(enrollments);
    const what = k.r.int(3);
    if (what === 0) await sql`update program_enrollments set status = ${k.r.pick(['active', 'paused', 'completed', 'cancelled'])} where id = ${e}`.execute(db);
    else if (what === 1) await sql`update program_enrollments set start_date = start_date - ${k.r.int(30)}::int where id = ${e}`.execute(db);
    else await sql`delete from program_enrollments where id = ${e}`.execute(db);
  }
  const open = (await sql<{ id: number }>`select id from packages where sessions_used < sessions_total order by id`.execute(db)).rows.map((x) => x.id);
  await sql`update packages set sessions_used = sessions_used + 1 where id = ${k.r.pick(open)}`.execute(db);
  await sql`delete from packages where id = (select min(id) from packages where client_id = ${k.r.pick(k.clients)})`.execute(db);
  await sql`update user_profiles set hipaa_consent = not hipaa_consent where user_id = ${k.r.pick(k.clients)}`.execute(db);
  await sql`update user_profiles set health_goals = ${JSON.stringify({ schema_version: 1, goals: [{ area: k.r.pick(AREAS), description: 'x' }] })}::jsonb where user_id = ${k.r.pick(k.clients)}`.execute(
    db,
  );
  for (let i = 0; i < 8; i++) await addReading(db, k, k.r.pick(k.clients));
  // A correction: the corrected reading stops counting.
  const m = (
    await sql<{ id: number; client_id: number; metric: string; value: number; value2: number | null; taken_at: Date }>`
    select id, client_id, metric, value, value2, taken_at from measurements m where not exists (select 1 from measurements x where x.corrects = m.id) order by id desc limit 1`.execute(
      db,
    )
  ).rows[0];
  await sql`insert into measurements (client_id, metric, value, value2, unit, entered_value, entered_unit, taken_at, source, entered_by, corrects, correction_reason)
    values (${m.client_id}, ${m.metric}, ${m.value * 1.5}, ${m.value2}, 'u', ${m.value}, 'u', ${m.taken_at}, 'staff', ${k.staff[0]}, ${m.id}, 'typo')`.execute(
    db,
  );
}

async function expectSameAnswers(db: Db, k: Clinic) {
  expect(await summary(db)).toEqual(await summary(db, fromScratch));
  for (const filter of [
    {},
    { program: k.programs[0] },
    { coach: k.staff[1] },
    { status: 'at_risk' as const },
    { from: new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10) },
  ]) {
    const first = await attention(db, { ...filter, page: 1, pageSize: 4 });
    if (Object.keys(filter).length === 0) expect(first.count).toBeGreaterThan(4);
    expect(first).toEqual(await attention(db, { ...filter, page: 1, pageSize: 4 }, fromScratch));
    for (let page = 2; page <= Math.ceil(first.count / 4); page++) {
      expect(await attention(db, { ...filter, page, pageSize: 4 })).toEqual(await attention(db, { ...filter, page, pageSize: 4 }, fromScratch));
    }
  }
  for (const c of k.clients.slice(0, 10)) expect(await clientEnrollments(db, c)).toEqual(await clientEnrollments(db, c, fromScratch));
  // Each tile's drill-down lists exactly what its figure counts, page after page.
  const s = await summary(db);
  const figure = {
    active_enrollments: s.active_enrollments,
    sessions_this_week: s.sessions_this_week.reduce((n, w) => n + w.sessions, 0),
    package_sessions_left: s.package_sessions_left,
    overdue: s.overdue.forms + s.overdue.thrive_checks,
    without_visit: s.without_visit_30_days,
  };
  for (const tile of THRIVE_TILES) {
    const first = await tilePage(db, tile, 1, 7);
    expect(first.total, tile).toBe(figure[tile]);
    const rows = [...first.results];
    for (let page = 2; page <= Math.ceil(first.count / 7); page++) rows.push(...(await tilePage(db, tile, page, 7)).results);
    expect(rows.length, tile).toBe(first.count);
    expect(
      rows.reduce((n, r) => n + r.amount, 0),
      tile,
    ).toBe(figure[tile]);
  }
  // The kept roll-up equals one rebuilt from nothing (a slot's count is the sum over its stripes: 1620_thrive_slot_stripes).
  const tables = sql`select 'e' as t, to_jsonb(r) - 'enrollment_id' as row, enrollment_id as k from thrive_enrollment_rollup r
    union all select 'c', to_jsonb(r), client_id from thrive_client_rollup r
    union all select 's', jsonb_build_object('slot_start', slot_start, 'service_id', service_id, 'status', status, 'sessions', sum(sessions)), 0
      from thrive_session_slots group by slot_start, service_id, status having sum(sessions) <> 0`;
  const kept = (await sql<{ row: unknown }>`select row from (${tables}) x order by t, k, row::text`.execute(db)).rows;
  await sql`delete from thrive_client_rollup`.execute(db);
  await sql`delete from thrive_session_slots`.execute(db);
  await sql`insert into thrive_session_slots (slot_start, service_id, status, sessions)
    select date_bin('15 minutes', starts_at, timestamptz '2000-01-03 00:00+00'), service_id, status, count(*)::int from appointments group by 1, 2, 3`.execute(
    db,
  );
  await sql`select thrive_refresh_clients(array(select client_id from appointments union select user_id from program_enrollments union select client_id from packages
    union select client_id from measurements union select user_id from thrive_checks union select user_id from user_profiles))`.execute(db);
  const rebuilt = (await sql<{ row: unknown }>`select row from (${tables}) x order by t, k, row::text`.execute(db)).rows;
  expect(kept).toEqual(rebuilt);
}

describe.each(engines)('thrive roll-up on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 120_000);
  afterAll(() => database.close());

  it.each([1, 2])(
    'answers as the from-scratch SQL does on random clinic %i, before and after random changes',
    async (seed) => {
      const db = database.db;
      const k = await seedClinic(db, seed);
      await populate(db, k);
      await expectSameAnswers(db, k);
      for (let round = 0; round < 3; round++) {
        await change(db, k);
        await expectSameAnswers(db, k);
      }
    },
    180_000,
  );
});
