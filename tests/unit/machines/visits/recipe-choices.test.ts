// A deactivated IV recipe is not offered for a visit, unless it is the recipe the visit already has.
import { describe, expect, it } from 'vitest';
import { recipesOffered } from '../../../../machines/visits/recipe-choices.ts';

const recipes = [
  { id: 1, name: 'Myers', active: true },
  { id: 2, name: 'Glow', active: false },
  { id: 3, name: 'Hydration', active: true },
];

describe('recipesOffered', () => {
  it('offers only active recipes to a visit without one', () => {
    expect(recipesOffered(recipes, undefined).map((r) => r.name)).toEqual(['Myers', 'Hydration']);
    expect(recipesOffered(recipes, '').map((r) => r.name)).toEqual(['Myers', 'Hydration']);
    expect(recipesOffered(recipes, null).map((r) => r.name)).toEqual(['Myers', 'Hydration']);
  });

  it('keeps a deactivated recipe the visit already has, in its place', () => {
    expect(recipesOffered(recipes, '2').map((r) => r.name)).toEqual(['Myers', 'Glow', 'Hydration']);
    expect(recipesOffered(recipes, 2).map((r) => r.name)).toEqual(['Myers', 'Glow', 'Hydration']);
  });

  it('an active chosen recipe is listed once', () => {
    expect(recipesOffered(recipes, '1').map((r) => r.id)).toEqual([1, 3]);
  });
});
