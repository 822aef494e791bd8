// The rules of a therapy visit's content, one set for the form and the server: a value is refused
// when it cannot be true (a systolic of 1200), flagged when it is worth a look, and the chart's
// guards get their facts from here: what still blocks a start (screening, vitals in the blocking
// range without a doctor's override) and what is missing before completion.
import { type FieldDef, fluidLoss, redLightDose, THERAPY_FIELDS, type Therapy, VITAL_FIELDS } from './therapy-fields.ts';
import type { TherapySettings } from './visit-settings.ts';

export type FieldErrors = Record<string, string[]>;
export type Section = Record<string, unknown>;

export interface Warning {
  field: string;
  message: string;
}

export const VISIT_RULE_MESSAGES = {
  notObject: 'Must be an object.',
  unknown: 'Unknown field.',
  number: 'Must be a number.',
  integer: 'Must be a whole number.',
  text: 'Must be text of at most 2000 characters.',
  boolean: 'Must be true or false.',
  time: 'Must be a time as HH:MM.',
  choice: (choices: readonly string[]) => `Must be one of: ${choices.join(', ')}.`,
  range: (def: FieldDef) => `Must be between ${def.min} and ${def.max}${def.unit ? ` ${def.unit}` : ''}.`,
  softChamber: (min: number, max: number) => `A soft chamber runs at ${min}–${max} ATA.`,
  hardChamber: (max: number) => `This chamber goes up to ${max} ATA.`,
  wavelengths: 'List wavelengths in nm between 380 and 1100, separated by commas (e.g. 660, 850).',
  ingredients: 'Each ingredient needs item, dose, unit and lot.',
  glucoseRange: 'The glucose warning range is upside down: the low mark must be below the high one.',
  softChamberRange: 'The soft chamber range is upside down.',
  softAboveHard: "A soft chamber's maximum pressure must not be above the hard chamber's.",
  diastolicAboveSystolic: 'The blocking diastolic must be below the blocking systolic.',
  glucoseBeforeNeeded: 'Required before completing an HBOT session of a diabetic client.',
  glucoseLow: (value: number, low: number) => `Glucose before ${value} mg/dL is below the clinic's ${low} mg/dL.`,
  glucoseHigh: (value: number, high: number) => `Glucose before ${value} mg/dL is above the clinic's ${high} mg/dL.`,
} as const;

const isPlainObject = (value: unknown): value is Section => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';
const add = (errors: FieldErrors, field: string, reason: string) => {
  (errors[field] ??= []).push(reason);
};

function valueError(def: FieldDef, value: unknown): string | null {
  const M = VISIT_RULE_MESSAGES;
  switch (def.kind) {
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return M.number;
      if (def.kind === 'integer' && !Number.isInteger(value)) return M.integer;
      if ((def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max)) return M.range(def);
      return null;
    case 'text':
      return typeof value === 'string' && value.length <= 2000 ? null : M.text;
    case 'boolean':
      return typeof value === 'boolean' ? null : M.boolean;
    case 'time':
      return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : M.time;
    case 'choice':
      return typeof value === 'string' && (def.choices ?? []).includes(value) ? null : M.choice(def.choices ?? []);
  }
}

/** Errors of one section (vitals or parameters) against its field list; `null` clears a field. */
export function sectionErrors(defs: readonly FieldDef[], value: unknown, prefix: string, extraKeys: readonly string[] = []): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  if (!isPlainObject(value)) {
    add(errors, prefix, VISIT_RULE_MESSAGES.notObject);
    return errors;
  }
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [key, v] of Object.entries(value)) {
    const def = byKey.get(key);
    if (!def) {
      if (!extraKeys.includes(key)) add(errors, `${prefix}.${key}`, VISIT_RULE_MESSAGES.unknown);
      continue;
    }
    if (v === null) continue;
    const reason = valueError(def, v);
    if (reason) add(errors, `${prefix}.${key}`, reason);
  }
  return errors;
}

/** An IV's ingredients as given (structure only: lots and expiry are the stock's to judge). */
function ingredientErrors(value: unknown): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  if (value === undefined || value === null) return errors;
  const ok =
    Array.isArray(value) &&
    value.length <= 30 &&
    value.every(
      (i) =>
        isPlainObject(i) &&
        Object.keys(i).every((k) => ['item', 'dose', 'unit', 'lot'].includes(k)) &&
        typeof i.item === 'string' &&
        i.item.trim() !== '' &&
        i.item.length <= 200 &&
        typeof i.dose === 'number' &&
        Number.isFinite(i.dose) &&
        i.dose > 0 &&
        i.dose <= 100000 &&
        typeof i.unit === 'string' &&
        i.unit.trim() !== '' &&
        i.unit.length <= 20 &&
        typeof i.lot === 'number' &&
        Number.isInteger(i.lot) &&
        i.lot > 0 &&
        i.lot <= 2147483647,
    );
  if (!ok) add(errors, 'parameters.ingredients', VISIT_RULE_MESSAGES.ingredients);
  return errors;
}

