// Named reads of the support desk's and the queue count's snapshots, for the views' useSelector.
import type { SnapshotFrom } from 'xstate';
import { nextSteps } from '../lifecycle/lifecycle.ts';
import type { supportDeskMachine } from './desk-machine.ts';
import type { queueCountMachine } from './queue-count-machine.ts';
import { ticketLifecycle, type TicketStatus } from './ticket-lifecycle.ts';

type Snapshot = SnapshotFrom<typeof supportDeskMachine>;

export const deskSelectors = {
  mode: (s: Snapshot): 'loading' | 'failed' | 'ready' => (s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading'),
  pending: (s: Snapshot) => s.hasTag('pending'),
  tickets: (s: Snapshot) => s.context.tickets,
  count: (s: Snapshot) => s.context.count,
  query: (s: Snapshot) => s.context.query,
  selected: (s: Snapshot) => s.context.selected,
  message: (s: Snapshot) => s.context.message,
  fieldErrors: (s: Snapshot) => s.context.fieldErrors,
  notice: (s: Snapshot) => s.context.notice,
  /** The statuses staff may move the open ticket to now: the chart's own steps for staff. */
  moves: (s: Snapshot): TicketStatus[] => {
    const t = s.context.selected;
    if (!t || !s.context.staff || s.context.readOnly) return [];
    return nextSteps(ticketLifecycle, t.status, { context: { by: 'staff', solvedAt: null, now: null } }).map((step) => step.to as TicketStatus);
  },
};

/** The back office nav item's number: tickets waiting on the clinic, as last counted. */
export const queueCountSelectors = {
  waiting: (s: SnapshotFrom<typeof queueCountMachine>) => s.context.count,
};
