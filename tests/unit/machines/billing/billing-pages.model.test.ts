// Every path of the billing page charts (the desk, one document, a client's balance, "Bill this
// visit"), replayed on the production machines; and the rules their guards apply.
import { describe, expect, it } from 'vitest';
import { advanceInput, advanceProblem } from '../../../../machines/billing/advance-form.ts';
import { filterStatuses } from '../../../../machines/billing/billing-desk-machine.ts';
import {
  changePaise,
  choosesTill,
  creditInput,
  defaultTill,
  draftInput,
  paiseToRupees,
  paymentInput,
  paymentProblem,
  rupeesToPaise,
} from '../../../../machines/billing/billing-document-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model as deskModel } from './billing-desk.model.ts';
import { model as documentModel } from './billing-document-page.model.ts';
import { balanceModel, billVisitModel, RECEIPT } from './client-billing.model.ts';
import { heldModel, model as newInvoiceModel } from './new-invoice.model.ts';
import { ADVANCES, PART_PAID } from './billing-fixtures.ts';

describeModel('billing desk', deskModel, (snapshot) => {
  if (snapshot.value === 'ready') expect(snapshot.context.documents).toHaveLength(1);
  if (snapshot.value === 'failed') expect(snapshot.context.error).toBe('offline');
});

describeModel('billing document page', documentModel, (snapshot) => {
  const c = snapshot.context;
  // Something is sent only as the act it is, and issuing, a payment and a credit note carry their key.
  if (snapshot.matches({ ready: 'saving' })) {
    expect(c.pending).not.toBeNull();
    if (['issue', 'pay', 'credit'].includes(c.pending.kind)) expect(c.pending.key).toMatch(/^[0-9a-f]{32}$/);
    if (c.pending.kind === 'pdf') expect(c.pending.fileName).toBe('INV-26-27-00042.pdf');
  }
  // A refusal is said, and nothing is reported done.
  if (c.error !== null && snapshot.value !== 'failed') expect(c.done).toBeNull();
  if (snapshot.matches({ ready: { paying: 'upi' } })) expect(c.payment.method).toBe('upi');
  // A payment is never sent that is more than is due; a credit note never without a reason.
  if (c.pending?.kind === 'pay') expect(c.pending.payment.amount_paise).toBeLessThanOrEqual(c.document.balance_paise);
  if (c.pending?.kind === 'credit') expect(c.pending.credit.reason).not.toBe('');
  // An advance is drawn on only as chosen, and never for more than is left of it.
  if (c.pending?.kind === 'pay' && c.pending.payment.method === 'advance') {
    const advance = c.advances.find((a: { id: number }) => a.id === c.pending.payment.advance);
    expect(c.pending.payment.amount_paise).toBeLessThanOrEqual(advance.unused_paise);
  }
  // A payment goes to the till on the form, one of the clinic's: the first unless another was picked.
  if (snapshot.matches({ ready: 'paying' })) expect(c.tills.map((t: { id: number }) => String(t.id))).toContain(c.payment.till);
  if (c.pending?.kind === 'pay') expect(c.pending.payment.till).toBe(Number(c.payment.till));
});

describeModel('client balance', balanceModel, (snapshot) => {
  const c = snapshot.context;
  // Only those who take advances ever open the form; what is sent passed it, with its key.
  if (snapshot.matches({ ready: 'advancing' }) || snapshot.matches({ ready: 'taking' })) expect(c.takesAdvances).toBe(true);
  if (snapshot.matches({ ready: 'taking' })) {
    expect(c.submission.key).toMatch(/^[0-9a-f]{32}$/);
    expect(c.submission.draft).toEqual(advanceInput(21, c.form));
    expect(c.submission.draft.amount_paise).toBe(50_000);
    if (c.form.method === 'card') expect(c.submission.draft.reference).toBe('T-8841');
  }
  // The receipt issued is shown while the balance is read again.
  if (c.issued) expect(c.issued).toEqual(RECEIPT);
});

