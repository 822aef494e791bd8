// The metrics the clinic measures: each with its canonical unit (what is stored and charted),
// the other units clinics type it in, and a plausible range that catches typos (a weight of 720
// is a slipped key, not a patient). Used by the Add measurement dialog and by the server, so both
// refuse the same readings with the same words.

export const METRICS = [
  'weight',
  'height',
  'waist',
  'body_fat',
  'blood_pressure',
  'resting_heart_rate',
  'spo2',
  'fasting_glucose',
  'hba1c',
  'total_cholesterol',
  'hdl_cholesterol',
  'ldl_cholesterol',
  'triglycerides',
  'vo2max',
  'grip_strength',
  'sleep_hours',
] as const;
export type Metric = (typeof METRICS)[number];

/** Readings a client may add themselves (marked self-reported). */
export const SELF_REPORTED_METRICS: readonly Metric[] = ['weight', 'blood_pressure'];

export interface MetricSpec {
  label: string;
  unit: string;
  /** Other units and the factor that turns one of them into the canonical unit. */
  conversions: Record<string, number>;
  min: number;
  max: number;
  /** Blood pressure: the second number of the reading (diastolic). */
  second?: { label: string; min: number; max: number };
}

// mg/dL per mmol/L: glucose 18.016 (180.16 g/mol), cholesterol 38.67 (386.65 g/mol),
// triglycerides 88.57 (as triolein, 885.7 g/mol).
export const METRIC_SPECS: Record<Metric, MetricSpec> = {
  weight: { label: 'Weight', unit: 'kg', conversions: { lb: 0.45359237 }, min: 20, max: 350 },
  height: { label: 'Height', unit: 'cm', conversions: { in: 2.54 }, min: 50, max: 250 },
  waist: { label: 'Waist', unit: 'cm', conversions: { in: 2.54 }, min: 40, max: 250 },
  body_fat: { label: 'Body fat', unit: '%', conversions: {}, min: 2, max: 75 },
  blood_pressure: { label: 'Blood pressure', unit: 'mmHg', conversions: {}, min: 60, max: 260, second: { label: 'Diastolic', min: 30, max: 160 } },
  resting_heart_rate: { label: 'Resting heart rate', unit: 'bpm', conversions: {}, min: 25, max: 250 },
  spo2: { label: 'SpO₂', unit: '%', conversions: {}, min: 50, max: 100 },
  fasting_glucose: { label: 'Fasting glucose', unit: 'mg/dL', conversions: { 'mmol/L': 18.016 }, min: 20, max: 700 },
  hba1c: { label: 'HbA1c', unit: '%', conversions: {}, min: 3, max: 20 },
  total_cholesterol: { label: 'Total cholesterol', unit: 'mg/dL', conversions: { 'mmol/L': 38.67 }, min: 50, max: 1000 },
  hdl_cholesterol: { label: 'HDL cholesterol', unit: 'mg/dL', conversions: { 'mmol/L': 38.67 }, min: 5, max: 200 },
  ldl_cholesterol: { label: 'LDL cholesterol', unit: 'mg/dL', conversions: { 'mmol/L': 38.67 }, min: 10, max: 700 },
  triglycerides: { label: 'Triglycerides', unit: 'mg/dL', conversions: { 'mmol/L': 88.57 }, min: 10, max: 5000 },
  vo2max: { label: 'VO₂max', unit: 'mL/kg/min', conversions: {}, min: 5, max: 100 },
  grip_strength: { label: 'Grip strength', unit: 'kg', conversions: { lb: 0.45359237 }, min: 1, max: 120 },
  sleep_hours: { label: 'Sleep', unit: 'h', conversions: {}, min: 0, max: 24 },
};

export const isMetric = (value: string): value is Metric => (METRICS as readonly string[]).includes(value);

/** The units a metric may be typed in, canonical first. */
export const unitsOf = (metric: Metric): string[] => [METRIC_SPECS[metric].unit, ...Object.keys(METRIC_SPECS[metric].conversions)];

/** Rounds a converted value to what a chart or a table can show honestly. */
const round = (value: number) => Math.round(value * 100) / 100;

/** A value in `unit` converted to the metric's canonical unit; undefined for an unknown unit. */
export function toCanonical(metric: Metric, value: number, unit: string): number | undefined {
  const spec = METRIC_SPECS[metric];
  if (unit === spec.unit) return value;
  const factor = spec.conversions[unit];
  return factor === undefined ? undefined : round(value * factor);
}

/** A canonical value shown in another of the metric's units. */
export function fromCanonical(metric: Metric, value: number, unit: string): number | undefined {
  const spec = METRIC_SPECS[metric];
  if (unit === spec.unit) return value;
  const factor = spec.conversions[unit];
  return factor === undefined ? undefined : round(value / factor);
}

export interface ReadingInput {
  metric: string;
  value: number;
  value2?: number | null;
  unit: string;
}

export interface Reading {
  metric: Metric;
  value: number;
  value2: number | null;
  unit: string;
}

export const MEASUREMENT_TEXTS = {
  unknownMetric: 'Unknown metric.',
  unknownUnit: (metric: Metric) => `${METRIC_SPECS[metric].label} is measured in ${unitsOf(metric).join(' or ')}.`,
  implausible: (label: string, value: number, unit: string, min: number, max: number) =>
    `${label} of ${value} ${unit} is not plausible (expected ${min}–${max} ${unit}).`,
  diastolicRequired: 'Diastolic is required with blood pressure.',
  diastolicOnlyForPressure: 'Only blood pressure has a second value.',
  diastolicAboveSystolic: 'Diastolic must be below systolic.',
} as const;

/**
 * Checks and converts a reading. Returns the canonical reading, or the refusal per field
 * (`metric`, `unit`, `value`, `value2`), each message naming the measurement.
 */
export function readMeasurement(input: ReadingInput): { reading: Reading } | { errors: Record<string, string> } {
  const { metric } = input;
  if (!isMetric(metric)) return { errors: { metric: MEASUREMENT_TEXTS.unknownMetric } };
  const spec = METRIC_SPECS[metric];
  const value = toCanonical(metric, input.value, input.unit);
  if (value === undefined) return { errors: { unit: MEASUREMENT_TEXTS.unknownUnit(metric) } };
  const errors: Record<string, string> = {};
  if (!Number.isFinite(value) || value < spec.min || value > spec.max) {
    errors.value = MEASUREMENT_TEXTS.implausible(
      spec.label,
      input.value,
      input.unit,
      round(fromCanonical(metric, spec.min, input.unit)!),
      round(fromCanonical(metric, spec.max, input.unit)!),
    );
  }
  const value2 = input.value2 ?? null;
  if (spec.second) {
    const s = spec.second;
    if (value2 === null) errors.value2 = MEASUREMENT_TEXTS.diastolicRequired;
    else if (!Number.isFinite(value2) || value2 < s.min || value2 > s.max)
      errors.value2 = MEASUREMENT_TEXTS.implausible(s.label, value2, spec.unit, s.min, s.max);
    else if (!errors.value && value2 >= value) errors.value2 = MEASUREMENT_TEXTS.diastolicAboveSystolic;
  } else if (value2 !== null) {
    errors.value2 = MEASUREMENT_TEXTS.diastolicOnlyForPressure;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { reading: { metric, value, value2: spec.second ? value2 : null, unit: spec.unit } };
}

/** BMI from a weight in kg and a height in cm, one decimal. */
export function bodyMassIndex(weightKg: number, heightCm: number): number {
  const m = heightCm / 100;
  return Math.round((weightKg / (m * m)) * 10) / 10;
}
