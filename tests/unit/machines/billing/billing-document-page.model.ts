// The billing document page chart's model. A draft: it loads or fails; its lines are edited (a
// product added, an inactive one refused; a manual line typed and added; a quantity and a discount
// changed, a bad quantity refusing the save; a line removed), saved, discarded, issued or deleted,
// each act taken or refused. An issued document partly paid: a payment by cash (tendered, change),
// card or UPI (the QR loads or cannot), too much refused, sent, refused and kept; a credit note on a
// line with a reason and a refund, sent or refused; and, while it is still due and nothing is open,
// read again on the poll timer (a failed read waits for the next). Drawing on the client's
// advances: they load (or cannot), a used-up one is not offered, one with money left proposes what
// it can pay, more than that is not sent. At a clinic with two tills: the payment goes to the first
// unless another is picked; a till the clinic does not have is never picked.
import {
  billingDocumentMachine,
  creditProblem,
  draftLineProblem,
  manualProblem,
  paymentProblem,
} from '../../../../machines/billing/billing-document-machine.ts';
import { coveringPaths, type MachineModel } from '../../../support/model-paths.ts';
import { ADVANCES, DRAFT, data, PAID, PART_PAID, RATES, TILLS } from './billing-fixtures.ts';

export const UPI = {
  uri: 'upi://pay?pa=clinic%40okicici&pn=Thrive%20Clinic&am=680.00&cu=INR&tn=INV%2F26-27%2F00042',
  amount_paise: 68_000,
  payee_vpa: 'clinic@okicici',
  payee_name: 'Thrive Clinic',
  note: 'INV/26-27/00042',
};

// Snapshots told apart by what the chart and its guards read: a form only while it is open (each
// opens empty), and never the submission key, which is random.
const serializeState = (s: any) => {
  const c = s.context;
  const paying = s.matches({ ready: 'paying' }) || c.pending?.kind === 'pay';
  const crediting = s.matches({ ready: 'crediting' }) || c.pending?.kind === 'credit';
  return JSON.stringify({
    value: s.value,
    status: s.status,
    document: c.document && [c.document.status, c.document.balance_paise],
    draft: c.draft.map((l: any) => [l.key, l.quantity, l.discount]),
    dirty: c.dirty,
    manual: c.manual,
    payment: paying ? [c.payment, c.upi !== null, c.upiError !== null, c.advances.length, c.advancesError !== null] : null,
    credit: crediting ? c.credit : null,
    pending: c.pending?.kind ?? null,
    done: c.done,
    error: c.error !== null,
  });
};

// A draft is edited one way at a time from as it loaded (a product, a manual line typed in order,
// or one change to its line), then saved, discarded, issued or deleted.
const MANUAL_ORDER = ['description', 'price', 'rate'];
function oneEditAtATime(s: any, e: any): boolean {
  const c = s.context;
  const typing = c.manual.description !== '';
  if (e.type === 'manual.set') return !c.dirty && MANUAL_ORDER.indexOf(e.field) === MANUAL_ORDER.filter((f) => c.manual[f] !== '').length;
  if (e.type === 'manual.exempt') return !c.dirty && c.manual.rate !== '' && !c.manual.exempt;
  if (e.type === 'line.addProduct' || e.type.startsWith('line.quantity') || e.type === 'line.discount' || e.type === 'line.remove') return !c.dirty && !typing;
  return true;
}

// Each form filled in one order: an amount too big, then the right one, then what the method needs.
function oneFormAtATime(s: any, e: any): boolean {
  const p = s.context.payment;
  const cr = s.context.credit;
  if (e.type === 'pay.method') return p.amount === '680' && p.tendered === '' && p.reference === '';
  if (e.type === 'pay.set' && e.field === 'amount') return e.value === '5000' ? p.amount === '680' : p.amount === '5000';
  if (e.type === 'pay.set' && e.field === 'tendered') return p.method === 'cash' && p.amount === '500' && p.tendered === '';
  if (e.type === 'pay.set' && e.field === 'reference') return p.method !== 'cash' && p.amount === '500' && p.reference === '';
  if (e.type === 'credit.set' && e.field === 'reason') return cr.lines.length > 0 && cr.reason === '';
  if (e.type === 'credit.toggle') return cr.reason === '';
  if (e.type === 'credit.refundMethod') return cr.reason !== '' && cr.refundMethod === '';
  if (e.type === 'credit.set' && e.field === 'refundAmount') return cr.refundMethod !== '' && cr.refundAmount === '';
  return true;
}

