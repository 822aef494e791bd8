// A visit as its form holds it (every value as typed, text) and back (the sections the API
// stores, numbers as numbers, an emptied field left out). The field lists of therapy-fields.ts
// decide both ways, so one form serves the five therapies.
import { type FieldDef, THERAPY_FIELDS, type Therapy, VITAL_FIELDS } from './therapy-fields.ts';

export interface FormIngredient {
  item: string;
  dose: string;
  unit: string;
  lot: string;
}

export interface VisitEventEntry {
  at: string;
  text: string;
}

export interface AdverseEventEntry {
  at?: string;
  type: string;
  severity: 'mild' | 'moderate' | 'severe';
  action: string;
  outcome: string;
}

/** What the form needs of a stored visit (the contract's TherapyVisit has more). */
export interface VisitRecord {
  id: number;
  client: number;
  therapy: Therapy;
  status: string;
  version: number;
  vitals_before: Record<string, unknown>;
  vitals_after: Record<string, unknown>;
  parameters: Record<string, unknown>;
  events: VisitEventEntry[];
  adverse_events: AdverseEventEntry[];
  notes: string;
  /** The client's screening for this therapy that the visit goes by, when there is one. */
  screen?: { id: number } | null;
  /** The appointment's start on the clinic's clock (HH:MM), read by the adapter in the clinic's zone; none without an appointment. */
  appointment_clock?: string | null;
}

export interface VisitForm {
  vitals_before: Record<string, string>;
  vitals_after: Record<string, string>;
  parameters: Record<string, string>;
  ingredients: FormIngredient[];
  events: VisitEventEntry[];
  adverse_events: AdverseEventEntry[];
  notes: string;
}

export const EMPTY_VISIT_FORM: VisitForm = { vitals_before: {}, vitals_after: {}, parameters: {}, ingredients: [], events: [], adverse_events: [], notes: '' };

export type Section = 'vitals_before' | 'vitals_after' | 'parameters';

const textOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
};

function sectionText(defs: readonly FieldDef[], stored: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(defs.filter((d) => stored[d.key] !== undefined && stored[d.key] !== null).map((d) => [d.key, textOf(stored[d.key])]));
}

export function ingredientsOf(stored: unknown): FormIngredient[] {
  if (!Array.isArray(stored)) return [];
  return stored.map((i: Record<string, unknown>) => ({ item: textOf(i.item), dose: textOf(i.dose), unit: textOf(i.unit), lot: textOf(i.lot) }));
}

export function formOf(v: VisitRecord): VisitForm {
  return {
    vitals_before: sectionText(VITAL_FIELDS, v.vitals_before),
    vitals_after: sectionText(VITAL_FIELDS, v.vitals_after),
    parameters: sectionText(THERAPY_FIELDS[v.therapy], v.parameters),
    ingredients: ingredientsOf(v.parameters.ingredients),
    events: v.events,
    adverse_events: v.adverse_events,
    notes: v.notes,
  };
}

/** Charts still being written, whose empty session clocks start at the appointment's. */
const OPEN_STATUSES = ['draft', 'in_progress'];

/**
 * The form of a visit, its empty session clocks (fields marked fromAppointment) set to the
 * appointment's start while the chart is open (issue 32): a chart written after the session
 * records the session's time, not the hour it was typed. Stored with the chart's next save.
 */
export function formWithSessionTimes(v: VisitRecord): VisitForm {
  const form = formOf(v);
  if (!v.appointment_clock || !OPEN_STATUSES.includes(v.status)) return form;
  const parameters = { ...form.parameters };
  for (const def of THERAPY_FIELDS[v.therapy]) if (def.fromAppointment && !parameters[def.key]) parameters[def.key] = v.appointment_clock;
  return { ...form, parameters };
}

/** A typed value as the API stores it: numbers as numbers, yes/no as booleans; text that is not a number is sent as typed, for the server to name. */
function valueOf(def: FieldDef, text: string): unknown {
  const t = text.trim();
  if (def.kind === 'number' || def.kind === 'integer') return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
  if (def.kind === 'boolean') return t === 'yes';
  return t;
}

function sectionValues(defs: readonly FieldDef[], form: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of defs) {
    const text = form[def.key];
    if (text === undefined || text.trim() === '') continue;
    out[def.key] = valueOf(def, text);
  }
  return out;
}

export interface VisitSections {
  vitals_before: Record<string, unknown>;
  vitals_after: Record<string, unknown>;
  parameters: Record<string, unknown>;
  events: VisitEventEntry[];
  adverse_events: AdverseEventEntry[];
  notes: string;
}

export function sectionsOf(form: VisitForm, therapy: Therapy): VisitSections {
  const parameters = sectionValues(THERAPY_FIELDS[therapy], form.parameters);
  // Saved once every ingredient has its lot: a draft saved between choosing the recipe and its
  // lots would otherwise send lot 0 and be refused.
  if (therapy === 'iv' && form.ingredients.length && form.ingredients.every((i) => i.lot !== '')) {
    parameters.ingredients = form.ingredients.map((i) => ({ item: i.item, dose: Number(i.dose), unit: i.unit, lot: Number(i.lot) }));
  }
  return {
    vitals_before: sectionValues(VITAL_FIELDS, form.vitals_before),
    vitals_after: sectionValues(VITAL_FIELDS, form.vitals_after),
    parameters,
    events: form.events,
    adverse_events: form.adverse_events,
    notes: form.notes,
  };
}

/** "Copy last settings": the previous visit's parameters in the form (vitals and notes stay this visit's). */
export function withParameters(form: VisitForm, therapy: Therapy, parameters: Record<string, unknown>): VisitForm {
  return {
    ...form,
    parameters: sectionText(THERAPY_FIELDS[therapy], parameters),
    ingredients: therapy === 'iv' ? ingredientsOf(parameters.ingredients) : form.ingredients,
  };
}
