// The thrive dashboard's rules: the On Track table (docs/thrive-dashboard.md), unit
// conversions, plausibility with the field named, goal targets and trends.
import { describe, expect, it } from 'vitest';
import { isWorsening, standing, targetFor } from '../../../../machines/thrive/goals.ts';
import { bodyMassIndex, fromCanonical, MEASUREMENT_TEXTS, readMeasurement, toCanonical, unitsOf } from '../../../../machines/thrive/metrics.ts';
import { trackStatus } from '../../../../machines/thrive/track-rules.ts';

describe('On Track / At Risk / Off Track', () => {
  // elapsed, attendance, package use → status (the table in docs/thrive-dashboard.md)
  it.each([
    [0.5, 1, 0.5, 'on_track'],
    [0.5, 0.8, 0.3, 'on_track'],
    [0.5, 0.79, 0.5, 'at_risk'],
    [0.5, 0.6, 0.5, 'at_risk'],
    [0.5, 0.59, 0.5, 'off_track'],
    [0.5, 1, 0.29, 'at_risk'],
    [0.5, 1, 0.1, 'at_risk'],
    [0.5, 1, 0.09, 'off_track'],
    [0.9, 1, 0.4, 'off_track'],
    [0.1, null, 0, 'on_track'],
    [0.3, null, 0, 'at_risk'],
    [0.5, null, null, 'on_track'],
    [1, 0.5, null, 'off_track'],
    [1.4, 1, 0.7, 'at_risk'],
  ] as const)('elapsed %s, attendance %s, package use %s → %s', (elapsed, attendance, packageUse, expected) => {
    expect(trackStatus({ elapsed, attendance, packageUse })).toBe(expected);
  });
});

describe('units', () => {
  it.each([
    ['weight', 176, 'lb', 79.83],
    ['weight', 80, 'kg', 80],
    ['height', 70, 'in', 177.8],
    ['fasting_glucose', 5.5, 'mmol/L', 99.09],
    ['total_cholesterol', 5.2, 'mmol/L', 201.08],
    ['hdl_cholesterol', 1.3, 'mmol/L', 50.27],
    ['triglycerides', 1.7, 'mmol/L', 150.57],
    ['grip_strength', 66, 'lb', 29.94],
  ] as const)('%s %s %s is %s in the canonical unit', (metric, value, unit, canonical) => {
    expect(toCanonical(metric, value, unit)).toBe(canonical);
  });
  it('converts back and knows each metric’s units', () => {
    expect(fromCanonical('fasting_glucose', 99.09, 'mmol/L')).toBe(5.5);
    expect(unitsOf('weight')).toEqual(['kg', 'lb']);
    expect(toCanonical('weight', 10, 'stone')).toBeUndefined();
    expect(bodyMassIndex(80, 180)).toBe(24.7);
  });
});

describe('plausibility', () => {
  it('refuses typos with the field and the measurement named', () => {
    expect(readMeasurement({ metric: 'weight', value: 720, unit: 'kg' })).toEqual({
      errors: { value: 'Weight of 720 kg is not plausible (expected 20–350 kg).' },
    });
    expect(readMeasurement({ metric: 'weight', value: 900, unit: 'lb' })).toEqual({
      errors: { value: MEASUREMENT_TEXTS.implausible('Weight', 900, 'lb', 44.09, 771.62) },
    });
    expect(readMeasurement({ metric: 'blood_pressure', value: 120, value2: 200, unit: 'mmHg' })).toEqual({
      errors: { value2: 'Diastolic of 200 mmHg is not plausible (expected 30–160 mmHg).' },
    });
    expect(readMeasurement({ metric: 'blood_pressure', value: 80, value2: 90, unit: 'mmHg' })).toEqual({
      errors: { value2: MEASUREMENT_TEXTS.diastolicAboveSystolic },
    });
    expect(readMeasurement({ metric: 'blood_pressure', value: 120, unit: 'mmHg' })).toEqual({ errors: { value2: MEASUREMENT_TEXTS.diastolicRequired } });
    expect(readMeasurement({ metric: 'spo2', value: 98, value2: 1, unit: '%' })).toEqual({ errors: { value2: MEASUREMENT_TEXTS.diastolicOnlyForPressure } });
    expect(readMeasurement({ metric: 'mood', value: 3, unit: 'x' })).toEqual({ errors: { metric: MEASUREMENT_TEXTS.unknownMetric } });
    expect(readMeasurement({ metric: 'spo2', value: 98, unit: 'mmHg' })).toEqual({ errors: { unit: 'SpO₂ is measured in %.' } });
  });
  it('accepts the edges of a range', () => {
    expect(readMeasurement({ metric: 'sleep_hours', value: 0, unit: 'h' })).toEqual({ reading: { metric: 'sleep_hours', value: 0, value2: null, unit: 'h' } });
    expect(readMeasurement({ metric: 'blood_pressure', value: 118, value2: 76, unit: 'mmHg' })).toEqual({
      reading: { metric: 'blood_pressure', value: 118, value2: 76, unit: 'mmHg' },
    });
  });
});

describe('goals and trends', () => {
  it('turns a goal area into a target, weight from the height', () => {
    expect(targetFor('heart_health', null)).toEqual({ metric: 'blood_pressure', low: 90, high: 120 });
    expect(targetFor('weight', 170)).toEqual({ metric: 'weight', low: 53.5, high: 72 });
    expect(targetFor('weight', null)).toBeUndefined();
    expect(targetFor('stress', 170)).toBeUndefined();
  });
  it.each([
    [100, 'in_range'],
    [125, 'near'],
    [140, 'out_of_range'],
    [null, 'no_reading'],
  ] as const)('%s against 90–120 is %s', (value, expected) => {
    expect(standing(value, { low: 90, high: 120 })).toBe(expected);
  });
  it.each([
    [142, 134, true],
    [134, 142, false],
    [118, 142, false],
    [130, 130, false],
    [85, 88, true],
    [142, null, false],
  ] as const)('latest %s after %s worsening: %s', (latest, previous, expected) => {
    expect(isWorsening(latest, previous, { low: 90, high: 120 })).toBe(expected);
  });
});
