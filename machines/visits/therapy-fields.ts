// What a therapy visit records, as data: the vitals every visit takes and each therapy's own
// parameters (domain brief §3), each with its unit, the plausible range outside which a value is a
// typo (refused, the field named) and the range in which it is worth a warning. The form draws its
// sections from these lists and the server validates with them, so the five therapies are one
// frame with five parameter lists, not five copies.

export const THERAPIES = ['iv', 'hbot', 'pet', 'red_light', 'fir'] as const;
export type Therapy = (typeof THERAPIES)[number];

export const isTherapy = (value: unknown): value is Therapy => typeof value === 'string' && (THERAPIES as readonly string[]).includes(value);

export type FieldKind = 'number' | 'integer' | 'text' | 'choice' | 'boolean' | 'time';

export interface FieldDef {
  key: string;
  label: string;
  kind: FieldKind;
  unit?: string;
  /** Plausible range: outside it the value is refused. */
  min?: number;
  max?: number;
  /** Warning range: a value outside [warnLow, warnHigh] is kept but flagged. */
  warnLow?: number;
  warnHigh?: number;
  choices?: readonly string[];
  /** Needed before the visit can be completed. */
  required?: boolean;
  /** A clock field that starts at the appointment's start while empty (issue 32): the chart records the session's times, not when the form was opened. */
  fromAppointment?: boolean;
}

const num = (key: string, label: string, unit: string, min: number, max: number, more: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label,
  kind: 'number',
  unit,
  min,
  max,
  ...more,
});
const int = (key: string, label: string, unit: string, min: number, max: number, more: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label,
  kind: 'integer',
  unit,
  min,
  max,
  ...more,
});
const text = (key: string, label: string, more: Partial<FieldDef> = {}): FieldDef => ({ key, label, kind: 'text', ...more });
const choice = (key: string, label: string, choices: readonly string[], more: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label,
  kind: 'choice',
  choices,
  ...more,
});
const yes = (key: string, label: string, more: Partial<FieldDef> = {}): FieldDef => ({ key, label, kind: 'boolean', ...more });
const time = (key: string, label: string, more: Partial<FieldDef> = {}): FieldDef => ({ key, label, kind: 'time', ...more });

/** Vitals, taken before and after every session. The blocking systolic and diastolic limits are clinic settings. */
export const VITAL_FIELDS: readonly FieldDef[] = [
  int('systolic', 'Systolic BP', 'mmHg', 60, 260, { warnLow: 90, warnHigh: 159, required: true }),
  int('diastolic', 'Diastolic BP', 'mmHg', 30, 160, { warnLow: 50, warnHigh: 99, required: true }),
  int('heart_rate', 'Heart rate', 'bpm', 25, 230, { warnLow: 50, warnHigh: 110, required: true }),
  int('spo2', 'SpO₂', '%', 50, 100, { warnLow: 92 }),
  num('temperature', 'Temperature', '°C', 33, 43, { warnLow: 35.5, warnHigh: 37.9 }),
  int('glucose', 'Blood glucose', 'mg/dL', 20, 600, { warnLow: 70, warnHigh: 250 }),
  num('weight', 'Weight', 'kg', 2, 350),
];

