// The onboarding answers as sentences a nurse reads at a glance ("Diet: Jain", "Sleep quality:
// poor", "Father — diabetes, from age 52"), from the contract's shapes (HealthGoals, ClientStory,
// LifestyleHistory, FamilyHistory). Stored choices are identifiers; here they become words.
import { formatDate } from '../../../lib/staff/format.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

type Answers = Record<string, unknown>;
const obj = (v: unknown): Answers => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Answers) : {});
const has = (v: unknown) => v !== undefined && v !== null && v !== '';

/** `non_vegetarian` -> `non vegetarian`; `3_to_12_months` -> `3 to 12 months`. */
export const words = (code: unknown) => wordsInSentence(String(code));
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (n: unknown, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Proper names of diets and words with their own spelling. */
const DIETS: Record<string, string> = {
  vegetarian: 'Vegetarian',
  eggetarian: 'Eggetarian',
  non_vegetarian: 'Non-vegetarian',
  vegan: 'Vegan',
  jain: 'Jain',
  other: 'Other',
};
const RELATIONS: Record<string, string> = { aunt_or_uncle: 'Aunt or uncle' };

export function healthGoalSentences(answers: unknown): string[] {
  const a = obj(answers);
  const goals = Array.isArray(a.goals) ? (a.goals as Answers[]) : [];
  const lines = goals.map((g) => {
    const by = has(g.target_date) ? `, by ${formatDate(String(g.target_date))}` : '';
    return `${capital(words(g.area))} (${words(g.priority)} priority): ${String(g.description ?? '')}${by}`;
  });
  if (has(a.motivation)) lines.push(`Motivation: ${String(a.motivation)}`);
  return lines;
}

const STORY_LABELS: Array<[string, string]> = [
  ['summary', 'In their words'],
  ['concern_duration', 'Concern for'],
  ['tried_before', 'Tried before'],
  ['what_helps', 'What helps'],
  ['what_worsens', 'What makes it worse'],
  ['current_medications', 'Current medications'],
  ['allergies', 'Allergies'],
  ['success_in_six_months', 'Success in six months'],
];

export function clientStorySentences(answers: unknown): string[] {
  const a = obj(answers);
  return STORY_LABELS.filter(([key]) => has(a[key])).map(([key, label]) => `${label}: ${key === 'concern_duration' ? words(a[key]) : String(a[key])}`);
}

export function lifestyleSentences(answers: unknown): string[] {
  const a = obj(answers);
  const sleep = obj(a.sleep);
  const activity = obj(a.activity);
  const diet = obj(a.diet);
  const stress = obj(a.stress);
  const alcohol = obj(a.alcohol);
  const tobacco = obj(a.tobacco);
  const lines: Array<string | false> = [
    has(sleep.hours_per_night) && `Sleep: ${plural(sleep.hours_per_night, 'hour')} a night`,
    has(sleep.quality) && `Sleep quality: ${words(sleep.quality)}`,
    typeof sleep.wakes_at_night === 'boolean' && `Wakes at night: ${sleep.wakes_at_night ? 'yes' : 'no'}`,
    has(activity.days_per_week) && `Activity: ${plural(activity.days_per_week, 'day')} a week, ${plural(activity.minutes_per_day, 'minute')} a day`,
    has(activity.kinds) && `Kinds of activity: ${String(activity.kinds)}`,
    has(diet.pattern) && `Diet: ${DIETS[String(diet.pattern)] ?? capital(words(diet.pattern))}`,
    has(diet.meals_per_day) && `Meals a day: ${String(diet.meals_per_day)}`,
    has(diet.notes) && `Diet notes: ${String(diet.notes)}`,
    has(stress.level) && `Stress level: ${String(stress.level)} of 10`,
    has(stress.sources) && `Stress from: ${String(stress.sources)}`,
    has(alcohol.frequency) &&
      `Alcohol: ${words(alcohol.frequency)}${has(alcohol.drinks_per_week) ? `, ${plural(alcohol.drinks_per_week, 'drink')} a week` : ''}`,
    has(tobacco.status) &&
      `Tobacco: ${words(tobacco.status)}${has(tobacco.form) ? `, ${words(tobacco.form)}` : ''}${has(tobacco.per_day) ? `, ${String(tobacco.per_day)} a day` : ''}`,
    has(obj(a.caffeine).cups_per_day) && `Caffeine: ${plural(obj(a.caffeine).cups_per_day, 'cup')} a day`,
    has(obj(a.screen_time).hours_per_day) && `Screen time: ${plural(obj(a.screen_time).hours_per_day, 'hour')} a day`,
  ];
  return lines.filter((line): line is string => Boolean(line));
}

export const NO_FAMILY_CONDITIONS = 'No family conditions known.';

export function familySentences(answers: unknown): string[] {
  const a = obj(answers);
  const conditions = Array.isArray(a.conditions) ? (a.conditions as Answers[]) : [];
  const lines = conditions.map((c) => {
    const who = RELATIONS[String(c.relation)] ?? capital(words(c.relation));
    const onset = has(c.age_at_onset) ? `, from age ${String(c.age_at_onset)}` : '';
    const notes = has(c.notes) ? ` (${String(c.notes)})` : '';
    return `${who} — ${words(c.condition)}${onset}${notes}`;
  });
  if (!lines.length && a.none_known === true) lines.push(NO_FAMILY_CONDITIONS);
  return lines;
}

export const ONBOARDING_SENTENCES: Record<string, (answers: unknown) => string[]> = {
  health_goals: healthGoalSentences,
  client_story: clientStorySentences,
  lifestyle_history: lifestyleSentences,
  family_history: familySentences,
};
