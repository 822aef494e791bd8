// Known response sets for a battery, built from the battery its seed gives: a perfect run and a
// middling one whose scores are worked out by hand in scoring.test.ts. Also used by the API and
// end-to-end tests, which answer a real run deterministically from its stored seed.
import { type Battery, expectedAnswer, type Response, type Task, type TaskKind, type TaskRecord } from '../../../../machines/cognitive/battery.ts';

const task = (b: Battery, kind: TaskKind): Task => b.tasks.find((t) => t.kind === kind)!;
const wrong = (answer: string) =>
  answer
    .split('')
    .map((d) => (d === '1' ? '2' : '1'))
    .join('');

function span(t: Task, longest: number): Response[] {
  const out: Response[] = [];
  for (let i = 0; i < t.items.length; i += 2) {
    const item = t.items[i];
    if (item.kind !== 'digits') continue;
    if (item.digits.length <= longest) {
      out.push({ item: i, value: expectedAnswer(t, item), rt_ms: 3000 });
    } else {
      out.push({ item: i, value: wrong(expectedAnswer(t, item)), rt_ms: 3000 }, { item: i + 1, value: wrong(expectedAnswer(t, t.items[i + 1])), rt_ms: 3000 });
      break;
    }
  }
  return out;
}

function trail(t: Task, totalMs: number, errors: number): Response[] {
  const item = t.items[0];
  if (item.kind !== 'connect') return [];
  const wrongLabel = item.targets[item.targets.length - 1];
  const out: Response[] = [];
  for (let e = 0; e < errors; e++) out.push({ item: 0, value: wrongLabel, rt_ms: 500 + e });
  item.targets.forEach((label, i) => out.push({ item: 0, value: label, rt_ms: Math.round(((i + 1) / item.targets.length) * totalMs) }));
  return out;
}

export interface AnswerPlan {
  immediate: number;
  delayed: number;
  forward: number;
  backward: number;
  simpleMs: number[];
  choiceRight: number;
  choiceMs: number;
  coded: number;
  numbersMs: number;
  numbersErrors: number;
  alternatingMs: number;
  alternatingErrors: number;
}

export const PERFECT: AnswerPlan = {
  immediate: 8,
  delayed: 8,
  forward: 8,
  backward: 7,
  simpleMs: [250, 250, 250, 250, 250],
  choiceRight: 8,
  choiceMs: 350,
  coded: 45,
  numbersMs: 10_000,
  numbersErrors: 0,
  alternatingMs: 15_000,
  alternatingErrors: 0,
};

export const MIDDLING: AnswerPlan = {
  immediate: 4,
  delayed: 2,
  forward: 5,
  backward: 3,
  simpleMs: [400, 500, 600, 700, 800],
  choiceRight: 6,
  choiceMs: 775,
  coded: 18,
  numbersMs: 35_000,
  numbersErrors: 2,
  alternatingMs: 52_500,
  alternatingErrors: 1,
};

/** Every task's record, answered to the plan. */
export function answer(b: Battery, plan: AnswerPlan): TaskRecord[] {
  const record = (kind: TaskKind, responses: Response[], timed_out = false): TaskRecord => ({ task: kind, responses, timed_out });
  const recall = (kind: TaskKind, n: number) => record(kind, [{ item: 0, value: [...b.words.slice(0, n), 'zebra'].join(', '), rt_ms: 20_000 }]);
  const simple = task(b, 'simple_reaction');
  const choice = task(b, 'choice_reaction');
  const coding = task(b, 'symbol_coding');
  return [
    recall('recall_immediate', plan.immediate),
    record('digit_span_forward', span(task(b, 'digit_span_forward'), plan.forward)),
    record('digit_span_backward', span(task(b, 'digit_span_backward'), plan.backward)),
    record(
      'simple_reaction',
      simple.items.map((_, i) => ({ item: i, value: 'press', rt_ms: plan.simpleMs[i] })),
    ),
    record(
      'choice_reaction',
      choice.items.map((item, i) => {
        const right = expectedAnswer(choice, item);
        return { item: i, value: i < plan.choiceRight ? right : right === 'left' ? 'right' : 'left', rt_ms: plan.choiceMs };
      }),
    ),
    record(
      'symbol_coding',
      coding.items.slice(0, plan.coded).map((item, i) => ({ item: i, value: expectedAnswer(coding, item), rt_ms: 1500 })),
      true,
    ),
    record('connect_numbers', trail(task(b, 'connect_numbers'), plan.numbersMs, plan.numbersErrors)),
    record('connect_alternating', trail(task(b, 'connect_alternating'), plan.alternatingMs, plan.alternatingErrors)),
    recall('recall_delayed', plan.delayed),
  ];
}