export const THERAPY_FIELDS: Record<Therapy, readonly FieldDef[]> = {
  iv: [
    int('recipe', 'Recipe', '', 1, 2147483647, { required: true }),
    text('base_fluid', 'Base fluid', { required: true }),
    int('bag_volume', 'Bag volume', 'mL', 25, 2000, { required: true }),
    text('prescriber', 'Prescriber', { required: true }),
    time('insertion_time', 'Insertion time', { required: true, fromAppointment: true }),
    choice('catheter_type', 'Catheter type', ['peripheral_iv', 'butterfly', 'midline'], { required: true }),
    int('gauge', 'Gauge', 'G', 14, 27, { required: true }),
    int('catheter_length', 'Catheter length', 'mm', 10, 200),
    text('vein', 'Vein', { required: true }),
    int('attempts', 'Attempts', '', 1, 10, { warnHigh: 2, required: true }),
    text('attempt_sites', 'Sites of attempts'),
    text('inserter', 'Inserted by', { required: true }),
    text('dressing', 'Dressing'),
    choice('delivery', 'Delivery', ['pump', 'gravity'], { required: true }),
    int('rate', 'Rate', 'mL/h', 1, 2000, { warnHigh: 500, required: true }),
    time('infusion_start', 'Infusion start', { required: true, fromAppointment: true }),
    time('infusion_stop', 'Infusion stop', { required: true }),
    int('volume_given', 'Volume given', 'mL', 0, 2000, { required: true }),
    text('site_checks', 'Site checks'),
    choice('tolerance', 'Tolerance', ['good', 'fair', 'poor']),
    choice('complication', 'Complication', ['none', 'infiltration', 'phlebitis', 'haematoma', 'vasovagal', 'other'], { required: true }),
    yes('catheter_intact', 'Catheter intact on removal', { required: true }),
    text('site_condition', 'Site condition after removal', { required: true }),
  ],
  hbot: [
    choice('chamber_type', 'Chamber type', ['soft', 'hard'], { required: true }),
    num('ata', 'Pressure', 'ATA', 1.1, 6, { required: true }),
    int('pressurise_minutes', 'Pressurise', 'min', 1, 40, { warnLow: 5, warnHigh: 12, required: true }),
    int('hold_minutes', 'Hold', 'min', 1, 180, { warnLow: 60, warnHigh: 90, required: true }),
    int('depressurise_minutes', 'Depressurise', 'min', 1, 40, { warnLow: 3, warnHigh: 8, required: true }),
    int('air_breaks', 'Air breaks', '', 0, 12),
    yes('oxygen_by_mask', 'Oxygen by mask'),
    int('concentrator_percent', 'Concentrator oxygen', '%', 21, 100, { warnLow: 85, warnHigh: 95 }),
    yes('checklist_cotton', 'Cotton clothing only', { required: true }),
    yes('checklist_no_lotions', 'No lotions or petroleum products', { required: true }),
    yes('checklist_no_devices', 'No battery devices', { required: true }),
    yes('checklist_grounding', 'Grounding checked', { required: true }),
    int('oneill_grade', "Ear equalisation (O'Neill grade)", '', 0, 2, { warnHigh: 0 }),
    // Required for a diabetic client (visit-rules clientRequiredFields); warned against the clinic's settings.
    int('glucose_before', 'Glucose before (if diabetic)', 'mg/dL', 20, 600),
    text('early_stop_reason', 'Reason for an early stop'),
  ],
  pet: [
    text('device', 'Device', { required: true }),
    choice('applicator', 'Applicator', ['mat', 'pad', 'probe'], { required: true }),
    text('program', 'Program'),
    num('frequency', 'Frequency', 'Hz', 0.1, 10000, { required: true }),
    num('intensity', 'Intensity', '', 0, 10000, { required: true }),
    choice('intensity_unit', 'Intensity unit', ['µT', 'mT', 'level'], { required: true }),
    text('waveform', 'Waveform'),
    int('duration_minutes', 'Duration', 'min', 1, 180, { warnHigh: 60, required: true }),
    text('body_area', 'Body area', { required: true }),
    yes('metal_removed', 'Metal and phones removed', { required: true }),
    text('client_felt', 'What the client felt'),
  ],
  red_light: [
    text('device', 'Device', { required: true }),
    choice('source', 'Source', ['led', 'laser'], { required: true }),
    text('wavelengths', 'Wavelengths (nm)', { required: true }),
    choice('mode', 'Mode', ['continuous', 'pulsed'], { required: true }),
    int('pulse_hz', 'Pulse frequency', 'Hz', 1, 100000),
    int('duty_cycle', 'Duty cycle', '%', 1, 100),
    num('irradiance', 'Irradiance', 'mW/cm²', 0.1, 1000, { warnHigh: 200, required: true }),
    num('distance', 'Measured at', 'cm', 0, 200, { required: true }),
    int('seconds_per_area', 'Time per area', 's', 1, 7200, { required: true }),
    text('areas', 'Areas', { required: true }),
    yes('eye_protection', 'Eye protection', { required: true }),
    text('skin_response', 'Skin response'),
  ],
  fir: [
    text('cabin', 'Cabin', { required: true }),
    int('temperature', 'Cabin temperature', '°C', 25, 90, { warnHigh: 65, required: true }),
    int('duration_minutes', 'Duration', 'min', 1, 120, { warnHigh: 45, required: true }),
    num('weight_before', 'Weight before', 'kg', 2, 350, { required: true }),
    num('weight_after', 'Weight after', 'kg', 2, 350, { required: true }),
    int('fluids_taken', 'Fluids taken', 'mL', 0, 5000),
    text('symptoms', 'Symptoms'),
    yes('early_exit', 'Early exit'),
  ],
};

/** One ingredient of an IV as given: the recipe's item, its dose and the stock lot it came from. */
export interface IvIngredient {
  item: string;
  dose: number;
  unit: string;
  lot: number;
}

/** Red light dose in J/cm²: irradiance (mW/cm²) / 1000 × seconds, to two decimals. */
export function redLightDose(irradiance: unknown, seconds: unknown): number | null {
  if (typeof irradiance !== 'number' || typeof seconds !== 'number' || !Number.isFinite(irradiance) || !Number.isFinite(seconds)) return null;
  return Math.round((irradiance / 1000) * seconds * 100) / 100;
}

/** FIR fluid loss in kg (weight before − after), to two decimals. */
export function fluidLoss(before: unknown, after: unknown): number | null {
  if (typeof before !== 'number' || typeof after !== 'number' || !Number.isFinite(before) || !Number.isFinite(after)) return null;
  return Math.round((before - after) * 100) / 100;
}
