// @vitest-environment happy-dom
// /user/invoices/{clientId} (issue 34): the client's own issued documents, one opened with its lines,
// taxes, total in words and payments, the UPI QR code of what is due; back from the gateway the
// document opens and is read again until it shows paid. The real page, hooks, chart and adapter;
// only the server is played.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyInvoicesPage } from '../../../../src/features/billing/my-invoices-page.tsx';
import { MY_INVOICES_TEXT as T, rupees } from '../../../../src/features/billing/portal-texts.ts';
import { DUE, OLDER, PAID, summaryOf, UPI } from '../../machines/billing/portal-billing-fixtures.ts';
import { page, renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const document_ = (d: typeof DUE) => ({
  ...d,
  client: 21,
  client_name: 'Meera Iyer',
  financial_year: '2026-27',
  source: { from: 'appointment', id: 3 },
  recipient: { name: 'Meera Iyer', address: null, gstin: null, state_code: null },
  place_of_supply_state_code: '27',
  refunded_paise: 0,
  refunds: [],
  credit_notes: [],
  credits: null,
  note: null,
  issued: null,
  created_at: '2026-11-20T05:00:00Z',
  updated_at: '2026-11-20T05:00:00Z',
});

/** The server; `gateway` false plays a clinic without PAYMENTS_PROVIDER (/config.json's onlinePayments). */
function mount(
  options: { path?: string; role?: 'CLIENT' | 'SUPER_ADMIN'; reads?: (typeof DUE)[]; upi?: 'none'; link?: [number, unknown]; gateway?: boolean } = {},
) {
  const reads = [...(options.reads ?? [DUE])];
  return renderPage(<MyInvoicesPage />, {
    path: options.path ?? '/user/invoices/21',
    route: '/user/invoices/:clientId',
    role: options.role ?? 'CLIENT',
    config: { onlinePayments: options.gateway ?? true },
    answer: (r: Sent) => {
      if (r.path === '/billing/documents') return [200, page([summaryOf(DUE), OLDER])];
      if (r.path === '/billing/documents/12') return [200, document_(reads.length > 1 ? reads.shift()! : reads[0])];
      if (r.path === '/billing/documents/12/payment-link' && r.method === 'POST')
        return (
          options.link ?? [
            201,
            {
              document: 12,
              link_id: 'plink_1',
              url: 'https://rzp.example/l/plink_1',
              amount_paise: 118_000,
              status: 'created',
              created_at: '2026-11-20T06:00:00Z',
            },
          ]
        );
      if (r.path === '/billing/documents/12/upi') return options.upi === 'none' ? [409, { detail: 'No UPI id is set.' }] : [200, UPI];
      return undefined;
    },
  });
}

describe('My invoices', () => {
  it("lists the client's documents with their number, status and what is due, asking for this client only", async () => {
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

  it("pays an open document online: the payment link, and the browser leaves for the gateway's page", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      const { sent } = mount();
      fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
      await act(async () => fireEvent.click(await screen.findByRole('button', { name: T.payOnline })));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://rzp.example/l/plink_1'));
      expect(sent.filter((r) => r.path === '/billing/documents/12/payment-link').map((r) => r.method)).toEqual(['POST']);
      expect(screen.getByText(T.payingOnline)).toBeTruthy();
    } finally {
      assign.mockRestore();
    }
  });

  it('offers no "Pay online" where the clinic has no gateway, only the UPI QR, and never asks for a payment link', async () => {
    const { sent } = mount({ gateway: false });
    fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
    await screen.findByRole('heading', { name: `${T.kind.invoice} ${DUE.number}` });
    expect(screen.getByRole('img', { name: T.upiQrLabel(rupees(118_000), UPI.note) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.payOnline })).toBeNull();
    expect(screen.queryByText(T.noGateway)).toBeNull();
    expect(sent.some((r) => r.path.endsWith('/payment-link'))).toBe(false);
  });

  it('takes "Pay online" away when the link still answers 404 (the gateway switched off since), keeping the UPI QR', async () => {
    mount({ link: [404, { detail: 'Not found.' }] });
    fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: T.payOnline })));
    expect(await screen.findByText(T.noGateway)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.payOnline })).toBeNull();
    expect(screen.getByRole('img', { name: T.upiQrLabel(rupees(118_000), UPI.note) })).toBeTruthy();
  });

  it('offers a SUPER_ADMIN reading the portal no payment', async () => {
    const { sent } = mount({ role: 'SUPER_ADMIN' });
    fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
    await screen.findByRole('heading', { name: `${T.kind.invoice} ${DUE.number}` });
    expect(screen.queryByRole('button', { name: T.payOnline })).toBeNull();
    expect(sent.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('opens a document: its lines, taxes, total in words, and the UPI QR of what is due', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: `${T.open} ${DUE.number}` }));
    await screen.findByRole('heading', { name: `${T.kind.invoice} ${DUE.number}` });
    expect(screen.getByText('HBOT session')).toBeTruthy();
    expect(screen.getByText(T.fromPackage('Recovery 10'), { exact: false })).toBeTruthy();
    expect(screen.getAllByText(`${T.cgst('9%')} ${rupees(9_000)}`, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText(T.inWords(DUE.totals.total_in_words))).toBeTruthy();
    expect(screen.getByText(T.noPayments)).toBeTruthy();
    const qr = screen.getByRole('img', { name: T.upiQrLabel(rupees(118_000), UPI.note) });
    expect(qr.getAttribute('data-upi-uri')).toBe(UPI.uri);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(screen.getByRole('link', { name: T.openUpiApp }).getAttribute('href')).toBe(UPI.uri);
    expect(screen.getByRole('button', { name: T.download })).toBeTruthy();
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
