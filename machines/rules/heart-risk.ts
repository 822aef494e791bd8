// The heart-risk score (spec §3, §5, §9): the Framingham general cardiovascular disease points
// model (D'Agostino et al., Circulation 2008;117:743-753), with the point tables and parsing
// rules of shared/design/heart-risk.md. Pure: the server scores with it before storing a check,
// and the thrive-check view scores with it to explain the answer.

export type Sex = 'male' | 'female';

/** The §3 input as a form or an API body carries it: numbers may arrive as text. */
export interface HeartRiskInput {
  sex: string;
  age: string | number;
  hdl_cholesterol: string | number;
  total_cholesterol: string | number;
  smoker: string;
  diabetic: string;
  treats_hypertension: string;
  systolic_bp: string | number;
}

/** The input after the §5 reading rules: integers, a sex, three booleans. */
export interface HeartRiskReading {
  sex: Sex;
  age: number;
  hdl_cholesterol: number;
  total_cholesterol: number;
  smoker: boolean;
  diabetic: boolean;
  treats_hypertension: boolean;
  systolic_bp: number;
}

export type HeartRiskFactor = 'age' | 'hdl_cholesterol' | 'total_cholesterol' | 'systolic_bp' | 'smoker' | 'diabetic';

export interface HeartRiskResult {
  points: number;
  /** 10-year risk in %, capped at 30; the "<1" rows give 1 (the band says "<1"). */
  riskPercentage: number;
  /** The table's own text: "<1", "13.3", ">30". */
  band: string;
  /** Points of each factor, for the plain-language explanation. */
  breakdown: Record<HeartRiskFactor, number>;
  /** The model was derived for ages 30-74; outside that the estimate is outside its validated range. */
  inValidatedAgeRange: boolean;
  reading: HeartRiskReading;
}

export const RISK_CAP = 30;
export const VALIDATED_AGE = { min: 30, max: 74 } as const;

/** Plausible human values; outside them the input is a typo, not a reading to score. */
export const HEART_RISK_LIMITS = {
  age: { min: 1, max: 120 },
  hdl_cholesterol: { min: 1, max: 300 },
  total_cholesterol: { min: 1, max: 1000 },
  systolic_bp: { min: 50, max: 300 },
} as const;

export const HEART_RISK_MESSAGES = {
  notANumber: 'Must be a whole number.',
  outOfRange: (min: number, max: number) => `Must be between ${min} and ${max}.`,
  required: 'This field is required.',
} as const;

/** [lower bound inclusive, points]; each band runs up to the next bound. */
type Bands = ReadonlyArray<readonly [number, number]>;

interface SexTables {
  age: Bands;
  hdl: Bands;
  total: Bands;
  sbpUntreated: Bands;
  sbpTreated: Bands;
  smoker: number;
  diabetic: number;
  /** Risk text by total points, from `riskFrom` upwards; below it "<1", past the end ">30". */
  riskFrom: number;
  risk: readonly string[];
}

const LOW = Number.NEGATIVE_INFINITY;

export const HEART_RISK_TABLES: Record<Sex, SexTables> = {
  male: {
    // Ages under 30 score as the 30-34 band.
    age: [
      [LOW, 0],
      [35, 2],
      [40, 5],
      [45, 7],
      [50, 8],
      [55, 10],
      [60, 11],
      [65, 12],
      [70, 14],
      [75, 15],
    ],
    hdl: [
      [LOW, 2],
      [35, 1],
      [45, 0],
      [50, -1],
      [60, -2],
    ],
    total: [
      [LOW, 0],
      [160, 1],
      [200, 2],
      [240, 3],
      [280, 4],
    ],
    sbpUntreated: [
      [LOW, -2],
      [120, 0],
      [130, 1],
      [140, 2],
      [160, 3],
    ],
    sbpTreated: [
      [LOW, 0],
      [120, 2],
      [130, 3],
      [140, 4],
      [160, 5],
    ],
    smoker: 4,
    diabetic: 3,
    riskFrom: -2,
    risk: ['1.1', '1.4', '1.6', '1.9', '2.3', '2.8', '3.3', '3.9', '4.7', '5.6', '6.7', '7.9', '9.4', '11.2', '13.3', '15.6', '18.4', '21.6', '25.3', '29.4'],
  },
  female: {
    age: [
      [LOW, 0],
      [35, 2],
      [40, 4],
      [45, 5],
      [50, 7],
      [55, 8],
      [60, 9],
      [65, 10],
      [70, 11],
      [75, 12],
    ],
    hdl: [
      [LOW, 2],
      [35, 1],
      [45, 0],
      [50, -1],
      [60, -2],
    ],
    total: [
      [LOW, 0],
      [160, 1],
      [200, 3],
      [240, 4],
      [280, 5],
    ],
    sbpUntreated: [
      [LOW, -3],
      [120, 0],
      [130, 1],
      [140, 2],
      [150, 4],
      [160, 5],
    ],
    sbpTreated: [
      [LOW, -1],
      [120, 2],
      [130, 3],
      [140, 5],
      [150, 6],
      [160, 7],
    ],
    smoker: 3,
    diabetic: 4,
    riskFrom: -1,
    risk: [
      '1.0',
      '1.2',
      '1.5',
      '1.7',
      '2.0',
      '2.4',
      '2.8',
      '3.3',
      '3.9',
      '4.5',
      '5.3',
      '6.3',
      '7.3',
      '8.6',
      '10.0',
      '11.7',
      '13.7',
      '15.9',
      '18.5',
      '21.5',
      '24.8',
      '27.5',
    ],
  },
};

