// The ticket chart's model: every verb in every status, asked by staff, by the client (only they
// reopen a solved ticket) and by the clock a week after solving (only it closes one).
import type { MachineModel } from '../../../support/model-paths.ts';
import { ticketLifecycle } from '../../../../machines/support/ticket-lifecycle.ts';

export const VERBS = ['open', 'wait_on_client', 'hold', 'solve', 'reopen', 'close'].map((v) => ({ type: `ticket.${v}` }));
export const SOLVED_AT = '2026-03-02T04:30:00.000Z';

export const model: MachineModel = {
  machine: ticketLifecycle,
  specs: [
    { name: 'staff', input: { by: 'staff', solvedAt: SOLVED_AT, now: '2026-03-20T00:00:00.000Z' }, events: VERBS },
    { name: 'client', input: { by: 'client', solvedAt: SOLVED_AT, now: '2026-03-03T00:00:00.000Z' }, events: VERBS },
    { name: 'clock, a week later', input: { by: 'clock', solvedAt: SOLVED_AT, now: '2026-03-09T04:30:00.000Z' }, events: VERBS },
    { name: 'clock, too early', input: { by: 'clock', solvedAt: SOLVED_AT, now: '2026-03-09T04:29:59.000Z' }, events: VERBS },
  ],
};
