// Booking from the portal: in clinic (an HBOT dive with a package session left, a red-light
// session without one) and a call (phone or video); the screening questions or the pre-call form
// answered before the booking chart runs; the booking reported by the adapter, or the chart ended
// without one.
import { visitBookingMachine } from '../../../../machines/clients/visit-booking-machine.ts';
import { PRE_CALL_FORM, VISIT_PREPARATION } from '../../../../machines/clients/visit-preparation.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const service = (id: number, name: string, therapy: string, delivered_by: string[]) => ({
  id,
  name,
  therapy,
  duration_minutes: 30,
  delivered_by,
  bookable_online: true,
  active: true,
});
export const HBOT = service(3, 'HBOT dive', 'hbot', ['NURSE']);
export const RED_LIGHT = service(4, 'Red light', 'red_light', ['NURSE']);
export const CALL = service(5, 'Intake call', 'intake_call', ['HEALTH_COACH']);
export const CATALOGUE = {
  services: [HBOT, RED_LIGHT, CALL],
  packages: [{ id: 9, therapy: 'hbot', sessions_left: 2, expires_on: '2099-01-12' }],
  timeZone: 'Asia/Kolkata',
};
export const TODAY = '2026-03-02';

const answerAll = (keys: string[]) => keys.map((key) => ({ type: 'visit.answer', key, value: 'no' }));

const common = [
  { type: 'visit.retry' },
  { type: 'visit.next' },
  { type: 'visit.back' },
  { type: 'visit.booked', start: '2026-03-03T10:00:00+05:30' },
  { type: 'visit.again' },
];

/** Answers arrive one at a time, in order: the next unanswered question is the only answer event. */
const nextAnswer = (keys: string[]) => (s: any) => {
  const open = keys.find((k) => !s.context.answers[k]);
  return open ? answerAll([open]) : [];
};

const serializeState = (s: any) =>
  JSON.stringify({
    value: s.value,
    service: s.context.service?.id ?? null,
    answered: Object.keys(s.context.answers).length,
    channel: s.context.channel,
    message: s.context.message,
    booked: s.context.booked !== null,
  });

export const model: MachineModel = {
  machine: visitBookingMachine,
  specs: [
    {
      name: 'in clinic',
      input: { clientId: '21', clientLabel: 'Asha Rao', kind: 'in_clinic', today: TODAY },
      events: (s: any) => [
        ...common,
        { type: 'visit.selectService', service: HBOT.id },
        { type: 'visit.selectService', service: RED_LIGHT.id },
        ...nextAnswer(VISIT_PREPARATION.hbot.screening.map((q) => q.key))(s),
      ],
      outcomes: { loadCatalogue: [{ output: CATALOGUE }, { error: new Error('offline') }], booking: [{ output: undefined }] },
      serializeState,
    },
    {
      name: 'call',
      input: { clientId: '21', clientLabel: 'Asha Rao', kind: 'call', today: TODAY },
      events: (s: any) => [
        ...common,
        { type: 'visit.selectService', service: CALL.id },
        { type: 'visit.setChannel', channel: 'video' },
        ...nextAnswer(PRE_CALL_FORM.slice(0, 1).map((q) => q.key))(s),
      ],
      outcomes: { loadCatalogue: [{ output: CATALOGUE }] },
      serializeState,
    },
  ],
};