/** Errors of a therapy's parameters, its own field rules and the clinic's limits included. */
export function parameterErrors(therapy: Therapy, value: unknown, settings: TherapySettings): FieldErrors {
  const extra = therapy === 'iv' ? ['ingredients'] : [];
  const errors = sectionErrors(THERAPY_FIELDS[therapy], value, 'parameters', extra);
  if (!isPlainObject(value)) return errors;
  if (therapy === 'iv') Object.assign(errors, ingredientErrors(value.ingredients));
  if (therapy === 'hbot' && typeof value.ata === 'number' && !errors['parameters.ata']) {
    if (value.chamber_type === 'soft' && (value.ata < settings.hbot_soft_min_ata || value.ata > settings.hbot_soft_max_ata)) {
      add(errors, 'parameters.ata', VISIT_RULE_MESSAGES.softChamber(settings.hbot_soft_min_ata, settings.hbot_soft_max_ata));
    }
    if (value.chamber_type === 'hard' && value.ata > settings.hbot_hard_max_ata)
      add(errors, 'parameters.ata', VISIT_RULE_MESSAGES.hardChamber(settings.hbot_hard_max_ata));
  }
  if (therapy === 'red_light' && typeof value.wavelengths === 'string' && value.wavelengths.trim() !== '') {
    const parts = value.wavelengths.split(',').map((p) => p.trim());
    if (!parts.every((p) => /^\d{3,4}$/.test(p) && Number(p) >= 380 && Number(p) <= 1100))
      add(errors, 'parameters.wavelengths', VISIT_RULE_MESSAGES.wavelengths);
  }
  return errors;
}

export const vitalErrors = (value: unknown, prefix: 'vitals_before' | 'vitals_after'): FieldErrors => sectionErrors(VITAL_FIELDS, value, prefix);

function rangeWarnings(defs: readonly FieldDef[], section: Section, prefix: string): Warning[] {
  const warnings: Warning[] = [];
  for (const def of defs) {
    const v = section[def.key];
    if (typeof v !== 'number') continue;
    if ((def.warnLow !== undefined && v < def.warnLow) || (def.warnHigh !== undefined && v > def.warnHigh)) {
      warnings.push({ field: `${prefix}.${def.key}`, message: `${def.label} ${v}${def.unit ? ` ${def.unit}` : ''} is outside the usual range.` });
    }
  }
  return warnings;
}

/** What the chart should know from a therapy's numbers: red light dose, FIR fluid loss. */
export function computedValues(therapy: Therapy, parameters: Section): Record<string, number | null> {
  if (therapy === 'red_light') return { dose: redLightDose(parameters.irradiance, parameters.seconds_per_area) };
  if (therapy === 'fir') return { fluid_loss: fluidLoss(parameters.weight_before, parameters.weight_after) };
  return {};
}

export interface VisitContent {
  therapy: Therapy;
  vitals_before: Section;
  vitals_after: Section;
  parameters: Section;
  /** The client is diabetic (what the clinic knows of them, not typed in the chart). */
  diabetic?: boolean;
}

/** Fields this client's visit needs on top of the therapy's list: glucose before the dive when the client is diabetic. */
export function clientRequiredFields(therapy: Therapy, diabetic: boolean | undefined): string[] {
  return therapy === 'hbot' && diabetic === true ? ['parameters.glucose_before'] : [];
}

/** The client's own required fields still empty, by field, with the reason (the server answers these with 400). */
export function clientRequiredErrors(v: VisitContent): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  for (const field of clientRequiredFields(v.therapy, v.diabetic)) {
    if (!hasValue(v.parameters[field.slice('parameters.'.length)])) add(errors, field, VISIT_RULE_MESSAGES.glucoseBeforeNeeded);
  }
  return errors;
}

/** HBOT glucose before, against the clinic's low and high marks (back office settings). */
function glucoseWarnings(v: VisitContent, settings: TherapySettings): Warning[] {
  const glucose = v.parameters.glucose_before;
  if (v.therapy !== 'hbot' || typeof glucose !== 'number') return [];
  if (glucose < settings.hbot_glucose_warn_low)
    return [{ field: 'parameters.glucose_before', message: VISIT_RULE_MESSAGES.glucoseLow(glucose, settings.hbot_glucose_warn_low) }];
  if (glucose > settings.hbot_glucose_warn_high)
    return [{ field: 'parameters.glucose_before', message: VISIT_RULE_MESSAGES.glucoseHigh(glucose, settings.hbot_glucose_warn_high) }];
  return [];
}

