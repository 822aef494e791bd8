// The server enforces the enrollment chart: every (from, to) pair of statuses is tried, generated
// from machines/enrollment/enrollment-lifecycle.ts. A step of the chart is accepted; any other
// change answers 409 {detail} and leaves the enrollment and the audit trail as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollmentLifecycle } from '../../../../machines/enrollment/enrollment-lifecycle.ts';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

const statuses = statusesOf(enrollmentLifecycle);
const pairs = statuses.flatMap((from) =>
  statuses.filter((to) => to !== from).map((to) => ({ from, to, legal: stepTo(enrollmentLifecycle, from, to) !== null })),
);

describe.each(engines)('the enrollment lifecycle on %s', (engine) => {
  let t: TestApp;
  let coach: Actor;
  let client: Actor;
  let program: number;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    const admin = await addUser(t, 'ADMIN');
    coach = await addUser(t, 'HEALTH_COACH');
    client = await addUser(t, 'CLIENT');
    const created = await api(t, admin, 'POST', '/programs/programs', { name: 'Lifecycle Reset', duration_weeks: 8, price_inr: 1000 });
    program = created.body.id;
  }, 180_000);
  afterAll(() => t.close());

  const updates = async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_events where action = 'enrollment.update' and client_id = ${client.id}`.execute(t.database.db);
    return Number(rows[0].n);
  };

  it('has both legal and illegal pairs to try', () => {
    expect(pairs.some((p) => p.legal)).toBe(true);
    expect(pairs.some((p) => !p.legal)).toBe(true);
  });

  it.each(pairs)('$from -> $to (legal: $legal)', async ({ from, to, legal }) => {
    const created = await api(t, coach, 'POST', '/users/user-program-enrollments', { user: client.id, program, status: from, start_date: '2026-04-01' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const auditBefore = await updates();
    const res = await api(t, coach, 'PATCH', `/users/user-program-enrollments/${id}`, { status: to, notes: 'changed' });
    const list = await api(t, coach, 'GET', `/users/user-program-enrollments?user=${client.id}`);
    const stored = list.body.find((e: { id: number }) => e.id === id);
    if (legal) {
      expect(res.status).toBe(200);
      expect(stored).toMatchObject({ status: to, notes: 'changed' });
      expect(await updates()).toBe(auditBefore + 1);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(`This enrollment cannot go from ${wordsInSentence(from)} to ${wordsInSentence(to)}.`);
      expect(stored).toMatchObject({ status: from, notes: '' });
      expect(await updates()).toBe(auditBefore);
    }
  });
});
