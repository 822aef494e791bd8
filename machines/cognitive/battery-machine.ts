// One run of the screening battery (issue 21): the tasks in order, each with its instructions, a
// practice item with feedback, then the items themselves; finished tasks are saved as the run's
// progress, and the last one completes the run (the server scores it from the raw data). A run
// pauses between or inside tasks (a paused task starts again from its instructions, so its timing
// stays honest) and resumes from the saved progress, later the same day.
//
// Time: how long an item is shown (`presentFor`) and the timed task's limit (`taskTimeLimit`) are
// named delays read from the battery; the view reports when it showed a stimulus (`item.shown`)
// and when an answer came (`task.answer`), each with its timestamp, so the machine stays pure
// and every response keeps its time. Saving and completing are actors the adapter provides.
import { assign, fromPromise, not, setup } from 'xstate';
import {
  type Battery,
  generateBattery,
  type Item,
  nextItem,
  practiceOf,
  type Response,
  type Task,
  type TaskRecord,
  isCorrect,
  connectStep,
} from './battery.ts';
import type { BatteryScores } from './scoring.ts';
import { type Failure, failureOf } from '../rules/failure.ts';

export interface RunProgress {
  /** The finished tasks' raw data, in battery order. */
  tasks: TaskRecord[];
}

export interface BatteryInput {
  run: { id: number; seed: number; status: 'in_progress' | 'paused'; progress: RunProgress };
  /** A smaller battery (tests); otherwise the run's seed builds it. */
  battery?: Battery;
}

export type BatteryEvent =
  | { type: 'battery.start' }
  | { type: 'task.practice' }
  | { type: 'task.begin' }
  | { type: 'item.shown'; at: number }
  | { type: 'task.answer'; value: string; at: number }
  | { type: 'battery.pause' }
  | { type: 'battery.resume' }
  | { type: 'battery.retry' };

export interface BatteryContext {
  runId: number;
  battery: Battery;
  paused: boolean;
  taskIndex: number;
  records: TaskRecord[];
  /** This task's answers so far (test items). */
  current: Response[];
  practice: Response[];
  practiceRight: boolean | null;
  itemIndex: number;
  shownAt: number | null;
  timedOut: boolean;
  scores: BatteryScores | null;
  failure: Failure | null;
}

export const SAVE_FAILED = 'Could not save your progress. Please try again.';

const taskOf = (c: BatteryContext): Task => c.battery.tasks[c.taskIndex];
const hasPractice = (c: BatteryContext) => taskOf(c)?.practice !== null;

/** The item on screen now: the practice item while practising, otherwise the current test item. */
export function itemOnScreen(c: BatteryContext, practising: boolean): Item | undefined {
  const task = taskOf(c);
  return practising ? (task?.practice ?? undefined) : task?.items[c.itemIndex];
}

const answerOf = (c: BatteryContext, event: BatteryEvent, item: number): Response => {
  const e = event as Extract<BatteryEvent, { type: 'task.answer' }>;
  return { item, value: e.value, rt_ms: Math.max(0, Math.round(e.at - (c.shownAt ?? e.at))) };
};

const testAfter = (c: BatteryContext, event: BatteryEvent) => nextItem(taskOf(c), [...c.current, answerOf(c, event, c.itemIndex)]);
const practiceAfter = (c: BatteryContext, event: BatteryEvent) => nextItem(practiceOf(taskOf(c)), [...c.practice, answerOf(c, event, 0)]);

