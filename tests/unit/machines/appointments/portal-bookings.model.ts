// The portal-bookings chart's model: the unseen bookings fetched (none, one, two, or a failure),
// fetched again on the poll timer or when asked, and marked seen (one, all, none named; the
// answer may hold a booking that arrived meanwhile, or the call may fail).
import { vi } from 'vitest';
import { portalBookingsMachine } from '../../../../machines/appointments/portal-bookings-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const booking = (id: number) => ({
  id,
  client: 20 + id,
  service: 3,
  service_name: 'Doctor consultation',
  staff: 4,
  start: '2031-03-03T04:30:00Z',
  client_name: `Client ${id}`,
});
export const NONE = { count: 0, appointments: [] };
export const ONE = { count: 1, appointments: [booking(7)] };
export const TWO = { count: 2, appointments: [booking(8), booking(7)] };
/** What marking answers when a booking arrived while the others were being marked. */
export const NEWER = { count: 1, appointments: [booking(9)] };
export const FAILURE = { message: 'Server error: The server encountered an error. Please try again later.', fieldErrors: {}, status: 500 };
export const announce = vi.fn();
export const keepAnnounced = vi.fn();
/** A page loaded again after booking 7 was told: the chart starts from what was kept for the user. */
export const TOLD_BEFORE = [5];
const TOLD = { count: 1, appointments: [booking(5)] };
const TOLD_AND_NEW = { count: 2, appointments: [booking(6), booking(5)] };

export const model: MachineModel = {
  machine: portalBookingsMachine,
  specs: [
    {
      events: [
        { type: 'portalBookings.refresh' },
        { type: 'portalBookings.markSeen', ids: [7] },
        { type: 'portalBookings.markSeen', ids: [] },
        { type: 'portalBookings.markAllSeen' },
      ],
      outcomes: {
        loadUnseen: [{ output: NONE }, { output: ONE }, { output: TWO }, { error: FAILURE }],
        markSeen: [{ output: NONE }, { output: NEWER }, { error: FAILURE }],
      },
      actions: { announce, keepAnnounced },
      serializeState: (s) =>
        JSON.stringify({
          value: s.value,
          count: s.context.count,
          announced: s.context.announced,
          marking: s.context.marking,
          failed: s.context.error !== null,
        }),
      edgeKey: (s, e) =>
        `${JSON.stringify(s.value)}|${s.context.count}|${s.context.announced.length}|${e.type}|${JSON.stringify((e as any).ids ?? '')}|${JSON.stringify((e as any).output ?? (e as any).error?.status ?? '')}`,
    },
    {
      input: { announced: TOLD_BEFORE },
      events: [{ type: 'portalBookings.refresh' }, { type: 'portalBookings.markAllSeen' }],
      outcomes: {
        loadUnseen: [{ output: TOLD }, { output: TOLD_AND_NEW }],
        markSeen: [{ output: NONE }],
      },
      actions: { announce, keepAnnounced },
      serializeState: (s) =>
        JSON.stringify({
          value: s.value,
          count: s.context.count,
          announced: s.context.announced,
          marking: s.context.marking,
          failed: s.context.error !== null,
        }),
    },
  ],
};
