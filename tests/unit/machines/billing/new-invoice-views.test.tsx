// @vitest-environment happy-dom
// "New invoice"'s model paths replayed on the billing desk (issue 33): the real /billing page for
// reception (who bills), the dialog's hook and adapter; the client search (after its pause, on the
// fake clock) and the draft settle as each path says (the desk's list and held payments are
// answered by the network: nothing there). Reception opens the dialog, types the client's name,
// picks them from the matches, creates the draft and cancels through the screen; what the screen
// does not offer (a press of the disabled Create draft, Cancel while the draft is made) is sent.
// After every step the screen shows what the chart holds: the dialog open or not, the matches
// offered, Create draft waiting for a client and busy while the draft is made, the server's refusal,
// and the opened draft's page once it is made.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { newInvoiceSelectors as invoice } from '../../../../machines/billing/selectors.ts';
import { BillingDeskPage } from '../../../../src/features/billing/billing-desk-page.tsx';
import { BILLING_TEXT as T } from '../../../../src/features/billing/billing-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './new-invoice.model.ts';

const dialog = () => screen.queryByRole('dialog', { name: T.newInvoice });
const field = () => within(dialog()!).getByLabelText(T.clientSearch) as HTMLInputElement;
const button = (name: string) => within(dialog()!).getByRole('button', { name });

/** Presses the button the screen offers; false when it is not there or waits. */
async function press(target: HTMLElement | null): Promise<boolean> {
  if (!target || target.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(target));
  return true;
}

describeReplayOnView('"New invoice"', {
  model,
  mount: (_, wrap) =>
    renderPage(wrap(<BillingDeskPage />), {
      path: '/billing',
      role: 'RECEPTION',
      answer: (r) => (r.path === '/billing/documents' ? [200, { count: 0, results: [] }] : r.path === '/billing/payment-flags' ? [200, []] : undefined),
    }),
  drive: async (event, _view, actor) => {
    if (event.type === 'invoice.new') return press(screen.getByRole('button', { name: T.newInvoice }));
    if (!dialog()) return false;
    const snapshot = actor.getSnapshot();
    switch (event.type) {
      case 'invoice.search':
        // The field sends only a change: text already there is cleared first (the chart keeps the last text).
        if (field().value === event.text) await step(() => fireEvent.change(field(), { target: { value: '' } }));
        await step(() => fireEvent.change(field(), { target: { value: event.text } }));
        return true;
      case 'invoice.client': {
        // MUI reports no change for the option already chosen: that pick is sent as the field would.
        if (invoice.client(snapshot)?.id === event.client.id) return false;
        await step(() => fireEvent.keyDown(field(), { key: 'ArrowDown' }));
        await step(() => fireEvent.click(screen.getByRole('option', { name: event.client.label })));
        return true;
      }
      case 'invoice.create':
        return press(button(invoice.isCreating(snapshot) ? T.creating : T.createDraft));
      case 'invoice.cancel':
        return press(button('Cancel'));
    }
    return false;
  },
  expectScreen: (snapshot, view) => {
    const draft = invoice.draft(snapshot);
    if (draft !== null) {
      expect(view.location.history?.at(-1), 'the draft opened').toBe(`/billing/documents/${draft}`);
      return;
    }
    expect(dialog() !== null, 'the dialog').toBe(invoice.isOpen(snapshot));
    if (!dialog()) return;
    const creating = invoice.isCreating(snapshot);
    const create = button(creating ? T.creating : T.createDraft);
    expect(create.hasAttribute('disabled'), 'Create draft waits').toBe(creating || !invoice.hasClient(snapshot));
    expect(button('Cancel').hasAttribute('disabled'), 'Cancel held while the draft is made').toBe(creating);
    expect(within(dialog()!).queryByRole('alert')?.textContent ?? null, 'the refusal').toBe(invoice.error(snapshot));
    const client = invoice.client(snapshot);
    // The field shows the client picked (or what was typed since), else what was typed.
    expect(client ? [client.label, snapshot.context.text] : [snapshot.context.text], 'the field').toContain(field().value);
    const listbox = screen.queryByRole('listbox');
    if (listbox && !invoice.isSearching(snapshot)) {
      const offered = within(listbox)
        .queryAllByRole('option')
        .map((o) => o.textContent);
      expect(offered, 'the matches offered').toEqual(invoice.results(snapshot).map((r) => r.label));
    }
  },
});
