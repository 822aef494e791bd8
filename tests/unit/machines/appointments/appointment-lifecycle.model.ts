// The appointment chart's model: every verb offered in every status, once for an appointment
// whose start has passed (a no-show is possible) and once for one still ahead (it is not).
import type { MachineModel } from '../../../support/model-paths.ts';
import { appointmentLifecycle } from '../../../../machines/appointments/appointment-lifecycle.ts';

const verbs = ['accept', 'confirm', 'check_in', 'start', 'complete', 'cancel', 'mark_no_show', 'reschedule'].map((v) => ({ type: `appointment.${v}` }));

export const model: MachineModel = {
  machine: appointmentLifecycle,
  specs: [
    { name: 'start passed', input: { startsAt: '2026-03-02T04:30:00Z', now: '2026-03-02T05:00:00Z' }, events: verbs },
    { name: 'start ahead', input: { startsAt: '2026-03-02T04:30:00Z', now: '2026-03-01T05:00:00Z' }, events: verbs },
  ],
};
