// The billing document page's transition table, written by hand from issue 34 (not read from the
// chart): what each state does with each event for the facts named. A draft is edited, saved,
// issued and deleted only by those who bill (RECEPTION, ADMIN), issued only as saved; an issued
// document still due takes payments and is read again on the poll timer; a credit note is offered
// while the lifecycle allows one; a refused payment or credit note keeps its form; a deleted draft
// ends the page. The oracle for tests/support/transition-table.ts.
import { billingDeskMachine } from '../../../../machines/billing/billing-desk-machine.ts';
import { billingDocumentMachine, type BillingDoc, draftOf } from '../../../../machines/billing/billing-document-machine.ts';
import { billVisitMachine, clientBalanceMachine } from '../../../../machines/billing/client-billing-machine.ts';
import { gstReturnsMachine } from '../../../../machines/billing/gst-returns-machine.ts';
import { tillsMachine } from '../../../../machines/billing/tills-machine.ts';
import { dayCloseMachine } from '../../../../machines/billing/day-close-machine.ts';
import { DAY_LOADED, TILL_DAY } from './day-close.model.ts';
import { billingReportsMachine } from '../../../../machines/billing/billing-reports-machine.ts';
import { heldPaymentsMachine } from '../../../../machines/billing/held-payments-machine.ts';
import { newInvoiceMachine } from '../../../../machines/billing/new-invoice-machine.ts';
import type { Steps, TransitionTable } from '../../../support/transition-table.ts';
import { ADVANCES, DRAFT, PAID, PART_PAID, PRODUCTS, RATES, TILLS } from './billing-fixtures.ts';

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
    tills: TILLS,
    draft: draftOf(document),
    added: 0,
    dirty: false,
    manual: EMPTY_MANUAL,
    payment: { method: 'cash', amount: '', tendered: '', reference: '', advance: '' },
    credit: EMPTY_CREDIT,
    upi: null,
    upiError: null,
    advances: [],
    advancesError: null,
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
const EXTRAS = { product: 5, key: 'line-1', value: '2', field: 'reason', line: 1, advance: 31, till: 2 };

