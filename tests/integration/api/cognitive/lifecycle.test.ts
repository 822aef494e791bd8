// The server enforces the run chart: every (from, to) pair of statuses is tried, generated from
// machines/cognitive/run-lifecycle.ts. A step of the chart is accepted; any other change answers
// 409 {detail} and leaves the run and the audit trail as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBattery } from '../../../../machines/cognitive/battery.ts';
import { runLifecycle } from '../../../../machines/cognitive/run-lifecycle.ts';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { answer, PERFECT } from '../../../unit/machines/cognitive/answers.ts';
import { type Actor, addUser, api } from '../support.ts';
import { runIn } from './fixtures.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

type Status = 'in_progress' | 'paused' | 'completed' | 'incomplete';
const statuses = statusesOf(runLifecycle) as Status[];
const pairs = statuses.flatMap((from) => statuses.filter((to) => to !== from).map((to) => ({ from, to, legal: stepTo(runLifecycle, from, to) !== null })));
const SEED = 20261123;
const ANSWERS = answer(generateBattery(SEED), PERFECT);

describe.each(engines)('the cognitive run lifecycle on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  const writes = async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_events where action in ('cognitive.run.save', 'cognitive.run.complete') and client_id = ${client.id}`.execute(
      t.database.db,
    );
    return rows[0].n;
  };

  it('has both legal and illegal pairs to try', () => {
    expect(pairs.some((p) => p.legal)).toBe(true);
    expect(pairs.some((p) => !p.legal)).toBe(true);
  });

  it.each(pairs)('$from -> $to (legal: $legal)', async ({ from, to, legal }) => {
    const id = await runIn(t, client.id, from, SEED);
    const before = await writes();
    const res =
      to === 'completed'
        ? await api(t, client, 'POST', `/assessments/cognitive/runs/${id}/complete`, { progress: { tasks: ANSWERS } })
        : await api(t, client, 'PATCH', `/assessments/cognitive/runs/${id}`, { status: to });
    const { rows } = await sql<{ status: string }>`select status from cognitive_runs where id = ${id}`.execute(t.database.db);
    if (legal) {
      expect(res.status).toBe(200);
      expect(rows[0].status).toBe(to);
      expect(await writes()).toBe(before + 1);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(`This run cannot go from ${wordsInSentence(from)} to ${wordsInSentence(to)}.`);
      expect(rows[0].status).toBe(from);
      expect(await writes()).toBe(before);
    }
  });
});
