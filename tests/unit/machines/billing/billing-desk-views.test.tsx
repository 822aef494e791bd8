// @vitest-environment happy-dom
// The billing desk chart's model paths replayed on /billing (issue 33): the real desk page for
// reception, its hook and adapter; the chart's list reads settle as each path says (the held
// payments and "New invoice" beside it are their own charts, answered by the network here: none
// held). Retry and the status filter are used through the page; a filter the page does not offer
// (while the list is read) is sent. After every step the desk shows what the chart holds: the
// progress while reading with the filter held, the failure with its reason and Retry, or one row
// per document with the count, under the filter the chart has.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { billingDeskSelectors as desk } from '../../../../machines/billing/selectors.ts';
import { BillingDeskPage } from '../../../../src/features/billing/billing-desk-page.tsx';
import { BILLING_TEXT as T } from '../../../../src/features/billing/billing-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './billing-desk.model.ts';

const filterField = () => screen.getByRole('combobox', { name: T.filter });
const failure = () => screen.queryAllByRole('alert').find((a) => a.textContent?.includes(T.deskFailed)) ?? null;

describeReplayOnView('the billing desk', {
  model,
  mount: (_, wrap) =>
    renderPage(wrap(<BillingDeskPage />), {
      path: '/billing',
      role: 'RECEPTION',
      answer: (r) => (r.path === '/billing/payment-flags' ? [200, []] : undefined),
    }),
  drive: async (event) => {
    if (event.type === 'desk.retry') {
      const alert = failure();
      if (!alert) return false;
      await step(() => fireEvent.click(within(alert).getByRole('button', { name: T.retry })));
      return true;
    }
    if (event.type === 'desk.filter') {
      if (filterField().getAttribute('aria-disabled') === 'true') return false;
      await step(() => fireEvent.mouseDown(filterField()));
      await step(() => fireEvent.click(screen.getByRole('option', { name: T.filters[event.filter as keyof typeof T.filters] })));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const loading = desk.isLoading(snapshot);
    expect(screen.queryByRole('progressbar', { name: T.deskTitle }) !== null, 'the progress').toBe(loading);
    expect(filterField().textContent, 'the filter shown').toBe(T.filters[desk.filter(snapshot)]);
    expect(filterField().getAttribute('aria-disabled') === 'true', 'the filter held while reading').toBe(loading);
    const alert = failure();
    expect(alert !== null, 'the failure').toBe(desk.isFailed(snapshot));
    if (alert) {
      expect(alert.textContent).toContain(desk.error(snapshot)!);
      within(alert).getByRole('button', { name: T.retry });
    }
    const table = screen.queryByRole('table', { name: T.deskTitle });
    const documents = desk.documents(snapshot);
    expect(table !== null, 'the list').toBe(desk.isReady(snapshot) && documents.length > 0);
    expect(screen.queryByText(T.deskEmpty) !== null, 'nothing here').toBe(desk.isReady(snapshot) && documents.length === 0);
    if (table) {
      expect([...table.querySelectorAll('[data-document]')].map((row) => Number(row.getAttribute('data-document')))).toEqual(documents.map((d) => d.id));
      screen.getByText(T.deskCount(documents.length, desk.count(snapshot)));
    }
  },
});
