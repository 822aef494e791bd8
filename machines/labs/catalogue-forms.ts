// The lab catalogue's forms (pure): what is typed for a new item or an edit, as text; what a new
// item sends; and an edit's change list — only the fields that changed, a test's whole marker list
// when any marker changed, a profile's tests when the set changed (PATCH labs/catalogue/{id}).
// An empty or unreadable number is sent as it is (null in JSON): the server names the field and
// refuses it.
import { hasText } from '../rules/form-rules.ts';
import type { DeskCatalogueEdit, DeskCatalogueEntry, DeskCatalogueItem, DeskRange } from './lab-desk-machine.ts';

export type RangeForm = Record<'sex' | 'age_min' | 'age_max' | 'low' | 'high' | 'critical_low' | 'critical_high', string>;
export type MarkerForm = { code: string; name: string; unit: string; ranges: RangeForm[] };
export type ItemForm = {
  code: string;
  name: string;
  kind: DeskCatalogueItem['kind'];
  description: string;
  price_inr: string;
  fasting_hours: string;
  sample_type: string;
  report_hours: string;
};
export type EditForm = Record<'name' | 'description' | 'price_inr' | 'fasting_hours' | 'sample_type' | 'report_hours', string>;

export const NEW_RANGE: RangeForm = { sex: '', age_min: '0', age_max: '120', low: '', high: '', critical_low: '', critical_high: '' };
export const NEW_MARKER: MarkerForm = { code: '', name: '', unit: '', ranges: [NEW_RANGE] };
export const NEW_ITEM: ItemForm = { code: '', name: '', kind: 'test', description: '', price_inr: '', fasting_hours: '0', sample_type: '', report_hours: '24' };

/** A typed number: NaN when empty (sent as null, refused by name). */
export const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const orNull = (text: string) => (text.trim() === '' ? null : Number(text));
const text = (n: number | null) => (n === null ? '' : String(n));

export const rangeForm = (r: DeskRange): RangeForm => ({
  sex: r.sex ?? '',
  age_min: String(r.age_min),
  age_max: String(r.age_max),
  low: String(r.low),
  high: String(r.high),
  critical_low: text(r.critical_low),
  critical_high: text(r.critical_high),
});

export function rangeOf(r: RangeForm): DeskRange {
  return {
    sex: r.sex === 'M' || r.sex === 'F' ? r.sex : null,
    age_min: typedNumber(r.age_min),
    age_max: typedNumber(r.age_max),
    low: typedNumber(r.low),
    high: typedNumber(r.high),
    critical_low: orNull(r.critical_low),
    critical_high: orNull(r.critical_high),
  };
}

export const markerOut = (m: MarkerForm) => ({ code: m.code.trim(), name: m.name.trim(), unit: m.unit.trim(), ranges: m.ranges.map(rangeOf) });

/** A test's markers as the edit form shows them. */
export const markerForms = (item: DeskCatalogueEntry): MarkerForm[] =>
  item.markers.map((m) => ({ code: m.code, name: m.name, unit: m.unit, ranges: m.ranges.map(rangeForm) }));

/** The new item as the server takes it: a test with its markers, a profile or package with its tests. */
export function newCatalogueItem(item: ItemForm, markers: MarkerForm[], tests: number[]): DeskCatalogueItem {
  return {
    code: item.code.trim(),
    name: item.name.trim(),
    kind: item.kind,
    ...(item.description.trim() ? { description: item.description.trim() } : {}),
    price_inr: typedNumber(item.price_inr),
    fasting_hours: typedNumber(item.fasting_hours),
    sample_type: item.sample_type.trim(),
    report_hours: typedNumber(item.report_hours),
    ...(item.kind === 'test' ? { markers: markers.map(markerOut) } : { tests }),
  };
}

/** An item's fields as the edit form shows them. */
export const editForm = (c: Pick<DeskCatalogueEntry, 'name' | 'description' | 'price_inr' | 'fasting_hours' | 'sample_type' | 'report_hours'>): EditForm => ({
  name: c.name,
  description: c.description,
  price_inr: String(c.price_inr),
  fasting_hours: String(c.fasting_hours),
  sample_type: c.sample_type,
  report_hours: String(c.report_hours),
});

/** The edit form before an item is picked. */
export const BLANK_EDIT: EditForm = editForm({ name: '', description: '', price_inr: 0, fasting_hours: 0, sample_type: '', report_hours: 24 });

/** An edit may be saved with a name and a sample type (the server checks the rest and names what it refuses). */
export const canSaveEdit = (form: EditForm): boolean => hasText(form.name) && hasText(form.sample_type);

/** What an edit sends: the fields that changed, a test's whole marker list, a profile's tests. */
export function catalogueEdit(item: DeskCatalogueEntry, form: EditForm, markers: MarkerForm[], tests: number[]): DeskCatalogueEdit {
  const before = editForm(item);
  const edit: DeskCatalogueEdit = {};
  if (form.name.trim() !== before.name) edit.name = form.name.trim();
  if (form.description.trim() !== before.description) edit.description = form.description.trim();
  if (form.price_inr !== before.price_inr) edit.price_inr = typedNumber(form.price_inr);
  if (form.fasting_hours !== before.fasting_hours) edit.fasting_hours = typedNumber(form.fasting_hours);
  if (form.sample_type.trim() !== before.sample_type) edit.sample_type = form.sample_type.trim();
  if (form.report_hours !== before.report_hours) edit.report_hours = typedNumber(form.report_hours);
  if (item.kind === 'test') {
    const out = markers.map(markerOut);
    const was = item.markers.map((m) => ({ code: m.code, name: m.name, unit: m.unit, ranges: m.ranges }));
    if (JSON.stringify(out) !== JSON.stringify(was)) edit.markers = out;
  } else if (JSON.stringify([...tests].sort()) !== JSON.stringify([...item.tests].sort())) edit.tests = tests;
  return edit;
}
