// Cognitive assessment over HTTP, on each engine: a client takes the battery (progress saved task
// by task, paused and resumed, completed and scored by the server from the seed's battery, as the
// known response sets say), a nurse records a MoCA total and comments, the client sees both; a
// run left open past its day or replaced by a new one is kept as incomplete; raw data that is not
// this battery's is refused with nothing written; every access is audited.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBattery } from '../../../../machines/cognitive/battery.ts';
import { scoreBattery } from '../../../../machines/cognitive/scoring.ts';
import { COGNITIVE_TEXTS } from '../../../../server/api/cognitive/texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { answer, MIDDLING, PERFECT } from '../../../unit/machines/cognitive/answers.ts';
import { type Actor, addUser, api } from '../support.ts';
import { MOCA, runIn } from './fixtures.ts';

async function audits(t: TestApp, action: string, client: number, outcome = 'success'): Promise<number> {
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from audit_events where action = ${action} and client_id = ${client} and outcome = ${outcome}`.execute(t.database.db);
  return r.rows[0].n;
}

describe.each(engines)('cognitive assessment API on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let other: Actor;
  let nurse: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT', { first_name: 'Meera', last_name: 'Iyer' });
    other = await addUser(t, 'CLIENT');
    nurse = await addUser(t, 'NURSE', { first_name: 'Kavya', last_name: 'Nair' });
  }, 180_000);
  afterAll(() => t.close());

  it('takes a client through a run: start, save, pause, resume, complete; the server scores it', async () => {
    const started = await api(t, client, 'POST', '/assessments/cognitive/runs', {});
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ client: client.id, status: 'in_progress', progress: { tasks: [] }, total: null, domains: null });
    const run = started.body;
    const battery = generateBattery(run.seed);
    const records = answer(battery, MIDDLING);

    const saved = await api(t, client, 'PATCH', `/assessments/cognitive/runs/${run.id}`, { progress: { tasks: records.slice(0, 3) } });
    expect(saved.status).toBe(200);
    expect(saved.body.progress.tasks).toEqual(records.slice(0, 3));

    const paused = await api(t, client, 'PATCH', `/assessments/cognitive/runs/${run.id}`, { status: 'paused', progress: { tasks: records.slice(0, 4) } });
    expect(paused.body.status).toBe('paused');
    // Paused runs are not completed: the chart has no such step.
    const early = await api(t, client, 'POST', `/assessments/cognitive/runs/${run.id}/complete`, { progress: { tasks: records } });
    expect(early.status).toBe(409);
    const resumed = await api(t, client, 'PATCH', `/assessments/cognitive/runs/${run.id}`, { status: 'in_progress' });
    expect(resumed.body).toMatchObject({ status: 'in_progress', progress: { tasks: records.slice(0, 4) } });

    const done = await api(t, client, 'POST', `/assessments/cognitive/runs/${run.id}/complete`, { progress: { tasks: records } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', domains: { memory: 38, attention: 69, processing_speed: 46, executive_function: 44 }, total: 49 });
    expect(done.body.measures).toEqual(scoreBattery(battery, records).measures);
    expect(done.body.completed_at).toEqual(expect.any(String));

    const again = await api(t, client, 'PATCH', `/assessments/cognitive/runs/${run.id}`, { progress: { tasks: [] } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(COGNITIVE_TEXTS.runEnded);
    expect(await audits(t, 'cognitive.run.complete', client.id)).toBe(1);
    expect(await audits(t, 'cognitive.run.save', client.id)).toBe(3);
  });

  it('lists a client their own results, newest first, with the nurse’s MoCA total and comments', async () => {
    const second = await api(t, client, 'POST', '/assessments/cognitive/runs', {});
    const done = await api(t, client, 'POST', `/assessments/cognitive/runs/${second.body.id}/complete`, {
      progress: { tasks: answer(generateBattery(second.body.seed), PERFECT) },
    });
    expect(done.body.total).toBe(100);

    const moca = await api(t, nurse, 'POST', '/assessments/cognitive/instruments', { ...MOCA, client: client.id });
    expect(moca.status).toBe(201);
    expect(moca.body).toMatchObject({ ...MOCA, client: client.id, recorded_by: nurse.id, reviews: [] });
    const comment = await api(t, nurse, 'POST', '/assessments/cognitive/reviews', {
      run: second.body.id,
      comment: 'Better than last time. We will talk it through at your visit.',
    });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ run: second.body.id, instrument: null, reviewer: nurse.id, reviewer_name: 'Kavya Nair' });
    const onMoca = await api(t, nurse, 'POST', '/assessments/cognitive/reviews', { instrument: moca.body.id, comment: 'Discussed with the doctor.' });
    expect(onMoca.status).toBe(201);

    const mine = await api(t, client, 'GET', '/assessments/cognitive/results');
    expect(mine.status).toBe(200);
    expect(mine.body.runs.map((r: { id: number }) => r.id)[0]).toBe(second.body.id);
    expect(mine.body.runs[0].reviews.map((r: { comment: string }) => r.comment)).toEqual(['Better than last time. We will talk it through at your visit.']);
    expect(mine.body.instruments).toHaveLength(1);
    expect(mine.body.instruments[0]).toMatchObject({ instrument: 'MoCA', total: 26, max_total: 30, reviews: [{ comment: 'Discussed with the doctor.' }] });

    const asStaff = await api(t, nurse, 'GET', `/assessments/cognitive/results?client=${client.id}`);
    expect(asStaff.body).toEqual(mine.body);
    expect(await audits(t, 'cognitive.results.list', client.id)).toBe(2);
  });

  it('keeps a client to their own results and runs, and staff out of a client’s run', async () => {
    const theirs = await runIn(t, other.id, 'in_progress');
    expect((await api(t, client, 'GET', `/assessments/cognitive/results?client=${other.id}`)).status).toBe(404);
    expect((await api(t, client, 'PATCH', `/assessments/cognitive/runs/${theirs}`, { status: 'paused' })).status).toBe(404);
    expect((await api(t, client, 'POST', '/assessments/cognitive/runs', { client: other.id })).status).toBe(404);
    expect((await api(t, nurse, 'PATCH', `/assessments/cognitive/runs/${theirs}`, { status: 'paused' })).status).toBe(403);
    expect((await api(t, nurse, 'POST', '/assessments/cognitive/runs', { client: other.id })).status).toBe(403);
    expect((await api(t, client, 'POST', '/assessments/cognitive/instruments', { ...MOCA, client: client.id })).status).toBe(403);
    expect((await api(t, client, 'POST', '/assessments/cognitive/reviews', { run: theirs, comment: 'Hello' })).status).toBe(403);
    expect(await audits(t, 'cognitive.results.list', other.id, 'denied')).toBe(1);
    expect(await audits(t, 'cognitive.run.save', other.id, 'denied')).toBe(2);
    const { rows } = await sql<{ status: string }>`select status from cognitive_runs where id = ${theirs}`.execute(t.database.db);
    expect(rows[0].status).toBe('in_progress');
  });

  it('keeps an open run as incomplete when its day ends or a new run starts', async () => {
    const taker = await addUser(t, 'CLIENT');
    const yesterday = await runIn(t, taker.id, 'paused');
    await sql`update cognitive_runs set started_at = now() - interval '2 days' where id = ${yesterday}`.execute(t.database.db);
    const list = await api(t, taker, 'GET', '/assessments/cognitive/results');
    expect(list.body.runs.find((r: { id: number }) => r.id === yesterday).status).toBe('incomplete');
    const resume = await api(t, taker, 'PATCH', `/assessments/cognitive/runs/${yesterday}`, { status: 'in_progress' });
    expect(resume.status).toBe(409);

    const first = await api(t, taker, 'POST', '/assessments/cognitive/runs', {});
    const second = await api(t, taker, 'POST', '/assessments/cognitive/runs', {});
    const after = await api(t, taker, 'GET', '/assessments/cognitive/results');
    const status = (id: number) => after.body.runs.find((r: { id: number }) => r.id === id).status;
    expect([status(first.body.id), status(second.body.id)]).toEqual(['incomplete', 'in_progress']);
  });

  it('refuses raw data that is not this battery’s, and instrument scores that do not add up, writing nothing', async () => {
    const run = (await api(t, client, 'POST', '/assessments/cognitive/runs', {})).body;
    const records = answer(generateBattery(run.seed), PERFECT);
    const swapped = await api(t, client, 'PATCH', `/assessments/cognitive/runs/${run.id}`, { progress: { tasks: [records[1]] } });
    expect(swapped.status).toBe(400);
    expect(Object.keys(swapped.body.errors)).toEqual(['progress.tasks']);
    const partial = await api(t, client, 'POST', `/assessments/cognitive/runs/${run.id}/complete`, { progress: { tasks: records.slice(0, 8) } });
    expect(partial.status).toBe(400);
    expect(partial.body.errors['progress.tasks']).toEqual([COGNITIVE_TEXTS.missingTasks(['recall_delayed'])]);
    const badItem = records.map((r, i) => (i === 0 ? { ...r, responses: [{ item: 40, value: 'x', rt_ms: 1 }] } : r));
    expect((await api(t, client, 'POST', `/assessments/cognitive/runs/${run.id}/complete`, { progress: { tasks: badItem } })).status).toBe(400);
    const stored = await sql<{ status: string; progress: { tasks: unknown[] } }>`select status, progress from cognitive_runs where id = ${run.id}`.execute(
      t.database.db,
    );
    expect(stored.rows[0]).toMatchObject({ status: 'in_progress', progress: { tasks: [] } });

    const over = await api(t, nurse, 'POST', '/assessments/cognitive/instruments', { ...MOCA, client: client.id, total: 31 });
    expect(over.body.errors).toEqual({ total: [COGNITIVE_TEXTS.totalOverMax] });
    const toStaff = await api(t, nurse, 'POST', '/assessments/cognitive/instruments', { ...MOCA, client: nurse.id });
    expect(toStaff.body.errors).toEqual({ client: [COGNITIVE_TEXTS.notAClient] });
    const open = await api(t, nurse, 'POST', '/assessments/cognitive/reviews', { run: run.id, comment: 'Too early' });
    expect(open.status).toBe(409);
    expect(open.body.detail).toBe(COGNITIVE_TEXTS.reviewCompletedOnly);
  });
});
