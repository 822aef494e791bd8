// The billing document page's transition table, written by hand from issue 34 (not read from the
// chart): what each state does with each event for the facts named. A draft is edited, saved,
// issued and deleted only by those who bill (RECEPTION, ADMIN), issued only as saved; an issued
// document still due takes payments and is read again on the poll timer; a credit note is offered
// while the lifecycle allows one; a refused payment or credit note keeps its form; a deleted draft
// ends the page. The oracle for tests/support/transition-table.ts.
import { billingDeskMachine } from '../../../../machines/billing/billing-desk-machine.ts';
import { billingDocumentMachine, type BillingDoc, draftOf } from '../../../../machines/billing/billing-document-machine.ts';
import { billVisitMachine, clientBalanceMachine } from '../../../../machines/billing/client-billing-machine.ts';
import type { Steps, TransitionTable } from '../../../support/transition-table.ts';
import { DRAFT, PAID, PART_PAID, PRODUCTS, RATES } from './billing-fixtures.ts';

const POLL = 'xstate.after.pollInterval.billingDocumentPage.ready.idle';
const done = (id: string) => `xstate.done.actor.${id}`;
const error = (id: string) => `xstate.error.actor.${id}`;

const EMPTY_MANUAL = { description: '', code: '', price: '', rate: '', exempt: false };
const EMPTY_CREDIT = { lines: [], reason: '', refundMethod: '', refundAmount: '', refundReference: '' };

/** The page's context for a document, as loaded. */
function page(document: BillingDoc, facts: Record<string, unknown> = {}) {
  return {
    id: document.id,
    mayBill: true,
    document,
    products: PRODUCTS,
    rates: RATES,
    draft: draftOf(document),
    added: 0,
    dirty: false,
    manual: EMPTY_MANUAL,
    payment: { method: 'cash', amount: '', tendered: '', reference: '' },
    credit: EMPTY_CREDIT,
    upi: null,
    upiError: null,
    pending: null,
    submission: null,
    done: null,
    error: null,
    ...facts,
  };
}

// What every answer carries here: a document that is also the page's first load (a document with
// its products and rates), so one value answers every actor.
const answer = (document: BillingDoc) => ({ output: { ...document, document, products: PRODUCTS, rates: RATES }, error: new Error('refused') });
const EXTRAS = { product: 5, key: 'line-1', value: '2', field: 'reason', line: 1 };

/** What does not depend on the document: loading, the forms' typing, closing, the answers. */
const common = (method: string): Steps => ({
  loading: { [done('loadDocument')]: 'ready.idle / showData', [error('loadDocument')]: 'failed / showError' },
  failed: { 'doc.retry': 'loading' },
  'ready.refreshing': { [done('refreshDocument')]: 'ready.idle / showDocument', [error('refreshDocument')]: 'ready.idle' },
  'ready.paying.form': {
    'pay.set': 'ready.paying.form / setPayment',
    'pay.method': method === 'upi' ? 'ready.paying.upi / setMethod' : 'ready.paying.form / setMethod',
    'form.close': 'ready.idle',
  },
  'ready.paying.upi': {
    'pay.set': 'ready.paying.upi / setPayment',
    'form.close': 'ready.idle',
    [done('loadUpi')]: 'ready.paying.form / showUpi',
    [error('loadUpi')]: 'ready.paying.form / upiFailed',
  },
  'ready.crediting': {
    'credit.toggle': 'ready.crediting / toggleCreditLine',
    'credit.set': 'ready.crediting / setCredit',
    'credit.refundMethod': 'ready.crediting / setRefundMethod',
    'form.close': 'ready.idle',
  },
  'ready.saving': { [done('act')]: 'ready.idle / actDone', [error('act')]: 'ready.idle / actFailed' },
});

const EDITS = {
  'line.addProduct': 'ready.idle / addProduct',
  'line.quantity': 'ready.idle / setQuantity',
  'line.discount': 'ready.idle / setDiscount',
  'line.remove': 'ready.idle / removeLine',
  'manual.set': 'ready.idle / setManual',
  'manual.exempt': 'ready.idle / setManual',
  'draft.discard': 'ready.idle / discardDraft',
};

/** An issued document's PDF, downloaded or emailed to the client. */
const ISSUED_ACTS = { 'doc.pdf': 'ready.saving / download', 'doc.email': 'ready.saving / email' };

const with_ = (steps: Steps, state: string, cells: Record<string, string>): Steps => ({ ...steps, [state]: { ...steps[state], ...cells } });

const CARD = { method: 'card', ...answer(DRAFT), ...EXTRAS };
const UPI = { method: 'upi', ...answer(PAID), ...EXTRAS };
const VALID_PAYMENT = { method: 'cash', amount: '500', tendered: '1000', reference: '' };
const VALID_CREDIT = { lines: [1], reason: 'Service not given', refundMethod: 'cash', refundAmount: '500', refundReference: '' };

