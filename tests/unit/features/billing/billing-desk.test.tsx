// @vitest-environment happy-dom
// The staff billing desk (/billing, issue 34): the documents still due first, each with its number
// (a draft as "Draft #id"), client, date, status, total and balance due in ₹ with Indian grouping;
// each links to its page; another status filter reads the list again; a failed read offers Retry.
// The online payments held for reception above them, each with its document; "New invoice" finds
// the client and opens the manual draft made for them (for those who bill).
import type { Role } from '../../../../machines/guard/roles.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BillingDeskPage } from '../../../../src/features/billing/billing-desk-page.tsx';
import { BILLING_TEXT as T, formatPaise } from '../../../../src/features/billing/billing-texts.ts';
import { page, renderPage, type Sent } from '../discovery/render.tsx';
import { HELD } from '../../machines/billing/new-invoice.model.ts';

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

function mount(answer?: (r: Sent) => [number, unknown] | undefined, role: Role = 'RECEPTION') {
  return renderPage(<BillingDeskPage />, {
    path: '/billing',
    role,
    answer: (r) =>
      answer?.(r) ??
      (r.path === '/billing/payment-flags' ? [200, []] : undefined) ??
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
    expect(sent.find((r) => r.path === '/billing/documents')!.query.getAll('status')).toEqual(['issued', 'partially_paid']);
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
    mount((r) => (r.path !== '/billing/documents' ? undefined : fail ? [500, { detail: 'Server error.' }] : [200, { count: 0, results: [] }]));
    const retry = await screen.findByRole('button', { name: T.retry });
    screen.getByText(new RegExp(T.deskFailed));
    fail = false;
    await act(async () => fireEvent.click(retry));
    await screen.findByText(T.deskEmpty);
  });

  it('shows a draft as a draft, without a number', async () => {
    mount((r) => (r.path === '/billing/documents' ? [200, { count: 1, results: [summary(3, 'draft', null, 45_000, 45_000)] }] : undefined));
    const link = await screen.findByRole('link', { name: `${T.draftNumber} #3` });
    expect(link.getAttribute('href')).toBe('/billing/documents/3');
    await waitFor(() => screen.getByText(T.status.draft));
  });
});

describe('held online payments', () => {
  it('lists what the gateway reported and was not recorded: when, paid against expected, why, and the document', async () => {
    const { sent } = mount((r) => (r.path === '/billing/payment-flags' ? [200, [HELD]] : undefined));
    const table = await screen.findByRole('table', { name: T.heldTitle });
    const row = within(table.querySelector('[data-held="3"]') as HTMLElement);
    expect(row.getByRole('link', { name: 'INV/26-27/00042' }).getAttribute('href')).toBe('/billing/documents/7');
    row.getByText('₹500.00');
    row.getByText('₹680.00');
    row.getByText(T.heldReason.amount_mismatch);
    row.getByText('pay_Q1w2e3r4');
    for (const column of Object.values(T.heldColumns)) within(table).getByRole('columnheader', { name: column });
    screen.getByText(T.heldHelp);
    expect(sent.filter((r) => r.path === '/billing/payment-flags')).toHaveLength(1);
  });

  it('shows nothing while none are held, and offers Retry when they cannot be read', async () => {
    mount();
    await screen.findByRole('table', { name: T.deskTitle });
    expect(screen.queryByText(T.heldTitle)).toBeNull();
    cleanup();
    let fail = true;
    mount((r) => (r.path === '/billing/payment-flags' ? (fail ? [500, { detail: 'Server error.' }] : [200, [HELD]]) : undefined));
    await screen.findByText(new RegExp(T.heldFailed));
    fail = false;
    const retries = screen.getAllByRole('button', { name: T.retry });
    await act(async () => fireEvent.click(retries[0]));
    await screen.findByRole('table', { name: T.heldTitle });
  });
});

describe('New invoice', () => {
  it('finds the client by name, makes a manual draft for them and opens it', async () => {
    const { sent, location } = mount((r) => {
      if (r.path === '/users/users')
        return [200, page([{ id: 21, first_name: 'Meera', last_name: 'Iyer', phone_number: '+919800000001', email: 'm@x.in', role: 'CLIENT' }])];
      if (r.method === 'POST' && r.path === '/billing/documents') return [201, { id: 9 }];
      return undefined;
    });
    await screen.findByRole('table', { name: T.deskTitle });
    fireEvent.click(screen.getByRole('button', { name: T.newInvoice }));
    const dialog = await screen.findByRole('dialog', { name: T.newInvoice });
    const create = within(dialog).getByRole('button', { name: T.createDraft });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(T.clientSearch), { target: { value: 'Meera' } });
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: 'Meera Iyer · +919800000001' }, { timeout: 3000 })));
    const search = sent.find((r) => r.path === '/users/users')!;
    expect(search.query.get('search')).toBe('Meera');
    expect(search.query.get('role')).toBe('CLIENT');
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(create));
    await waitFor(() => expect(location.history.at(-1)).toBe('/billing/documents/9'));
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ from: 'manual', client: 21 });
  });

  it('says why a draft could not be made, and is not offered to a SUPER_ADMIN, who reads', async () => {
    mount((r) => {
      if (r.path === '/users/users')
        return [200, page([{ id: 21, first_name: 'Meera', last_name: 'Iyer', phone_number: null, email: 'm@x.in', role: 'CLIENT' }])];
      if (r.method === 'POST') return [409, { detail: 'Save the billing settings first.' }];
      return undefined;
    });
    await screen.findByRole('table', { name: T.deskTitle });
    fireEvent.click(screen.getByRole('button', { name: T.newInvoice }));
    const dialog = await screen.findByRole('dialog', { name: T.newInvoice });
    fireEvent.change(within(dialog).getByLabelText(T.clientSearch), { target: { value: 'Mee' } });
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: 'Meera Iyer' }, { timeout: 3000 })));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: T.createDraft })));
    await within(dialog).findByText('Save the billing settings first.');
    cleanup();
    mount(undefined, 'SUPER_ADMIN');
    await screen.findByRole('table', { name: T.deskTitle });
    expect(screen.queryByRole('button', { name: T.newInvoice })).toBeNull();
  });
});
