// @vitest-environment happy-dom
// The tax data and products chart's model paths replayed on the back office's Billing tab (its
// catalogue): the real tab, hook and adapter; the chart's load, save and delete settle as each path
// says (the catalogue, or a failure; saved, or refused in the server's words). The administrator
// opens a service's, a package's and a product's tax data, adds a product, types the code, the
// name and the price, cancels, saves, deletes and retries through the tab; a GST rate the clinic
// does not offer (the model's 12 %) is not in the rate list, so that change is sent as the list
// would send it. Edits of an item or product the catalogue does not have are refused by the chart
// and are no step of any path. After every step the tab shows what the chart holds: the progress
// while loading, the failure with its retry, the rows, Edit, Delete and Add held while busy, the
// edit dialog with the row's values and Save offered only when the chart would take it, and the
// refusal in the dialog or, after a delete, above the products, read through the chart's named
// selectors (machines/billing/selectors.ts) and its context.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { billingCatalogueSelectors as catalogue } from '../../../../machines/billing/selectors.ts';
import { BillingSettingsTab } from '../../../../src/features/billing/billing-settings-tab.tsx';
import { CATALOGUE_TEXT as C } from '../../../../src/features/billing/settings-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './billing-catalogue.model.ts';
import { CATALOGUE, SETTINGS, TILLS } from './portal-billing-fixtures.ts';

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-labelledby="billing-edit-title"]');
const itemName = (kind: string, id: number) => CATALOGUE.items.find((i) => i.item_kind === kind && i.item_id === id)?.name;
const productName = (id: number) => CATALOGUE.products.find((p) => p.id === id)?.name;
const FIELD_LABEL: Record<string, string> = { code: C.code, name: C.productName, price: C.unitPrice };

/** Clicks the enabled button named `name`; false when the screen does not offer it. */
async function click(scope: HTMLElement | null, name: string | undefined): Promise<boolean> {
  // Hidden ones too: while the edit dialog is open the rest of the tab is aria-hidden.
  const button = scope && name ? within(scope).queryByRole('button', { name, hidden: true }) : null;
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}

describeReplayOnView('the Billing tab’s catalogue', {
  model,
  mount: (_path, wrap) =>
    renderPage(wrap(<BillingSettingsTab />), {
      path: '/backoffice',
      role: 'ADMIN',
      // The tills beside the catalogue read their list too: the network answers it.
      answer: (r) =>
        r.path === '/billing/settings' ? [200, { ...SETTINGS, state_name: 'Maharashtra' }] : r.path === '/billing/tills' ? [200, TILLS] : undefined,
    }),
  drive: async (event) => {
    const page = document.body;
    switch (event.type) {
      case 'catalogue.retry':
        return click(page, C.retry);
      case 'catalogue.editItem': {
        const name = itemName(event.item_kind, event.item_id);
        return click(page, name && C.editLabel(name));
      }
      case 'catalogue.editProduct': {
        const name = productName(event.id);
        return click(page, name && C.editLabel(name));
      }
      case 'catalogue.delete': {
        const name = productName(event.id);
        return click(page, name && C.deleteLabel(name));
      }
      case 'catalogue.newProduct':
        return click(page, C.newProduct);
      case 'catalogue.cancel':
        return click(dialog(), C.cancel);
      case 'catalogue.save': {
        if (!dialog() || within(dialog()!).getByRole('button', { name: C.save }).hasAttribute('disabled')) return false;
        await step(() => fireEvent.submit(dialog()!.querySelector('form')!));
        return true;
      }
      case 'catalogue.change': {
        const box = dialog() && FIELD_LABEL[event.field] ? within(dialog()!).queryByRole('textbox', { name: FIELD_LABEL[event.field] }) : null;
        if (!box || (box as HTMLInputElement).value === event.value) return false;
        await step(() => fireEvent.change(box, { target: { value: event.value } }));
        return true;
      }
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const { context } = snapshot;
    expect(screen.queryByRole('progressbar', { name: C.itemsTitle }) !== null, 'loading').toBe(catalogue.isLoading(snapshot));
    const failed = screen.queryByText(C.loadFailed);
    expect(failed !== null, 'the failure').toBe(catalogue.isFailed(snapshot));
    if (failed) expect(screen.queryByRole('button', { name: C.retry })).not.toBeNull();
    if (catalogue.isLoading(snapshot) || catalogue.isFailed(snapshot)) return;
    expect(document.querySelectorAll('[data-item]').length, 'the items').toBe(context.items.length);
    expect(document.querySelectorAll('[data-product]').length, 'the products').toBe(context.products.length);
    const busy = catalogue.isBusy(snapshot);
    expect(screen.getByRole('button', { name: C.newProduct, hidden: true }).hasAttribute('disabled'), 'Add held').toBe(busy);
    for (const p of context.products)
      expect(screen.getByRole('button', { name: C.deleteLabel(p.name), hidden: true }).hasAttribute('disabled'), 'Delete held').toBe(busy);
    const editing = context.editing;
    expect(dialog() !== null, 'the edit dialog').toBe(editing !== null);
    if (editing) {
      const d = dialog()!;
      expect((within(d).getByRole('textbox', { name: C.code }) as HTMLInputElement).value, 'the code').toBe(editing.form.code);
      if (editing.target.kind === 'product') {
        expect((within(d).getByRole('textbox', { name: C.productName }) as HTMLInputElement).value, 'the name').toBe(editing.form.name);
        expect((within(d).getByRole('textbox', { name: C.unitPrice }) as HTMLInputElement).value, 'the price').toBe(editing.form.price);
      }
      expect(within(d).queryByRole('alert')?.textContent ?? null, 'the refusal').toBe(context.message);
      expect(within(d).getByRole('button', { name: C.save }).hasAttribute('disabled'), 'save offered').toBe(!catalogue.canSave(snapshot));
    } else {
      const products = document.querySelector<HTMLElement>('[data-billing-products]')!;
      expect(within(products).queryByRole('alert')?.textContent ?? null, 'the refusal').toBe(context.message);
    }
  },
});
