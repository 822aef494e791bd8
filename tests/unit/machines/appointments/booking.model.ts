// The booking chart's model: the front desk (a slot clicked, client and service to find) and the
// portal (the client known, a service and a day range first, then a free slot), through details,
// confirm, and the three endings of a booking: booked, a conflict (409 naming what is in the way),
// or another failure with a retry. Snapshots are told apart by state and by what the view shows.
import { bookingMachine, offerAt, offerFor } from '../../../../machines/appointments/booking-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const SLOT = { start: '2026-03-02T10:00:00+05:30', end: '2026-03-02T11:00:00+05:30', staff: 4 };
export const OFFER = { start: '2026-03-02T04:30:00Z', end: '2026-03-02T05:30:00Z', staff: [4, 5], resources: { hbot_chamber: [1, 2] } };
export const CLIENT = { id: 21, label: 'Asha Rao · +91 98450 12345' };
export const RESULT = { appointments: [{ id: 301, start: SLOT.start }] };
export const CONFLICT = {
  message: 'The time is taken.',
  fieldErrors: {},
  status: 409,
  conflicts: [{ kind: 'resource', id: 2, start: OFFER.start, end: OFFER.end }],
};
export const FAILURE = { message: 'Server error: The server encountered an error. Please try again later.', fieldErrors: {}, status: 500 };

const events = [
  { type: 'booking.searchClients', text: 'asha' },
  { type: 'booking.selectClient', client: CLIENT },
  { type: 'booking.selectService', service: 3 },
  { type: 'booking.selectStaff', staff: 5 },
  // A staff member not free at the time offered: chosen all the same (their free times are listed), no continuing.
  { type: 'booking.selectStaff', staff: 7 },
  { type: 'booking.showRange', dateFrom: '2026-03-02', dateTo: '2026-03-08' },
  { type: 'booking.pickSlot', slot: { start: OFFER.start, end: OFFER.end } },
  // A time typed in the dialog that availability did not offer: checked again.
  { type: 'booking.pickSlot', slot: { start: '2026-03-02T11:00:00+05:30' } },
  { type: 'booking.setSeries', series: { weekdays: [1, 3, 5], count: 10 } },
  { type: 'booking.setSeries', series: null },
  { type: 'booking.setNotes', notes: 'First session' },
  { type: 'booking.next' },
  { type: 'booking.back' },
  { type: 'booking.submit' },
  { type: 'booking.retry' },
  { type: 'booking.cancel' },
];

const outcomes = {
  searchClients: [{ output: [CLIENT] }, { error: FAILURE }],
  loadAvailability: [{ output: [OFFER] }, { error: FAILURE }],
  book: [{ output: RESULT }, { error: CONFLICT }, { error: FAILURE }],
};

/** What tells two snapshots apart for the views: the state and which choices are made. */
const serializeState = (s: any) =>
  JSON.stringify({
    value: s.value,
    status: s.status,
    client: s.context.client !== null,
    service: s.context.service !== null,
    offer: offerAt(s.context.offers, s.context.slot) !== null,
    offerForStaff: offerFor(s.context.offers, s.context.slot, s.context.staff) !== null,
    series: s.context.series !== null,
    staff: s.context.staff,
    range: s.context.range !== null,
    slot: s.context.slot !== null,
  });

/** One path per state and event (a picked time apart from a typed one; an error by its status). */
const edgeKey = (s: any, e: any) =>
  `${JSON.stringify(s.value)}|${e.type}|${e.slot?.start ?? ''}|${s.context.offers.length}|${'error' in e ? 'e' : ''}${JSON.stringify(e.error?.status ?? '')}`;

export const model: MachineModel = {
  machine: bookingMachine,
  specs: [
    { name: 'front desk', input: { slot: SLOT }, events, outcomes, serializeState, edgeKey },
    { name: 'portal', input: { client: CLIENT }, events, outcomes, serializeState, edgeKey },
  ],
};