export const batteryMachine = setup({
  types: {
    context: {} as BatteryContext,
    input: {} as BatteryInput,
    events: {} as BatteryEvent,
  },
  actors: {
    saveProgress: fromPromise<void, { runId: number; status: 'in_progress' | 'paused'; progress: RunProgress }>(async () => {
      throw new Error('saveProgress not provided');
    }),
    completeRun: fromPromise<BatteryScores, { runId: number; progress: RunProgress }>(async () => {
      throw new Error('completeRun not provided');
    }),
  },
  delays: {
    presentFor: ({ context }) => itemOnScreen(context, false)?.present_ms ?? 0,
    practiceFor: ({ context }) => itemOnScreen(context, true)?.present_ms ?? 0,
    taskTimeLimit: ({ context }) => taskOf(context)?.time_limit_ms ?? 0,
  },
  guards: {
    hasPractice: ({ context }) => hasPractice(context),
    noPractice: not('hasPractice'),
    itemShowsAtOnce: ({ context }) => (itemOnScreen(context, false)?.present_ms ?? 0) === 0,
    practiceShowsAtOnce: ({ context }) => (itemOnScreen(context, true)?.present_ms ?? 0) === 0,
    wasPaused: ({ context }) => context.paused,
    allTasksDone: ({ context }) => context.taskIndex >= context.battery.tasks.length,
    isTimedTask: ({ context }) => taskOf(context)?.time_limit_ms !== null,
    isLastTask: ({ context }) => context.taskIndex + 1 >= context.battery.tasks.length,
    practiceEndsWithAnswer: ({ context, event }) => practiceAfter(context, event) === null,
    taskEndsWithAnswer: ({ context, event }) => testAfter(context, event) === null,
    itemContinuesAfterAnswer: ({ context, event }) => testAfter(context, event) === context.itemIndex,
  },
  actions: {
    noteShown: assign({ shownAt: ({ event }) => (event.type === 'item.shown' ? event.at : null) }),
    startTask: assign({ current: [], practice: [], practiceRight: null, itemIndex: 0, shownAt: null, timedOut: false }),
    startPractice: assign({ practice: [], practiceRight: null, shownAt: null }),
    recordPractice: assign({ practice: ({ context, event }) => [...context.practice, answerOf(context, event, 0)] }),
    judgePractice: assign({
      practiceRight: ({ context }) => {
        const task = taskOf(context);
        const item = task.practice!;
        // A trail is right when it was finished without a wrong tap; anything else on its one answer.
        if (item.kind === 'connect') return connectStep(task, item, context.practice) === context.practice.length;
        return isCorrect(task, item, context.practice[context.practice.length - 1]?.value ?? '');
      },
    }),
    recordAnswer: assign({ current: ({ context, event }) => [...context.current, answerOf(context, event, context.itemIndex)] }),
    moveToNextItem: assign({ itemIndex: ({ context }) => nextItem(taskOf(context), context.current) ?? context.itemIndex, shownAt: null }),
    markTimedOut: assign({ timedOut: true }),
    finishTask: assign({
      records: ({ context }) => [...context.records, { task: taskOf(context).kind, responses: context.current, timed_out: context.timedOut }],
    }),
    nextTask: assign({ taskIndex: ({ context }) => context.taskIndex + 1 }),
    markPaused: assign({ paused: true, failure: null }),
    markResumed: assign({ paused: false, failure: null }),
    storeScores: assign({ scores: (_, params: { scores: BatteryScores }) => params.scores, failure: null }),
    storeFailure: assign({ failure: (_, params: { error: unknown }) => failureOf(params.error, SAVE_FAILED) }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'cognitiveBattery',
  context: ({ input }) => ({
    runId: input.run.id,
    battery: input.battery ?? generateBattery(input.run.seed),
    paused: input.run.status === 'paused',
    taskIndex: input.run.progress.tasks.length,
    records: input.run.progress.tasks,
    current: [],
    practice: [],
    practiceRight: null,
    itemIndex: 0,
    shownAt: null,
    timedOut: false,
    scores: null,
    failure: null,
  }),
  initial: 'intro',
  states: {
    // What the screening is (one the clinic reviews), how long it takes, that it can be paused.
    intro: {
      on: {
        'battery.start': [{ guard: 'wasPaused', target: 'resuming' }, { guard: 'allTasksDone', target: 'completing' }, { target: 'task' }],
      },
    },
    task: {
      initial: 'instructions',
      entry: 'startTask',
      states: {
        // A save in flight is never interrupted: pausing is offered while reading, practising or answering.
        instructions: {
          on: {
            'task.practice': { guard: 'hasPractice', target: 'practice' },
            'task.begin': { guard: 'noPractice', target: 'test' },
            'battery.pause': '#cognitiveBattery.pausing',
          },
        },
        practice: {
          initial: 'presenting',
          entry: 'startPractice',
          on: { 'battery.pause': '#cognitiveBattery.pausing' },
          states: {
            // An item with nothing to study (a symbol, a trail) is answered at once.
            presenting: { always: { guard: 'practiceShowsAtOnce', target: 'responding' }, after: { practiceFor: 'responding' } },
            responding: {
              on: {
                'item.shown': { actions: 'noteShown' },
                'task.answer': [
                  { guard: 'practiceEndsWithAnswer', target: 'feedback', actions: ['recordPractice', 'judgePractice'] },
                  { actions: 'recordPractice' },
                ],
              },
            },
            feedback: {
              on: {
                'task.practice': { target: '#cognitiveBattery.task.practice', reenter: true },
                'task.begin': '#cognitiveBattery.task.test',
              },
            },
          },
        },
        test: {
          initial: 'presenting',
          on: { 'battery.pause': '#cognitiveBattery.pausing' },
          after: { taskTimeLimit: { guard: 'isTimedTask', target: 'saving', actions: ['markTimedOut', 'finishTask'] } },
          states: {
            presenting: { always: { guard: 'itemShowsAtOnce', target: 'responding' }, after: { presentFor: 'responding' } },
            responding: {
              on: {
                'item.shown': { actions: 'noteShown' },
                'task.answer': [
                  { guard: 'taskEndsWithAnswer', target: '#cognitiveBattery.task.saving', actions: ['recordAnswer', 'finishTask'] },
                  { guard: 'itemContinuesAfterAnswer', actions: 'recordAnswer' },
                  { target: 'presenting', actions: ['recordAnswer', 'moveToNextItem'] },
                ],
              },
            },
          },
        },
        saving: {
          tags: 'pending',
          invoke: {
            id: 'saveProgress',
            src: 'saveProgress',
            input: ({ context }) => ({ runId: context.runId, status: 'in_progress' as const, progress: { tasks: context.records } }),
            onDone: [
              { guard: 'isLastTask', target: '#cognitiveBattery.completing', actions: 'nextTask' },
              { target: '#cognitiveBattery.task', reenter: true, actions: ['nextTask', 'clearFailure'] },
            ],
            onError: { target: 'saveFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        saveFailed: { on: { 'battery.retry': 'saving' } },
      },
    },
    pausing: {
      tags: 'pending',
      invoke: {
        id: 'saveProgress',
        src: 'saveProgress',
        input: ({ context }) => ({ runId: context.runId, status: 'paused' as const, progress: { tasks: context.records } }),
        onDone: { target: 'paused', actions: 'markPaused' },
        onError: { target: 'paused', actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    paused: { on: { 'battery.resume': 'resuming' } },
    resuming: {
      tags: 'pending',
      invoke: {
        id: 'saveProgress',
        src: 'saveProgress',
        input: ({ context }) => ({ runId: context.runId, status: 'in_progress' as const, progress: { tasks: context.records } }),
        onDone: [
          { guard: 'allTasksDone', target: 'completing', actions: 'markResumed' },
          { target: 'task', actions: 'markResumed' },
        ],
        onError: { target: 'paused', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    completing: {
      tags: 'pending',
      invoke: {
        id: 'completeRun',
        src: 'completeRun',
        input: ({ context }) => ({ runId: context.runId, progress: { tasks: context.records } }),
        onDone: { target: 'finished', actions: { type: 'storeScores', params: ({ event }) => ({ scores: event.output }) } },
        onError: { target: 'completeFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    completeFailed: { on: { 'battery.retry': 'completing' } },
    finished: { type: 'final' },
  },
});
