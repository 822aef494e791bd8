// The onboarding wizard's draft of a step: where each step starts, answers read and written by
// path without changing the draft in hand, typed answers as the contract wants them, and the
// goals and family conditions added and removed (what the onboarding page used to build itself).
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../server/api/contract.ts';
import {
  addCondition,
  addGoal,
  blankGoal,
  canAddGoal,
  canRemoveGoal,
  initialDraft,
  MAX_GOALS,
  removeAt,
  setNoneKnown,
  setPath,
  typedAnswer,
  valueAt,
} from '../../../../machines/clients/onboarding-draft.ts';

describe('where a step starts', () => {
  it('is what was saved, once a step has been saved', () => {
    const saved = { schema_version: 1, summary: 'Tired' };
    expect(initialDraft('client_story', saved)).toBe(saved);
  });

  it("is a blank of the step's shape otherwise", () => {
    expect(initialDraft('health_goals', {})).toEqual({ schema_version: 1, goals: [blankGoal()] });
    expect(initialDraft('family_history', undefined)).toEqual({ schema_version: 1, conditions: [] });
    expect(initialDraft('lifestyle_history', null)).toEqual({
      schema_version: 1,
      sleep: {},
      activity: {},
      diet: {},
      stress: {},
      alcohol: {},
      tobacco: {},
      caffeine: {},
      screen_time: {},
    });
    expect(initialDraft('client_story', { schema_version: 2 })).toEqual({ schema_version: 1 });
  });
});

describe('answers by path', () => {
  it('are read through objects and lists', () => {
    const draft = { goals: [{ area: 'sleep' }], sleep: { hours_per_night: 7 } };
    expect(valueAt(draft, 'goals.0.area')).toBe('sleep');
    expect(valueAt(draft, 'sleep.hours_per_night')).toBe(7);
    expect(valueAt(draft, 'goals.3.area')).toBeUndefined();
    expect(valueAt(draft, 'diet.pattern')).toBeUndefined();
  });

  it('are written on a copy, creating what is missing, and removed when undefined', () => {
    const draft = { schema_version: 1, goals: [{ area: 'sleep', description: 'x' }] };
    const next = setPath(draft, 'goals.0.area', 'stress');
    expect(next).toEqual({ schema_version: 1, goals: [{ area: 'stress', description: 'x' }] });
    expect(draft.goals[0].area).toBe('sleep');
    expect(Array.isArray(next.goals)).toBe(true);
    expect(setPath({}, 'sleep.quality', 'good')).toEqual({ sleep: { quality: 'good' } });
    expect(setPath(next, 'goals.0.description', undefined)).toEqual({ schema_version: 1, goals: [{ area: 'stress' }] });
  });
});

describe('a typed answer', () => {
  it('is a number for a number field, no answer when empty', () => {
    expect(typedAnswer('number', '7.5')).toBe(7.5);
    expect(typedAnswer('number', '')).toBeUndefined();
  });

  it('is no answer when a short text is emptied, but a long answer keeps its empty text', () => {
    expect(typedAnswer('text', '')).toBeUndefined();
    expect(typedAnswer('text', 'yoga')).toBe('yoga');
    expect(typedAnswer('multiline', '')).toBe('');
  });
});

describe('goals and family conditions', () => {
  it('goals are added up to the contract’s most, and removed while another stays', () => {
    expect(MAX_GOALS).toBe(loadContract().document.components.schemas.HealthGoals.properties.goals.maxItems);
    let draft = initialDraft('health_goals', null);
    expect(canRemoveGoal(draft)).toBe(false);
    while (canAddGoal(draft)) draft = addGoal(draft);
    expect(draft.goals).toHaveLength(MAX_GOALS);
    expect(canRemoveGoal(draft)).toBe(true);
    expect(removeAt(setPath(draft, 'goals.1.area', 'sleep'), 'goals', 0).goals[0].area).toBe('sleep');
  });

  it('"no known conditions" clears the list, and a condition is added blank', () => {
    const draft = addCondition(initialDraft('family_history', null));
    expect(draft.conditions).toEqual([{ condition: '', relation: '' }]);
    expect(setNoneKnown(draft, true)).toMatchObject({ none_known: true, conditions: [] });
    expect(setNoneKnown(draft, false)).toMatchObject({ none_known: false, conditions: draft.conditions });
    expect(removeAt(draft, 'conditions', 0).conditions).toEqual([]);
  });
});
