// A durable job queue in the clinic's own database: one row per job in `scheduled_jobs`,
// claimed with FOR UPDATE SKIP LOCKED and finished in the same transaction as its effect.
// Why a table and not pg-boss or graphile-worker: both need LISTEN/NOTIFY or several pooled
// connections and their own schema management, which PGlite (one in-process connection) does not
// give; this queue is plain SQL that runs identically on PGlite and PostgreSQL. A job whose
// effect is written to the database (the mail outbox) therefore happens exactly once: a crash
// before commit leaves it pending, after commit leaves it done. With MAIL_TRANSPORT=smtp the
// message leaves before the commit, so a crash in between can send it twice (at least once).
import { sql } from 'kysely';

import type { Db } from '../db/database.ts';

/** The part of a logger the queue uses (pino's and Fastify's both fit). */
interface Logger {
  warn(obj: object, msg: string): void;
}

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** What a handler did: `done` (its effect is written) or `skipped` (nothing left to do). */
export type JobOutcome = 'done' | 'skipped';
export type JobHandler = ((trx: Db, job: Job) => Promise<JobOutcome>) & {
  /**
   * Runs when the job's last attempt failed, in the transaction that marks it failed, so a record
   * the job was moving along is not left half-way for ever. If it throws, the job is not given up:
   * it stays pending and is tried (and given up) again later.
   */
  gaveUp?: (trx: Db, job: Job) => Promise<void>;
};

/** Attempts before a failing job is given up (marked failed, its handler's `gaveUp` run). */
export const MAX_ATTEMPTS = 5;

/** Adds a job unless one with the same key exists (enqueueing twice is harmless). */
export async function enqueue(db: Db, job: { kind: string; dedupeKey: string; runAt: Date; payload: Record<string, unknown> }): Promise<void> {
  await db
    .insertInto('scheduled_jobs')
    .values({ kind: job.kind, dedupe_key: job.dedupeKey, run_at: job.runAt, payload: JSON.stringify(job.payload) })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Runs due jobs one transaction each until none is due or `limit` ran. Safe to call from several
 * processes at once: SKIP LOCKED hands each job to one of them.
 */
export async function runDueJobs(db: Db, handlers: Record<string, JobHandler>, options: { limit?: number; log?: Logger } = {}): Promise<number> {
  const limit = options.limit ?? 100;
  // Each worker claims only the kinds it has handlers for: several workers (scheduling's
  // reminders, support's auto-close) share the table, and a job claimed by the wrong one would
  // be marked skipped and never run.
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 0;
  let ran = 0;
  while (ran < limit) {
    let failed: { id: number; attempts: number; error: unknown } | null = null;
    const claimed = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number | string; kind: string; payload: unknown; attempts: number }>`
        select id, kind, payload, attempts from scheduled_jobs
        where status = 'pending' and run_at <= now() and kind in (${sql.join(kinds)})
        order by run_at, id limit 1 for update skip locked`.execute(trx);
      const row = rows[0];
      if (!row) return false;
      const job: Job = {
        id: Number(row.id),
        kind: row.kind,
        payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
        attempts: row.attempts,
      };
      const handler = handlers[job.kind];
      try {
        await sql`savepoint job`.execute(trx);
        const outcome: JobOutcome = handler ? await handler(trx, job) : 'skipped';
        await sql`release savepoint job`.execute(trx);
        await trx
          .updateTable('scheduled_jobs')
          .set({ status: outcome, attempts: job.attempts + 1, finished_at: new Date() })
          .where('id', '=', job.id)
          .execute();
      } catch (error) {
        await sql`rollback to savepoint job`.execute(trx);
        const failure = { id: job.id, attempts: job.attempts + 1, error };
        failed = failure;
        let givenUp = job.attempts + 1 >= MAX_ATTEMPTS;
        if (givenUp && handler?.gaveUp) {
          try {
            await sql`savepoint gave_up`.execute(trx);
            await handler.gaveUp(trx, job);
            await sql`release savepoint gave_up`.execute(trx);
          } catch (gaveUpError) {
            await sql`rollback to savepoint gave_up`.execute(trx);
            givenUp = false;
            failure.error = gaveUpError;
          }
        }
        await trx
          .updateTable('scheduled_jobs')
          .set({
            attempts: job.attempts + 1,
            status: givenUp ? 'failed' : 'pending',
            // Retry later, backing off; the error's class only (messages can quote personal data).
            run_at: sql`now() + make_interval(secs => ${30 * 2 ** job.attempts})`,
            last_error: (failure.error as Error)?.name ?? 'Error',
          })
          .where('id', '=', job.id)
          .execute();
      }
      return true;
    });
    if (!claimed) break;
    if (failed) options.log?.warn({ job: (failed as { id: number }).id, attempts: (failed as { attempts: number }).attempts }, 'job failed; will retry');
    ran += 1;
  }
  return ran;
}

export interface Worker<T = unknown> {
  stop(): Promise<void>;
  /** Runs a round now (tests and start-up). */
  tick(): Promise<T>;
}

/** Runs `round` every `intervalMs` until stopped, one round at a time; a failed round is logged and the next one tries again. */
export function startRounds<T>(round: () => Promise<T>, options: { intervalMs: number; log?: Logger; failure: string }): Worker<T> {
  let stopped = false;
  let running: Promise<T> | null = null;
  const tick = async () => {
    if (running) return running;
    running = round().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch((error) => options.log?.warn({ err: { type: (error as Error)?.name } }, options.failure));
  }, options.intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** Polls for due jobs every `intervalMs` until stopped; one tick at a time. */
export function startWorker(db: Db, handlers: Record<string, JobHandler>, options: { intervalMs: number; batch?: number; log?: Logger }): Worker<number> {
  return startRounds(() => runDueJobs(db, handlers, { limit: options.batch, log: options.log }), {
    intervalMs: options.intervalMs,
    log: options.log,
    failure: 'job queue tick failed',
  });
}
