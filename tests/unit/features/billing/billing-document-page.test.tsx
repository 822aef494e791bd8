// @vitest-environment happy-dom
// One billing document for staff (/billing/documents/:id, issue 34). A draft shows its lines with
// SAC/HSN, taxable value, CGST and SGST at their rates, the total in figures and in words; reception
// adds a product and saves the draft (the whole list of lines), then issues it. An issued document
// partly paid takes the rest in cash with the change shown, or by UPI from a QR code with its UTR;
// a credit note reverses a line; while it is due it is read again, so a payment made online shows
// without reloading. SUPER_ADMIN reads and is offered no action.
import type { Role } from '../../../../machines/guard/roles.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillingDocumentPage } from '../../../../src/features/billing/billing-document-page.tsx';
import { BILLING_TEXT as T, formatPaise } from '../../../../src/features/billing/billing-texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';
import { ADVANCES, DRAFT, ISSUED, PAID, PART_PAID, PRODUCTS, RATES, TILLS as TWO_TILLS } from '../../machines/billing/billing-fixtures.ts';
import { TILLS } from '../../machines/billing/portal-billing-fixtures.ts';
import type { BillingDoc } from '../../../../machines/billing/billing-document-machine.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SETTINGS = { gst_rates_bp: RATES };
const UPI = {
  uri: 'upi://pay?pa=clinic%40okicici&pn=Thrive%20Clinic&am=680.00&cu=INR&tn=INV%2F26-27%2F00042',
  amount_paise: 68_000,
  payee_vpa: 'clinic@okicici',
  payee_name: 'Thrive Clinic',
  note: 'INV/26-27/00042',
};

/** The server: the document as it is now (`docs` in turn for each read), and what each act answers. */
function mount(docs: BillingDoc[], options: { role?: Role; tills?: unknown[]; acts?: (r: Sent) => [number, unknown] | undefined } = {}) {
  let reads = 0;
  return renderPage(<BillingDocumentPage />, {
    path: '/billing/documents/7',
    route: '/billing/documents/:id',
    role: options.role ?? 'RECEPTION',
    answer: (r) => {
      const acted = options.acts?.(r);
      if (acted) return acted;
      if (r.method === 'GET' && r.path === '/billing/documents/7') return [200, docs[Math.min(reads++, docs.length - 1)]];
      if (r.path === '/billing/products') return [200, PRODUCTS];
      if (r.path === '/billing/settings') return [200, SETTINGS];
      if (r.path === '/billing/tills') return [200, options.tills ?? TILLS];
      if (r.path === '/billing/documents/7/upi') return [200, UPI];
      return undefined;
    },
  });
}

const button = (name: string) => screen.getByRole('button', { name });

