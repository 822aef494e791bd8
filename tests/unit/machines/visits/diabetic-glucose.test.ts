// HBOT glucose before for diabetic clients, as a rule of machines/visits/visit-rules.ts: required to
// complete a diabetic client's HBOT visit (not another therapy's, not a non-diabetic client's),
// named with its reason; warned below or above the clinic's marks, which are settings.
import { describe, expect, it } from 'vitest';
import {
  clientRequiredErrors,
  clientRequiredFields,
  missingForCompletion,
  type VisitContent,
  VISIT_RULE_MESSAGES,
  visitWarnings,
} from '../../../../machines/visits/visit-rules.ts';
import { DEFAULT_THERAPY_SETTINGS } from '../../../../machines/visits/visit-settings.ts';

const VITALS = { systolic: 120, diastolic: 80, heart_rate: 70 };
const HBOT = {
  chamber_type: 'soft',
  ata: 1.3,
  pressurise_minutes: 8,
  hold_minutes: 60,
  depressurise_minutes: 5,
  checklist_cotton: true,
  checklist_no_lotions: true,
  checklist_no_devices: true,
  checklist_grounding: true,
};
const hbot = (parameters: Record<string, unknown>, diabetic?: boolean): VisitContent => ({
  therapy: 'hbot',
  vitals_before: VITALS,
  vitals_after: VITALS,
  parameters,
  diabetic,
});

describe('glucose before for diabetic clients (HBOT)', () => {
  it('is required only of a diabetic client’s HBOT visit', () => {
    expect(clientRequiredFields('hbot', true)).toEqual(['parameters.glucose_before']);
    expect(clientRequiredFields('hbot', false)).toEqual([]);
    expect(clientRequiredFields('hbot', undefined)).toEqual([]);
    for (const therapy of ['iv', 'pet', 'red_light', 'fir'] as const) expect(clientRequiredFields(therapy, true)).toEqual([]);
  });

  it('missing for a diabetic client, named with its reason; an empty string counts as missing', () => {
    expect(missingForCompletion(hbot(HBOT, true))).toEqual(['parameters.glucose_before']);
    expect(clientRequiredErrors(hbot(HBOT, true))).toEqual({ 'parameters.glucose_before': [VISIT_RULE_MESSAGES.glucoseBeforeNeeded] });
    expect(clientRequiredErrors(hbot({ ...HBOT, glucose_before: '' }, true))).toEqual({
      'parameters.glucose_before': [VISIT_RULE_MESSAGES.glucoseBeforeNeeded],
    });
    expect(missingForCompletion(hbot({ ...HBOT, glucose_before: 130 }, true))).toEqual([]);
    expect({ ...clientRequiredErrors(hbot({ ...HBOT, glucose_before: 130 }, true)) }).toEqual({});
  });

  it('optional for a client who is not diabetic (or not known to be)', () => {
    expect(missingForCompletion(hbot(HBOT, false))).toEqual([]);
    expect(missingForCompletion(hbot(HBOT))).toEqual([]);
  });

  it('warns below the low mark and above the high mark of the settings, at the marks not', () => {
    const s = DEFAULT_THERAPY_SETTINGS;
    const warned = (glucose: number, settings = s) =>
      visitWarnings(hbot({ ...HBOT, glucose_before: glucose }, true), settings).filter((w) => w.field === 'parameters.glucose_before');
    expect(s.hbot_glucose_warn_low).toBe(100);
    expect(warned(99)).toEqual([{ field: 'parameters.glucose_before', message: VISIT_RULE_MESSAGES.glucoseLow(99, 100) }]);
    expect(warned(100)).toEqual([]);
    expect(warned(s.hbot_glucose_warn_high)).toEqual([]);
    expect(warned(s.hbot_glucose_warn_high + 1)).toEqual([
      { field: 'parameters.glucose_before', message: VISIT_RULE_MESSAGES.glucoseHigh(s.hbot_glucose_warn_high + 1, s.hbot_glucose_warn_high) },
    ]);
    expect(warned(110, { ...s, hbot_glucose_warn_low: 120 })).toEqual([
      { field: 'parameters.glucose_before', message: VISIT_RULE_MESSAGES.glucoseLow(110, 120) },
    ]);
  });
});
