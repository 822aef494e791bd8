// The thrive check (issue 7): the client's past checks and profile load first (the form starts
// with sex and age from the profile); the form sends the §3 heart-risk input; the server scores
// and stores it; the stored result shows with the history. Loading and submitting are actors the
// portal's adapter provides (GET users/thrive-checks and the profile, POST users/thrive-checks).
// Opened read-only (a SUPER_ADMIN in the client's portal, spec §6), only the stored checks show:
// the chart has no form there, so no check can be submitted as the client.
import { assign, fromPromise, setup } from 'xstate';
import { ageInYears } from '../staff/age.ts';
import { type Failure, failureOf, hasFieldErrors } from '../rules/failure.ts';

/** One stored check, as the API answers it (kept opaque here). */
export type StoredCheck = { id: number; taken_at: string } & Record<string, unknown>;
export type HeartRiskForm = Record<string, string>;

/** What the loader brings: the checks, newest first, and the profile facts that prefill the form. */
export interface CheckHistory {
  history: StoredCheck[];
  profile: { gender: string | null; date_of_birth: string | null };
}

/** The form's starting values: sex from the profile's gender (M/F), age from the date of birth. */
export function prefillFrom(profile: CheckHistory['profile'], today: Date = new Date()): Pick<HeartRiskForm, 'sex' | 'age'> {
  const age = ageInYears(profile.date_of_birth, today);
  return { sex: profile.gender === 'M' ? 'male' : profile.gender === 'F' ? 'female' : '', age: age === null ? '' : String(age) };
}

const SAVE_FAILED = 'Could not save the check. Please try again.';

export const thriveCheckMachine = setup({
  types: {
    context: {} as {
      clientId: string;
      readOnly: boolean;
      history: StoredCheck[];
      prefill: Pick<HeartRiskForm, 'sex' | 'age'>;
      latest: StoredCheck | null;
      fieldErrors: Record<string, string[]>;
      message: string | null;
    },
    input: {} as { clientId: string; readOnly?: boolean },
    events: {} as { type: 'check.submit'; input: HeartRiskForm } | { type: 'check.again' } | { type: 'check.retry' },
  },
  actors: {
    loadHistory: fromPromise<CheckHistory, { clientId: string }>(async () => {
      throw new Error('loadHistory not provided');
    }),
    submitCheck: fromPromise<StoredCheck, { clientId: string; input: HeartRiskForm }>(async () => {
      throw new Error('submitCheck not provided');
    }),
  },
  guards: {
    readsOnly: ({ context }) => context.readOnly,
  },
  actions: {
    storeHistory: assign((_, params: CheckHistory) => ({ history: params.history, prefill: prefillFrom(params.profile) })),
    storeResult: assign({
      latest: (_, params: { check: StoredCheck }) => params.check,
      // Newest first; a check already listed (same id) is not listed twice.
      history: ({ context }, params: { check: StoredCheck }) => [params.check, ...context.history.filter((c) => c.id !== params.check.id)],
      fieldErrors: {},
      message: null,
    }),
    storeFailure: assign((_, params: { failure: Failure }) => ({
      fieldErrors: params.failure.fieldErrors,
      // Reasons beside the fields say it all; otherwise the message says what went wrong.
      message: hasFieldErrors(params.failure) ? null : params.failure.message,
    })),
    clearResult: assign({ latest: null }),
  },
}).createMachine({
  id: 'thriveCheck',
  context: ({ input }) => ({
    clientId: input.clientId,
    readOnly: input.readOnly === true,
    history: [],
    prefill: { sex: '', age: '' },
    latest: null,
    fieldErrors: {},
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: [
          { guard: 'readsOnly', target: 'reading', actions: { type: 'storeHistory', params: ({ event }) => event.output } },
          { target: 'editing', actions: { type: 'storeHistory', params: ({ event }) => event.output } },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'check.retry': 'loading' } },
    // The client's stored checks, newest first, with no form.
    reading: {},
    editing: { on: { 'check.submit': 'submitting' } },
    submitting: {
      tags: 'pending',
      invoke: {
        id: 'submitCheck',
        src: 'submitCheck',
        input: ({ context, event }) => ({ clientId: context.clientId, input: event.type === 'check.submit' ? event.input : {} }),
        onDone: { target: 'result', actions: { type: 'storeResult', params: ({ event }) => ({ check: event.output }) } },
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error, SAVE_FAILED) }) } },
      },
    },
    result: { on: { 'check.again': { target: 'editing', actions: 'clearResult' } } },
  },
});
