// @vitest-environment happy-dom
// /user/invoices/{clientId} (issue 34): the client's own issued documents, one opened with its lines,
// taxes, total in words and payments, the UPI QR code of what is due; back from the gateway the
// document opens and is read again until it shows paid. The real page, hooks, chart and adapter;
// only the server is played.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MyInvoicesPage } from '../../../../src/features/billing/my-invoices-page';
import { MY_INVOICES_TEXT as T, rupees } from '../../../../src/features/billing/portal-texts';
import { DUE, OLDER, PAID, summaryOf, UPI } from '../../machines/billing/billing-fixtures';
import { page, renderPage, type Sent } from '../discovery/render';

afterEach(cleanup);

const document_ = (d: typeof DUE) => ({ ...d, client: 21, client_name: 'Meera Iyer', financial_year: '2026-27', source: { from: 'appointment', id: 3 }, recipient: { name: 'Meera Iyer', address: null, gstin: null, state_code: null }, place_of_supply_state_code: '27', refunded_paise: 0, refunds: [], credit_notes: [], credits: null, note: null, issued: null, created_at: '2026-11-20T05:00:00Z', updated_at: '2026-11-20T05:00:00Z' });

function mount(options: { path?: string; role?: 'CLIENT' | 'SUPER_ADMIN'; reads?: (typeof DUE)[]; upi?: 'none' } = {}) {
  const reads = [...(options.reads ?? [DUE])];
  return renderPage(<MyInvoicesPage />, {
    path: options.path ?? '/user/invoices/21',
    route: '/user/invoices/:clientId',
    role: options.role ?? 'CLIENT',
    answer: (r: Sent) => {
      if (r.path === '/billing/documents') return [200, page([summaryOf(DUE), OLDER])];
      if (r.path === '/billing/documents/12') return [200, document_(reads.length > 1 ? reads.shift()! : reads[0])];
      if (r.path === '/billing/documents/12/upi') return options.upi === 'none' ? [409, { detail: 'No UPI id is set.' }] : [200, UPI];
      return undefined;
    },
  });
}

describe('My invoices', () => {
  it('lists the client\'s documents with their number, status and what is due, asking for this client only', async () => {
    const { sent } = mount();
    const list = await screen.findByRole('list', { name: T.listLabel });
    const due = within(list).getByText(DUE.number!).closest('[data-invoice]')!;
    expect(due.textContent).toContain(T.statusName.issued);
    expect(due.textContent).toContain(`${T.due}: ${rupees(118_000)}`);
    const older = within(list).getByText(OLDER.number!).closest('[data-invoice]')!;
    expect(older.textContent).toContain(T.statusName.paid);
    expect(older.textContent).not.toContain(T.due);
    expect(sent.find((r) => r.path === '/billing/documents')!.query.get('client')).toBe('21');
  });

  it('opens a document: its lines, taxes, total in words, and the UPI QR of what is due; no online payment without a gateway', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
    await screen.findByRole('heading', { name: `${T.kind.invoice} ${DUE.number}` });
    expect(screen.getByText('HBOT session')).toBeTruthy();
    expect(screen.getByText(T.fromPackage('Recovery 10'), { exact: false })).toBeTruthy();
    expect(screen.getAllByText(`${T.cgst('9%')} ${rupees(9_000)}`, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText(T.inWords(DUE.totals.total_in_words))).toBeTruthy();
    expect(screen.getByText(T.noPayments)).toBeTruthy();
    const qr = screen.getByRole('img', { name: T.upiQrLabel(rupees(118_000), UPI.note) });
    expect(qr.getAttribute('data-upi-qr')).toBe(UPI.uri);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(screen.getByRole('link', { name: T.openUpiApp }).getAttribute('href')).toBe(UPI.uri);
    expect(screen.queryByRole('button', { name: T.payOnline })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.back }));
    await screen.findByRole('list', { name: T.listLabel });
  });

  it('shows a paid document with its payments and no QR code', async () => {
    mount({ reads: [PAID] });
    fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
    await screen.findByRole('heading', { name: `${T.kind.invoice} ${DUE.number}` });
    expect(document.querySelector('[data-payment="5"]')!.textContent).toContain(T.method.online);
    expect(screen.queryByRole('img', { name: /UPI QR/ })).toBeNull();
    expect(document.querySelector('[data-pay-panel]')).toBeNull();
  });

  it('back from the gateway, opens the document and reads it again until it shows paid', async () => {
    const { sent } = mount({ path: '/user/invoices/21?document=12', reads: [DUE, PAID] });
    await screen.findByText(T.confirming);
    await waitFor(() => expect(document.querySelector('[data-document="12"]')!.getAttribute('data-status')).toBe('paid'), { timeout: 5000 });
    expect(sent.filter((r) => r.path === '/billing/documents/12')).toHaveLength(2);
    expect(screen.queryByText(T.notYetPaid)).toBeNull();
    // Back in the list, the document shows what it is now.
    fireEvent.click(screen.getByRole('button', { name: T.back }));
    const list = await screen.findByRole('list', { name: T.listLabel });
    expect(within(list).getByText(DUE.number!).closest('[data-invoice]')!.getAttribute('data-status')).toBe('paid');
  });

  it('says when a document could not be opened', async () => {
    const { sent } = mount({ upi: 'none' });
    const open = await screen.findByRole('button', { name: `${T.open} ${DUE.number}` });
    // No UPI id set: the document opens without the QR code.
    fireEvent.click(open);
    await screen.findByRole('heading', { name: `${T.kind.invoice} ${DUE.number}` });
    expect(screen.queryByRole('img', { name: /UPI QR/ })).toBeNull();
    expect(sent.some((r) => r.path === '/billing/documents/12/upi')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: T.back }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${OLDER.number}` })));
    expect(await screen.findByText(T.openFailed)).toBeTruthy();
  });

  it('lays the lines out as stacked cards on a 360 px phone', async () => {
    const happy = (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM;
    happy.setViewport({ width: 360, height: 740 });
    try {
      mount();
      fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
      await screen.findByRole('heading', { name: `${T.kind.invoice} ${DUE.number}` });
      expect(document.querySelector('li[data-line="1"]')).not.toBeNull();
      expect(screen.queryByRole('table', { name: T.lines })).toBeNull();
    } finally {
      happy.setViewport({ width: 1024, height: 768 });
    }
  });
});
