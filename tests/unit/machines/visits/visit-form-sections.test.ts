// What the visit form sends: an IV's ingredients only once each has its lot (a draft saved between
// choosing the recipe and its lots must not send lot 0, which the server refuses).
import { describe, expect, it } from 'vitest';
import { EMPTY_VISIT_FORM, sectionsOf } from '../../../../machines/visits/visit-form.ts';

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
