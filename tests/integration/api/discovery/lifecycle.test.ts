// The server enforces the pipeline chart: every (from, to) pair of stages is tried over HTTP,
// generated from machines/discovery/pipeline-lifecycle.ts, with a reason and a follow-up date.
// A step of the chart is accepted; any other move answers 409 and leaves the prospect, its
// history and the audit trail as they were. Enrol is never a plain move (only by converting).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineStage, pipelineLifecycle } from '../../../../machines/discovery/pipeline-lifecycle.ts';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { DISCOVERY_TEXTS } from '../../../../server/api/discovery/texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addProspect } from './fixtures.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

const EXTRAS = { reason: 'Moved to another city', nurture_on: '2026-12-01' };
const stages = statusesOf(pipelineLifecycle);
const pairs = stages.flatMap((from) =>
  stages.filter((to) => to !== from).map((to) => ({ from, to, legal: stepTo(pipelineLifecycle, from, to, { extras: EXTRAS }) !== null })),
);

describe.each(engines)('the prospect pipeline on %s', (engine) => {
  let t: TestApp;
  let coach: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    coach = await addUser(t, 'HEALTH_COACH');
  }, 180_000);
  afterAll(() => t.close());

  const trail = async (id: number) => {
    const { rows } = await sql<{
      n: number;
    }>`select (select count(*) from audit_events where action = 'discovery.prospect.transition' and client_id = ${id}) + (select count(*) from discovery_stage_history where prospect_id = ${id}) as n`.execute(
      t.database.db,
    );
    return Number(rows[0].n);
  };

  it('has legal and illegal pairs, and enrol is never a plain move', () => {
    expect(pairs.some((p) => p.legal)).toBe(true);
    expect(pairs.some((p) => !p.legal)).toBe(true);
    expect(pairs.filter((p) => p.to === 'enrol' && p.legal)).toEqual([]);
  });

  it.each(pairs)('$from -> $to (legal: $legal)', async ({ from, to, legal }) => {
    const { id } = await addProspect(t, coach, from as PipelineStage);
    const before = await trail(id);
    const res = await api(t, coach, 'POST', `/discovery/prospects/${id}/transitions`, { to, ...EXTRAS });
    const stored = await api(t, coach, 'GET', `/discovery/prospects/${id}`);
    if (legal) {
      expect(res.status).toBe(200);
      expect(stored.body.stage).toBe(to);
      expect(stored.body.history.at(-1)).toMatchObject({ from, to, actor: coach.id });
      expect(await trail(id)).toBe(before + 2);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(
        to === 'enrol' ? DISCOVERY_TEXTS.enrolByConverting : `This prospect cannot go from ${wordsInSentence(from)} to ${wordsInSentence(to)}.`,
      );
      expect(stored.body.stage).toBe(from);
      expect(await trail(id)).toBe(before);
    }
  });
});
