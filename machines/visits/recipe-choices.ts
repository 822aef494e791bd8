// Which IV recipes a visit's recipe list offers: the active ones, and the one the visit already has
// even when it has since been deactivated (a past or ongoing visit keeps its recipe; the server
// refuses switching a visit to a deactivated one).

export interface RecipeChoice {
  id: number;
  active: boolean;
}

/** The recipes to offer, in the order given; `chosen` is the visit's recipe id (form text or number), if any. */
export function recipesOffered<R extends RecipeChoice>(recipes: readonly R[], chosen: string | number | null | undefined): R[] {
  const current = chosen === null || chosen === undefined || chosen === '' ? null : String(chosen);
  return recipes.filter((r) => r.active || String(r.id) === current);
}
