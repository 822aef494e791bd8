// @vitest-environment happy-dom
// The client balance and "Bill this visit" charts replayed on the appointment panel's billing slot
// (issue 33): the real AppointmentBilling for reception on a checked-in appointment. Retry and the
// bill button are pressed on the screen; after every step the slot shows what the chart says: the
// balance chips and open documents, the load failure with Retry, the button busy while the draft
// starts, the server's refusal, or the opened draft.
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { billVisitSelectors as billVisit, clientBalanceSelectors as balanceOf } from '../../../../machines/billing/selectors.ts';
import { AppointmentBilling, ClientBalance } from '../../../../src/features/billing/index.ts';
import { BILLING_TEXT as T, formatPaise } from '../../../../src/features/billing/billing-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { balanceModel, billVisitModel } from './client-billing.model.ts';

const APPOINTMENT = { id: 31, client: 21, status: 'checked_in' };

const mount = (wrap: (page: ReactNode) => ReactNode) =>
  renderPage(wrap(<AppointmentBilling appointment={APPOINTMENT} />), { path: '/appointments', role: 'RECEPTION', answer: () => undefined });

const press = async (name: string) => {
  const button = screen.queryByRole('button', { name });
  if (button && !button.hasAttribute('disabled')) await step(() => fireEvent.click(button));
  return !!button;
};

const dialog = () => document.querySelector<HTMLElement>('[aria-labelledby="billing-advance-title"]');
const type = (label: string, value: string) => step(() => fireEvent.change(within(dialog()!).getByLabelText(label), { target: { value } }));

describeReplayOnView('the client balance', {
  model: balanceModel,
  mount: (path, wrap) =>
    renderPage(wrap(<ClientBalance client={21} />), {
      path: '/appointments',
      role: path.spec.name === 'reception' ? 'RECEPTION' : 'DOCTOR',
      answer: () => undefined,
    }),
  drive: async (event) => {
    if (event.type === 'balance.retry') return press(T.retry);
    if (event.type === 'advance.open') return press(T.takeAdvance);
    if (!dialog()) return false;
    if (event.type === 'advance.set') await type(event.field === 'amount' ? T.advanceAmount : T.cardReference, event.value);
    else if (event.type === 'advance.method') await step(() => fireEvent.click(within(dialog()!).getByRole('button', { name: T.method[event.method] })));
    else if (event.type === 'advance.gst') {
      await step(() => fireEvent.mouseDown(within(dialog()!).getByRole('combobox', { name: T.advanceGst })));
      await step(() => fireEvent.click(screen.getByRole('option', { name: T.rateOption(Number(event.gst)) })));
    } else if (event.type === 'advance.submit') await step(() => fireEvent.click(within(dialog()!).getByRole('button', { name: T.issueReceipt })));
    else if (event.type === 'advance.close') await step(() => fireEvent.click(within(dialog()!).getByRole('button', { name: T.close })));
    else return false;
    return true;
  },
  expectScreen: (snapshot) => {
    const slot = screen.queryByTestId('client-balance');
    const failed = balanceOf.isFailed(snapshot);
    expect(slot !== null && within(slot).queryByText(T.balanceFailed) !== null, 'the failure').toBe(failed);
    const balance = snapshot.context.balance;
    const open = balanceOf.advancing(snapshot);
    expect(dialog() !== null, 'the advance form').toBe(open);
    if (failed || !balance) return;
    expect(within(slot!).getByText(T.balanceDue(formatPaise(balance.unpaid_paise)))).toBeTruthy();
    expect(within(slot!).queryByText(T.advanceHeld(formatPaise(balance.unused_advance_paise))) !== null).toBe(balance.unused_advance_paise > 0);
    expect(within(slot!).queryByRole('button', { name: T.takeAdvance }) !== null, 'Take advance').toBe(balanceOf.canOpenAdvance(snapshot));
    expect(within(slot!).queryByText(snapshot.context.issued ? T.advanceIssued(snapshot.context.issued.number) : '\u0000') !== null, 'the receipt').toBe(
      snapshot.context.issued !== null,
    );
    if (open) {
      const form = snapshot.context.form;
      expect((within(dialog()!).getByLabelText(T.advanceAmount) as HTMLInputElement).value).toBe(form.amount);
      expect(within(dialog()!).getByRole('button', { name: T.method[form.method] }).getAttribute('aria-pressed')).toBe('true');
      expect(within(dialog()!).queryByRole('alert')?.textContent ?? null).toBe(snapshot.context.formError);
      expect(within(dialog()!).getByRole('button', { name: balanceOf.taking(snapshot) ? T.saving : T.issueReceipt })).toBeTruthy();
    }
  },
});

describeReplayOnView('"Bill this visit"', {
  model: billVisitModel,
  mount: (_, wrap) => mount(wrap),
  drive: (event) => event.type === 'bill.start' && press(T.billVisit),
  expectScreen: (snapshot, view) => {
    const creating = billVisit.isCreating(snapshot);
    if (snapshot.status === 'done') {
      expect(view.location.history?.at(-1)).toBe(`/billing/documents/${snapshot.context.draft}`);
      return;
    }
    const button = document.querySelector('[data-action="bill-visit"]')!;
    expect(button.textContent).toBe(creating ? T.billing : T.billVisit);
    expect(button.hasAttribute('disabled')).toBe(creating);
    expect(screen.queryByRole('alert')?.textContent ?? null).toBe(billVisit.error(snapshot));
  },
});
