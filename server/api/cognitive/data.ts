// Typed data access for cognitive assessment: runs, instrument results and reviewers' comments,
// answered in the contract's shapes.
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import type { Db } from '../../db/database.ts';
import { runLifecycle } from '../../../machines/cognitive/run-lifecycle.ts';
import { nextSteps, statusesOf, stepTo } from '../../../machines/lifecycle/lifecycle.ts';

/** The statuses an abandoned run is closed from: those the run chart lets step to incomplete (run.abandon). */
const ABANDONABLE = statusesOf(runLifecycle).filter((status) => stepTo(runLifecycle, status, 'incomplete')) as RunStatus[];

/** Whether a run has ended: its chart has no step out of its status (completed, incomplete). */
export const runEnded = (status: RunStatus): boolean => nextSteps(runLifecycle, status).length === 0;

type S = components['schemas'];
export type CognitiveRun = S['CognitiveRun'];
export type CognitiveInstrument = S['CognitiveInstrument'];
export type CognitiveReview = S['CognitiveReview'];
export type RunStatus = S['CognitiveRunStatus'];

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const day = (d: Date | string) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

/** The clinic's time zone (scheduling settings), which decides when a run's day ends. */
const CLINIC_ZONE = sql<string>`coalesce((select time_zone from scheduling_settings limit 1), 'Asia/Kolkata')`;

/**
 * Serializes a client's run starts: without it two starts at once each close the open runs they
 * see and insert their own, leaving the client with two open runs (the kill -9 test's finding on
 * PostgreSQL). The lock is the client's user row, held to the end of the transaction.
 */
export async function lockClientRuns(trx: Db, client: number): Promise<void> {
  await sql`select id from users where id = ${client} for update`.execute(trx);
}

/**
 * Open runs of the client whose day has ended (in the clinic's time zone), or every open run
 * when a new one starts, are kept as incomplete: the run chart's `run.abandon`, taken by every run
 * in a status it allows it from. Runs in the caller's transaction.
 */
export async function closeAbandonedRuns(db: Db, client: number, all = false): Promise<void> {
  await db
    .updateTable('cognitive_runs')
    .set({ status: 'incomplete', updated_at: sql`now()` as never })
    .where('client_id', '=', client)
    .where('status', 'in', ABANDONABLE)
    .$if(!all, (q) => q.where(sql<boolean>`(started_at at time zone ${CLINIC_ZONE})::date < (now() at time zone ${CLINIC_ZONE})::date`))
    .execute();
}

async function reviewsOf(db: Db, client: number): Promise<CognitiveReview[]> {
  const rows = await db
    .selectFrom('cognitive_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.reviewer')
    .select(['r.id', 'r.run_id', 'r.instrument_id', 'r.comment', 'r.reviewer', 'r.reviewed_at', 'u.first_name', 'u.last_name'])
    .where('r.client_id', '=', client)
    .orderBy('r.reviewed_at')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    run: r.run_id,
    instrument: r.instrument_id,
    comment: r.comment,
    reviewer: r.reviewer,
    reviewer_name: `${r.first_name} ${r.last_name}`.trim(),
    reviewed_at: iso(r.reviewed_at),
  }));
}

type RunRow = {
  id: number;
  client_id: number;
  seed: number | string;
  battery_version: number;
  status: RunStatus;
  started_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  progress: { tasks: unknown[] };
  domains: Record<string, number> | null;
  measures: Record<string, unknown> | null;
  total: number | null;
};

function presentRun(r: RunRow, reviews: CognitiveReview[]): CognitiveRun {
  return {
    id: r.id,
    client: r.client_id,
    seed: Number(r.seed),
    battery_version: r.battery_version,
    status: r.status,
    started_at: iso(r.started_at),
    updated_at: iso(r.updated_at),
    completed_at: r.completed_at ? iso(r.completed_at) : null,
    progress: r.progress as CognitiveRun['progress'],
    domains: (r.domains as CognitiveRun['domains']) ?? null,
    measures: (r.measures as CognitiveRun['measures']) ?? null,
    total: r.total,
    reviews: reviews.filter((v) => v.run === r.id),
  };
}

const RUN_COLUMNS = [
  'id',
  'client_id',
  'seed',
  'battery_version',
  'status',
  'started_at',
  'updated_at',
  'completed_at',
  'progress',
  'domains',
  'measures',
  'total',
] as const;

