// A solved ticket closes itself seven days after it was solved: solving queues one job on the
// durable queue (server/jobs/queue.ts), and the job asks the ticket chart whether the close is a
// step it allows now. A ticket the client reopened, or solved again later (a new job of its own),
// is skipped, not closed. The clock is a parameter so tests can run the job "a week later".
import { stepTo } from '../../machines/lifecycle/lifecycle.ts';
import { AUTO_CLOSE_DAYS, ticketLifecycle } from '../../machines/support/ticket-lifecycle.ts';
import { lockTicket, setTicketStatus } from '../api/support/data.ts';
import type { Db } from '../db/database.ts';
import { enqueue, type JobHandler } from './queue.ts';

export const SUPPORT_AUTO_CLOSE_JOB = 'support.auto_close';

const DAY = 86_400_000;

export async function enqueueAutoClose(db: Db, ticket: number, solvedAt: Date): Promise<void> {
  await enqueue(db, {
    kind: SUPPORT_AUTO_CLOSE_JOB,
    // One job per solving: a ticket solved, reopened and solved again gets a fresh week.
    dedupeKey: `support-close:${ticket}:${solvedAt.getTime()}`,
    runAt: new Date(solvedAt.getTime() + AUTO_CLOSE_DAYS * DAY),
    payload: { ticket, solved_at: solvedAt.toISOString() },
  });
}

class NotYetDue extends Error {
  override name = 'NotYetDue';
}

export function autoCloseHandler(clock: () => Date = () => new Date()): JobHandler {
  return async (trx, job) => {
    const ticket = await lockTicket(trx, Number(job.payload.ticket));
    if (!ticket || ticket.status !== 'solved' || !ticket.solved_at) return 'skipped';
    if (new Date(ticket.solved_at).getTime() !== Date.parse(String(job.payload.solved_at))) return 'skipped';
    const now = clock();
    const step = stepTo(ticketLifecycle, 'solved', 'closed', {
      context: { by: 'clock', solvedAt: new Date(ticket.solved_at).toISOString(), now: now.toISOString() },
    });
    // Due by the database's clock but not yet by this one (clocks drift): the queue retries later.
    if (!step) throw new NotYetDue();
    await setTicketStatus(trx, ticket.id, 'closed', now);
    return 'done';
  };
}