describe('a draft', () => {
  it('shows its lines with SAC/HSN, taxable value, CGST and SGST at half the rate, and the total in figures and words', async () => {
    mount([DRAFT]);
    const table = await screen.findByRole('table', { name: T.lines });
    screen.getByRole('heading', { name: T.documentTitle(T.kind.invoice, null) });
    const row = within(table.querySelector('[data-line="line-1"]') as HTMLElement);
    row.getByText('999312');
    // The unit price and the taxable value.
    expect(row.getAllByText('₹1,000.00')).toHaveLength(2);
    expect(row.getAllByText(T.taxAt('₹90.00', 900))).toHaveLength(2);
    row.getByText('₹1,180.00');
    for (const column of [T.lineColumns.code, T.lineColumns.taxable, T.lineColumns.cgst, T.lineColumns.sgst])
      within(table).getByRole('columnheader', { name: column });
    expect(within(table).queryByRole('columnheader', { name: T.lineColumns.igst })).toBeNull();
    expect(screen.getByTestId('billing-total').textContent).toBe('₹1,180.00');
    screen.getByText(T.inWords(DRAFT.totals.total_in_words));
    screen.getByText(T.placeOfSupply('29', 'Karnataka'));
  });

  it('adds a product, saves the whole list of lines, and issues only once saved', async () => {
    const { sent } = mount([DRAFT], {
      acts: (r) => {
        if (r.method === 'PATCH')
          return [200, { ...DRAFT, lines: [...DRAFT.lines, { ...DRAFT.lines[0], id: 2, origin: 'product', description: PRODUCTS[0].name, product: 5 }] }];
        if (r.method === 'POST' && r.path === '/billing/documents/7/issue') return [200, ISSUED];
        return undefined;
      },
    });
    await screen.findByRole('table', { name: T.lines });
    expect((button(T.saveDraft) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(screen.getByLabelText(T.product));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: T.productOption(PRODUCTS[0].name, '₹450.00') })));
    // The inactive product is not offered.
    expect(screen.queryByText(new RegExp(PRODUCTS[1].name))).toBeNull();
    screen.getByText(T.unsaved);
    expect((button(T.issue) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(T.discountOf(PRODUCTS[0].name)), { target: { value: '50' } });
    await act(async () => fireEvent.click(button(T.saveDraft)));
    await screen.findByText(T.done.save);
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({
      lines: [
        { line: 1, quantity: 1, discount_paise: 0 },
        { product: 5, quantity: 1, discount_paise: 5_000 },
      ],
    });
    await act(async () => fireEvent.click(button(T.issue)));
    await screen.findByRole('heading', { name: T.documentTitle(T.kind.invoice, 'INV/26-27/00042') });
    expect(screen.getByTestId('billing-status').textContent).toBe(T.status.issued);
    screen.getByText(T.done.issue);
  });

  it('refuses a quantity that is not a whole number, and says why the server refused an act', async () => {
    mount([DRAFT], { acts: (r) => (r.method === 'DELETE' ? [409, { detail: 'This document was issued meanwhile.' }] : undefined) });
    await screen.findByRole('table', { name: T.lines });
    fireEvent.change(screen.getByLabelText(T.quantityOf('IV therapy session')), { target: { value: '1.5' } });
    screen.getByText(T.lineProblem.quantity);
    expect((button(T.saveDraft) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(button(T.deleteDraft)));
    await screen.findByText('This document was issued meanwhile.');
  });

  it("adds a manual line with a GST rate of the clinic's", async () => {
    const { sent } = mount([DRAFT], { acts: (r) => (r.method === 'PATCH' ? [200, DRAFT] : undefined) });
    await screen.findByRole('table', { name: T.lines });
    const form = within(screen.getByRole('form', { name: T.manualLine }));
    fireEvent.change(form.getByLabelText(T.manual.description), { target: { value: 'Dietitian consult' } });
    fireEvent.change(form.getByLabelText(T.manual.price), { target: { value: '250' } });
    expect((form.getByRole('button', { name: T.addLine }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(form.getByLabelText(T.manual.rate));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: T.rateOption(1800) })));
    await act(async () => fireEvent.click(form.getByRole('button', { name: T.addLine })));
    screen.getByText('Dietitian consult');
    await act(async () => fireEvent.click(button(T.saveDraft)));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({
        lines: [
          { line: 1, quantity: 1, discount_paise: 0 },
          { description: 'Dietitian consult', quantity: 1, unit_price_paise: 25_000, discount_paise: 0, gst_rate_bp: 1800, exempt: false },
        ],
      }),
    );
  });

  it('offers SUPER_ADMIN no action: it reads', async () => {
    mount([DRAFT], { role: 'SUPER_ADMIN' });
    await screen.findByRole('table', { name: T.lines });
    for (const name of [T.saveDraft, T.issue, T.deleteDraft, T.takePayment, T.creditNote, T.downloadPdf])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByLabelText(T.quantityOf('IV therapy session'))).toBeNull();
  });
});