export async function findRun(db: Db, id: number, forUpdate = false): Promise<RunRow | undefined> {
  let q = db.selectFrom('cognitive_runs').select(RUN_COLUMNS).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return (await q.executeTakeFirst()) as RunRow | undefined;
}

export async function runById(db: Db, id: number): Promise<CognitiveRun> {
  const row = (await findRun(db, id))!;
  return presentRun(row, await reviewsOf(db, row.client_id));
}

export async function insertRun(db: Db, client: number, seed: number): Promise<CognitiveRun> {
  const { id } = await db.insertInto('cognitive_runs').values({ client_id: client, seed }).returning('id').executeTakeFirstOrThrow();
  return runById(db, id);
}

export async function updateRun(
  db: Db,
  id: number,
  change: { status?: RunStatus; progress?: unknown; scores?: { domains: object; measures: object; total: number } },
): Promise<CognitiveRun> {
  await db
    .updateTable('cognitive_runs')
    .set({
      updated_at: sql`now()` as never,
      ...(change.status ? { status: change.status } : {}),
      ...(change.progress !== undefined ? { progress: JSON.stringify(change.progress) } : {}),
      ...(change.scores
        ? {
            domains: JSON.stringify(change.scores.domains),
            measures: JSON.stringify(change.scores.measures),
            total: change.scores.total,
            completed_at: sql`now()` as never,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
  return runById(db, id);
}

type InstrumentFields = Omit<S['CognitiveInstrumentCreate'], 'client'>;

function presentInstrument(r: any, reviews: CognitiveReview[]): CognitiveInstrument {
  return {
    id: r.id,
    client: r.client_id,
    instrument: r.instrument,
    form: r.form,
    version: r.version,
    language: r.language,
    setting: r.setting,
    administered_on: day(r.administered_on),
    total: Number(r.total),
    max_total: Number(r.max_total),
    domains: r.domains,
    administrator: r.administrator,
    interpretation: r.interpretation,
    recorded_by: r.recorded_by,
    recorded_at: iso(r.recorded_at),
    reviews: reviews.filter((v) => v.instrument === r.id),
  };
}

const INSTRUMENT_COLUMNS = [
  'id',
  'client_id',
  'instrument',
  'form',
  'version',
  'language',
  'setting',
  sql<string>`administered_on::text`.as('administered_on'),
  'total',
  'max_total',
  'domains',
  'administrator',
  'interpretation',
  'recorded_by',
  'recorded_at',
] as const;

export async function insertInstrument(db: Db, client: number, recordedBy: number, f: InstrumentFields): Promise<CognitiveInstrument> {
  const { id } = await db
    .insertInto('cognitive_instruments')
    .values({
      client_id: client,
      instrument: f.instrument,
      form: f.form,
      version: f.version,
      language: f.language,
      setting: f.setting,
      administered_on: f.administered_on,
      total: f.total,
      max_total: f.max_total,
      domains: JSON.stringify(f.domains),
      administrator: f.administrator,
      interpretation: f.interpretation,
      recorded_by: recordedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db.selectFrom('cognitive_instruments').select(INSTRUMENT_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  return presentInstrument(row, []);
}

export async function findInstrument(db: Db, id: number): Promise<{ id: number; client_id: number } | undefined> {
  return db.selectFrom('cognitive_instruments').select(['id', 'client_id']).where('id', '=', id).executeTakeFirst();
}

export async function insertReview(
  db: Db,
  target: { client: number; run: number | null; instrument: number | null },
  reviewer: number,
  comment: string,
): Promise<CognitiveReview> {
  const { id } = await db
    .insertInto('cognitive_reviews')
    .values({ client_id: target.client, run_id: target.run, instrument_id: target.instrument, comment, reviewer })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await reviewsOf(db, target.client)).find((r) => r.id === id)!;
}

/** A client's runs and instrument results, newest first, each with its comments. */
export async function listResults(db: Db, client: number): Promise<S['CognitiveResults']> {
  const reviews = await reviewsOf(db, client);
  const runs = (await db
    .selectFrom('cognitive_runs')
    .select(RUN_COLUMNS)
    .where('client_id', '=', client)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute()) as RunRow[];
  const instruments = await db
    .selectFrom('cognitive_instruments')
    .select(INSTRUMENT_COLUMNS)
    .where('client_id', '=', client)
    .orderBy('administered_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { runs: runs.map((r) => presentRun(r, reviews)), instruments: instruments.map((r) => presentInstrument(r, reviews)) };
}
