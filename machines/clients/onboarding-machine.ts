// The thrive onboarding wizard (issue 7): four steps in order, back and next, each step saved
// when the client moves on, and resumable: on opening, the wizard goes to the first step not yet
// saved. Loading and saving are actors the portal's adapter provides (profile GET / PATCH).
// Opened read-only (a SUPER_ADMIN in the client's portal, spec §6), the loaded answers are only
// read: the chart skips the wizard, so no step can be saved as the client.
import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf, hasFieldErrors } from '../rules/failure.ts';

type Step = 'health_goals' | 'client_story' | 'lifestyle_history' | 'family_history';
type Answers = Record<Step, Record<string, unknown>>;
type FieldErrors = Record<string, string[]>;

const SAVE_FAILED = 'Could not save. Please try again.';

const done = (answers: Answers, step: Step) => answers[step]?.schema_version === 1;

export const onboardingMachine = setup({
  types: {
    context: {} as { clientId: string; readOnly: boolean; answers: Answers; fieldErrors: FieldErrors; message: string | null },
    input: {} as { clientId: string; readOnly?: boolean },
    events: {} as
      { type: 'onboarding.next'; value: Record<string, unknown> } | { type: 'onboarding.back' } | { type: 'onboarding.retry' } | { type: 'onboarding.review' },
  },
  actors: {
    // GET users/user-profiles/{id}: the four objects as stored.
    loadAnswers: fromPromise<Answers, { clientId: string }>(async () => {
      throw new Error('loadAnswers not provided');
    }),
    // PATCH users/user-profiles/{id} with one object; resolves to it as stored; rejects with the fields the contract refused, or a message.
    saveStep: fromPromise<Record<string, unknown>, { clientId: string; step: Step; value: Record<string, unknown> }>(async () => {
      throw new Error('saveStep not provided');
    }),
  },
  guards: {
    readsOnly: ({ context }) => context.readOnly,
    healthGoalsOpen: ({ context }) => !done(context.answers, 'health_goals'),
    clientStoryOpen: ({ context }) => !done(context.answers, 'client_story'),
    lifestyleOpen: ({ context }) => !done(context.answers, 'lifestyle_history'),
    familyOpen: ({ context }) => !done(context.answers, 'family_history'),
  },
  actions: {
    storeAnswers: assign({ answers: (_, params: { answers: Answers }) => params.answers }),
    storeSaved: assign({
      answers: ({ context }, params: { step: Step; value: Record<string, unknown> }) => ({ ...context.answers, [params.step]: params.value }),
      fieldErrors: {},
      message: null,
    }),
    storeFailure: assign((_, params: { failure: Failure }) => ({
      fieldErrors: params.failure.fieldErrors,
      message: hasFieldErrors(params.failure) ? null : params.failure.message,
    })),
    clearErrors: assign({ fieldErrors: {}, message: null }),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    clientId: input.clientId,
    readOnly: input.readOnly === true,
    answers: { health_goals: {}, client_story: {}, lifestyle_history: {}, family_history: {} },
    fieldErrors: {},
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadAnswers',
        src: 'loadAnswers',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'resuming', actions: { type: 'storeAnswers', params: ({ event }) => ({ answers: event.output }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'onboarding.retry': 'loading' },
    },
    // Back where the client left: the first step not saved yet.
    resuming: {
      always: [
        { guard: 'readsOnly', target: 'reading' },
        { guard: 'healthGoalsOpen', target: 'healthGoals' },
        { guard: 'clientStoryOpen', target: 'clientStory' },
        { guard: 'lifestyleOpen', target: 'lifestyle' },
        { guard: 'familyOpen', target: 'family' },
        { target: 'complete' },
      ],
    },
    healthGoals: {
      initial: 'editing',
      states: {
        editing: { on: { 'onboarding.next': 'saving' } },
        saving: {
          tags: 'pending',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context, event }) => ({
              clientId: context.clientId,
              step: 'health_goals' as const,
              value: event.type === 'onboarding.next' ? event.value : {},
            }),
            onDone: {
              target: '#onboarding.clientStory',
              actions: { type: 'storeSaved', params: ({ event }) => ({ step: 'health_goals' as const, value: event.output }) },
            },
            onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error, SAVE_FAILED) }) } },
          },
        },
      },
    },
    clientStory: {
      initial: 'editing',
      states: {
        editing: { on: { 'onboarding.next': 'saving', 'onboarding.back': { target: '#onboarding.healthGoals', actions: 'clearErrors' } } },
        saving: {
          tags: 'pending',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context, event }) => ({
              clientId: context.clientId,
              step: 'client_story' as const,
              value: event.type === 'onboarding.next' ? event.value : {},
            }),
            onDone: {
              target: '#onboarding.lifestyle',
              actions: { type: 'storeSaved', params: ({ event }) => ({ step: 'client_story' as const, value: event.output }) },
            },
            onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error, SAVE_FAILED) }) } },
          },
        },
      },
    },
    lifestyle: {
      initial: 'editing',
      states: {
        editing: { on: { 'onboarding.next': 'saving', 'onboarding.back': { target: '#onboarding.clientStory', actions: 'clearErrors' } } },
        saving: {
          tags: 'pending',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context, event }) => ({
              clientId: context.clientId,
              step: 'lifestyle_history' as const,
              value: event.type === 'onboarding.next' ? event.value : {},
            }),
            onDone: {
              target: '#onboarding.family',
              actions: { type: 'storeSaved', params: ({ event }) => ({ step: 'lifestyle_history' as const, value: event.output }) },
            },
            onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error, SAVE_FAILED) }) } },
          },
        },
      },
    },
    family: {
      initial: 'editing',
      states: {
        editing: { on: { 'onboarding.next': 'saving', 'onboarding.back': { target: '#onboarding.lifestyle', actions: 'clearErrors' } } },
        saving: {
          tags: 'pending',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context, event }) => ({
              clientId: context.clientId,
              step: 'family_history' as const,
              value: event.type === 'onboarding.next' ? event.value : {},
            }),
            onDone: {
              target: '#onboarding.complete',
              actions: { type: 'storeSaved', params: ({ event }) => ({ step: 'family_history' as const, value: event.output }) },
            },
            onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error, SAVE_FAILED) }) } },
          },
        },
      },
    },
    complete: {
      on: { 'onboarding.review': 'healthGoals' },
    },
    // Every step's answers as stored, with no step to save.
    reading: {},
  },
});
