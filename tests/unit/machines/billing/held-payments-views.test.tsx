// @vitest-environment happy-dom
// The held online payments chart's model paths replayed on the billing desk (issue 33): the real
// /billing page for reception, the held payments' hook and adapter; their reads settle as each path
// says (the desk's own list is answered by the network: nothing there). Retry is pressed on the
// screen. After every step the desk shows what the chart holds: nothing while they are read, the
// failure with its reason and Retry, or the section with one row per held payment, its document's
// link, the amount against the one expected and why it was held.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { heldPaymentsSelectors as held } from '../../../../machines/billing/selectors.ts';
import { BillingDeskPage } from '../../../../src/features/billing/billing-desk-page.tsx';
import { BILLING_TEXT as T, formatPaise } from '../../../../src/features/billing/billing-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { heldModel } from './new-invoice.model.ts';

const failure = () => screen.queryAllByRole('alert').find((a) => a.textContent?.includes(T.heldFailed)) ?? null;

describeReplayOnView('the held online payments', {
  model: heldModel,
  mount: (_, wrap) =>
    renderPage(wrap(<BillingDeskPage />), {
      path: '/billing',
      role: 'RECEPTION',
      answer: (r) => (r.path === '/billing/documents' ? [200, { count: 0, results: [] }] : undefined),
    }),
  drive: async (event) => {
    const alert = failure();
    if (event.type !== 'held.retry' || !alert) return false;
    await step(() => fireEvent.click(within(alert).getByRole('button', { name: T.retry })));
    return true;
  },
  expectScreen: (snapshot) => {
    const alert = failure();
    expect(alert !== null, 'the failure').toBe(held.isFailed(snapshot));
    if (alert) expect(alert.textContent).toContain(held.error(snapshot)!);
    const section = screen.queryByRole('region', { name: T.heldTitle });
    expect(section !== null, 'the held payments').toBe(held.shows(snapshot));
    if (!section) return;
    within(section).getByText(T.heldHelp);
    const rows = [...section.querySelectorAll<HTMLElement>('[data-held]')];
    expect(rows.map((row) => Number(row.dataset.held))).toEqual(held.held(snapshot).map((h) => h.id));
    held.held(snapshot).forEach((h, i) => {
      const row = within(rows[i]);
      if (h.document !== null)
        expect(row.getByRole('link', { name: h.number ?? `${T.draftNumber} #${h.document}` }).getAttribute('href')).toBe(`/billing/documents/${h.document}`);
      row.getByText(formatPaise(h.amount_paise));
      if (h.expected_paise !== null) row.getByText(formatPaise(h.expected_paise));
      row.getByText(T.heldReason[h.reason]);
      row.getByText(h.payment_id);
    });
  },
});
