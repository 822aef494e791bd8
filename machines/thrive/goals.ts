// Goals become targets: a health goal's area (onboarding step 1) names the metric that measures
// it and the range the clinic aims for; its target date is the "by when". Areas no metric
// measures (stress, nutrition, …) stay goals in the client's words, not targets.
import type { Metric } from './metrics.ts';

export interface TargetRange {
  metric: Metric;
  low: number;
  high: number;
}

/** Healthy ranges in canonical units; weight's comes from height (BMI 18.5–24.9). */
export const GOAL_AREA_TARGETS: Record<string, TargetRange | 'weight'> = {
  weight: 'weight',
  heart_health: { metric: 'blood_pressure', low: 90, high: 120 },
  blood_sugar: { metric: 'fasting_glucose', low: 70, high: 99 },
  sleep: { metric: 'sleep_hours', low: 7, high: 9 },
  fitness: { metric: 'vo2max', low: 35, high: 60 },
};

export const HEALTHY_BMI = { low: 18.5, high: 24.9 } as const;

/** The target for a goal area, or undefined when no metric measures it (or weight without a height). */
export function targetFor(area: string, heightCm: number | null): TargetRange | undefined {
  const target = GOAL_AREA_TARGETS[area];
  if (target === undefined) return undefined;
  if (target !== 'weight') return target;
  if (heightCm === null) return undefined;
  const m2 = (heightCm / 100) ** 2;
  return { metric: 'weight', low: Math.round(HEALTHY_BMI.low * m2 * 10) / 10, high: Math.round(HEALTHY_BMI.high * m2 * 10) / 10 };
}

export type RangeStanding = 'in_range' | 'near' | 'out_of_range' | 'no_reading';

/** Coloured by range: inside, within 10 % of the band's edge, or outside. */
export function standing(value: number | null, range: { low: number; high: number }): RangeStanding {
  if (value === null) return 'no_reading';
  if (value >= range.low && value <= range.high) return 'in_range';
  const edge = value < range.low ? range.low : range.high;
  return Math.abs(value - edge) <= Math.abs(edge) * 0.1 ? 'near' : 'out_of_range';
}

/** How far a value lies outside a range (0 inside). */
export const distanceFrom = (value: number, range: { low: number; high: number }) => Math.max(0, range.low - value, value - range.high);

/**
 * A goal metric is worsening when its latest reading is outside the target and farther from it
 * than the reading before.
 */
export function isWorsening(latest: number | null, previous: number | null, range: { low: number; high: number }): boolean {
  if (latest === null || previous === null) return false;
  const now = distanceFrom(latest, range);
  return now > 0 && now > distanceFrom(previous, range);
}
