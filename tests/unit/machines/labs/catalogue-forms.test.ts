// The lab catalogue's forms: a new item's body, when an edit may be saved, and an edit's change
// list (only what changed), the diff the catalogue view used to compute itself.
import { describe, expect, it } from 'vitest';
import {
  BLANK_EDIT,
  canSaveEdit,
  catalogueEdit,
  editForm,
  markerForms,
  NEW_ITEM,
  NEW_MARKER,
  newCatalogueItem,
  rangeOf,
} from '../../../../machines/labs/catalogue-forms.ts';
import type { DeskCatalogueEntry } from '../../../../machines/labs/lab-desk-machine.ts';

const RANGE = { sex: null, age_min: 0, age_max: 120, low: 70, high: 100, critical_low: 40, critical_high: null };
const GLUCOSE: DeskCatalogueEntry = {
  id: 3,
  code: 'FBS',
  name: 'Fasting glucose',
  kind: 'test',
  description: '',
  price_inr: 150,
  fasting_hours: 10,
  sample_type: 'Blood',
  report_hours: 24,
  active: true,
  tests: [],
  markers: [{ id: 9, code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [RANGE] }],
} as DeskCatalogueEntry;
const PANEL = { ...GLUCOSE, id: 4, code: 'P1', kind: 'profile', markers: [], tests: [3, 5] } as DeskCatalogueEntry;

describe('an edit of a catalogue item', () => {
  it('waits for a name and a sample type', () => {
    expect(canSaveEdit(BLANK_EDIT)).toBe(false);
    expect(canSaveEdit({ ...editForm(GLUCOSE), sample_type: ' ' })).toBe(false);
    expect(canSaveEdit(editForm(GLUCOSE))).toBe(true);
  });

  it('sends nothing when nothing changed', () => {
    expect(catalogueEdit(GLUCOSE, editForm(GLUCOSE), markerForms(GLUCOSE), [])).toEqual({});
    expect(catalogueEdit(PANEL, editForm(PANEL), [], [5, 3])).toEqual({});
  });

  it('sends only the fields that changed, trimmed, numbers as typed', () => {
    const form = { ...editForm(GLUCOSE), name: ' Glucose (fasting) ', price_inr: '175', report_hours: '' };
    const edit = catalogueEdit(GLUCOSE, form, markerForms(GLUCOSE), []);
    expect(edit).toEqual({ name: 'Glucose (fasting)', price_inr: 175, report_hours: Number.NaN });
  });

  it("sends a test's whole marker list when any marker changed", () => {
    const markers = markerForms(GLUCOSE);
    markers[0] = { ...markers[0], ranges: [{ ...markers[0].ranges[0], high: '99' }] };
    expect(catalogueEdit(GLUCOSE, editForm(GLUCOSE), [...markers, NEW_MARKER], []).markers).toEqual([
      { code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [{ ...RANGE, high: 99 }] },
      { code: '', name: '', unit: '', ranges: [rangeOf(NEW_MARKER.ranges[0])] },
    ]);
  });

  it("sends a profile's tests when the set changed", () => {
    expect(catalogueEdit(PANEL, editForm(PANEL), [], [3])).toEqual({ tests: [3] });
  });
});

describe('a new catalogue item', () => {
  it('is a test with its markers, or a profile with its tests; an empty description is left out', () => {
    const item = { ...NEW_ITEM, code: ' FBS ', name: ' Glucose ', price_inr: '150', sample_type: ' Blood ' };
    expect(newCatalogueItem(item, [NEW_MARKER], [3])).toEqual({
      code: 'FBS',
      name: 'Glucose',
      kind: 'test',
      price_inr: 150,
      fasting_hours: 0,
      sample_type: 'Blood',
      report_hours: 24,
      markers: [
        {
          code: '',
          name: '',
          unit: '',
          ranges: [{ sex: null, age_min: 0, age_max: 120, low: Number.NaN, high: Number.NaN, critical_low: null, critical_high: null }],
        },
      ],
    });
    expect(newCatalogueItem({ ...item, kind: 'profile', description: ' Two tests ' }, [NEW_MARKER], [3])).toMatchObject({
      kind: 'profile',
      description: 'Two tests',
      tests: [3],
    });
  });
});
