// Every text of the cognitive assessment page, in one place (tests assert them). No diagnosis
// wording: the page offers a screening that the clinic reviews.
import type { TaskKind } from '../../../machines/cognitive/battery.ts';
import type { Domain } from '../../../machines/cognitive/scoring.ts';
import { COGNITIVE_DOMAIN_NAMES } from './cognitive-domains.ts';

export const COGNITIVE_TEXT = {
  title: 'Cognitive assessment',
  intro:
    'This is a short screening of memory, attention, processing speed and executive function. It is a screening that the clinic reviews, not a diagnosis. It takes about 15 minutes; you can pause between steps and carry on later today.',
  start: 'Start the screening',
  resume: 'Continue today’s screening',
  startingTitle: 'Before you begin',
  begin: 'Begin',
  continue: 'Continue',
  practice: 'Try a practice item',
  practiceAgain: 'Practise again',
  startTask: 'Start the task',
  practiceRight: 'Well done, that was right.',
  practiceWrong: 'Not quite. You can practise again or start the task.',
  pause: 'Pause',
  paused: 'The screening is paused. You can continue later today; a screening left until tomorrow is kept as incomplete.',
  saving: 'Saving…',
  completing: 'Working out your scores…',
  retry: 'Try again',
  loadFailed: 'Your results could not be loaded.',
  taskOf: (n: number, of: number) => `Step ${n} of ${of}`,
  watch: 'Watch…',
  wait: 'Wait for it…',
  press: 'Press now',
  left: 'Left',
  right: 'Right',
  submit: 'Done',
  wordsLabel: 'The words you remember (separated by spaces)',
  digitsLabel: 'The digits',
  historyTitle: 'Your results',
  noResults: 'No screening yet.',
  latestTitle: 'Latest screening',
  total: 'Total',
  since: (n: number) => (n === 0 ? 'same as last time' : n > 0 ? `${n} more than last time` : `${-n} less than last time`),
  reviewerSays: (name: string) => `${name} (clinic) commented:`,
  awaitingReview: 'The clinic will review this screening.',
  inClinicTitle: 'In-clinic assessments',
  scoreOutOf: (score: number, max: number) => `${score} of ${max}`,
  status: { in_progress: 'In progress', paused: 'Paused', completed: 'Completed', incomplete: 'Incomplete' } as Record<string, string>,
  scaleNote: 'Each area is scored 0 to 100 on the app’s own scale; compare with your own earlier results.',
} as const;

export const DOMAIN_TEXT: Record<Domain, string> = COGNITIVE_DOMAIN_NAMES;

export const TASK_TEXT: Record<TaskKind, { name: string; instructions: string }> = {
  recall_immediate: {
    name: 'Remember the words',
    instructions: 'Some words will appear for a few seconds. Read them and remember as many as you can. Then type the words you remember, in any order.',
  },
  digit_span_forward: {
    name: 'Digits forwards',
    instructions: 'Digits appear one at a time. When they stop, type them in the same order. The rows get longer.',
  },
  digit_span_backward: {
    name: 'Digits backwards',
    instructions: 'Digits appear one at a time. When they stop, type them in reverse order: last one first.',
  },
  simple_reaction: {
    name: 'Quick reaction',
    instructions: 'Wait until the button says “Press now”, then press it (or the space bar) as quickly as you can.',
  },
  choice_reaction: {
    name: 'Left or right',
    instructions: 'An arrow will point left or right. Press the matching button (or arrow key) as quickly as you can.',
  },
  symbol_coding: {
    name: 'Symbols and digits',
    instructions: 'The key shows which digit goes with each symbol. For each symbol shown, press its digit. Work as quickly as you can for 90 seconds.',
  },
  connect_numbers: {
    name: 'Connect the numbers',
    instructions: 'Press the numbers in order, 1, 2, 3 and so on, as quickly as you can.',
  },
  connect_alternating: {
    name: 'Numbers and letters',
    instructions: 'Press numbers and letters in turn: 1, A, 2, B, 3, C and so on, as quickly as you can.',
  },
  recall_delayed: {
    name: 'The words again',
    instructions: 'Type the words from the first step that you still remember, in any order.',
  },
};
