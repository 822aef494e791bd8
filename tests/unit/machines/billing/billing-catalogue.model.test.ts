// Every path of the tax data and products chart, replayed on the production chart: only a row
// that passes the rules is saved, only a known row is edited or deleted.
import { expect } from 'vitest';
import { itemTaxValid, productValid } from '../../../../machines/billing/settings-form.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './billing-catalogue.model.ts';

describeModel('billing catalogue', model, (snapshot) => {
  const { editing, rates, items, products } = snapshot.context;
  if (snapshot.value === 'saving') {
    expect(editing).not.toBeNull();
    expect(editing.target.kind === 'item' ? itemTaxValid(editing.form, rates) : productValid(editing.form, rates)).toBe(true);
  }
  if (snapshot.value === 'editing') {
    const t = editing.target;
    if (t.kind === 'item') expect(items.some((i: { item_kind: string; item_id: number }) => i.item_kind === t.item_kind && i.item_id === t.item_id)).toBe(true);
    else if (t.id !== null) expect(products.some((p: { id: number }) => p.id === t.id)).toBe(true);
    // Only the clinic's own rates are offered when a row opens (the package never set gets the first).
    expect(rates.includes(editing.form.gst_rate_bp) || editing.form.gst_rate_bp === 1200).toBe(true);
  }
  if (snapshot.value === 'ready' || snapshot.value === 'loading') expect(editing === null || snapshot.value === 'loading').toBe(true);
});
