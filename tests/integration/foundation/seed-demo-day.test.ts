// `npm run seed:demo` gives a clinic that can run a day (issue 32): every staff member has hours,
// package plans are defined and sold, the lab catalogue has markers and serviceable PIN codes,
// prospects stand in every stage short of enrolment, past sessions are charted and signed (and
// open as charts through the API), tickets are new, answered and solved; a rerun adds nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDay } from '../../../scripts/seed-day.ts';
import { seedScheduling } from '../../../scripts/seed-scheduling.ts';
import { DEMO_LAB_PINCODES, DEMO_PACKAGE_PLANS, DEMO_PROSPECTS } from '../../../scripts/demo-data.ts';
import type { ClinicRole } from '../../../server/identity/contracts.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Actor, addUser, api } from '../api/support.ts';

const ROLES: ClinicRole[] = ['SUPER_ADMIN', 'ADMIN', 'DOCTOR', 'NURSE', 'RECEPTION', 'HEALTH_COACH', 'NUTRITIONIST'];

describe('the demo clinic’s day', () => {
  let t: TestApp;
  let staff: Array<Actor & { role: ClinicRole }>;
  let clients: Actor[];
  let first: Awaited<ReturnType<typeof seedDay>>;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    staff = [];
    for (const role of ROLES) staff.push({ ...(await addUser(t, role)), role });
    clients = [];
    for (let i = 0; i < 8; i++) clients.push(await addUser(t, 'CLIENT'));
    const db = t.database.db;
    await seedScheduling(
      db,
      t.runtime.mail,
      staff.map((s) => ({ id: s.id, role: s.role })),
      clients.map((c) => c.id),
    );
    first = await seedDay(
      db,
      staff.map((s) => ({ id: s.id, role: s.role })),
      clients.map((c) => c.id),
    );
  }, 300_000);
  afterAll(() => t.close());

  const as = (role: ClinicRole) => staff.find((s) => s.role === role)!;

  it('gives every staff member working hours', async () => {
    const { rows } = await sql<{ staff_id: number }>`select distinct staff_id from staff_hours`.execute(t.database.db);
    expect(rows.map((r) => r.staff_id).sort()).toEqual(staff.map((s) => s.id).sort());
  });

  it('defines package plans and sells packages from them', async () => {
    expect(first.plans).toBe(DEMO_PACKAGE_PLANS.length);
    const plans = await api(t, as('ADMIN'), 'GET', '/appointments/package-plans');
    expect(plans.status).toBe(200);
    const sold = await sql<{ n: number }>`select count(*)::int as n from packages where plan_id is not null and price_inr > 0`.execute(t.database.db);
    expect(sold.rows[0].n).toBeGreaterThan(0);
  });

  it('has a lab catalogue with markers and serves its PIN codes', async () => {
    const catalogue = await api(t, clients[0], 'GET', '/labs/catalogue');
    expect(catalogue.status).toBe(200);
    const items = (catalogue.body.results ?? catalogue.body) as Array<{ kind: string }>;
    expect(items.some((i) => i.kind === 'profile')).toBe(true);
    expect(items.filter((i) => i.kind === 'test').length).toBeGreaterThanOrEqual(5);
    for (const { pincode } of DEMO_LAB_PINCODES) {
      const served = await api(t, clients[0], 'GET', `/labs/pincodes?pincode=${pincode}`);
      expect(served.status).toBe(200);
      expect(JSON.stringify(served.body)).toContain(pincode);
    }
  });

  it('has prospects in every stage short of enrolment', async () => {
    const { rows } = await sql<{ stage: string }>`select distinct stage from discovery_prospects`.execute(t.database.db);
    const stages = new Set(DEMO_PROSPECTS.map((p) => p.path.at(-1) ?? 'new'));
    expect(new Set(rows.map((r) => r.stage))).toEqual(stages);
    expect([...stages].sort()).toEqual(['contacted', 'discovery_booked', 'discovery_done', 'lost', 'new', 'no_show', 'not_a_fit', 'nurture']);
  });

  it('has past sessions charted and signed, each opening as a chart', async () => {
    expect(first.visitsSigned).toBeGreaterThan(0);
    const { rows } = await sql<{ id: number }>`select id from therapy_visits where status = 'signed' order by id limit 3`.execute(t.database.db);
    for (const { id } of rows) {
      const chart = await api(t, as('DOCTOR'), 'GET', `/visits/therapy-visits/${id}`);
      expect(chart.status).toBe(200);
      expect(chart.body.status).toBe('signed');
    }
  });

  it('has tickets new, answered and solved', async () => {
    const { rows } = await sql<{ status: string; staff_replies: number }>`
      select t.status, (select count(*)::int from support_messages m where m.ticket_id = t.id and m.author_id <> t.client_id) as staff_replies
      from support_tickets t order by t.id`.execute(t.database.db);
    expect(rows.map((r) => r.status).sort()).toEqual(['new', 'pending', 'solved']);
    expect(rows.find((r) => r.status === 'pending')!.staff_replies).toBe(1);
  });

  it('adds nothing when run again', async () => {
    const again = await seedDay(
      t.database.db,
      staff.map((s) => ({ id: s.id, role: s.role })),
      clients.map((c) => c.id),
    );
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });
});
