// The therapies back office's stock and recipe forms (pure): what a received lot, a stock
// adjustment and an IV recipe send, and when the dialogs may be sent. A number is sent as a
// number only when it reads as one; anything else is sent as typed, so the server names the field
// and refuses it.
import { hasText } from '../rules/form-rules.ts';

const numberOrText = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);

/** A received lot's fields, in the order the form shows them. */
export const LOT_FIELDS = ['item', 'lot_number', 'expires_on', 'quantity', 'unit', 'low_at'] as const;
export type LotField = (typeof LOT_FIELDS)[number];
/** The lot fields typed as numbers. */
export const NUMERIC_LOT_FIELDS: readonly LotField[] = ['quantity', 'low_at'];

/** A received lot as the contract takes it: trimmed, numbers as numbers, no low-stock level when it is left empty. */
export function lotBody(values: Record<LotField, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of LOT_FIELDS) {
    const text = values[f].trim();
    if (f === 'low_at' && text === '') continue;
    body[f] = NUMERIC_LOT_FIELDS.includes(f) && /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  return body;
}

export interface AdjustmentForm<K extends string = string> {
  kind: K;
  quantity: string;
  reason: string;
}

/** A stock adjustment is sent with its quantity and always with a reason. */
export const canAdjust = (values: AdjustmentForm): boolean => hasText(values.quantity) && hasText(values.reason);

export function adjustmentBody<K extends string>(values: AdjustmentForm<K>) {
  const text = values.quantity.trim();
  return { kind: values.kind, quantity: /^\d+(\.\d+)?$/.test(text) ? Number(text) : text, reason: values.reason.trim() };
}

export interface IngredientRow {
  item: string;
  dose: string;
  unit: string;
}

export const EMPTY_INGREDIENT: IngredientRow = { item: '', dose: '', unit: '' };

export interface RecipeDraft {
  name: string;
  fluid: string;
  volume: string;
  rows: IngredientRow[];
}

export const EMPTY_RECIPE: RecipeDraft = { name: '', fluid: '', volume: '', rows: [EMPTY_INGREDIENT] };

/** A recipe as its edit dialog shows it. */
export const recipeDraft = (r: {
  name: string;
  base_fluid: string;
  bag_volume: number;
  ingredients: { item: string; dose: number; unit: string }[];
}): RecipeDraft => ({
  name: r.name,
  fluid: r.base_fluid,
  volume: String(r.bag_volume),
  rows: r.ingredients.map((i) => ({ item: i.item, dose: String(i.dose), unit: i.unit })),
});

/** A recipe edit is saved with a name, a base fluid, a bag volume and at least one ingredient. */
export const canSaveRecipe = (d: RecipeDraft): boolean => hasText(d.name) && hasText(d.fluid) && hasText(d.volume) && d.rows.length > 0;

export function recipeBody(d: RecipeDraft) {
  return {
    name: d.name.trim(),
    base_fluid: d.fluid.trim(),
    bag_volume: numberOrText(d.volume),
    ingredients: d.rows.map((r) => ({ item: r.item.trim(), dose: numberOrText(r.dose), unit: r.unit.trim() })),
  };
}