export const billingDocumentTable: TransitionTable = {
  chart: billingDocumentMachine,
  source:
    'issue 34 (Invoices: drafts edited and deleted, issued never changes, credit notes; Payments: cash, card, UPI; Documents: staff download and email the PDF; Done means: seen paid without reloading)',
  statuses: ['loading', 'failed', 'ready.idle', 'ready.refreshing', 'ready.paying.form', 'ready.paying.upi', 'ready.crediting', 'ready.saving', 'deleted'],
  verbs: [
    'doc.retry',
    'line.addProduct',
    'line.addManual',
    'line.quantity',
    'line.discount',
    'line.remove',
    'manual.set',
    'manual.exempt',
    'draft.save',
    'draft.discard',
    'doc.issue',
    'doc.delete',
    'doc.pdf',
    'doc.email',
    'pay.open',
    'pay.method',
    'pay.set',
    'pay.submit',
    'credit.open',
    'credit.toggle',
    'credit.set',
    'credit.refundMethod',
    'credit.submit',
    'form.close',
    done('loadDocument'),
    error('loadDocument'),
    done('refreshDocument'),
    error('refreshDocument'),
    done('loadUpi'),
    error('loadUpi'),
    done('act'),
    error('act'),
    POLL,
  ],
  cases: [
    {
      name: 'a draft as saved, for reception: edited, issued or deleted; no payment, no credit note, no re-reading',
      context: page(DRAFT),
      extras: CARD,
      start: 'loading',
      steps: with_(common('card'), 'ready.idle', { ...EDITS, 'doc.issue': 'ready.saving / issue', 'doc.delete': 'ready.saving / remove' }),
    },
    {
      name: 'a draft with unsaved changes: saved before it can be issued',
      context: page(DRAFT, { dirty: true, draft: draftOf({ ...DRAFT, lines: [{ ...DRAFT.lines[0], quantity: 2 }] }) }),
      extras: CARD,
      steps: with_(common('card'), 'ready.idle', { ...EDITS, 'draft.save': 'ready.saving / saveDraft', 'doc.delete': 'ready.saving / remove' }),
    },
    {
      name: 'a draft with a bad quantity: not saved',
      context: page(DRAFT, { dirty: true, draft: draftOf(DRAFT).map((l) => ({ ...l, quantity: '0' })) }),
      extras: CARD,
      steps: with_(common('card'), 'ready.idle', { ...EDITS, 'doc.delete': 'ready.saving / remove' }),
    },
    {
      name: 'a manual line typed in full: added',
      context: page(DRAFT, { manual: { description: 'Dietitian consult', code: '', price: '250', rate: '1800', exempt: false } }),
      extras: CARD,
      steps: with_(common('card'), 'ready.idle', {
        ...EDITS,
        'line.addManual': 'ready.idle / addManual',
        'doc.issue': 'ready.saving / issue',
        'doc.delete': 'ready.saving / remove',
      }),
    },
    {
      name: 'a draft seen by SUPER_ADMIN: reads only',
      context: page(DRAFT, { mayBill: false }),
      extras: CARD,
      steps: common('card'),
    },
    {
      name: 'an issued document partly paid, forms filled: a payment or a credit note sent; re-read while due',
      context: page(PART_PAID, { payment: VALID_PAYMENT, credit: VALID_CREDIT }),
      extras: UPI,
      steps: with_(
        with_(
          with_(
            with_(common('upi'), 'ready.idle', {
              ...ISSUED_ACTS,
              'pay.open': 'ready.paying.form / openPayment',
              'credit.open': 'ready.crediting / openCredit',
              [POLL]: 'ready.refreshing',
            }),
            'ready.paying.form',
            { 'pay.submit': 'ready.saving / pay' },
          ),
          'ready.crediting',
          { 'credit.submit': 'ready.saving / credit' },
        ),
        'ready.saving',
        {},
      ),
    },
    {
      name: 'a payment refused: back to its form with the reason',
      context: page(PART_PAID, { payment: VALID_PAYMENT, pending: { kind: 'pay', id: 7, key: 'k', payment: { method: 'cash', amount_paise: 50_000 } } }),
      extras: UPI,
      steps: with_(
        with_(
          with_(common('upi'), 'ready.idle', {
            ...ISSUED_ACTS,
            'pay.open': 'ready.paying.form / openPayment',
            'credit.open': 'ready.crediting / openCredit',
            [POLL]: 'ready.refreshing',
          }),
          'ready.paying.form',
          { 'pay.submit': 'ready.saving / pay' },
        ),
        'ready.saving',
        { [error('act')]: 'ready.paying.form / actFailed' },
      ),
    },
    {
      name: 'a credit note refused: back to its form with the reason',
      context: page(PART_PAID, { pending: { kind: 'credit', id: 7, key: 'k', credit: { reason: 'x', lines: [{ line: 1 }] } } }),
      extras: UPI,
      steps: with_(
        with_(common('upi'), 'ready.idle', {
          ...ISSUED_ACTS,
          'pay.open': 'ready.paying.form / openPayment',
          'credit.open': 'ready.crediting / openCredit',
          [POLL]: 'ready.refreshing',
        }),
        'ready.saving',
        { [error('act')]: 'ready.crediting / actFailed' },
      ),
    },
    {
      name: 'a paid document: no payment, no re-reading; a credit note still',
      context: page(PAID),
      extras: UPI,
      steps: with_(common('upi'), 'ready.idle', { ...ISSUED_ACTS, 'credit.open': 'ready.crediting / openCredit' }),
    },
    {
      name: 'an issued document seen by SUPER_ADMIN: its PDF, and re-read while due; nothing else',
      context: page(PART_PAID, { mayBill: false }),
      extras: UPI,
      steps: with_(common('upi'), 'ready.idle', { 'doc.pdf': 'ready.saving / download', [POLL]: 'ready.refreshing' }),
    },
    {
      name: 'a draft being deleted: the page ends',
      context: page(DRAFT, { pending: { kind: 'delete', id: 7 } }),
      extras: CARD,
      steps: with_(
        with_(common('card'), 'ready.idle', { ...EDITS, 'doc.issue': 'ready.saving / issue', 'doc.delete': 'ready.saving / remove' }),
        'ready.saving',
        { [done('act')]: 'deleted / actDone' },
      ),
    },
  ],
};

