// A support ticket's life (Zendesk's statuses): new until someone at the clinic takes it up, open
// while the clinic works on it, pending while it waits on the client, on hold while it waits on
// someone else, solved, and closed for good seven days after it was solved. A client's reply
// reopens a pending or solved ticket; nothing reopens a closed one (the client opens a new one).
// The server asks this chart for every status change; the browser asks it which buttons to show.
import { setup } from 'xstate';

export type TicketStatus = 'new' | 'open' | 'pending' | 'on_hold' | 'solved' | 'closed';

export const TICKET_STATUSES: readonly TicketStatus[] = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'];

/** Statuses the clinic still has to act on: the navigation's count. */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = ['new', 'open'];

/** A solved ticket closes itself this long after it was solved. */
export const AUTO_CLOSE_DAYS = 7;
const DAY = 86_400_000;

export type TicketEvent =
  | { type: 'ticket.open' }
  | { type: 'ticket.wait_on_client' }
  | { type: 'ticket.hold' }
  | { type: 'ticket.solve' }
  | { type: 'ticket.reopen' }
  | { type: 'ticket.close' };

export interface TicketFacts {
  /** Who asks for the change: the client (by replying), clinic staff, or the clock (the auto-close job). */
  by: 'client' | 'staff' | 'clock';
  /** When the ticket was solved, ISO 8601, or null. */
  solvedAt: string | null;
  /** The moment of the change, ISO 8601 (the server's or the job's clock). */
  now: string | null;
}

export const ticketLifecycle = setup({
  types: {
    context: {} as TicketFacts,
    events: {} as TicketEvent,
    input: {} as Partial<TicketFacts> | undefined,
  },
  guards: {
    // Only the client's own reply takes a solved ticket back: the clinic reopens nothing it solved.
    byClient: ({ context }) => context.by === 'client',
    // Closing is the clock's job, seven days after solving, so a client always has a week to reply.
    solvedLongEnough: ({ context }) =>
      context.by === 'clock' &&
      context.solvedAt !== null &&
      context.now !== null &&
      Date.parse(context.now) - Date.parse(context.solvedAt) >= AUTO_CLOSE_DAYS * DAY,
  },
}).createMachine({
  id: 'ticket',
  initial: 'new',
  context: ({ input }) => ({ by: input?.by ?? 'staff', solvedAt: input?.solvedAt ?? null, now: input?.now ?? null }),
  states: {
    new: {
      on: {
        'ticket.open': 'open',
        'ticket.wait_on_client': 'pending',
        'ticket.hold': 'on_hold',
        'ticket.solve': 'solved',
      },
    },
    open: {
      on: {
        'ticket.wait_on_client': 'pending',
        'ticket.hold': 'on_hold',
        'ticket.solve': 'solved',
      },
    },
    pending: {
      on: {
        'ticket.reopen': 'open',
        'ticket.hold': 'on_hold',
        'ticket.solve': 'solved',
      },
    },
    on_hold: {
      on: {
        'ticket.open': 'open',
        'ticket.wait_on_client': 'pending',
        'ticket.solve': 'solved',
      },
    },
    solved: {
      on: {
        'ticket.reopen': { target: 'open', guard: 'byClient' },
        'ticket.close': { target: 'closed', guard: 'solvedLongEnough' },
      },
    },
    closed: { type: 'final' },
  },
});
