// The issuing queue: drafts asked to be issued while an issuing transaction runs wait for it, then
// all go in the next one (issueDrafts, issuing.ts). Every issue of a series holds the counter's row
// lock to its commit, so one transaction per issue puts 64 issuers at once in a line of 64 commits
// (p95 1.2 s on PostgreSQL, docs/billing.md "Numbering"); one transaction for whatever arrived
// meanwhile takes the lock once and commits once for all of them. Per database handle and per
// process: several servers on one database still take turns on the counter row, each with its
// own queue.
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { type IssueAsked, issueDrafts, issuingClinic } from './issuing.ts';

/** At most this many drafts in one transaction (its statements carry one row per draft). */
const MOST_AT_ONCE = 128;

/**
 * Issuing transactions under way at once. The second reads, prices and audits its drafts while the
 * first finishes, then waits on the counter row for the first's commit: the counter's wait is all
 * they share (p95 about a fifth lower than one at a time, bench:billing on a loaded machine).
 */
const TRANSACTIONS_AT_ONCE = 2;

interface Waiting extends IssueAsked {
  issued: () => void;
  refused: (error: unknown) => void;
}

interface Queue {
  waiting: Waiting[];
  /** Issuing transactions under way. */
  running: number;
}

const queues = new WeakMap<Db, Queue>();

/**
 * Issues the draft `asked.id` with its audit entry, in a transaction shared with the drafts asked
 * at the same time; resolves once it is committed. Rejects with the draft's own refusal (404/409),
 * or with what failed its transaction.
 */
export function issueDocument(db: Db, asked: IssueAsked): Promise<void> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], running: 0 }));
  const done = new Promise<void>((issued, refused) => queue.waiting.push({ ...asked, issued, refused }));
  if (queue.running < TRANSACTIONS_AT_ONCE) void issueWaiting(db, queue);
  return done;
}

async function issueWaiting(db: Db, queue: Queue): Promise<void> {
  queue.running += 1;
  try {
    while (queue.waiting.length) await issueTogether(db, queue.waiting.splice(0, MOST_AT_ONCE));
  } finally {
    queue.running -= 1;
  }
}

async function issueTogether(db: Db, batch: Waiting[]): Promise<void> {
  let outcomes: (HttpError | null)[];
  try {
    const clinic = await issuingClinic(db);
    outcomes = await db.transaction().execute((trx) => issueDrafts(trx, batch, clinic));
  } catch (error) {
    // What fails a transaction, not a draft (a lost connection, a constraint): each draft is tried
    // again alone, so one draft's fault is its own answer, never its neighbours'.
    if (batch.length === 1) batch[0].refused(error);
    else for (const one of batch) await issueTogether(db, [one]);
    return;
  }
  outcomes.forEach((refusal, i) => (refusal ? batch[i].refused(refusal) : batch[i].issued()));
}
