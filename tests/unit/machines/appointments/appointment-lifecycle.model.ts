// The appointment chart's model: every verb offered in every status, for an appointment whose start
// has passed (a no-show is possible) and one still ahead (it is not); with check-in open, not yet
// open and its day over; and with its visit chart none, open (draft), completed and aborted (the
// appointment completes with a completed chart, and is cancelled by an aborted one; issue 32).
import type { MachineModel } from '../../../support/model-paths.ts';
import { appointmentLifecycle } from '../../../../machines/appointments/appointment-lifecycle.ts';

const verbs = ['accept', 'confirm', 'check_in', 'start', 'complete', 'abort', 'cancel', 'mark_no_show', 'reschedule'].map((v) => ({
  type: `appointment.${v}`,
}));

const startsAt = '2026-03-02T04:30:00Z';
const window = { checkInOpensAt: '2026-03-02T02:30:00Z', checkInClosesAt: '2026-03-02T18:30:00Z' };

export const model: MachineModel = {
  machine: appointmentLifecycle,
  specs: [
    { name: 'start passed', input: { startsAt, now: '2026-03-02T05:00:00Z', ...window, chart: null }, events: verbs },
    { name: 'start ahead, check-in not open yet', input: { startsAt, now: '2026-03-01T05:00:00Z', ...window, chart: null }, events: verbs },
    { name: 'check-in open, start ahead', input: { startsAt, now: '2026-03-02T03:30:00Z', ...window, chart: null }, events: verbs },
    { name: 'day over', input: { startsAt, now: '2026-03-02T19:00:00Z', ...window, chart: null }, events: verbs },
    { name: 'chart open', input: { startsAt, now: '2026-03-02T05:00:00Z', ...window, chart: 'draft' }, events: verbs },
    { name: 'chart completed', input: { startsAt, now: '2026-03-02T05:00:00Z', ...window, chart: 'completed' }, events: verbs },
    { name: 'chart aborted', input: { startsAt, now: '2026-03-02T05:00:00Z', ...window, chart: 'aborted' }, events: verbs },
  ],
};
