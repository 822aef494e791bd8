// Every job worker the server runs, in one table: a domain with jobs of its own (billing,
// messaging) adds one line to WORKERS. Most poll the shared queue (queue.ts) for the job kinds
// they have handlers for, so workers never take each other's jobs; every server process runs
// each of them and SKIP LOCKED shares the work. A worker with a round of its own (the partner
// lab's: its queued jobs, then the partner asked about orders under way) runs that round instead.
import { labPartnerFrom } from '../api/labs/partner.ts';
import { partnerTick } from '../api/labs/partner-sync.ts';
import type { Db } from '../db/database.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { RazorpayGateway } from '../payments/razorpay-gateway.ts';
import { RECONCILE_LINK_JOB, reconcileLinkHandler } from './billing-reconcile.ts';
import { membershipRenewalRound } from './membership-renewal.ts';
import { NOTICE_JOB, noticeHandler } from './notices.ts';
import { warnExpiringPackages } from './package-expiry.ts';
import { EXPORT_BUILD_JOB, EXPORT_EXPIRE_JOB, exportBuildHandler, exportExpireHandler } from './privacy-export.ts';
import { type JobHandler, startRounds, startWorker, type Worker } from './queue.ts';
import { reminderHandler, REMINDER_JOB } from './reminders.ts';
import { autoCloseHandler, SUPPORT_AUTO_CLOSE_JOB } from './support-auto-close.ts';

type Env = Record<string, string | undefined>;

/** What the workers work with. */
export interface WorkerDeps {
  db: Db;
  mail: MailTransport;
  log: Logger;
  env: Env;
  /** The online payment gateway, null when PAYMENTS_PROVIDER is off. */
  gateway: RazorpayGateway | null;
  /** BILLING_RECONCILE_AFTER_MS (server/config.ts). */
  reconcileAfterMs: number;
}

type WorkerSpec = {
  /** Milliseconds between polls; 0 turns the worker off. */
  pollMs(env: Env, deps: WorkerDeps): number;
} & (
  | {
      /** Jobs per tick (the queue's default when absent). */
      batch?(env: Env): number;
      handlers(deps: WorkerDeps): Record<string, JobHandler>;
    }
  | {
      /** The worker's own round, or null when the configuration leaves it nothing to do. */
      round(deps: WorkerDeps): (() => Promise<unknown>) | null;
      /** What the log says when a round fails. */
      failure: string;
    }
);

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
  // Labs: with a partner lab configured (LAB_PARTNER_URL and LAB_PARTNER_KEY), its bookings and
  // cancellations are sent after their commit and its orders under way polled (LAB_PARTNER_POLL_MS,
  // 0 turns the worker off; docs/labs.md). The built-in lab desk needs no worker.
  {
    pollMs: (env) => Number(env.LAB_PARTNER_POLL_MS ?? 60_000),
    round: ({ db, mail, log, env }) => {
      const partner = labPartnerFrom(env, db);
      return partner.kind === 'http' ? () => partnerTick(db, partner, mail, log) : null;
    },
    failure: 'lab partner round failed',
  },
  // Packages: the week's notice before unused credits expire (package-expiry.ts), once per package
  // and expiry date. PACKAGE_JOBS_POLL_MS (default an hour, 0 = off); packages are scheduling's, so
  // SCHEDULING_JOBS_POLL_MS=0 turns it off too unless it is set.
  {
    pollMs: (env) => Number(env.PACKAGE_JOBS_POLL_MS ?? (env.SCHEDULING_JOBS_POLL_MS === '0' ? 0 : 3_600_000)),
    round:
      ({ db, mail }) =>
      () =>
        warnExpiringPackages(db, mail),
    failure: 'package expiry round failed',
  },
  // Billing: the reconciler's checks of open payment links whose webhook may have been missed
  // (billing-reconcile.ts). BILLING_JOBS_POLL_MS (default a minute, 0 = off); off with the gateway.
  {
    pollMs: (env, deps) => (deps.gateway ? Number(env.BILLING_JOBS_POLL_MS ?? 60_000) : 0),
    handlers: ({ gateway, reconcileAfterMs }): Record<string, JobHandler> =>
      gateway ? { [RECONCILE_LINK_JOB]: reconcileLinkHandler(gateway, reconcileAfterMs) } : {},
  },
  // Memberships: renewal invoices a week before a period ends (mailed), lapses and ends
  // (membership-renewal.ts). MEMBERSHIP_JOBS_POLL_MS, default an hour (0 = off); like the packages'
  // round, SCHEDULING_JOBS_POLL_MS=0 (the switch that quiets every clinic round) turns it off unless set.
  {
    pollMs: (env) => Number(env.MEMBERSHIP_JOBS_POLL_MS ?? (env.SCHEDULING_JOBS_POLL_MS === '0' ? 0 : 3_600_000)),
    round:
      ({ db, mail }) =>
      () =>
        membershipRenewalRound(db, mail),
    failure: 'membership renewal round failed',
  },
  // Privacy: "Download my data" archives built in the background, and dropped when they expire
  // (privacy-export.ts). PRIVACY_JOBS_POLL_MS, default five seconds (a client waits on it); 0 = off,
  // and like the other clinic rounds SCHEDULING_JOBS_POLL_MS=0 turns it off unless it is set.
  {
    pollMs: (env) => Number(env.PRIVACY_JOBS_POLL_MS ?? (env.SCHEDULING_JOBS_POLL_MS === '0' ? 0 : 5000)),
    // Two jobs a tick (one export's start and build): a build reads every table of a client's, and
    // on PGlite that holds the one connection, so requests get their turn between builds.
    batch: () => 2,
    handlers: ({ mail }) => ({ [EXPORT_BUILD_JOB]: exportBuildHandler(mail), [EXPORT_EXPIRE_JOB]: exportExpireHandler() }),
  },
];

/** The part of a logger the workers use (pino's and Fastify's both fit). */
interface Logger {
  warn(obj: object, msg: string): void;
}

/** Starts every worker not turned off; the caller stops them (in order) when the server closes. */
export function startJobWorkers(options: Omit<WorkerDeps, 'env'> & { env?: Env }): Worker[] {
  const deps: WorkerDeps = { ...options, env: options.env ?? process.env };
  const started: Worker[] = [];
  for (const spec of WORKERS) {
    const intervalMs = spec.pollMs(deps.env, deps);
    if (!(intervalMs > 0)) continue;
    if ('handlers' in spec) {
      started.push(startWorker(deps.db, spec.handlers(deps), { intervalMs, batch: spec.batch?.(deps.env), log: deps.log }));
      continue;
    }
    const round = spec.round(deps);
    if (round) started.push(startRounds(round, { intervalMs, log: deps.log, failure: spec.failure }));
  }
  return started;
}