describeModel('new invoice', newInvoiceModel, (snapshot) => {
  if (snapshot.status === 'done') expect(snapshot.output).toEqual({ draft: 9 });
  if (snapshot.value === 'creating') expect(snapshot.context.submission.draft).toEqual({ client: 21 });
});

describeModel('held online payments', heldModel);

describeModel('bill this visit', billVisitModel, (snapshot) => {
  if (snapshot.status === 'done') expect(snapshot.output).toEqual({ draft: 7 });
  if (snapshot.value === 'idle' && snapshot.context.error) expect(snapshot.context.draft).toBeNull();
});

describe('billing page rules', () => {
  it('read rupees typed as paise, and show paise as rupees', () => {
    expect(rupeesToPaise('1180')).toBe(118_000);
    expect(rupeesToPaise('1,180.5')).toBe(118_050);
    expect(rupeesToPaise('₹ 0.05')).toBe(5);
    expect(rupeesToPaise('1.234')).toBeNull();
    expect(rupeesToPaise('-5')).toBeNull();
    expect(paiseToRupees(118_050)).toBe('1180.50');
    expect(paiseToRupees(118_000)).toBe('1180');
  });

  it('take cash with the change, card with its reference, UPI with a 12-digit UTR, and never more than is due', () => {
    const cash = { method: 'cash' as const, amount: '500', tendered: '2000', reference: '', advance: '' };
    expect(paymentProblem(cash, 68_000)).toBeNull();
    expect(changePaise(cash)).toBe(150_000);
    expect(paymentInput(cash)).toEqual({ method: 'cash', amount_paise: 50_000, tendered_paise: 200_000 });
    expect(paymentProblem({ ...cash, tendered: '400' }, 68_000)).toBe('tendered');
    expect(paymentProblem({ ...cash, amount: '680.01' }, 68_000)).toBe('amount');
    expect(paymentProblem({ method: 'card', amount: '680', tendered: '', reference: '', advance: '' }, 68_000)).toBe('reference');
    expect(paymentInput({ method: 'card', amount: '680', tendered: '', reference: ' T-8841 ', advance: '' })).toEqual({
      method: 'card',
      amount_paise: 68_000,
      reference: 'T-8841',
    });
    expect(paymentProblem({ method: 'upi', amount: '680', tendered: '', reference: '41234567890', advance: '' }, 68_000)).toBe('reference');
    expect(paymentProblem({ method: 'upi', amount: '680', tendered: '', reference: '412345678901', advance: '' }, 68_000)).toBeNull();
  });

  it('send the till picked, and none when the form names none (the server takes the first)', () => {
    const cash = { method: 'cash' as const, amount: '500', tendered: '', reference: '', advance: '' };
    expect(paymentInput({ ...cash, till: '2' })).toEqual({ method: 'cash', amount_paise: 50_000, till: 2 });
    expect(paymentInput({ ...cash, method: 'upi', reference: '412345678901', till: '2' })).toEqual({
      method: 'upi',
      amount_paise: 50_000,
      reference: '412345678901',
      till: 2,
    });
    expect(paymentInput({ ...cash, till: '' })).toEqual({ method: 'cash', amount_paise: 50_000 });
    expect(defaultTill([])).toBe('');
    expect(
      defaultTill([
        { id: 1, name: 'Front desk' },
        { id: 2, name: 'Spa' },
      ]),
    ).toBe('1');
    expect(choosesTill([{ id: 4, name: 'Front desk' }])).toBe(false);
    expect(
      choosesTill([
        { id: 4, name: 'Front desk' },
        { id: 2, name: 'Spa' },
      ]),
    ).toBe(true);
  });

  it("send a draft's lines as the contract takes them: kept lines by id, products by id, manual lines whole", () => {
    const base = { description: 'x', code: null, unit_price_paise: 45_000, gst_rate_bp: 500, exempt: false, from_package: null };
    expect(
      draftInput([
        { ...base, key: 'line-1', line: 1, product: null, quantity: '2', discount: '' },
        { ...base, key: 'new-0', line: null, product: 5, quantity: '1', discount: '50' },
        { ...base, key: 'new-1', line: null, product: null, description: 'Dietitian consult', code: '999312', quantity: '1', discount: '' },
      ]),
    ).toEqual([
      { line: 1, quantity: 2, discount_paise: 0 },
      { product: 5, quantity: 1, discount_paise: 5_000 },
      { description: 'Dietitian consult', code: '999312', quantity: 1, unit_price_paise: 45_000, discount_paise: 0, gst_rate_bp: 500, exempt: false },
    ]);
  });

  it('credit chosen lines with a reason, and a refund of at most what was paid', () => {
    expect(creditInput({ lines: [1], reason: ' Not given ', refundMethod: 'cash', refundAmount: '500', refundReference: '' })).toEqual({
      reason: 'Not given',
      lines: [{ line: 1 }],
      refund: { method: 'cash', amount_paise: 50_000 },
    });
    expect(creditInput({ lines: [1], reason: 'x', refundMethod: '', refundAmount: '', refundReference: '' })).toEqual({ reason: 'x', lines: [{ line: 1 }] });
    expect(PART_PAID.paid_paise).toBe(50_000);
  });

  it('take an advance: the amount with GST in it, cash with what was tendered, card and UPI with their reference, the rate offered or exempt', () => {
    const form = { amount: '500', method: 'cash' as const, tendered: '', reference: '', gst: '' as const };
    expect(advanceProblem(form, [0, 500, 1800])).toBeNull();
    expect(advanceInput(21, form)).toEqual({ client: 21, amount_paise: 50_000, method: 'cash' });
    expect(advanceInput(21, { ...form, tendered: '2000', gst: 'exempt' })).toEqual({
      client: 21,
      amount_paise: 50_000,
      method: 'cash',
      tendered_paise: 200_000,
      exempt: true,
    });
    expect(advanceProblem({ ...form, tendered: '400' }, [1800])).toBe('tendered');
    expect(advanceProblem({ ...form, amount: '0' }, [1800])).toBe('amount');
    expect(advanceProblem({ ...form, method: 'card' }, [1800])).toBe('reference');
    expect(advanceProblem({ ...form, method: 'upi', reference: '41234567890' }, [1800])).toBe('reference');
    expect(advanceProblem({ ...form, gst: '1200' }, [0, 500, 1800])).toBe('gst');
    expect(advanceInput(21, { ...form, method: 'upi', reference: ' 412345678901 ', gst: '500' })).toEqual({
      client: 21,
      amount_paise: 50_000,
      method: 'upi',
      reference: '412345678901',
      gst_rate_bp: 500,
    });
  });

  it('draw on an advance: chosen, with money left, for at most what is left and what is due', () => {
    const form = { method: 'advance' as const, amount: '300', tendered: '', reference: '', advance: '31' };
    expect(paymentProblem(form, 68_000, ADVANCES)).toBeNull();
    expect(paymentInput(form)).toEqual({ method: 'advance', amount_paise: 30_000, advance: 31 });
    expect(paymentProblem({ ...form, amount: '300.01' }, 68_000, ADVANCES)).toBe('amount');
    expect(paymentProblem({ ...form, amount: '200' }, 10_000, ADVANCES)).toBe('amount');
    expect(paymentProblem({ ...form, advance: '30' }, 68_000, ADVANCES)).toBe('advance');
    expect(paymentProblem({ ...form, advance: '' }, 68_000, ADVANCES)).toBe('advance');
  });

  it('filter the desk: "Due" is issued and partly paid; "All" leaves deleted drafts out', () => {
    expect(filterStatuses('open')).toEqual(['issued', 'partially_paid']);
    expect(filterStatuses('all')).toEqual(['draft', 'issued', 'partially_paid', 'paid', 'credited']);
    expect(filterStatuses('deleted')).toEqual(['deleted']);
  });
});
