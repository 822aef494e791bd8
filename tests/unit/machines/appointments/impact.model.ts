// The impact chart's model: save a change; the preview finds nothing (saved at once) or some
// appointments (keep, cancel and notify, or drop the change); any call may be refused.
import { vi } from 'vitest';
import { impactMachine } from '../../../../machines/appointments/impact-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const CHANGE = { staff_hours: [{ staff: 4, weekly: [{ weekday: 1, starts: '14:00', ends: '20:00' }] }] };
export const IMPACTED = {
  total: 1,
  appointments: [
    {
      appointment: {
        id: 31,
        start: '2031-03-03T10:00:00+05:30',
        end: '2031-03-03T11:00:00+05:30',
        client: 9,
        staff: 4,
        service_name: 'IV drip',
        status: 'booked',
      },
      reasons: ['Its staff member would not be working then.'],
    },
  ],
};
export const NONE = { total: 0, appointments: [] };
export const REFUSAL = {
  message: 'Invalid time_zone: Not a time zone the server knows.',
  fieldErrors: { time_zone: ['Not a time zone the server knows.'] },
  status: 400,
};
export const notifySaved = vi.fn();
/** Not an action of the machine: the test's own tally of saves in this path, cleared with the spies. */
export const answered = vi.fn();

export const model: MachineModel = {
  machine: impactMachine,
  specs: [
    {
      events: [
        { type: 'change.save', change: CHANGE },
        { type: 'impact.keep' },
        { type: 'impact.cancelAppointments', reason: ' Dr Rao is away. ' },
        { type: 'impact.abandon' },
        { type: 'change.dismiss' },
      ],
      outcomes: {
        previewImpact: [{ output: NONE }, { output: IMPACTED }, { error: REFUSAL }],
        applyChange: [{ output: {} }, { error: REFUSAL }],
        cancelImpacted: [{ output: {} }, { error: REFUSAL }],
      },
      actions: { notifySaved, answered },
    },
  ],
};
