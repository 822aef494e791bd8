// @vitest-environment happy-dom
// The staff billing desk (/billing, issue 34): the documents still due first, each with its number
// (a draft as "Draft #id"), client, date, status, total and balance due in ₹ with Indian grouping;
// each links to its page; another status filter reads the list again; a failed read offers Retry.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BillingDeskPage } from '../../../../src/features/billing/billing-desk-page.tsx';
import { BILLING_TEXT as T, formatPaise } from '../../../../src/features/billing/billing-texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const summary = (id: number, status: string, number: string | null, total: number, balance: number) => ({
  id,
  client: 21,
  client_name: 'Meera Iyer',
  kind: 'invoice',
  status,
  number,
  issued_on: number ? '2026-11-27' : null,
  total_paise: total,
  balance_paise: balance,
  created_at: '2026-11-26T06:00:00Z',
});

function mount(answer?: (r: Sent) => [number, unknown] | undefined) {
  return renderPage(<BillingDeskPage />, {
    path: '/billing',
    role: 'RECEPTION',
    answer: (r) =>
      answer?.(r) ??
      (r.query.getAll('status').includes('paid')
        ? [200, { count: 1, results: [summary(9, 'paid', 'INV/26-27/00041', 118_000, 0)] }]
        : [
            200,
            {
              count: 2,
              results: [summary(7, 'partially_paid', 'INV/26-27/00042', 11_800_050, 6_800_000), summary(8, 'issued', 'BOS/26-27/00003', 50_000, 50_000)],
            },
          ]),
  });
}

describe('billing desk', () => {
  it('lists the documents still due with their number, client, status, total and balance in rupees', async () => {
    const { sent } = mount();
    const table = await screen.findByRole('table', { name: T.deskTitle });
    expect(sent[0].path).toBe('/billing/documents');
    expect(sent[0].query.getAll('status')).toEqual(['issued', 'partially_paid']);
    const row = within(table.querySelector('[data-document="7"]') as HTMLElement);
    expect(row.getByRole('link', { name: 'INV/26-27/00042' }).getAttribute('href')).toBe('/billing/documents/7');
    row.getByText('Meera Iyer');
    row.getByText(T.status.partially_paid);
    row.getByText('₹1,18,000.50');
    row.getByText(formatPaise(6_800_000));
    expect(formatPaise(6_800_000)).toBe('₹68,000.00');
    for (const column of Object.values(T.columns).filter((c) => c !== T.columns.kind)) within(table).getByRole('columnheader', { name: column });
    screen.getByText(T.deskCount(2, 2));
  });

  it('reads the list again for another status', async () => {
    const { sent } = mount();
    await screen.findByRole('table', { name: T.deskTitle });
    fireEvent.mouseDown(screen.getByLabelText(T.filter));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: T.filters.paid })));
    await screen.findByRole('link', { name: 'INV/26-27/00041' });
    expect(sent.at(-1)!.query.getAll('status')).toEqual(['paid']);
    expect(screen.queryByText('INV/26-27/00042')).toBeNull();
  });

  it('says when there is nothing, and offers Retry when the list cannot be read', async () => {
    let fail = true;
    mount(() => (fail ? [500, { detail: 'Server error.' }] : [200, { count: 0, results: [] }]));
    const retry = await screen.findByRole('button', { name: T.retry });
    screen.getByText(new RegExp(T.deskFailed));
    fail = false;
    await act(async () => fireEvent.click(retry));
    await screen.findByText(T.deskEmpty);
  });

  it('shows a draft as a draft, without a number', async () => {
    mount(() => [200, { count: 1, results: [summary(3, 'draft', null, 45_000, 45_000)] }]);
    const link = await screen.findByRole('link', { name: `${T.draftNumber} #3` });
    expect(link.getAttribute('href')).toBe('/billing/documents/3');
    await waitFor(() => screen.getByText(T.status.draft));
  });
});