export class HeartRiskInputError extends Error {
  constructor(readonly errors: Partial<Record<keyof HeartRiskInput, string>>) {
    super(
      `Invalid heart-risk input: ${Object.entries(errors)
        .map(([f, r]) => `${f}: ${r}`)
        .join('; ')}`,
    );
  }
}

/** parseInt semantics: "120.9" is 120, " 45 " is 45; text with no leading number is null (an error, never 0). */
export function readInteger(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = Number.parseInt(String(value), 10);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Only the exact text 'male' is male; anything else scores as female (§5). */
export const readSex = (value: unknown): Sex => (value === 'male' ? 'male' : 'female');
/** Only the exact text 'yes' is true (§5). */
export const readYes = (value: unknown): boolean => value === 'yes';

const NUMERIC = ['age', 'hdl_cholesterol', 'total_cholesterol', 'systolic_bp'] as const;

/** The field errors of an input, empty when it can be scored. */
export function heartRiskErrors(input: Partial<HeartRiskInput>): Partial<Record<keyof HeartRiskInput, string>> {
  const errors: Partial<Record<keyof HeartRiskInput, string>> = {};
  for (const field of NUMERIC) {
    const raw = input[field];
    if (raw === undefined || raw === null || String(raw).trim() === '') {
      errors[field] = HEART_RISK_MESSAGES.required;
      continue;
    }
    const value = readInteger(raw);
    const { min, max } = HEART_RISK_LIMITS[field];
    if (value === null) errors[field] = HEART_RISK_MESSAGES.notANumber;
    else if (value < min || value > max) errors[field] = HEART_RISK_MESSAGES.outOfRange(min, max);
  }
  return errors;
}

/** Reads an input by the §5 rules; throws HeartRiskInputError naming each bad field. */
export function readHeartRiskInput(input: HeartRiskInput): HeartRiskReading {
  const errors = heartRiskErrors(input);
  if (Object.keys(errors).length) throw new HeartRiskInputError(errors);
  return {
    sex: readSex(input.sex),
    age: readInteger(input.age)!,
    hdl_cholesterol: readInteger(input.hdl_cholesterol)!,
    total_cholesterol: readInteger(input.total_cholesterol)!,
    smoker: readYes(input.smoker),
    diabetic: readYes(input.diabetic),
    treats_hypertension: readYes(input.treats_hypertension),
    systolic_bp: readInteger(input.systolic_bp)!,
  };
}

function bandPoints(bands: Bands, value: number): number {
  let points = bands[0][1];
  for (const [from, p] of bands) if (value >= from) points = p;
  return points;
}

/** Risk text and number for a points total. */
export function riskForPoints(sex: Sex, points: number): { band: string; riskPercentage: number } {
  const t = HEART_RISK_TABLES[sex];
  if (points < t.riskFrom) return { band: '<1', riskPercentage: 1 };
  const text = t.risk[points - t.riskFrom];
  if (text === undefined) return { band: `>${RISK_CAP}`, riskPercentage: RISK_CAP };
  return { band: text, riskPercentage: Math.min(Number(text), RISK_CAP) };
}

export function scoreReading(reading: HeartRiskReading): HeartRiskResult {
  const t = HEART_RISK_TABLES[reading.sex];
  const breakdown: Record<HeartRiskFactor, number> = {
    age: bandPoints(t.age, reading.age),
    hdl_cholesterol: bandPoints(t.hdl, reading.hdl_cholesterol),
    total_cholesterol: bandPoints(t.total, reading.total_cholesterol),
    systolic_bp: bandPoints(reading.treats_hypertension ? t.sbpTreated : t.sbpUntreated, reading.systolic_bp),
    smoker: reading.smoker ? t.smoker : 0,
    diabetic: reading.diabetic ? t.diabetic : 0,
  };
  const points = Object.values(breakdown).reduce((a, b) => a + b, 0);
  return {
    points,
    ...riskForPoints(reading.sex, points),
    breakdown,
    inValidatedAgeRange: reading.age >= VALIDATED_AGE.min && reading.age <= VALIDATED_AGE.max,
    reading,
  };
}

/** The score of a §3 input: `{ points, riskPercentage, band, ... }`. Throws HeartRiskInputError on bad input. */
export function calculateHeartRisk(input: HeartRiskInput): HeartRiskResult {
  return scoreReading(readHeartRiskInput(input));
}
