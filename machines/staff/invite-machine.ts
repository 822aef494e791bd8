// Inviting a staff member (/users, New user): the person and a role; then, when the role delivers
// services, their working hours in the same flow (prefilled with the clinic's opening hours), or
// "later" on purpose, which leaves them marked "no working hours set" on the list and in booking.
//   closed -> editing -> creating -> askingHours -> savingHours -> closed
//                                 -> closed (a role that delivers no service: nothing to ask)
// Events:
//   invite.open { deliveringRoles, openingHours }   the roles that deliver a service; the clinic's hours
//   invite.submit { values }   invite.cancel   invite.setHours { weekly }   invite.saveHours   invite.later
// Actors (provided by the adapter):
//   createUser(values) -> InvitedUser        saveHours({ staff, weekly }) -> unknown
// Actions the adapter provides (toasts, list reloads): notifyInvited, notifyHoursSaved, notifyNoHours.
import { assign, fromPromise, setup } from 'xstate';
import { type FieldErrors, failureOf } from '../rules/failure.ts';

export interface InvitedUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
}

/** One row of weekly hours as the form holds it: ISO weekday, `HH:MM` from and to. */
export interface WeeklyShift {
  weekday: number;
  from: string;
  to: string;
}

export interface InviteContext {
  deliveringRoles: string[];
  openingHours: WeeklyShift[];
  values: Record<string, unknown>;
  user: InvitedUser | null;
  weekly: WeeklyShift[];
  error: string | null;
  fieldErrors: FieldErrors;
}

export type InviteEvent =
  | { type: 'invite.open'; deliveringRoles: string[]; openingHours: WeeklyShift[] }
  | { type: 'invite.submit'; values: Record<string, unknown> }
  | { type: 'invite.cancel' }
  | { type: 'invite.setHours'; weekly: WeeklyShift[] }
  | { type: 'invite.saveHours' }
  | { type: 'invite.later' };

/** Whether a role is asked for working hours: it delivers at least one service. */
export const needsWorkingHours = (role: string, deliveringRoles: readonly string[]) => deliveringRoles.includes(role);

/** A shift row is whole: a weekday, and from before to. */
export const isWholeShift = (s: WeeklyShift) => s.weekday >= 1 && s.weekday <= 7 && /^\d\d:\d\d$/.test(s.from) && /^\d\d:\d\d$/.test(s.to) && s.from < s.to;

export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: {
    createUser: fromPromise<InvitedUser, Record<string, unknown>>(async () => {
      throw new Error('createUser is provided by the adapter');
    }),
    saveHours: fromPromise<unknown, { staff: number; weekly: WeeklyShift[] }>(async () => {
      throw new Error('saveHours is provided by the adapter');
    }),
  },
  guards: {
    needsHours: (_, params: { role: string; deliveringRoles: string[] }) => needsWorkingHours(params.role, params.deliveringRoles),
    hasHours: ({ context }) => context.weekly.length > 0 && context.weekly.every(isWholeShift),
  },
  actions: {
    notifyInvited: (_, _params: { user: InvitedUser }) => {},
    notifyHoursSaved: (_, _params: { user: InvitedUser }) => {},
    notifyNoHours: (_, _params: { user: InvitedUser }) => {},
    storeFacts: assign(({ event }) =>
      event.type === 'invite.open'
        ? { deliveringRoles: event.deliveringRoles, openingHours: event.openingHours, values: {}, user: null, weekly: [], error: null, fieldErrors: {} }
        : {},
    ),
    storeValues: assign({ values: ({ context, event }) => (event.type === 'invite.submit' ? event.values : context.values), error: null, fieldErrors: {} }),
    storeUser: assign({ user: (_, params: { user: InvitedUser }) => params.user, weekly: ({ context }) => context.openingHours }),
    storeWeekly: assign({ weekly: ({ context, event }) => (event.type === 'invite.setHours' ? event.weekly : context.weekly) }),
    storeFailure: assign({
      error: (_, params: { error: unknown }) => failureOf(params.error).message,
      fieldErrors: (_, params: { error: unknown }) => failureOf(params.error).fieldErrors,
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'invite',
  context: { deliveringRoles: [], openingHours: [], values: {}, user: null, weekly: [], error: null, fieldErrors: {} },
  initial: 'closed',
  states: {
    closed: {
      on: { 'invite.open': { target: 'editing', actions: 'storeFacts' } },
    },
    editing: {
      on: {
        'invite.submit': { target: 'creating', actions: 'storeValues' },
        'invite.cancel': 'closed',
      },
    },
    creating: {
      tags: 'pending',
      invoke: {
        id: 'createUser',
        src: 'createUser',
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'needsHours', params: ({ context, event }) => ({ role: event.output.role, deliveringRoles: context.deliveringRoles }) },
            target: 'askingHours',
            actions: [
              { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
              { type: 'notifyInvited', params: ({ event }) => ({ user: event.output }) },
            ],
          },
          {
            target: 'closed',
            actions: [
              { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
              { type: 'notifyInvited', params: ({ event }) => ({ user: event.output }) },
            ],
          },
        ],
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The person is invited; their weekly hours now, or later on purpose (then marked on the list).
    askingHours: {
      on: {
        'invite.setHours': { actions: 'storeWeekly' },
        'invite.saveHours': { guard: 'hasHours', target: 'savingHours' },
        'invite.later': { target: 'closed', actions: { type: 'notifyNoHours', params: ({ context }) => ({ user: context.user! }) } },
      },
    },
    savingHours: {
      tags: 'pending',
      entry: 'clearError',
      invoke: {
        id: 'saveHours',
        src: 'saveHours',
        input: ({ context }) => ({ staff: context.user!.id, weekly: context.weekly }),
        onDone: { target: 'closed', actions: { type: 'notifyHoursSaved', params: ({ context }) => ({ user: context.user! }) } },
        onError: { target: 'askingHours', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