// ---- The desk: the list loads or fails and is retried; another status filter reads it again,
// the one shown does nothing.
const DESK = { filter: 'open', documents: [], count: 0, error: null };
const deskSteps = (filter: string | null): Steps => ({
  loading: { [done('loadDocuments')]: 'ready / showDocuments', [error('loadDocuments')]: 'failed / showError' },
  failed: { 'desk.retry': 'loading' },
  ready: filter ? { 'desk.filter': `loading / ${filter}` } : {},
});

export const billingDeskTable: TransitionTable = {
  chart: billingDeskMachine,
  source: 'issue 34 (the staff desk: documents filtered by status)',
  statuses: ['loading', 'failed', 'ready'],
  verbs: ['desk.filter', 'desk.retry', done('loadDocuments'), error('loadDocuments')],
  cases: [
    {
      name: 'another filter',
      context: DESK,
      extras: { filter: 'paid', output: { count: 0, results: [] }, error: new Error('offline') },
      start: 'loading',
      steps: deskSteps('setFilter'),
    },
    {
      name: 'the filter shown',
      context: DESK,
      extras: { filter: 'open', output: { count: 0, results: [] }, error: new Error('offline') },
      steps: deskSteps(null),
    },
  ],
};

// The client's balance on the appointment panel and the record's banner (issue 34: "A client's
// balance (unpaid invoices, unused advances) shows on the appointment panel and the record's
// banner"): it loads, or says it failed and is read again on request.
export const clientBalanceTable: TransitionTable = {
  chart: clientBalanceMachine,
  source: "issue 34 (a client's balance on the appointment panel and the record's banner)",
  statuses: ['loading', 'failed', 'ready'],
  verbs: ['balance.retry', done('loadBalance'), error('loadBalance')],
  cases: [
    {
      name: 'a client with an unpaid invoice',
      context: { client: 21, balance: null, error: null },
      extras: {
        output: { client: 21, unpaid_paise: 50_000, unused_advance_paise: 0, net_due_paise: 50_000, open_documents: [] },
        error: new Error('offline'),
      },
      start: 'loading',
      steps: {
        loading: { [done('loadBalance')]: 'ready / showBalance', [error('loadBalance')]: 'failed / showError' },
        failed: { 'balance.retry': 'loading' },
        ready: {},
      },
    },
  ],
};

// "Bill this visit" (issue 34: invoices start from "Bill this visit" on a checked-in or completed
// appointment): one press starts the draft; the server's refusal (already billed) is shown and the
// button offered again; a draft made ends the chart, which opens it.
export const billVisitTable: TransitionTable = {
  chart: billVisitMachine,
  source: 'issue 34 ("Bill this visit" on a checked-in or completed appointment)',
  statuses: ['idle', 'creating', 'created'],
  verbs: ['bill.start', done('createDraft'), error('createDraft')],
  cases: [
    {
      name: 'an appointment the client came to',
      context: { appointment: 31, key: 'bill-31', draft: null, error: null },
      extras: { output: { id: 7 }, error: new Error('This appointment is already on a bill.') },
      start: 'idle',
      steps: {
        idle: { 'bill.start': 'creating / clearError' },
        creating: { [done('createDraft')]: 'created / keepDraft', [error('createDraft')]: 'idle / showError' },
        created: {},
      },
    },
  ],
};

/** Every staff billing page chart's table, for tests/unit/machines/lifecycle/every-chart.test.ts. */
export const staffBillingTables = [billingDocumentTable, billingDeskTable, clientBalanceTable, billVisitTable];
