// What the cognitive views read from the battery and page machines' snapshots, by name: views
// never read state names or context fields directly.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type batteryMachine, itemOnScreen } from './battery-machine.ts';
import { type cognitivePageMachine, openRunOf } from './cognitive-page-machine.ts';
import type { cognitiveReviewMachine } from './review-machine.ts';

type BatterySnapshot = SnapshotFrom<typeof batteryMachine>;

export type BatteryView =
  | 'intro'
  | 'instructions'
  | 'practice-waiting'
  | 'practice-answering'
  | 'practice-feedback'
  | 'test-waiting'
  | 'test-answering'
  | 'saving'
  | 'save-failed'
  | 'paused'
  | 'completing'
  | 'complete-failed'
  | 'finished';

export const batterySelectors = {
  view: (s: BatterySnapshot): BatteryView => {
    if (s.matches('intro')) return 'intro';
    if (s.matches({ task: 'instructions' })) return 'instructions';
    if (s.matches({ task: { practice: 'presenting' } })) return 'practice-waiting';
    if (s.matches({ task: { practice: 'responding' } })) return 'practice-answering';
    if (s.matches({ task: { practice: 'feedback' } })) return 'practice-feedback';
    if (s.matches({ task: { test: 'presenting' } })) return 'test-waiting';
    if (s.matches({ task: { test: 'responding' } })) return 'test-answering';
    if (s.matches({ task: 'saveFailed' })) return 'save-failed';
    if (s.matches('paused') || s.matches('pausing') || s.matches('resuming')) return 'paused';
    if (s.matches('completeFailed')) return 'complete-failed';
    if (s.matches('finished')) return 'finished';
    if (s.matches('completing')) return 'completing';
    return 'saving';
  },
  pending: (s: BatterySnapshot) => s.hasTag('pending'),
  practising: (s: BatterySnapshot) => s.matches({ task: 'practice' }),
  task: (s: BatterySnapshot) => s.context.battery.tasks[s.context.taskIndex] ?? null,
  taskNumber: (s: BatterySnapshot) => Math.min(s.context.taskIndex + 1, s.context.battery.tasks.length),
  taskCount: (s: BatterySnapshot) => s.context.battery.tasks.length,
  /** The item to show: during the practice, the practice item. */
  item: (s: BatterySnapshot) => itemOnScreen(s.context, s.matches({ task: 'practice' })) ?? null,
  /** Answers given to the item on screen (a trail's taps so far). */
  itemAnswers: (s: BatterySnapshot) => (s.matches({ task: 'practice' }) ? s.context.practice : s.context.current.filter((r) => r.item === s.context.itemIndex)),
  practiceRight: (s: BatterySnapshot) => s.context.practiceRight,
  symbols: (s: BatterySnapshot) => s.context.battery.symbols,
  seed: (s: BatterySnapshot) => s.context.battery.seed,
  /** Identifies the item on screen, so a view reports each showing once. */
  itemKey: (s: BatterySnapshot) =>
    `${s.context.taskIndex}:${s.matches({ task: 'practice' }) ? 'p' : 't'}:${s.context.itemIndex}:${s.context.practice.length === 0 && s.context.current.length === 0 ? 0 : 1}`,
  started: (s: BatterySnapshot) => s.context.records.length > 0 || s.context.paused,
  scores: (s: BatterySnapshot) => s.context.scores,
  failure: (s: BatterySnapshot) => s.context.failure?.message ?? null,
  canPause: (s: BatterySnapshot) => s.can({ type: 'battery.pause' }),
};

type PageSnapshot = SnapshotFrom<typeof cognitivePageMachine>;

export type PageView = 'loading' | 'failed' | 'reading' | 'ready' | 'starting' | 'taking';

export const cognitivePageSelectors = {
  view: (s: PageSnapshot): PageView =>
    s.matches('loadFailed')
      ? 'failed'
      : s.matches('reading')
        ? 'reading'
        : s.matches('ready')
          ? 'ready'
          : s.matches('starting')
            ? 'starting'
            : s.matches('taking')
              ? 'taking'
              : 'loading',
  results: (s: PageSnapshot) => s.context.results,
  openRun: (s: PageSnapshot) => openRunOf(s.context.results),
  failure: (s: PageSnapshot) => s.context.failure?.message ?? null,
  /** The battery being taken (the invoked child), for the battery view to bind to. */
  battery: (s: PageSnapshot) => (s.children.battery as ActorRefFrom<typeof batteryMachine> | undefined) ?? null,
};

type ReviewSnapshot = SnapshotFrom<typeof cognitiveReviewMachine>;

export const cognitiveReviewSelectors = {
  view: (s: ReviewSnapshot): 'loading' | 'failed' | 'ready' =>
    s.matches('loadFailed')
      ? 'failed'
      : s.matches('loading') && s.context.results.runs.length + s.context.results.instruments.length === 0
        ? 'loading'
        : 'ready',
  results: (s: ReviewSnapshot) => s.context.results,
  pending: (s: ReviewSnapshot) => s.hasTag('pending'),
  failure: (s: ReviewSnapshot) => s.context.failure?.message ?? null,
  fieldErrors: (s: ReviewSnapshot) => s.context.failure?.fieldErrors ?? {},
};