const editEvents = [
  { type: 'doc.retry' },
  { type: 'line.addProduct', product: 5 },
  { type: 'line.addProduct', product: 6 },
  { type: 'manual.set', field: 'description', value: 'Dietitian consult' },
  { type: 'manual.set', field: 'price', value: '250' },
  { type: 'manual.set', field: 'rate', value: '1800' },
  { type: 'manual.exempt', value: true },
  { type: 'line.addManual' },
  { type: 'line.quantity', key: 'line-1', value: '2' },
  { type: 'line.quantity', key: 'line-1', value: 'x' },
  { type: 'line.discount', key: 'line-1', value: '10' },
  { type: 'line.remove', key: 'line-1' },
  { type: 'draft.save' },
  { type: 'draft.discard' },
  { type: 'doc.issue' },
  { type: 'doc.delete' },
];

const moneyEvents = [
  { type: 'doc.pdf' },
  { type: 'doc.email' },
  { type: 'pay.open' },
  { type: 'pay.method', method: 'upi' },
  { type: 'pay.method', method: 'card' },
  { type: 'pay.method', method: 'cash' },
  { type: 'pay.set', field: 'amount', value: '500' },
  { type: 'pay.set', field: 'amount', value: '5000' },
  { type: 'pay.set', field: 'tendered', value: '600' },
  { type: 'pay.set', field: 'reference', value: '412345678901' },
  { type: 'pay.submit' },
  { type: 'credit.open' },
  { type: 'credit.toggle', line: 1 },
  { type: 'credit.set', field: 'reason', value: 'Service not given' },
  { type: 'credit.refundMethod', method: 'cash' },
  { type: 'credit.set', field: 'refundAmount', value: '100' },
  { type: 'credit.submit' },
  { type: 'form.close' },
];

export const model: MachineModel = {
  machine: billingDocumentMachine,
  select: (paths) => coveringPaths(billingDocumentMachine, paths),
  specs: [
    {
      name: 'a draft',
      input: { id: 7, mayBill: true },
      events: editEvents,
      filterEvents: oneEditAtATime,
      outcomes: {
        loadDocument: [{ output: data(DRAFT) }, { error: new Error('offline') }],
        act: [{ output: DRAFT }, { error: new Error('A draft with no lines cannot be issued.') }],
      },
      serializeState,
    },
    {
      name: 'an issued document partly paid',
      input: { id: 7, mayBill: true },
      events: moneyEvents,
      outcomes: {
        loadDocument: [{ output: data(PART_PAID) }],
        act: [{ output: PAID }, { error: new Error('The amount is more than is due.') }],
        refreshDocument: [{ output: PAID }, { error: new Error('offline') }],
        loadUpi: [{ output: UPI }, { error: new Error('The clinic has no UPI id.') }],
      },
      filterEvents: oneFormAtATime,
      serializeState,
    },
    {
      name: 'an issued document partly paid, drawn on an advance',
      input: { id: 7, mayBill: true },
      events: [
        { type: 'pay.open' },
        { type: 'pay.method', method: 'advance' },
        { type: 'pay.advance', advance: 30 },
        { type: 'pay.advance', advance: 31 },
        { type: 'pay.set', field: 'amount', value: '400' },
        { type: 'pay.submit' },
        { type: 'form.close' },
      ],
      // The amount is typed over only once an advance is chosen (what it proposes, then too much).
      filterEvents: (s: any, e: any) => !(e.type === 'pay.set') || (s.context.payment.advance !== '' && s.context.payment.amount !== '400'),
      outcomes: {
        loadDocument: [{ output: data(PART_PAID) }],
        loadAdvances: [{ output: ADVANCES }, { error: new Error('offline') }],
        act: [{ output: PAID }, { error: new Error('This advance has ₹100.00 left.') }],
      },
      serializeState,
    },
    {
      name: 'an issued document partly paid, at a clinic with two tills',
      input: { id: 7, mayBill: true },
      events: [
        { type: 'pay.open' },
        { type: 'pay.till', till: 2 },
        { type: 'pay.till', till: 1 },
        { type: 'pay.till', till: 9 },
        { type: 'pay.submit' },
        { type: 'form.close' },
      ],
      outcomes: {
        loadDocument: [{ output: data(PART_PAID, TILLS) }],
        act: [{ output: PAID }, { error: new Error("The Spa counter till's day 2026-11-28 is closed, so nothing more is recorded on it.") }],
      },
      serializeState,
    },
  ],
};

/** The rules the chart's guards apply, re-exported for the test's checks. */
export const rules = { creditProblem, draftLineProblem, manualProblem, paymentProblem, RATES };
