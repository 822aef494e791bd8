// The server enforces the visit chart: every (from, to) pair of statuses is tried over HTTP,
// generated from machines/visits/visit-lifecycle.ts, on a visit that has everything each step needs
// (screened, vitals and parameters in, a reason given). A step of the chart is accepted; anything
// else answers 409 {detail} and leaves the visit and the audit trail as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { type VisitStatus, visitLifecycle } from '../../../../machines/visits/visit-lifecycle.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { PET_PARAMETERS, screen, VITALS } from './fixtures.ts';

const statuses = statusesOf(visitLifecycle) as VisitStatus[];
const targets = statuses.filter((s) => s !== 'draft');
const pairs = statuses.flatMap((from) => targets.filter((to) => to !== from).map((to) => ({ from, to })));
const EVERYTHING = { blockers: [], missing: [], signer_id: 1, reason: 'Client unwell' };

describe.each(engines)('the therapy visit lifecycle on %s', (engine) => {
  let t: TestApp;
  let nurse: Actor;
  let client: number;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    nurse = await addUser(t, 'NURSE');
    client = (await addUser(t, 'CLIENT')).id;
    await screen(t, nurse, client, 'pet');
  }, 180_000);
  afterAll(() => t.close());

  /** A complete PET visit put straight into `status`. */
  async function visitIn(status: VisitStatus): Promise<number> {
    const signed = status === 'signed';
    const { rows } = await sql<{
      id: number;
    }>`insert into therapy_visits (client_id, therapy, staff_id, status, vitals_before, vitals_after, parameters, created_by, signed_by, signed_at, abort_reason)
      values (${client}, 'pet', ${nurse.id}, ${status}, ${JSON.stringify(VITALS)}::jsonb, ${JSON.stringify(VITALS)}::jsonb, ${JSON.stringify(PET_PARAMETERS)}::jsonb, ${nurse.id},
        ${signed ? nurse.id : null}, ${signed ? new Date() : null}, ${status === 'aborted' ? 'Left' : null}) returning id`.execute(t.database.db);
    return rows[0].id;
  }

  const state = async (id: number) =>
    (
      await sql<{ status: string; version: number; audit: number }>`select status, version,
        (select count(*)::int from audit_events where action = 'visit.transition' and client_id = ${client}) as audit
        from therapy_visits where id = ${id}`.execute(t.database.db)
    ).rows[0];

  it.each(pairs)('$from → $to', async ({ from, to }) => {
    const id = await visitIn(from);
    const before = await state(id);
    const res = await api(t, nurse, 'POST', `/visits/therapy-visits/${id}/transitions`, { to, reason: 'Client unwell' });
    if (stepTo(visitLifecycle, from, to, { extras: EVERYTHING })) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe(to);
      expect((await state(id)).audit).toBe(before.audit + 1);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.detail).toEqual(expect.any(String));
      expect(await state(id)).toEqual(before);
    }
  });
});