/** Values worth a second look, kept as entered. */
export function visitWarnings(v: VisitContent, settings: TherapySettings): Warning[] {
  const warnings = [
    ...rangeWarnings(VITAL_FIELDS, v.vitals_before, 'vitals_before'),
    ...rangeWarnings(VITAL_FIELDS, v.vitals_after, 'vitals_after'),
    ...rangeWarnings(THERAPY_FIELDS[v.therapy], v.parameters, 'parameters'),
    ...glucoseWarnings(v, settings),
  ];
  const dose = computedValues(v.therapy, v.parameters).dose;
  if (typeof dose === 'number' && dose > settings.red_light_dose_warn) {
    warnings.push({ field: 'parameters.dose', message: `Dose ${dose} J/cm² is above the clinic's ${settings.red_light_dose_warn} J/cm².` });
  }
  return warnings;
}

export type ScreeningState = 'missing' | 'expired' | 'absolute' | 'needs_override' | 'clear' | 'overridden';

/** Why the visit may not start yet: the chart's `visit.start` needs this empty. */
export function startBlockers(v: VisitContent, screening: ScreeningState, vitalsOverridden: boolean, settings: TherapySettings): string[] {
  const blockers: string[] = [];
  if (screening !== 'clear' && screening !== 'overridden') blockers.push(`screening.${screening}`);
  for (const def of VITAL_FIELDS) if (def.required && !hasValue(v.vitals_before[def.key])) blockers.push(`vitals_before.${def.key}`);
  if (!vitalsOverridden) {
    const { systolic, diastolic } = v.vitals_before;
    if (typeof systolic === 'number' && systolic >= settings.systolic_block) blockers.push('vitals_before.systolic.blocking');
    if (typeof diastolic === 'number' && diastolic >= settings.diastolic_block) blockers.push('vitals_before.diastolic.blocking');
  }
  return blockers;
}

/** Required entries still empty: the chart's `visit.complete` needs this empty. */
export function missingForCompletion(v: VisitContent): string[] {
  const missing: string[] = [];
  for (const def of VITAL_FIELDS) if (def.required && !hasValue(v.vitals_after[def.key])) missing.push(`vitals_after.${def.key}`);
  for (const def of THERAPY_FIELDS[v.therapy]) if (def.required && !hasValue(v.parameters[def.key])) missing.push(`parameters.${def.key}`);
  const p = v.parameters;
  if (v.therapy === 'iv' && !(Array.isArray(p.ingredients) && p.ingredients.length > 0)) missing.push('parameters.ingredients');
  if (v.therapy === 'red_light' && p.mode === 'pulsed') {
    for (const key of ['pulse_hz', 'duty_cycle']) if (!hasValue(p[key])) missing.push(`parameters.${key}`);
  }
  if (v.therapy === 'fir' && p.early_exit === true && !hasValue(v.parameters.symptoms)) missing.push('parameters.symptoms');
  missing.push(...Object.keys(clientRequiredErrors(v)));
  return missing;
}

/** Screening answers → the weight of what was found (the worst one). */
export function screeningResult(therapy: Therapy, answers: Record<string, boolean>, settings: TherapySettings): 'clear' | 'relative' | 'absolute' {
  const found = settings.contraindications[therapy].filter((c) => answers[c.key] === true);
  if (found.some((c) => c.severity === 'absolute')) return 'absolute';
  return found.length ? 'relative' : 'clear';
}

/**
 * Settings that must keep their order, whichever of the two a change moves: [lower, upper, whether
 * they may be equal, the reason]. A patch is checked as the whole settings it would leave.
 */
export const THERAPY_SETTING_ORDER: ReadonlyArray<readonly [keyof TherapySettings, keyof TherapySettings, boolean, string]> = [
  ['hbot_soft_min_ata', 'hbot_soft_max_ata', true, VISIT_RULE_MESSAGES.softChamberRange],
  ['hbot_soft_max_ata', 'hbot_hard_max_ata', true, VISIT_RULE_MESSAGES.softAboveHard],
  ['hbot_soft_min_ata', 'hbot_hard_max_ata', true, VISIT_RULE_MESSAGES.softAboveHard],
  ['hbot_glucose_warn_low', 'hbot_glucose_warn_high', false, VISIT_RULE_MESSAGES.glucoseRange],
  ['diastolic_block', 'systolic_block', false, VISIT_RULE_MESSAGES.diastolicAboveSystolic],
];

/**
 * The contradictions the settings `next` would hold, by field: each named by its lower field when
 * `changed` moved that one, else by its upper field, so the form marks what was typed.
 */
export function therapySettingsErrors(next: TherapySettings, changed: Partial<Record<keyof TherapySettings, unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [lower, upper, mayEqual, reason] of THERAPY_SETTING_ORDER) {
    const low = next[lower] as number;
    const high = next[upper] as number;
    if (mayEqual ? low <= high : low < high) continue;
    const field = changed[lower] !== undefined ? lower : upper;
    if (!errors[field]?.includes(reason)) add(errors, field, reason);
  }
  return errors;
}