/** What does not depend on the document: loading, the forms' typing, closing, the answers. */
const common = (method: string): Steps => ({
  ...PAYING_ADVANCES,
  loading: { [done('loadDocument')]: 'ready.idle / showData', [error('loadDocument')]: 'failed / showError' },
  failed: { 'doc.retry': 'loading' },
  'ready.refreshing': { [done('refreshDocument')]: 'ready.idle / showDocument', [error('refreshDocument')]: 'ready.idle' },
  'ready.paying.form': {
    'pay.set': 'ready.paying.form / setPayment',
    'pay.till': 'ready.paying.form / setTill',
    'pay.method':
      method === 'upi' ? 'ready.paying.upi / setMethod' : method === 'advance' ? 'ready.paying.advances / setMethod' : 'ready.paying.form / setMethod',
    'form.close': 'ready.idle',
  },
  'ready.paying.upi': {
    'pay.set': 'ready.paying.upi / setPayment',
    'pay.till': 'ready.paying.upi / setTill',
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

// The client's advances, read when "advance" is chosen: those with something left are offered.
const PAYING_ADVANCES: Steps = {
  'ready.paying.advances': {
    'pay.set': 'ready.paying.advances / setPayment',
    'pay.till': 'ready.paying.advances / setTill',
    'form.close': 'ready.idle',
    [done('loadAdvances')]: 'ready.paying.form / showAdvances',
    [error('loadAdvances')]: 'ready.paying.form / advancesFailed',
  },
};

/** An advance with something left on it, chosen at any step of the payment form (the step goes on). */
const chooseAdvance = (step: string) => ({ 'pay.advance': `ready.paying.${step} / chooseAdvance` });

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

/** The steps with no till picked in any state. */
const withoutTill = (steps: Steps): Steps =>
  Object.fromEntries(Object.entries(steps).map(([state, cells]) => [state, Object.fromEntries(Object.entries(cells).filter(([verb]) => verb !== 'pay.till'))]));

const CARD = { method: 'card', ...answer(DRAFT), ...EXTRAS };
const UPI = { method: 'upi', ...answer(PAID), ...EXTRAS };
const VALID_PAYMENT = { method: 'cash', amount: '500', tendered: '1000', reference: '' };
const ADVANCE = { method: 'advance', ...answer(PAID), ...EXTRAS };
const VALID_CREDIT = { lines: [1], reason: 'Service not given', refundMethod: 'cash', refundAmount: '500', refundReference: '' };

export const billingDocumentTable: TransitionTable = {
  chart: billingDocumentMachine,
  source:
    'issue 34 (Invoices: drafts edited and deleted, issued never changes, credit notes; Payments: cash, card, UPI, advances; Documents: staff download and email the PDF; Done means: seen paid without reloading)',
  statuses: [
    'loading',
    'failed',
    'ready.idle',
    'ready.refreshing',
    'ready.paying.form',
    'ready.paying.upi',
    'ready.paying.advances',
    'ready.crediting',
    'ready.saving',
    'deleted',
  ],
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
    'pay.advance',
    'pay.till',
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
    done('loadAdvances'),
    error('loadAdvances'),
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
      name: "an issued document partly paid, the client's advances read: one with money left is drawn on, for at most what is left",
      context: page(PART_PAID, { advances: ADVANCES, payment: { method: 'advance', amount: '300', tendered: '', reference: '', advance: '31' } }),
      extras: ADVANCE,
      steps: with_(
        with_(
          with_(
            with_(common('advance'), 'ready.idle', {
              ...ISSUED_ACTS,
              'pay.open': 'ready.paying.form / openPayment',
              'credit.open': 'ready.crediting / openCredit',
              [POLL]: 'ready.refreshing',
            }),
            'ready.paying.form',
            { ...chooseAdvance('form'), 'pay.submit': 'ready.saving / pay' },
          ),
          'ready.paying.upi',
          chooseAdvance('upi'),
        ),
        'ready.paying.advances',
        chooseAdvance('advances'),
      ),
    },
    {
      name: 'an advance drawn on for more than is left of it: not sent; a used-up advance is not offered',
      context: page(PART_PAID, { advances: ADVANCES, payment: { method: 'advance', amount: '400', tendered: '', reference: '', advance: '31' } }),
      extras: { ...ADVANCE, advance: 30 },
      steps: with_(common('advance'), 'ready.idle', {
        ...ISSUED_ACTS,
        'pay.open': 'ready.paying.form / openPayment',
        'credit.open': 'ready.crediting / openCredit',
        [POLL]: 'ready.refreshing',
      }),
    },
    {
      // Issue 35: the payment goes to a till of the clinic's (picked when it has more than one); one it does not have is never picked.
      name: 'a till the clinic does not have: not picked',
      context: page(PART_PAID, { payment: VALID_PAYMENT }),
      extras: { ...UPI, till: 9 },
      steps: withoutTill(
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
      ),
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
// banner"; "Advance receipts: money taken before the service"): it loads, or says it failed and is
// read again on request. Those who bill take an advance there: the form is filled in, sent only
// when it passes, its receipt issued (the balance read again) or the refusal kept on the form.
const BALANCE_CONTEXT = {
  client: 21,
  readsAdvances: true,
  takesAdvances: true,
  balance: null,
  advances: [],
  rates: RATES,
  form: { amount: '', method: 'cash', tendered: '', reference: '', gst: '' },
  submission: null,
  issued: null,
  error: null,
  formError: null,
};
const BALANCE_EXTRAS = {
  output: { balance: { client: 21, unpaid_paise: 50_000, unused_advance_paise: 0, net_due_paise: 50_000, open_documents: [] }, advances: [], rates: RATES },
  error: new Error('offline'),
  field: 'amount',
  value: '500',
  method: 'card',
  gst: '1800',
};
const balanceSteps = (takes: boolean, valid: boolean): Steps => ({
  loading: { [done('loadBalance')]: 'ready.idle / showBalance', [error('loadBalance')]: 'failed / showError' },
  failed: { 'balance.retry': 'loading' },
  'ready.idle': takes ? { 'advance.open': 'ready.advancing / openForm' } : {},
  'ready.advancing': {
    'advance.set': 'ready.advancing / setField',
    'advance.method': 'ready.advancing / setMethod',
    'advance.gst': 'ready.advancing / setGst',
    'advance.close': 'ready.idle',
    ...(valid ? { 'advance.submit': 'ready.taking / keySubmission' } : {}),
  },
  'ready.taking': { [done('takeAdvance')]: 'loading / showIssued', [error('takeAdvance')]: 'ready.advancing / showFormError' },
});

export const clientBalanceTable: TransitionTable = {
  chart: clientBalanceMachine,
  source: "issue 34 (a client's balance on the appointment panel and the record's banner; advance receipts)",
  statuses: ['loading', 'failed', 'ready.idle', 'ready.advancing', 'ready.taking'],
  verbs: [
    'balance.retry',
    'advance.open',
    'advance.set',
    'advance.method',
    'advance.gst',
    'advance.submit',
    'advance.close',
    done('loadBalance'),
    error('loadBalance'),
    done('takeAdvance'),
    error('takeAdvance'),
  ],
  cases: [
    {
      name: 'reception, the form empty: an advance is opened, typed into, not yet sent',
      context: BALANCE_CONTEXT,
      extras: BALANCE_EXTRAS,
      start: 'loading',
      steps: balanceSteps(true, false),
    },
    {
      name: 'reception, ₹500 by card with its reference at 18 %: the receipt is asked for',
      context: { ...BALANCE_CONTEXT, form: { amount: '500', method: 'card', tendered: '', reference: 'T-8841', gst: '1800' } },
      extras: BALANCE_EXTRAS,
      steps: balanceSteps(true, true),
    },
    {
      name: 'reception, a GST rate the clinic does not offer: not sent',
      context: { ...BALANCE_CONTEXT, form: { amount: '500', method: 'cash', tendered: '', reference: '', gst: '1200' } },
      extras: BALANCE_EXTRAS,
      steps: balanceSteps(true, false),
    },
    {
      name: 'a doctor, who sees the balance only: no advance',
      context: { ...BALANCE_CONTEXT, readsAdvances: false, takesAdvances: false },
      extras: BALANCE_EXTRAS,
      start: 'loading',
      steps: balanceSteps(false, false),
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

// "New invoice" on the desk (issue 34: invoices start from "... manual lines (products such as
// supplements)"): the client is searched for after a pause in the typing and chosen; only then is
// the manual draft asked for; the refusal is shown with the client kept; a draft made ends the
// chart, which opens it. Cancelled, nothing is made.
const SEARCH = 'xstate.after.searchPause.newInvoice.choosing.typing';
const NEW_INVOICE = { text: '', results: [], client: null, submission: null, draft: null, error: null };
const newInvoiceSteps = (chosen: boolean): Steps => {
  const choosing = {
    'invoice.search': 'choosing.typing / setText',
    'invoice.client': 'choosing.idle / setClient',
    'invoice.cancel': 'closed',
    ...(chosen ? { 'invoice.create': 'creating / keySubmission' } : {}),
  };
  return {
    closed: { 'invoice.new': 'choosing.idle / start' },
    'choosing.idle': choosing,
    'choosing.typing': { ...choosing, 'invoice.client': 'choosing.typing / setClient', [SEARCH]: 'choosing.searching' },
    'choosing.searching': {
      ...choosing,
      'invoice.client': 'choosing.searching / setClient',
      [done('searchClients')]: 'choosing.idle / showResults',
      [error('searchClients')]: 'choosing.idle / showError',
    },
    creating: { [done('createDraft')]: 'created / keepDraft', [error('createDraft')]: 'choosing.idle / showError' },
    created: {},
  };
};

export const newInvoiceTable: TransitionTable = {
  chart: newInvoiceMachine,
  source: 'issue 34 (where invoices start: manual lines, for a client reception finds)',
  statuses: ['closed', 'choosing.idle', 'choosing.typing', 'choosing.searching', 'creating', 'created'],
  verbs: [
    'invoice.new',
    'invoice.search',
    'invoice.client',
    'invoice.create',
    'invoice.cancel',
    SEARCH,
    done('searchClients'),
    error('searchClients'),
    done('createDraft'),
    error('createDraft'),
  ],
  cases: [
    {
      name: 'no client chosen yet',
      context: NEW_INVOICE,
      extras: { text: 'Meera', client: { id: 21, label: 'Meera Iyer · +919800000001' }, output: [], error: new Error('offline') },
      start: 'closed',
      steps: newInvoiceSteps(false),
    },
    {
      name: 'a client chosen',
      context: { ...NEW_INVOICE, client: { id: 21, label: 'Meera Iyer · +919800000001' } },
      extras: { text: 'Meera', client: { id: 21, label: 'Meera Iyer · +919800000001' }, output: { id: 9 }, error: new Error('offline') },
      steps: newInvoiceSteps(true),
    },
  ],
};

// The online payments held for reception on the desk (issue 34: "an amount that differs from the
// invoice is refused and flagged"): the list loads, or fails and is read again on request.
export const heldPaymentsTable: TransitionTable = {
  chart: heldPaymentsMachine,
  source: 'issue 34 (the gateway: an amount that differs is refused and flagged for reception)',
  statuses: ['loading', 'failed', 'ready'],
  verbs: ['held.retry', done('loadHeld'), error('loadHeld')],
  cases: [
    {
      name: 'the desk opened',
      context: { held: [], error: null },
      extras: { output: [], error: new Error('offline') },
      start: 'loading',
      steps: {
        loading: { [done('loadHeld')]: 'ready / showHeld', [error('loadHeld')]: 'failed / showError' },
        failed: { 'held.retry': 'loading' },
        ready: {},
      },
    },
  ],
};

// The back office's GST returns (issue 35): a real month is downloaded as its GSTR-1, saved or refused.
const RETURNS_VERBS = ['returns.month', 'returns.download', done('downloadGstr1'), error('downloadGstr1')];
export const gstReturnsTable: TransitionTable = {
  chart: gstReturnsMachine,
  source: 'issue 35 (GST returns: the GSTR-1 export of a month)',
  statuses: ['choosing', 'downloading'],
  verbs: RETURNS_VERBS,
  cases: [
    {
      name: 'a month chosen',
      context: { month: '2026-10', saved: null, error: null },
      extras: { month: '2026-11', output: 'GSTR1_27AAPFU0939F1ZV_102026.json', error: new Error('offline') },
      start: 'choosing',
      steps: {
        choosing: { 'returns.month': 'choosing / setMonth', 'returns.download': 'downloading' },
        downloading: { [done('downloadGstr1')]: 'choosing / showSaved', [error('downloadGstr1')]: 'choosing / showError' },
      },
    },
    {
      name: 'not a month',
      context: { month: '2026-13', saved: null, error: null },
      extras: { month: '2026-13', output: 'x.json', error: new Error('offline') },
      start: 'choosing',
      steps: {
        // Not a month: Download is refused.
        choosing: { 'returns.month': 'choosing / setMonth' },
        downloading: { [done('downloadGstr1')]: 'choosing / showSaved', [error('downloadGstr1')]: 'choosing / showError' },
      },
    },
  ],
};

// The desk's day's close (issue 35): "Counting lists expected amounts per payment method ... takes
// the counted cash, and records the difference with a reason." A till and a day are read; the cash
// is counted (a reason when it differs), then a counted day is closed; a closed day takes neither;
// only those who bill count or close; a date that is no day is not asked for.
const DAY_VERBS = [
  'day.till',
  'day.date',
  'day.counted',
  'day.reason',
  'day.count',
  'day.close',
  'day.retry',
  done('loadDay'),
  error('loadDay'),
  done('countDay'),
  error('countDay'),
  done('closeDay'),
  error('closeDay'),
];
const dayContext = (data: object, form: { counted: string; reason: string }, mayCount = true) => ({
  mayCount,
  till: 1,
  day: '2026-11-28',
  tills: DAY_LOADED.tills,
  data,
  error: null,
  ...form,
});
const daySteps = (ready: Record<string, string>) => ({
  loading: { [done('loadDay')]: 'ready / showLoaded', [error('loadDay')]: 'failed / showError' },
  failed: { 'day.retry': 'loading' },
  ready: { 'day.till': 'loading / setTill', 'day.counted': 'ready / setCounted', 'day.reason': 'ready / setReason', ...ready },
  counting: { [done('countDay')]: 'ready / showDay', [error('countDay')]: 'ready / showError' },
  closing: { [done('closeDay')]: 'ready / showDay', [error('closeDay')]: 'ready / showError' },
});
const DAY_PAYLOADS = { [done('loadDay')]: { output: DAY_LOADED }, [done('countDay')]: { output: TILL_DAY }, [done('closeDay')]: { output: TILL_DAY } };
export const dayCloseTable: TransitionTable = {
  chart: dayCloseMachine,
  source: "issue 35 (The day's close: open → counted → closed, the counted cash and the difference with a reason)",
  statuses: ['loading', 'failed', 'ready', 'counting', 'closing'],
  verbs: DAY_VERBS,
  cases: [
    {
      name: 'an open day, ₹100 short with a reason, another day chosen',
      context: dayContext(TILL_DAY, { counted: '1980', reason: 'Change given twice' }),
      extras: { till: 2, day: '2026-11-27', value: '1980', error: new Error('offline') },
      payloads: DAY_PAYLOADS,
      steps: daySteps({ 'day.date': 'loading / setDay', 'day.count': 'counting' }),
    },
    {
      name: 'an open day, short without a reason, a date that is no day',
      context: dayContext(TILL_DAY, { counted: '1980', reason: ' ' }),
      extras: { till: 2, day: '2026-02-30', value: '1980', error: new Error('offline') },
      payloads: DAY_PAYLOADS,
      steps: daySteps({}),
    },
    {
      name: 'a counted day, exact',
      context: dayContext({ ...TILL_DAY, status: 'counted', counted_cash_paise: 208_000, difference_paise: 0 }, { counted: '2080', reason: '' }),
      extras: { till: 2, day: '2026-11-27', value: '2080', error: new Error('offline') },
      payloads: DAY_PAYLOADS,
      steps: daySteps({ 'day.date': 'loading / setDay', 'day.count': 'counting', 'day.close': 'closing' }),
    },
    {
      name: 'a counted day, read by one who does not bill',
      context: dayContext({ ...TILL_DAY, status: 'counted', counted_cash_paise: 208_000, difference_paise: 0 }, { counted: '2080', reason: '' }, false),
      extras: { till: 2, day: '2026-11-27', value: '2080', error: new Error('offline') },
      payloads: DAY_PAYLOADS,
      steps: daySteps({ 'day.date': 'loading / setDay' }),
    },
    {
      name: 'a closed day',
      context: dayContext({ ...TILL_DAY, status: 'closed', counted_cash_paise: 208_000, difference_paise: 0 }, { counted: '2080', reason: '' }),
      extras: { till: 2, day: '2026-11-27', value: '2080', error: new Error('offline') },
      payloads: DAY_PAYLOADS,
      steps: daySteps({ 'day.date': 'loading / setDay' }),
    },
  ],
};

// The back office's Reports (issue 35): a real range (days in order, at most a year) is shown as a
// table or downloaded as CSV; a changed choice clears what was shown.
const REPORTS_VERBS = [
  'reports.report',
  'reports.from',
  'reports.to',
  'reports.show',
  'reports.download',
  done('loadReport'),
  error('loadReport'),
  done('downloadReportCsv'),
  error('downloadReportCsv'),
];
const REPORTS_SETTLING = {
  loading: { [done('loadReport')]: 'choosing / showReport', [error('loadReport')]: 'choosing / showError' },
  downloading: { [done('downloadReportCsv')]: 'choosing / showSaved', [error('downloadReportCsv')]: 'choosing / showError' },
};
const REPORT_RESULT = { report: 'sales-by-day', from: '2026-11-01', to: '2026-11-28', as_of: null, rows: [], total: { label: 'Total' } };
export const billingReportsTable: TransitionTable = {
  chart: billingReportsMachine,
  source: 'issue 35 (Reports: sales, outstanding, packages, advances over a range, on screen and as CSV)',
  statuses: ['choosing', 'loading', 'downloading'],
  verbs: REPORTS_VERBS,
  cases: [
    {
      name: 'a range the server takes',
      context: { report: 'sales-by-day', from: '2026-11-01', to: '2026-11-28', result: null, saved: null, error: null },
      extras: { report: 'outstanding', from: '2026-11-02', to: '2026-11-27', output: REPORT_RESULT, error: new Error('offline') },
      start: 'choosing',
      steps: {
        choosing: {
          'reports.report': 'choosing / setReport',
          'reports.from': 'choosing / setFrom',
          'reports.to': 'choosing / setTo',
          'reports.show': 'loading',
          'reports.download': 'downloading',
        },
        ...REPORTS_SETTLING,
      },
    },
    {
      name: 'a range of more than a year',
      context: { report: 'sales-by-day', from: '2026-04-01', to: '2027-04-01', result: null, saved: null, error: null },
      extras: { report: 'packages', from: '2026-04-01', to: '2027-04-01', output: REPORT_RESULT, error: new Error('offline') },
      start: 'choosing',
      steps: {
        // Neither Show nor Download is taken.
        choosing: { 'reports.report': 'choosing / setReport', 'reports.from': 'choosing / setFrom', 'reports.to': 'choosing / setTo' },
        ...REPORTS_SETTLING,
      },
    },
  ],
};

// The back office's tills (issue 35, "The day's close": ADMIN adds and renames tills; names unique
// in any case; a till keeps its history). The list loads or fails; a till is added or one of the
// clinic's renamed, one at a time; a name no other till has is saved and the list read again; a
// refusal keeps the form with its words; the form is cancelled.
const TILLS_VERBS = [
  'tills.retry',
  'tills.add',
  'tills.rename',
  'tills.name',
  'tills.cancel',
  'tills.save',
  done('loadTills'),
  error('loadTills'),
  done('saveTill'),
  error('saveTill'),
];
const TILL_LIST = [
  { id: 1, name: 'Front desk' },
  { id: 2, name: 'Spa counter' },
];
const tillsSteps = (saves: boolean): Steps => ({
  loading: { [done('loadTills')]: 'ready / showTills', [error('loadTills')]: 'failed' },
  failed: { 'tills.retry': 'loading' },
  ready: { 'tills.add': 'editing / startAdding', 'tills.rename': 'editing / startRenaming' },
  editing: { 'tills.name': 'editing / setName', 'tills.cancel': 'ready / stopEditing', ...(saves ? { 'tills.save': 'saving / clearMessage' } : {}) },
  saving: { [done('saveTill')]: 'loading / stopEditing', [error('saveTill')]: 'editing / showRefusal' },
});
export const tillsTable: TransitionTable = {
  chart: tillsMachine,
  source: "issue 35 (The day's close: tills added and renamed by ADMIN, names unique in any case)",
  statuses: ['loading', 'failed', 'ready', 'editing', 'saving'],
  verbs: TILLS_VERBS,
  cases: [
    {
      name: 'a new till named as no other till is',
      context: { tills: TILL_LIST, editing: { id: null, name: 'Pharmacy' }, message: null },
      extras: { id: 2, value: 'Pharmacy', output: TILL_LIST, error: new Error('offline') },
      start: 'loading',
      steps: tillsSteps(true),
    },
    {
      name: 'a till renamed to its own name in another case',
      context: { tills: TILL_LIST, editing: { id: 1, name: 'FRONT DESK' }, message: null },
      extras: { id: 1, value: 'FRONT DESK', output: TILL_LIST, error: new Error('offline') },
      steps: tillsSteps(true),
    },
    {
      name: "another till's name, in any case: not saved",
      context: { tills: TILL_LIST, editing: { id: 2, name: ' front desk ' }, message: null },
      extras: { id: 2, value: ' front desk ', output: TILL_LIST, error: new Error('offline') },
      steps: tillsSteps(false),
    },
    {
      name: 'no name typed: not saved',
      context: { tills: TILL_LIST, editing: { id: null, name: '  ' }, message: null },
      extras: { id: 2, value: '  ', output: TILL_LIST, error: new Error('offline') },
      steps: tillsSteps(false),
    },
    {
      name: 'a till the clinic does not have: not renamed',
      context: { tills: TILL_LIST, editing: { id: null, name: 'Pharmacy' }, message: null },
      extras: { id: 9, value: 'Pharmacy', output: TILL_LIST, error: new Error('offline') },
      steps: { ...tillsSteps(true), ready: { 'tills.add': 'editing / startAdding' } },
    },
  ],
};

/** Every staff billing page chart's table, for tests/unit/machines/lifecycle/every-chart.test.ts. */
export const staffBillingTables = [
  billingDocumentTable,
  billingDeskTable,
  clientBalanceTable,
  billVisitTable,
  newInvoiceTable,
  heldPaymentsTable,
  gstReturnsTable,
  dayCloseTable,
  billingReportsTable,
  tillsTable,
];
