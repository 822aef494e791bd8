// @vitest-environment happy-dom
// The client balance and "Bill this visit" charts replayed on the appointment panel's billing slot
// (issue 33): the real AppointmentBilling for reception on a checked-in appointment. Retry and the
// bill button are pressed on the screen; after every step the slot shows what the chart says: the
// balance chips and open documents, the load failure with Retry, the button busy while the draft
// starts, the server's refusal, or the opened draft.
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { AppointmentBilling } from '../../../../src/features/billing/index.ts';
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

describeReplayOnView('the client balance', {
  model: balanceModel,
  mount: (_, wrap) => mount(wrap),
  drive: (event) => event.type === 'balance.retry' && press(T.retry),
  expectScreen: (snapshot) => {
    const slot = screen.queryByTestId('client-balance');
    const failed = snapshot.matches('failed');
    expect(slot !== null && within(slot).queryByText(T.balanceFailed) !== null, 'the failure').toBe(failed);
    const balance = snapshot.context.balance;
    if (failed || !balance) return;
    expect(within(slot!).getByText(T.balanceDue(formatPaise(balance.unpaid_paise)))).toBeTruthy();
    expect(within(slot!).queryByText(T.advanceHeld(formatPaise(balance.unused_advance_paise))) !== null).toBe(balance.unused_advance_paise > 0);
    expect(
      within(slot!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(balance.open_documents.map((d: { number: string; balance_paise: number }) => T.creditLink(d.number, formatPaise(d.balance_paise))));
  },
});

describeReplayOnView('"Bill this visit"', {
  model: billVisitModel,
  mount: (_, wrap) => mount(wrap),
  drive: (event) => event.type === 'bill.start' && press(T.billVisit),
  expectScreen: (snapshot, view) => {
    const creating = snapshot.matches('creating');
    if (snapshot.status === 'done') {
      expect(view.location.history?.at(-1)).toBe(`/billing/documents/${snapshot.context.draft}`);
      return;
    }
    const button = document.querySelector('[data-action="bill-visit"]')!;
    expect(button.textContent).toBe(creating ? T.billing : T.billVisit);
    expect(button.hasAttribute('disabled')).toBe(creating);
    expect(screen.queryByRole('alert')?.textContent ?? null).toBe(snapshot.context.error);
  },
});
