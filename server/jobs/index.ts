// Every job worker the server runs, in one table: a domain with jobs of its own (billing,
// messaging) adds one line to WORKERS. Each worker polls the shared queue (queue.ts) for the job
// kinds it has handlers for, so workers never take each other's jobs; every server process runs
// each of them and SKIP LOCKED shares the work.
import type { Db } from '../db/database.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { RazorpayGateway } from '../payments/razorpay-gateway.ts';
import { RECONCILE_LINK_JOB, reconcileLinkHandler } from './billing-reconcile.ts';
import { NOTICE_JOB, noticeHandler } from './notices.ts';
import { type JobHandler, startWorker, type Worker } from './queue.ts';
import { reminderHandler, REMINDER_JOB } from './reminders.ts';
import { autoCloseHandler, SUPPORT_AUTO_CLOSE_JOB } from './support-auto-close.ts';

type Env = Record<string, string | undefined>;

/** What the workers' handlers work with. */
export interface WorkerDeps {
  mail: MailTransport;
  /** The online payment gateway, null when PAYMENTS_PROVIDER is off. */
  gateway: RazorpayGateway | null;
  /** BILLING_RECONCILE_AFTER_MS (server/config.ts). */
  reconcileAfterMs: number;
}

interface WorkerSpec {
  /** Milliseconds between polls; 0 turns the worker off. */
  pollMs(env: Env, deps: WorkerDeps): number;
  /** Jobs per tick (the queue's default when absent). */
  batch?(env: Env): number;
  handlers(deps: WorkerDeps): Record<string, JobHandler>;
}

const WORKERS: readonly WorkerSpec[] = [
  // Scheduling: appointment reminders and the notices sent after their change commits (SMTP).
  // SCHEDULING_JOBS_POLL_MS (0 turns the worker off) and SCHEDULING_JOBS_BATCH (jobs per tick).
  {
    pollMs: (env) => Number(env.SCHEDULING_JOBS_POLL_MS ?? 5000),
    batch: (env) => Number(env.SCHEDULING_JOBS_BATCH ?? 100),
    handlers: ({ mail }) => ({ [REMINDER_JOB]: reminderHandler(mail), [NOTICE_JOB]: noticeHandler(mail) }),
  },
  // Support: a solved ticket's auto-close, polled like scheduling's reminders (SUPPORT_JOBS_POLL_MS, 0 = off).
  {
    pollMs: (env) => Number(env.SUPPORT_JOBS_POLL_MS ?? env.SCHEDULING_JOBS_POLL_MS ?? 60_000),
    handlers: () => ({ [SUPPORT_AUTO_CLOSE_JOB]: autoCloseHandler() }),
  },
  // Billing: the reconciler's checks of open payment links whose webhook may have been missed
  // (billing-reconcile.ts). BILLING_JOBS_POLL_MS (default a minute, 0 = off); off with the gateway.
  {
    pollMs: (env, deps) => (deps.gateway ? Number(env.BILLING_JOBS_POLL_MS ?? 60_000) : 0),
    handlers: ({ gateway, reconcileAfterMs }): Record<string, JobHandler> =>
      gateway ? { [RECONCILE_LINK_JOB]: reconcileLinkHandler(gateway, reconcileAfterMs) } : {},
  },
];

/** The part of a logger the workers use (pino's and Fastify's both fit). */
interface Logger {
  warn(obj: object, msg: string): void;
}

/** Starts every worker not turned off; the caller stops them (in order) when the server closes. */
export function startJobWorkers(options: { db: Db; deps: WorkerDeps; log: Logger; env?: Env }): Worker[] {
  const env = options.env ?? process.env;
  const started: Worker[] = [];
  for (const spec of WORKERS) {
    const intervalMs = spec.pollMs(env, options.deps);
    if (!(intervalMs > 0)) continue;
    started.push(startWorker(options.db, spec.handlers(options.deps), { intervalMs, batch: spec.batch?.(env), log: options.log }));
  }
  return started;
}
