// The onboarding wizard's draft of one step (pure): where a step's form starts (the saved answers,
// or a blank of the questionnaire's shape), reading and writing an answer by its path
// (`goals.0.area`), a typed field's value as the contract wants it, and the goals and family
// conditions added or removed. The wizard's chart saves the draft when the client moves on.
import { ONBOARDING_SCHEMA_VERSION, type OnboardingStep } from './onboarding-rules.ts';

export type Draft = Record<string, any>;

/** The most goals a client may set (the contract's `HealthGoals.goals` maxItems). */
export const MAX_GOALS = 10;

export const blankGoal = () => ({ area: '', description: '', priority: 'medium', target_date: '' });
export const blankCondition = () => ({ condition: '', relation: '' });

/** Where a step's form starts: what was saved, or a blank of the step's shape. */
export function initialDraft(step: OnboardingStep, saved: Draft | null | undefined): Draft {
  if (saved?.schema_version === ONBOARDING_SCHEMA_VERSION) return saved;
  if (step === 'health_goals') return { schema_version: ONBOARDING_SCHEMA_VERSION, goals: [blankGoal()] };
  if (step === 'family_history') return { schema_version: ONBOARDING_SCHEMA_VERSION, conditions: [] };
  if (step === 'lifestyle_history')
    return {
      schema_version: ONBOARDING_SCHEMA_VERSION,
      sleep: {},
      activity: {},
      diet: {},
      stress: {},
      alcohol: {},
      tobacco: {},
      caffeine: {},
      screen_time: {},
    };
  return { schema_version: ONBOARDING_SCHEMA_VERSION };
}

/** The answer at `path` (dots between keys and indexes), or undefined. */
export const valueAt = (draft: Draft, path: string): unknown => path.split('.').reduce((o: any, k) => o?.[k], draft);

/** A copy of the draft with the answer at `path` set (undefined removes it); the draft itself is never changed. */
export function setPath(draft: Draft, path: string, value: unknown): Draft {
  const keys = path.split('.');
  const copy: Draft = Array.isArray(draft) ? [...draft] : { ...draft };
  let at: any = copy;
  for (const [i, k] of keys.entries()) {
    if (i === keys.length - 1) {
      if (value === undefined) delete at[k];
      else at[k] = value;
    } else {
      at[k] = Array.isArray(at[k]) ? [...at[k]] : { ...(at[k] ?? {}) };
      at = at[k];
    }
  }
  return copy;
}

export type FieldKind = 'text' | 'number' | 'date' | 'multiline';

/**
 * A typed answer as the draft keeps it: a number field's number (empty: no answer), a text's
 * string (empty: no answer), a long answer's text as typed, even empty.
 */
export function typedAnswer(kind: FieldKind, typed: string): unknown {
  if (kind === 'number') return typed === '' ? undefined : Number(typed);
  return typed === '' && kind !== 'multiline' ? undefined : typed;
}

export const canAddGoal = (draft: Draft): boolean => (draft.goals ?? []).length < MAX_GOALS;
export const addGoal = (draft: Draft): Draft => setPath(draft, 'goals', [...(draft.goals ?? []), blankGoal()]);
/** A goal may be removed while another stays. */
export const canRemoveGoal = (draft: Draft): boolean => (draft.goals ?? []).length > 1;
export const removeAt = (draft: Draft, list: 'goals' | 'conditions', index: number): Draft =>
  setPath(
    draft,
    list,
    (draft[list] ?? []).filter((_: unknown, j: number) => j !== index),
  );
export const addCondition = (draft: Draft): Draft => setPath(draft, 'conditions', [...(draft.conditions ?? []), blankCondition()]);
/** "No known conditions" ticked clears the list; unticked, the list is as it was. */
export const setNoneKnown = (draft: Draft, checked: boolean): Draft => ({ ...draft, none_known: checked, conditions: checked ? [] : draft.conditions });
