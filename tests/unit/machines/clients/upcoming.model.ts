// The portal home's appointments: two upcoming visits, one still changeable online and one inside
// the late-cancellation window (booked long ago), so "cancel" and "reschedule" are taken only for
// the first; cancelling, finding free starts and rescheduling each succeed or are refused; the list
// loads again by itself when it changes with time.
import { upcomingMachine } from '../../../../machines/clients/upcoming-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const H = 3_600_000;
const LONG_AGO = new Date(Date.now() - 30 * 24 * H).toISOString();
export const RULES = { time_zone: 'Asia/Kolkata', late_cancel_hours: 24, min_notice_minutes: 120 };
export const CHANGEABLE = {
  id: 1,
  service: 3,
  service_name: 'HBOT dive',
  therapy: 'hbot',
  start: new Date(Date.now() + 10 * 24 * H).toISOString(),
  end: new Date(Date.now() + 10 * 24 * H + 1.5 * H).toISOString(),
  channel: 'in_clinic' as const,
  status: 'booked',
  created_at: LONG_AGO,
};
export const LATE = { ...CHANGEABLE, id: 2, start: new Date(Date.now() + 3 * H).toISOString(), end: new Date(Date.now() + 4.5 * H).toISOString() };
export const LIST = { rules: RULES, appointments: [CHANGEABLE, LATE] };
export const REFUSED = { message: 'Inside the late-cancellation window: please contact the clinic to cancel or reschedule.', fieldErrors: {}, status: 409 };

export const model: MachineModel = {
  machine: upcomingMachine,
  specs: [
    {
      input: { clientId: '21' },
      events: [
        { type: 'upcoming.retry' },
        { type: 'upcoming.cancel', id: 1 },
        { type: 'upcoming.cancel', id: 2 },
        { type: 'upcoming.reschedule', id: 1 },
        { type: 'upcoming.reschedule', id: 2 },
        { type: 'upcoming.confirmCancel', reason: 'Travelling' },
        { type: 'upcoming.pickStart', start: CHANGEABLE.end },
        { type: 'upcoming.back' },
      ],
      outcomes: {
        loadVisits: [{ output: LIST }, { error: new Error('offline') }],
        cancelVisit: [{ output: {} }, { error: REFUSED }],
        loadStarts: [{ output: [CHANGEABLE.end] }, { error: new Error('offline') }],
        rescheduleVisit: [{ output: {} }, { error: REFUSED }],
      },
      serializeState: (s: any) =>
        JSON.stringify({
          value: s.value,
          chosen: s.context.chosen,
          message: s.context.message !== null,
          notice: s.context.notice,
          loaded: s.context.rules !== null,
        }),
    },
    {
      name: 'read-only',
      input: { clientId: '21', readOnly: true },
      events: [
        { type: 'upcoming.cancel', id: 1 },
        { type: 'upcoming.reschedule', id: 1 },
      ],
      outcomes: { loadVisits: [{ output: LIST }] },
      // Without the load time (the clock's, not the path's).
      serializeState: (s: any) => JSON.stringify({ value: s.value, loaded: s.context.rules !== null }),
    },
  ],
};
