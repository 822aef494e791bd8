// Scoring with known response sets: a perfect run, a middling one worked out by hand, and the
// rules each measure follows (recall counts each listed word once, digit span stops after two
// misses at one length, a trail's wrong taps are errors).
import { describe, expect, it } from 'vitest';
import { generateBattery, isCorrect, nextItem, recalledWords, TASK_ORDER, WORD_LIST } from '../../../../machines/cognitive/battery.ts';
import { changeSince, IncompleteBatteryError, median, scoreBattery, speedPoints } from '../../../../machines/cognitive/scoring.ts';
import { answer, MIDDLING, PERFECT } from './answers.ts';

const battery = generateBattery(20261123);

describe('the battery from a seed', () => {
  it('is the same battery for the same seed, and another for another seed', () => {
    expect(generateBattery(20261123)).toEqual(battery);
    expect(generateBattery(7).words).not.toEqual(battery.words);
  });

  it('draws eight different words from the app list, has every task in order and nine distinct symbols', () => {
    expect(new Set(battery.words).size).toBe(8);
    expect(battery.words.every((w) => WORD_LIST.includes(w))).toBe(true);
    expect(battery.tasks.map((t) => t.kind)).toEqual(TASK_ORDER);
    expect(new Set(battery.symbols).size).toBe(9);
    expect(battery.tasks.filter((t) => t.practice === null).map((t) => t.kind)).toEqual(['recall_delayed']);
  });
});

describe('scoring', () => {
  it('scores a perfect run 100 in every domain', () => {
    const scores = scoreBattery(battery, answer(battery, PERFECT));
    expect(scores.domains).toEqual({ memory: 100, attention: 100, processing_speed: 100, executive_function: 100 });
    expect(scores.total).toBe(100);
  });

  it('scores a middling run as worked out by hand', () => {
    const scores = scoreBattery(battery, answer(battery, MIDDLING));
    expect(scores.measures).toEqual({
      words_recalled_immediate: 4,
      words_recalled_delayed: 2,
      digit_span_forward: 5,
      digit_span_backward: 3,
      simple_reaction_median_ms: 600,
      choice_reaction_median_ms: 775,
      choice_reaction_accuracy: 0.75,
      symbols_coded: 18,
      connect_numbers_ms: 35_000,
      connect_numbers_errors: 2,
      connect_alternating_ms: 52_500,
      connect_alternating_errors: 1,
    });
    // memory (4+2)/16 = 37.5; attention mean(5/8, 6/8) = 68.75; processing speed
    // mean(53.3, 50, 40, 50-10) = 45.8; executive mean(3/7, 50-5) = 43.9; total mean(38, 69, 46, 44) = 49.25.
    expect(scores.domains).toEqual({ memory: 38, attention: 69, processing_speed: 46, executive_function: 44 });
    expect(scores.total).toBe(49);
  });

  it('refuses a battery with tasks missing', () => {
    const records = answer(battery, PERFECT).slice(0, 5);
    expect(() => scoreBattery(battery, records)).toThrow(IncompleteBatteryError);
  });

  it('counts each recalled word once, whatever the case or separators, and ignores words not listed', () => {
    expect(recalledWords('Apple, apple;RIVER  moon')).toEqual(['apple', 'river', 'moon']);
    const twice = answer(battery, PERFECT).map((r) =>
      r.task === 'recall_immediate' ? { ...r, responses: [{ item: 0, value: `${battery.words[0]} ${battery.words[0].toUpperCase()}`, rt_ms: 1 }] } : r,
    );
    expect(scoreBattery(battery, twice).measures.words_recalled_immediate).toBe(1);
  });

  it('gives speed points linearly between the scale ends, none for a task never finished', () => {
    expect(speedPoints(250, 250, 1000)).toBe(100);
    expect(speedPoints(625, 250, 1000)).toBe(50);
    expect(speedPoints(2000, 250, 1000)).toBe(0);
    expect(speedPoints(null, 250, 1000)).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(3);
    expect(median([])).toBeNull();
  });

  it('compares domains with the previous run', () => {
    expect(
      changeSince(
        { memory: 50, attention: 60, processing_speed: 70, executive_function: 80 },
        { memory: 40, attention: 60, processing_speed: 75, executive_function: 80 },
      ),
    ).toEqual({
      memory: 10,
      attention: 0,
      processing_speed: -5,
      executive_function: 0,
    });
    expect(changeSince({ memory: 1, attention: 1, processing_speed: 1, executive_function: 1 }, null)).toBeNull();
  });
});

describe('the task rules', () => {
  const forward = battery.tasks[1];
  const backward = battery.tasks[2];
  const item = (i: number) => forward.items[i] as { digits: string };

  it('digit span: right goes up a length, wrong gives the second try, two wrong stop', () => {
    expect(nextItem(forward, [])).toBe(0);
    expect(nextItem(forward, [{ item: 0, value: item(0).digits, rt_ms: 1 }])).toBe(2);
    expect(nextItem(forward, [{ item: 0, value: '0', rt_ms: 1 }])).toBe(1);
    expect(
      nextItem(forward, [
        { item: 0, value: '0', rt_ms: 1 },
        { item: 1, value: item(1).digits, rt_ms: 1 },
      ]),
    ).toBe(2);
    expect(
      nextItem(forward, [
        { item: 0, value: '0', rt_ms: 1 },
        { item: 1, value: '0', rt_ms: 1 },
      ]),
    ).toBeNull();
    const last = forward.items.length - 2;
    expect(nextItem(forward, [{ item: last, value: item(last).digits, rt_ms: 1 }])).toBeNull();
  });

  it('digits backwards are the digits reversed', () => {
    const first = backward.items[0] as { digits: string };
    expect(isCorrect(backward, backward.items[0], [...first.digits].reverse().join(''))).toBe(true);
    expect(isCorrect(backward, backward.items[0], first.digits)).toBe(first.digits === [...first.digits].reverse().join(''));
  });

  it('a trail stays on its item until every label is tapped in order', () => {
    const trail = battery.tasks[7];
    const targets = (trail.items[0] as { targets: string[] }).targets;
    expect(targets.slice(0, 4)).toEqual(['1', 'A', '2', 'B']);
    expect(
      nextItem(trail, [
        { item: 0, value: '1', rt_ms: 1 },
        { item: 0, value: '2', rt_ms: 2 },
      ]),
    ).toBe(0);
    expect(
      nextItem(
        trail,
        targets.map((value, i) => ({ item: 0, value, rt_ms: i })),
      ),
    ).toBeNull();
  });
});
