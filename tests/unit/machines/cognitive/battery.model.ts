// The battery machine's model, on a small battery cut from a generated one: a digit span (right
// answers go up a length, wrong ones get a second try), the timed symbol coding (its limit runs
// out), a two-label trail (an unfinished trail stays on its item) and the delayed recall (no
// practice). The outside world answers right or wrong, reports stimuli shown, pauses and resumes;
// saving and completing succeed or fail. Two more starts: a run paused earlier, and one whose
// tasks were all saved before it could be completed.
import { type Battery, expectedAnswer, generateBattery, type Task, type TaskRecord } from '../../../../machines/cognitive/battery.ts';
import { batteryMachine, itemOnScreen } from '../../../../machines/cognitive/battery-machine.ts';
import type { BatteryScores } from '../../../../machines/cognitive/scoring.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const full = generateBattery(42);
const pick = (kind: Task['kind']) => full.tasks.find((t) => t.kind === kind)!;

export const SMALL: Battery = {
  ...full,
  tasks: [
    { ...pick('digit_span_forward'), items: pick('digit_span_forward').items.slice(0, 4) },
    { ...pick('symbol_coding'), items: pick('symbol_coding').items.slice(0, 2), time_limit_ms: 5000 },
    {
      ...pick('connect_numbers'),
      practice: { kind: 'connect', targets: ['1', '2'], layout: ['2', '1'], present_ms: 0 },
      items: [{ kind: 'connect', targets: ['1', '2'], layout: ['1', '2'], present_ms: 0 }],
    },
    { ...pick('recall_delayed'), items: [{ kind: 'recall', words: full.words.slice(0, 2), present_ms: 0 }] },
  ],
};

export const SCORES: BatteryScores = {
  domains: { memory: 50, attention: 60, processing_speed: 70, executive_function: 80 },
  total: 65,
  measures: {} as BatteryScores['measures'],
};

export const SHOWN_AT = 1000;
export const ANSWERED_AT = 1450;

/** The right answer to what is on screen (the next label of a trail), or a wrong one. */
export function answerFor(snapshot: any, right: boolean): { type: 'task.answer'; value: string; at: number } | null {
  const practising = snapshot.matches({ task: 'practice' });
  const item = itemOnScreen(snapshot.context, practising);
  const task = snapshot.context.battery.tasks[snapshot.context.taskIndex];
  if (!item || !task) return null;
  const taps = practising
    ? snapshot.context.practice.length
    : snapshot.context.current.filter((r: { item: number }) => r.item === snapshot.context.itemIndex).length;
  const value = right ? expectedAnswer(task, item, taps) : 'zzz';
  return { type: 'task.answer', value, at: ANSWERED_AT };
}

const OUTSIDE = [
  { type: 'battery.start' },
  { type: 'task.practice' },
  { type: 'task.begin' },
  { type: 'item.shown', at: SHOWN_AT },
  { type: 'battery.pause' },
  { type: 'battery.resume' },
  { type: 'battery.retry' },
];

const events = (snapshot: any) => [...OUTSIDE, ...[answerFor(snapshot, true), answerFor(snapshot, false)].filter((e) => e !== null)];

const outcomes = {
  saveProgress: [{ output: undefined }, { error: { message: 'offline', fieldErrors: {}, status: 0 } }],
  completeRun: [{ output: SCORES }, { error: { message: 'offline', fieldErrors: {}, status: 0 } }],
};

const kindOf = (snapshot: any) => snapshot.context.battery.tasks[snapshot.context.taskIndex]?.kind ?? 'none';

// One path per (state, event, task, right or wrong): the same move on another item of the same task adds nothing.
const edgeKey = (snapshot: any, event: any) =>
  `${JSON.stringify(snapshot.value)}|${event.type}|${kindOf(snapshot)}|${event.type === 'task.answer' ? event.value === 'zzz' : ''}|${snapshot.context.paused}`;

// A vertex: where the run is and what it has (a repeated wrong answer adds a response, not a new place).
const distinct = (responses: Array<{ item: number; value: string }>) => new Set(responses.map((r) => `${r.item}:${r.value}`)).size;
const serializeState = (snapshot: any) => {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    task: c.taskIndex,
    item: c.itemIndex,
    current: distinct(c.current),
    practice: distinct(c.practice),
    right: c.practiceRight,
    shown: c.shownAt,
    records: c.records.length,
    paused: c.paused,
    failure: c.failure !== null,
    scores: c.scores !== null,
  });
};

const run = (status: 'in_progress' | 'paused', tasks: TaskRecord[]) => ({ run: { id: 9, seed: 42, status, progress: { tasks } }, battery: SMALL });

export const DONE: TaskRecord[] = SMALL.tasks.map((t) => ({ task: t.kind, responses: [], timed_out: false }));

export const model: MachineModel = {
  machine: batteryMachine,
  specs: [
    { name: 'new run', input: run('in_progress', []), events, outcomes, edgeKey, serializeState },
    { name: 'paused run', input: run('paused', DONE.slice(0, 2)), events, outcomes, edgeKey, serializeState },
    { name: 'all saved', input: run('in_progress', DONE), events, outcomes, edgeKey, serializeState },
    { name: 'all saved, paused', input: run('paused', DONE), events, outcomes, edgeKey, serializeState },
  ],
};
