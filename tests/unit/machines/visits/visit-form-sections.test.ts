// What the visit form sends: an IV's ingredients only once each has its lot (a draft saved between
// choosing the recipe and its lots must not send lot 0, which the server refuses).
import { describe, expect, it } from 'vitest';
import { EMPTY_VISIT_FORM, formWithSessionTimes, sectionsOf } from '../../../../machines/visits/visit-form.ts';

const recipe = { ...EMPTY_VISIT_FORM, parameters: { recipe: '3', base_fluid: 'Normal saline', bag_volume: '100' } };

describe('an IV form as sent', () => {
  it('leaves the ingredients out while a lot is still to be chosen', () => {
    const sent = sectionsOf({ ...recipe, ingredients: [{ item: 'Magnesium sulfate', dose: '2', unit: 'g', lot: '' }] }, 'iv');
    expect(sent.parameters).toEqual({ recipe: 3, base_fluid: 'Normal saline', bag_volume: 100 });
  });

  it('sends them, lots as numbers, once every lot is chosen', () => {
    const sent = sectionsOf({ ...recipe, ingredients: [{ item: 'Magnesium sulfate', dose: '2', unit: 'g', lot: '7' }] }, 'iv');
    expect(sent.parameters.ingredients).toEqual([{ item: 'Magnesium sulfate', dose: 2, unit: 'g', lot: 7 }]);
  });
});

// Issue 32: the times a chart records default to the appointment's, not to when the form was opened.
describe("an open chart's session times", () => {
  const visit = (status: string, parameters: Record<string, unknown> = {}, appointment_clock: string | null = '09:30') => ({
    id: 1,
    client: 2,
    therapy: 'iv' as const,
    status,
    version: 1,
    vitals_before: {},
    vitals_after: {},
    parameters,
    events: [],
    adverse_events: [],
    notes: '',
    appointment_clock,
  });

  it("start at the appointment's start where empty: insertion and infusion start, not the stop", () => {
    const form = formWithSessionTimes(visit('draft'));
    expect(form.parameters).toEqual({ insertion_time: '09:30', infusion_start: '09:30' });
  });

  it('keep what the nurse recorded, and stay as stored once the chart is completed or signed, or without an appointment', () => {
    expect(formWithSessionTimes(visit('in_progress', { insertion_time: '09:42' })).parameters).toEqual({ insertion_time: '09:42', infusion_start: '09:30' });
    expect(formWithSessionTimes(visit('completed')).parameters).toEqual({});
    expect(formWithSessionTimes(visit('signed')).parameters).toEqual({});
    expect(formWithSessionTimes(visit('draft', {}, null)).parameters).toEqual({});
  });

  it("are sent with the chart's next save", () => {
    expect(sectionsOf(formWithSessionTimes(visit('draft')), 'iv').parameters).toEqual({ insertion_time: '09:30', infusion_start: '09:30' });
  });
});