describe('an issued document', () => {
  it('takes the rest in cash, showing the change to give', async () => {
    const { sent } = mount([PART_PAID], { acts: (r) => (r.method === 'POST' && r.path === '/billing/documents/7/payments' ? [201, PAID] : undefined) });
    await screen.findByRole('table', { name: T.lines });
    expect(screen.getByTestId('billing-due').textContent).toBe('₹680.00');
    screen.getByText(T.watching);
    await act(async () => fireEvent.click(button(T.takePayment)));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText(T.amount) as HTMLInputElement).value).toBe('680');
    fireEvent.change(dialog.getByLabelText(T.tendered), { target: { value: '1000' } });
    dialog.getByText(T.change(formatPaise(32_000)));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: T.record })));
    await screen.findByText(T.done.pay);
    expect(sent.find((r) => r.path === '/billing/documents/7/payments')!.body).toEqual({
      method: 'cash',
      amount_paise: 68_000,
      tendered_paise: 100_000,
      till: 1,
    });
    expect(screen.getByTestId('billing-status').textContent).toBe(T.status.paid);
    expect(screen.queryByRole('button', { name: T.takePayment })).toBeNull();
  });

  it('takes part by UPI: the QR of the UPI link, then the 12-digit UTR; a refusal keeps the form', async () => {
    let refuse = true;
    const { sent } = mount([PART_PAID], {
      acts: (r) => (r.path === '/billing/documents/7/payments' ? (refuse ? [409, { detail: 'The amount is more than is due.' }] : [201, PAID]) : undefined),
    });
    await screen.findByRole('table', { name: T.lines });
    await act(async () => fireEvent.click(button(T.takePayment)));
    const dialog = within(await screen.findByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: T.method.upi })));
    const qr = await dialog.findByRole('img', { name: T.upiScan('₹680.00') });
    expect(qr.getAttribute('data-upi-uri')).toBe(UPI.uri);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    const record = dialog.getByRole('button', { name: T.record }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText(T.amount), { target: { value: '300' } });
    fireEvent.change(dialog.getByLabelText(T.utr), { target: { value: '41234567890' } });
    expect(record.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(T.utr), { target: { value: '412345678901' } });
    await act(async () => fireEvent.click(record));
    await dialog.findByText('The amount is more than is due.');
    expect((dialog.getByLabelText(T.utr) as HTMLInputElement).value).toBe('412345678901');
    refuse = false;
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: T.record })));
    await screen.findByText(T.done.pay);
    const payments = sent.filter((r) => r.path === '/billing/documents/7/payments');
    expect(payments.map((r) => r.body)).toEqual([
      { method: 'upi', amount_paise: 30_000, reference: '412345678901', till: 1 },
      { method: 'upi', amount_paise: 30_000, reference: '412345678901', till: 1 },
    ]);
  });

  it("draws on the client's unused advance: only those with money left are offered, for at most what is left", async () => {
    const { sent } = mount([PART_PAID], {
      acts: (r) => {
        if (r.path === '/billing/advances') return [200, ADVANCES];
        return r.method === 'POST' && r.path === '/billing/documents/7/payments' ? [201, { ...PART_PAID, balance_paise: 38_000 }] : undefined;
      },
    });
    await screen.findByRole('table', { name: T.lines });
    await act(async () => fireEvent.click(button(T.takePayment)));
    const dialog = within(await screen.findByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: T.method.advance })));
    fireEvent.mouseDown(await dialog.findByRole('combobox', { name: T.advanceToUse }));
    const listbox = within(await screen.findByRole('listbox'));
    expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual([T.advanceOption('RV/26-27/00004', '₹300.00')]);
    await act(async () => fireEvent.click(listbox.getByRole('option')));
    expect(sent.find((r) => r.path === '/billing/advances')!.query.get('client')).toBe('21');
    // What it can pay: ₹300 of the ₹680 due; more is not sent.
    expect((dialog.getByLabelText(T.amount) as HTMLInputElement).value).toBe('300');
    const record = dialog.getByRole('button', { name: T.record }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText(T.amount), { target: { value: '400' } });
    expect(record.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(T.amount), { target: { value: '300' } });
    await act(async () => fireEvent.click(record));
    await screen.findByText(T.done.pay);
    expect(sent.find((r) => r.path === '/billing/documents/7/payments')!.body).toEqual({ method: 'advance', amount_paise: 30_000, advance: 31, till: 1 });
  });

  it('says when the client has no unused advance', async () => {
    mount([PART_PAID], { acts: (r) => (r.path === '/billing/advances' ? [200, [ADVANCES[1]]] : undefined) });
    await screen.findByRole('table', { name: T.lines });
    await act(async () => fireEvent.click(button(T.takePayment)));
    const dialog = within(await screen.findByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: T.method.advance })));
    await dialog.findByText(T.noUnusedAdvances);
    expect((dialog.getByRole('button', { name: T.record }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('issues a credit note reversing a line, with the reason', async () => {
    const { sent } = mount(
      [
        PART_PAID,
        {
          ...PART_PAID,
          credited_paise: 118_000,
          status: 'credited',
          balance_paise: 0,
          credit_notes: [{ id: 12, kind: 'credit_note', number: 'CN/26-27/00001', issued_on: '2026-11-27', total_paise: 118_000 }],
        },
      ],
      {
        acts: (r) => (r.path === '/billing/documents/7/credit-notes' ? [201, { id: 12 }] : undefined),
      },
    );
    await screen.findByRole('table', { name: T.lines });
    await act(async () => fireEvent.click(button(T.creditNote)));
    const dialog = within(await screen.findByRole('dialog'));
    const submit = dialog.getByRole('button', { name: T.issueCredit }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(dialog.getByLabelText(T.creditLine('IV therapy session', '₹1,180.00')));
    fireEvent.change(dialog.getByLabelText(new RegExp(T.reason)), { target: { value: 'Service not given' } });
    dialog.getByText(T.refundable('₹500.00'));
    await act(async () => fireEvent.click(submit));
    await screen.findByText(T.done.credit);
    expect(sent.find((r) => r.path === '/billing/documents/7/credit-notes')!.body).toEqual({ reason: 'Service not given', lines: [{ line: 1 }] });
    expect(screen.getByTestId('billing-status').textContent).toBe(T.status.credited);
    screen.getByRole('link', { name: T.creditLink('CN/26-27/00001', '₹1,180.00') });
  });

  it('emails its PDF to the client; SUPER_ADMIN may download it, and nothing else', async () => {
    const { sent } = mount([PAID], {
      acts: (r) => (r.path === '/billing/documents/7/email' ? [200, { detail: 'Sent.', to: 'meera@example.com' }] : undefined),
    });
    await screen.findByRole('table', { name: T.lines });
    await act(async () => fireEvent.click(button(T.emailClient)));
    await screen.findByText(T.done.email);
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/billing/documents/7/email']);
    cleanup();
    mount([PAID], { role: 'SUPER_ADMIN' });
    await screen.findByRole('table', { name: T.lines });
    button(T.downloadPdf);
    for (const name of [T.emailClient, T.creditNote, T.takePayment]) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('names the till each payment was taken at where the clinic has more than one', async () => {
    mount([PAID], { tills: TWO_TILLS });
    await screen.findByRole('table', { name: T.lines });
    const line = (id: number) => document.querySelector(`[data-payment="${id}"]`)!.textContent;
    await waitFor(() => expect(line(3)).toContain(` · ${T.paymentTill('Front desk')}`));
    expect(line(4)).toContain(` · ${T.paymentTill('Spa counter')}`);
    cleanup();
    mount([PAID]);
    await screen.findByRole('table', { name: T.lines });
    expect(document.querySelector('[data-payment="4"]')!.textContent).not.toContain(T.paymentTill('Front desk'));
    expect(screen.queryByText(/Till: /)).toBeNull();
  });

  it('is read again while due, so a payment made online shows without reloading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount([PART_PAID, PART_PAID, PAID]);
    await screen.findByRole('table', { name: T.lines });
    expect(screen.getByTestId('billing-status').textContent).toBe(T.status.partially_paid);
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.getByTestId('billing-status').textContent).toBe(T.status.paid));
    screen.getByText(/pay_29QQoUBi66xm2f/);
    expect(screen.queryByText(T.watching)).toBeNull();
  });
});
