// The invite chart's model (issue 32): a nurse invited (a role that delivers services) is asked for
// working hours, prefilled with the clinic's opening hours, saved or left for later; a receptionist
// (no service delivered) is invited and done; a refusal keeps the form with its reasons.
import { vi } from 'vitest';
import { inviteMachine } from '../../../../machines/staff/invite-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const OPENING = [{ weekday: 1, from: '09:00', to: '18:00' }];
export const NURSE = { id: 31, email: 'nila@clinic.test', first_name: 'Nila', last_name: 'Varma', role: 'NURSE' };
export const DESK = { id: 32, email: 'rita@clinic.test', first_name: 'Rita', last_name: 'Das', role: 'RECEPTION' };
export const REFUSAL = {
  message: 'Invalid email: A user with this email already exists.',
  fieldErrors: { email: ['A user with this email already exists.'] },
  status: 400,
};
export const FAILURE = { message: 'Server error: The server encountered an error. Please try again later.', fieldErrors: {}, status: 500 };
export const notifyInvited = vi.fn();
export const notifyHoursSaved = vi.fn();
export const notifyNoHours = vi.fn();

const events = [
  { type: 'invite.open', deliveringRoles: ['NURSE', 'DOCTOR'], openingHours: OPENING },
  { type: 'invite.submit', values: { first_name: 'Nila', role: 'NURSE' } },
  { type: 'invite.cancel' },
  { type: 'invite.setHours', weekly: [] },
  { type: 'invite.setHours', weekly: [{ weekday: 2, from: '10:00', to: '16:00' }] },
  // A row not whole (from after to): not saved.
  { type: 'invite.setHours', weekly: [{ weekday: 2, from: '16:00', to: '10:00' }] },
  { type: 'invite.saveHours' },
  { type: 'invite.later' },
];

const serializeState = (s: any) =>
  JSON.stringify({
    value: s.value,
    user: s.context.user?.id ?? null,
    weekly: s.context.weekly,
    error: s.context.error !== null,
    open: s.context.deliveringRoles.length > 0,
  });

export const model: MachineModel = {
  machine: inviteMachine,
  specs: [
    {
      name: 'nurse',
      events,
      outcomes: { createUser: [{ output: NURSE }, { error: REFUSAL }], saveHours: [{ output: {} }, { error: FAILURE }] },
      actions: { notifyInvited, notifyHoursSaved, notifyNoHours },
      serializeState,
    },
    {
      name: 'receptionist',
      events: events.slice(0, 3),
      outcomes: { createUser: [{ output: DESK }] },
      actions: { notifyInvited, notifyHoursSaved, notifyNoHours },
      serializeState,
    },
  ],
};
