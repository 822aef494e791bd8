// The therapies back office's forms: a received lot, a stock adjustment and an IV recipe — what
// each sends and when its dialog may be sent (the rules the views used to hold).
import { describe, expect, it } from 'vitest';
import { adjustmentBody, canAdjust, canSaveRecipe, EMPTY_RECIPE, lotBody, recipeBody, recipeDraft } from '../../../../machines/visits/stock-forms.ts';

describe('a received lot', () => {
  it('is sent trimmed with numbers as numbers, and without a low-stock level left empty', () => {
    expect(lotBody({ item: ' Saline ', lot_number: ' L1 ', expires_on: '2027-01-31', quantity: ' 20 ', unit: 'bag', low_at: '' })).toEqual({
      item: 'Saline',
      lot_number: 'L1',
      expires_on: '2027-01-31',
      quantity: 20,
      unit: 'bag',
    });
  });

  it('sends an unreadable number as typed, so the server names it', () => {
    expect(lotBody({ item: 'Saline', lot_number: 'L1', expires_on: '2027-01-31', quantity: 'twenty', unit: 'bag', low_at: '2.5' })).toMatchObject({
      quantity: 'twenty',
      low_at: 2.5,
    });
  });
});

describe('a stock adjustment', () => {
  it('waits for a quantity and a reason', () => {
    expect(canAdjust({ kind: 'wasted', quantity: '2', reason: ' ' })).toBe(false);
    expect(canAdjust({ kind: 'wasted', quantity: ' ', reason: 'Dropped' })).toBe(false);
    expect(canAdjust({ kind: 'wasted', quantity: '2', reason: 'Dropped' })).toBe(true);
  });

  it('is sent trimmed, the quantity as a number when it reads as one', () => {
    expect(adjustmentBody({ kind: 'wasted', quantity: ' 2 ', reason: ' Dropped ' })).toEqual({ kind: 'wasted', quantity: 2, reason: 'Dropped' });
    expect(adjustmentBody({ kind: 'count', quantity: '-1', reason: 'x' })).toEqual({ kind: 'count', quantity: '-1', reason: 'x' });
  });
});

describe('an IV recipe', () => {
  const recipe = { name: 'Myers', base_fluid: 'Saline', bag_volume: 250, ingredients: [{ item: 'Vitamin C', dose: 2.5, unit: 'g' }] };

  it('opens in its edit dialog as typed text, and is sent back as it was', () => {
    const draft = recipeDraft(recipe);
    expect(draft).toEqual({ name: 'Myers', fluid: 'Saline', volume: '250', rows: [{ item: 'Vitamin C', dose: '2.5', unit: 'g' }] });
    expect(recipeBody(draft)).toEqual(recipe);
  });

  it('waits for a name, a base fluid, a bag volume and an ingredient', () => {
    const draft = recipeDraft(recipe);
    expect(canSaveRecipe(draft)).toBe(true);
    expect(canSaveRecipe(EMPTY_RECIPE)).toBe(false);
    expect(canSaveRecipe({ ...draft, fluid: ' ' })).toBe(false);
    expect(canSaveRecipe({ ...draft, volume: '' })).toBe(false);
    expect(canSaveRecipe({ ...draft, rows: [] })).toBe(false);
  });
});
