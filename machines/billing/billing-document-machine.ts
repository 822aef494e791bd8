// One billing document on the staff desk (/billing/documents/:id, issue 34). It loads with the
// product catalogue and the GST rates the clinic offers. A draft's lines are edited here (a
// product from the catalogue or a manual line; quantity and discount per line) and saved as the
// draft's whole list; a saved draft is issued or deleted. An issued document takes payments (cash
// with the amount tendered and the change, card with the terminal's reference, UPI with its QR
// and the UTR, or one of the client's unused advances), at the till reception picks when the clinic
// has more than one (the first otherwise, as the server defaults), and credit notes on chosen lines (with a refund of money taken). While it is still
// due and nothing else is open, it is read again every few seconds, so a payment made online
// shows without reloading. An issued document's PDF (frozen at issue) is downloaded or emailed to
// the client. What the document allows is the lifecycle chart's answer
// (invoice-lifecycle.ts); who may act is the caller's role (`mayBill`), and the server checks both.
import { assign, fromPromise, setup } from 'xstate';
import type { BillingAdvance } from './advance-form.ts';
import type { BillingDocumentKind } from './billing-document.ts';
import { type BillingDocumentStatus, creditable, editable, takesPayments } from './invoice-lifecycle.ts';
import { UPI_UTR } from './upi.ts';
import { keyFor } from '../rules/submission-key.ts';

export interface DocLine {
  id: number;
  origin: 'service' | 'package_session' | 'package_plan' | 'lab_item' | 'product' | 'manual';
  description: string;
  code: string | null;
  quantity: number;
  unit_price_paise: number;
  discount_paise: number;
  taxable_paise: number;
  gst_rate_bp: number;
  exempt: boolean;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  from_package: string | null;
  product: number | null;
  credited_taxable_paise?: number;
}

export interface DocPayment {
  id: number;
  method: 'cash' | 'card' | 'upi' | 'advance' | 'online';
  amount_paise: number;
  tendered_paise: number | null;
  change_paise: number | null;
  reference: string | null;
  /** The till the money was taken at. */
  till: number;
  received_at: string;
}

export interface DocLink {
  id: number;
  kind: BillingDocumentKind;
  number: string | null;
  issued_on: string | null;
  total_paise: number;
}

/** A document as the page shows it (the contract's BillingDocument, the fields read here). */
export interface BillingDoc {
  id: number;
  client: number;
  client_name: string;
  kind: BillingDocumentKind;
  status: BillingDocumentStatus;
  number: string | null;
  issued_on: string | null;
  recipient: { name: string; address: string | null; gstin: string | null; state_code: string | null };
  place_of_supply_state_code: string;
  lines: DocLine[];
  totals: {
    taxable_paise: number;
    cgst_paise: number;
    sgst_paise: number;
    igst_paise: number;
    round_off_paise: number;
    total_paise: number;
    total_in_words: string;
  };
  paid_paise: number;
  credited_paise: number;
  refunded_paise: number;
  balance_paise: number;
  payments: DocPayment[];
  refunds: { id: number; credit_note: number; method: 'cash' | 'card' | 'upi'; amount_paise: number; reference: string | null; refunded_at: string }[];
  credit_notes: DocLink[];
  credits: DocLink | null;
  note: string | null;
}

export interface Product {
  id: number;
  name: string;
  code: string | null;
  unit_price_paise: number;
  gst_rate_bp: number;
  exempt: boolean;
  active: boolean;
}

/** A cash point of the clinic (issue 35); the first is where money goes when no till is named. */
export interface Till {
  id: number;
  name: string;
}

export interface DocumentData {
  document: BillingDoc;
  products: Product[];
  rates: number[];
  /** The clinic's tills, oldest first. */
  tills: Till[];
}

/** A line of the draft being edited: an existing line (`line`), a product, or a manual line. Quantity and discount as typed. */
export interface DraftLine {
  key: string;
  line: number | null;
  product: number | null;
  description: string;
  code: string | null;
  unit_price_paise: number;
  gst_rate_bp: number;
  exempt: boolean;
  from_package: string | null;
  quantity: string;
  discount: string;
}

/** What the draft sends: the contract's BillingLineInput. */
export type LineInput =
  | { line: number; quantity: number; discount_paise: number }
  | { product: number; quantity: number; discount_paise: number }
  | { description: string; code?: string; quantity: number; unit_price_paise: number; discount_paise: number; gst_rate_bp: number; exempt: boolean };

export interface ManualForm {
  description: string;
  code: string;
  price: string;
  rate: string;
  exempt: boolean;
}

/** How money is paid back on a credit note. */
export type RefundMethod = 'cash' | 'card' | 'upi';
/** How reception takes a payment: money, or an advance the client already paid (its receipt voucher). */
export type PayMethod = RefundMethod | 'advance';

export interface PaymentForm {
  method: PayMethod;
  amount: string;
  tendered: string;
  reference: string;
  /** The receipt voucher drawn on (method advance), its id as chosen; '' none yet. */
  advance: string;
  /** The till the money is taken at, its id as chosen; '' or absent: the first (the server's default). */
  till?: string;
}

export interface PaymentInput {
  method: PayMethod;
  amount_paise: number;
  tendered_paise?: number;
  reference?: string;
  advance?: number;
  till?: number;
}

export interface CreditForm {
  lines: number[];
  reason: string;
  refundMethod: '' | RefundMethod;
  refundAmount: string;
  refundReference: string;
}

export interface CreditInput {
  reason: string;
  lines: { line: number }[];
  refund?: { method: RefundMethod; amount_paise: number; reference?: string };
}

export interface UpiPayload {
  uri: string;
  amount_paise: number;
  payee_vpa: string;
  payee_name: string;
  note: string;
}

/** What the page asks the server; issuing, a payment and a credit note carry the submission's Idempotency-Key. */
export type DocumentAct =
  | { kind: 'save'; id: number; lines: LineInput[] }
  | { kind: 'issue'; id: number; key: string }
  | { kind: 'delete'; id: number }
  | { kind: 'pdf'; id: number; fileName: string }
  | { kind: 'email'; id: number }
  | { kind: 'pay'; id: number; key: string; payment: PaymentInput }
  | { kind: 'credit'; id: number; key: string; credit: CreditInput };

type KeyedAct = Extract<DocumentAct, { key: string }>;
type UnkeyedAct = KeyedAct extends infer A ? (A extends KeyedAct ? Omit<A, 'key'> : never) : never;
type Submission = { key: string; draft: UnkeyedAct };

export interface BillingDocumentContext {
  id: number;
  mayBill: boolean;
  document: BillingDoc | null;
  products: Product[];
  rates: number[];
  tills: Till[];
  draft: DraftLine[];
  /** How many lines were added here: each new line's key. */
  added: number;
  dirty: boolean;
  manual: ManualForm;
  payment: PaymentForm;
  credit: CreditForm;
  upi: UpiPayload | null;
  upiError: string | null;
  /** The client's advance receipts, read when "advance" is chosen as the method. */
  advances: BillingAdvance[];
  advancesError: string | null;
  pending: DocumentAct | null;
  /** The last keyed act sent: sent again unchanged (after a failure), it keeps its key, so the server does it once. */
  submission: Submission | null;
  /** The last act the server took, so the page says so until the next one. */
  done: DocumentAct['kind'] | null;
  error: string | null;
}

export type BillingDocumentPageEvent =
  | { type: 'doc.retry' }
  | { type: 'line.addProduct'; product: number }
  | { type: 'line.addManual' }
  | { type: 'line.quantity'; key: string; value: string }
  | { type: 'line.discount'; key: string; value: string }
  | { type: 'line.remove'; key: string }
  | { type: 'manual.set'; field: 'description' | 'code' | 'price' | 'rate'; value: string }
  | { type: 'manual.exempt'; value: boolean }
  | { type: 'draft.save' }
  | { type: 'draft.discard' }
  | { type: 'doc.issue' }
  | { type: 'doc.delete' }
  | { type: 'doc.pdf' }
  | { type: 'doc.email' }
  | { type: 'pay.open' }
  | { type: 'pay.method'; method: PayMethod }
  | { type: 'pay.set'; field: 'amount' | 'tendered' | 'reference'; value: string }
  | { type: 'pay.advance'; advance: number }
  | { type: 'pay.till'; till: number }
  | { type: 'pay.submit' }
  | { type: 'credit.open' }
  | { type: 'credit.toggle'; line: number }
  | { type: 'credit.set'; field: 'reason' | 'refundAmount' | 'refundReference'; value: string }
  | { type: 'credit.refundMethod'; method: '' | RefundMethod }
  | { type: 'credit.submit' }
  | { type: 'form.close' };

/** How often an open document still due is read again (a payment made online shows up). */
export const POLL_INTERVAL_MS = 5_000;

// ---- Rules the page and the chart share (pure).

/** "1,180.50" or "1180" rupees as paise; null when it is not an amount (at most two decimals). */
export function rupeesToPaise(text: string): number | null {
  const clean = text.replace(/[,\s₹]/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Paise as a rupee amount a field shows ("1180.50", "1180"). */
export const paiseToRupees = (paise: number): string =>
  paise % 100 === 0 ? String(paise / 100) : `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

const quantityOf = (text: string): number | null => (/^\d{1,5}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 10_000 ? Number(text) : null);

/** Why a draft line cannot be saved as typed, or null. */
export function draftLineProblem(line: DraftLine): 'quantity' | 'discount' | null {
  const quantity = quantityOf(line.quantity);
  if (quantity === null) return 'quantity';
  const discount = line.discount.trim() === '' ? 0 : rupeesToPaise(line.discount);
  if (discount === null || discount > quantity * line.unit_price_paise) return 'discount';
  return null;
}

/** The draft's lines as the contract takes them (every line valid: see draftLineProblem). */
export function draftInput(lines: DraftLine[]): LineInput[] {
  return lines.map((l) => {
    const quantity = quantityOf(l.quantity)!;
    const discount_paise = l.discount.trim() === '' ? 0 : rupeesToPaise(l.discount)!;
    if (l.line !== null) return { line: l.line, quantity, discount_paise };
    if (l.product !== null) return { product: l.product, quantity, discount_paise };
    return {
      description: l.description,
      ...(l.code ? { code: l.code } : {}),
      quantity,
      unit_price_paise: l.unit_price_paise,
      discount_paise,
      gst_rate_bp: l.gst_rate_bp,
      exempt: l.exempt,
    };
  });
}

/** The saved lines of a document as the draft's editable lines. */
export function draftOf(document: BillingDoc): DraftLine[] {
  return document.lines.map((l) => ({
    key: `line-${l.id}`,
    line: l.id,
    product: l.product,
    description: l.description,
    code: l.code,
    unit_price_paise: l.unit_price_paise,
    gst_rate_bp: l.gst_rate_bp,
    exempt: l.exempt,
    from_package: l.from_package,
    quantity: String(l.quantity),
    discount: l.discount_paise === 0 ? '' : paiseToRupees(l.discount_paise),
  }));
}

/** Why the manual line cannot be added as typed, or null. */
export function manualProblem(form: ManualForm, rates: number[]): 'description' | 'code' | 'price' | 'rate' | null {
  if (!form.description.trim() || form.description.trim().length > 300) return 'description';
  if (form.code.trim() && !/^[0-9]{4,8}$/.test(form.code.trim())) return 'code';
  if (rupeesToPaise(form.price) === null) return 'price';
  if (!form.exempt && (form.rate.trim() === '' || !rates.includes(Number(form.rate)))) return 'rate';
  return null;
}

/** The unused advance chosen on the form, or null. */
export const chosenAdvance = (form: PaymentForm, advances: BillingAdvance[]): BillingAdvance | null =>
  advances.find((a) => String(a.id) === form.advance && a.unused_paise > 0) ?? null;

/**
 * Why the payment cannot be sent as typed, or null. `due` is what is still due on the document;
 * `advances` the client's receipts, of which one is drawn on for at most what is left of it.
 */
export function paymentProblem(form: PaymentForm, due: number, advances: BillingAdvance[] = []): 'amount' | 'tendered' | 'reference' | 'advance' | null {
  const amount = rupeesToPaise(form.amount);
  if (form.method === 'advance') {
    const advance = chosenAdvance(form, advances);
    if (!advance) return 'advance';
    if (amount === null || amount < 1 || amount > Math.min(due, advance.unused_paise)) return 'amount';
    return null;
  }
  if (amount === null || amount < 1 || amount > due) return 'amount';
  if (form.method === 'cash' && form.tendered.trim() !== '') {
    const tendered = rupeesToPaise(form.tendered);
    if (tendered === null || tendered < amount) return 'tendered';
  }
  if (form.method === 'card' && !/^[!-~]{1,100}$/.test(form.reference.trim())) return 'reference';
  if (form.method === 'upi' && !UPI_UTR.test(form.reference.trim())) return 'reference';
  return null;
}

/** The change to hand back for cash, once the amount and what was tendered are known. */
export function changePaise(form: PaymentForm): number | null {
  if (form.method !== 'cash') return null;
  const amount = rupeesToPaise(form.amount);
  const tendered = rupeesToPaise(form.tendered);
  return amount !== null && tendered !== null && tendered >= amount ? tendered - amount : null;
}

export function paymentInput(form: PaymentForm): PaymentInput {
  const amount_paise = rupeesToPaise(form.amount)!;
  const till = form.till ? { till: Number(form.till) } : {};
  if (form.method === 'cash')
    return { method: 'cash', amount_paise, ...(form.tendered.trim() ? { tendered_paise: rupeesToPaise(form.tendered)! } : {}), ...till };
  if (form.method === 'advance') return { method: 'advance', amount_paise, advance: Number(form.advance), ...till };
  return { method: form.method, amount_paise, reference: form.reference.trim(), ...till };
}

/** The till a payment goes to unless reception picks another: the first, as the server would choose. */
export const defaultTill = (tills: Till[]): string => (tills.length ? String(tills[0].id) : '');

/** Reception picks the till only when the clinic has more than one. */
export const choosesTill = (tills: Till[]): boolean => tills.length > 1;

/** What may still be refunded: paid and not yet refunded. */
export const refundable = (document: BillingDoc): number => Math.max(0, document.paid_paise - document.refunded_paise);

/** A line still has something to credit. */
export const lineCreditable = (line: DocLine): boolean =>
  line.taxable_paise - (line.credited_taxable_paise ?? 0) > 0 || (line.taxable_paise === 0 && !line.credited_taxable_paise);

/** Why the credit note cannot be sent as typed, or null. */
export function creditProblem(form: CreditForm, document: BillingDoc): 'lines' | 'reason' | 'refund' | null {
  if (form.lines.length === 0 || form.lines.some((id) => !document.lines.some((l) => l.id === id))) return 'lines';
  if (!form.reason.trim() || form.reason.trim().length > 500) return 'reason';
  if (form.refundMethod !== '') {
    const amount = rupeesToPaise(form.refundAmount);
    if (amount === null || amount < 1 || amount > refundable(document)) return 'refund';
    if (form.refundReference.trim() && !/^[!-~]{1,100}$/.test(form.refundReference.trim())) return 'refund';
  }
  return null;
}

export function creditInput(form: CreditForm): CreditInput {
  const reference = form.refundReference.trim();
  return {
    reason: form.reason.trim(),
    lines: form.lines.map((line) => ({ line })),
    ...(form.refundMethod !== ''
      ? { refund: { method: form.refundMethod, amount_paise: rupeesToPaise(form.refundAmount)!, ...(reference ? { reference } : {}) } }
      : {}),
  };
}

/** An issued document (not a draft, not a deleted one) has its PDF, frozen at issue. */
export const hasPdf = (document: BillingDoc | null): boolean =>
  document !== null && document.number !== null && document.status !== 'draft' && document.status !== 'deleted';

/** The file a document's PDF is saved as: its number, with the slashes a file name cannot hold. */
export const pdfFileName = (document: BillingDoc): string => `${(document.number ?? `draft-${document.id}`).replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/** A document still waiting for money (issued, partly paid): read again while open. */
export const awaitingPayment = (document: BillingDoc | null): boolean => document !== null && takesPayments(document.status) && document.balance_paise > 0;

const EMPTY_MANUAL: ManualForm = { description: '', code: '', price: '', rate: '', exempt: false };
const EMPTY_CREDIT: CreditForm = { lines: [], reason: '', refundMethod: '', refundAmount: '', refundReference: '' };
const paymentFor = (document: BillingDoc | null, tills: Till[] = []): PaymentForm => ({
  method: 'cash',
  amount: document ? paiseToRupees(document.balance_paise) : '',
  tendered: '',
  reference: '',
  advance: '',
  till: defaultTill(tills),
});
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The act to send, keyed: the same key as the last submission when it is the same one again. */
function keyedAct(context: BillingDocumentContext, draft: UnkeyedAct) {
  const submission = keyFor(context.submission, draft);
  return { submission, pending: { ...submission.draft, key: submission.key } as KeyedAct, done: null, error: null };
}

export const billingDocumentMachine = setup({
  types: {
    context: {} as BillingDocumentContext,
    events: {} as BillingDocumentPageEvent,
    input: {} as { id: number; mayBill: boolean },
  },
  actors: {
    loadDocument: fromPromise<DocumentData, { id: number }>(async () => {
      throw new Error('loadDocument not provided');
    }),
    refreshDocument: fromPromise<BillingDoc, { id: number }>(async () => {
      throw new Error('refreshDocument not provided');
    }),
    loadUpi: fromPromise<UpiPayload, { id: number }>(async () => {
      throw new Error('loadUpi not provided');
    }),
    loadAdvances: fromPromise<BillingAdvance[], { client: number }>(async () => {
      throw new Error('loadAdvances not provided');
    }),
    act: fromPromise<BillingDoc | null, DocumentAct>(async () => {
      throw new Error('act not provided');
    }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
  guards: {
    canEdit: ({ context }) => context.mayBill && context.document !== null && editable(context.document.status),
    canAddProduct: ({ context }, params: { product: number }) =>
      context.mayBill && context.document !== null && editable(context.document.status) && context.products.some((p) => p.id === params.product && p.active),
    canAddManual: ({ context }) =>
      context.mayBill && context.document !== null && editable(context.document.status) && manualProblem(context.manual, context.rates) === null,
    canSaveDraft: ({ context }) =>
      context.mayBill &&
      context.dirty &&
      context.document !== null &&
      editable(context.document.status) &&
      context.draft.every((l) => draftLineProblem(l) === null),
    canIssue: ({ context }) =>
      context.mayBill && !context.dirty && context.document !== null && editable(context.document.status) && context.document.lines.length > 0,
    canDelete: ({ context }) => context.mayBill && context.document !== null && editable(context.document.status),
    canDownload: ({ context }) => hasPdf(context.document),
    canEmail: ({ context }) => context.mayBill && hasPdf(context.document),
    canPay: ({ context }) => context.mayBill && awaitingPayment(context.document),
    canSubmitPayment: ({ context }) => context.document !== null && paymentProblem(context.payment, context.document.balance_paise, context.advances) === null,
    canCredit: ({ context }) =>
      context.mayBill &&
      context.document !== null &&
      creditable(context.document.status) &&
      (context.document.kind === 'invoice' || context.document.kind === 'bill_of_supply'),
    canSubmitCredit: ({ context }) => context.document !== null && creditProblem(context.credit, context.document) === null,
    awaitingPayment: ({ context }) => awaitingPayment(context.document),
    upiNeeded: (_, params: { method: PayMethod }) => params.method === 'upi',
    advancesNeeded: (_, params: { method: PayMethod }) => params.method === 'advance',
    // Only a receipt of this client's with something left on it is drawn on.
    usableAdvance: ({ context }, params: { advance: number }) => context.advances.some((a) => a.id === params.advance && a.unused_paise > 0),
    tillKnown: ({ context }, params: { till: number }) => context.tills.some((t) => t.id === params.till),
    deleted: ({ context }) => context.pending?.kind === 'delete',
    wasPaying: ({ context }) => context.pending?.kind === 'pay',
    wasCrediting: ({ context }) => context.pending?.kind === 'credit',
  },
  actions: {
    showData: assign((_, data: DocumentData) => ({
      document: data.document,
      products: data.products,
      rates: data.rates,
      tills: data.tills,
      draft: draftOf(data.document),
      dirty: false,
      error: null,
    })),
    showDocument: assign(({ context }, document: BillingDoc) => (context.dirty ? { document } : { document, draft: draftOf(document) })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    addProduct: assign(({ context }, params: { product: number }) => {
      const p = context.products.find((x) => x.id === params.product)!;
      const line: DraftLine = {
        key: `new-${context.added}`,
        line: null,
        product: p.id,
        description: p.name,
        code: p.code,
        unit_price_paise: p.unit_price_paise,
        gst_rate_bp: p.gst_rate_bp,
        exempt: p.exempt,
        from_package: null,
        quantity: '1',
        discount: '',
      };
      return { draft: [...context.draft, line], added: context.added + 1, dirty: true, done: null, error: null };
    }),
    addManual: assign(({ context }) => {
      const m = context.manual;
      const line: DraftLine = {
        key: `new-${context.added}`,
        line: null,
        product: null,
        description: m.description.trim(),
        code: m.code.trim() || null,
        unit_price_paise: rupeesToPaise(m.price)!,
        gst_rate_bp: m.exempt ? 0 : Number(m.rate),
        exempt: m.exempt,
        from_package: null,
        quantity: '1',
        discount: '',
      };
      return { draft: [...context.draft, line], added: context.added + 1, manual: EMPTY_MANUAL, dirty: true, done: null, error: null };
    }),
    setQuantity: assign(({ context }, params: { key: string; value: string }) => ({
      draft: context.draft.map((l) => (l.key === params.key ? { ...l, quantity: params.value } : l)),
      dirty: true,
      done: null,
    })),
    setDiscount: assign(({ context }, params: { key: string; value: string }) => ({
      draft: context.draft.map((l) => (l.key === params.key ? { ...l, discount: params.value } : l)),
      dirty: true,
      done: null,
    })),
    removeLine: assign(({ context }, params: { key: string }) => ({ draft: context.draft.filter((l) => l.key !== params.key), dirty: true, done: null })),
    setManual: assign(({ context }, params: { field: keyof ManualForm; value: string | boolean }) => ({
      manual: { ...context.manual, [params.field]: params.value },
    })),
    discardDraft: assign(({ context }) => ({ draft: context.document ? draftOf(context.document) : [], dirty: false, error: null })),
    saveDraft: assign(({ context }) => ({ pending: { kind: 'save' as const, id: context.id, lines: draftInput(context.draft) }, done: null, error: null })),
    issue: assign(({ context }) => keyedAct(context, { kind: 'issue', id: context.id })),
    remove: assign(({ context }) => ({ pending: { kind: 'delete' as const, id: context.id }, done: null, error: null })),
    download: assign(({ context }) => ({
      pending: { kind: 'pdf' as const, id: context.id, fileName: pdfFileName(context.document!) },
      done: null,
      error: null,
    })),
    email: assign(({ context }) => ({ pending: { kind: 'email' as const, id: context.id }, done: null, error: null })),
    pay: assign(({ context }) => keyedAct(context, { kind: 'pay', id: context.id, payment: paymentInput(context.payment) })),
    credit: assign(({ context }) => keyedAct(context, { kind: 'credit', id: context.id, credit: creditInput(context.credit) })),
    actDone: assign(({ context }, document: BillingDoc | null) => ({
      done: context.pending?.kind ?? null,
      pending: null,
      ...(document ? { document, draft: draftOf(document), dirty: false } : {}),
    })),
    actFailed: assign((_, params: { error: unknown }) => ({ pending: null, error: errorText(params.error) })),
    openPayment: assign(({ context }) => ({
      payment: paymentFor(context.document, context.tills),
      upi: null,
      upiError: null,
      advances: [],
      advancesError: null,
      done: null,
      error: null,
    })),
    setMethod: assign(({ context }, params: { method: PayMethod }) => ({ payment: { ...context.payment, method: params.method, reference: '', advance: '' } })),
    showAdvances: assign((_, advances: BillingAdvance[]) => ({ advances, advancesError: null })),
    advancesFailed: assign((_, params: { error: unknown }) => ({ advances: [], advancesError: errorText(params.error) })),
    // Drawing on an advance proposes what it can pay: what is due, or what is left of it when less.
    chooseAdvance: assign(({ context }, params: { advance: number }) => {
      const advance = context.advances.find((a) => a.id === params.advance)!;
      const due = context.document?.balance_paise ?? 0;
      return { payment: { ...context.payment, advance: String(advance.id), amount: paiseToRupees(Math.min(due, advance.unused_paise)) } };
    }),
    setPayment: assign(({ context }, params: { field: 'amount' | 'tendered' | 'reference'; value: string }) => ({
      payment: { ...context.payment, [params.field]: params.value },
    })),
    setTill: assign(({ context }, params: { till: number }) => ({ payment: { ...context.payment, till: String(params.till) } })),
    showUpi: assign((_, upi: UpiPayload) => ({ upi, upiError: null })),
    upiFailed: assign((_, params: { error: unknown }) => ({ upi: null, upiError: errorText(params.error) })),
    openCredit: assign(() => ({ credit: EMPTY_CREDIT, done: null, error: null })),
    toggleCreditLine: assign(({ context }, params: { line: number }) => ({
      credit: {
        ...context.credit,
        lines: context.credit.lines.includes(params.line) ? context.credit.lines.filter((l) => l !== params.line) : [...context.credit.lines, params.line],
      },
    })),
    setCredit: assign(({ context }, params: { field: 'reason' | 'refundAmount' | 'refundReference'; value: string }) => ({
      credit: { ...context.credit, [params.field]: params.value },
    })),
    setRefundMethod: assign(({ context }, params: { method: '' | RefundMethod }) => ({ credit: { ...context.credit, refundMethod: params.method } })),
  },
}).createMachine({
  id: 'billingDocumentPage',
  context: ({ input }) => ({
    id: input.id,
    mayBill: input.mayBill,
    document: null,
    products: [],
    rates: [],
    tills: [],
    draft: [],
    added: 0,
    dirty: false,
    manual: EMPTY_MANUAL,
    payment: paymentFor(null),
    credit: EMPTY_CREDIT,
    upi: null,
    upiError: null,
    advances: [],
    advancesError: null,
    pending: null,
    submission: null,
    done: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDocument',
        src: 'loadDocument',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'showData', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'doc.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          after: { pollInterval: { guard: 'awaitingPayment', target: 'refreshing' } },
          on: {
            'line.addProduct': {
              guard: { type: 'canAddProduct', params: ({ event }) => ({ product: event.product }) },
              actions: { type: 'addProduct', params: ({ event }) => ({ product: event.product }) },
            },
            'manual.set': { guard: 'canEdit', actions: { type: 'setManual', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'manual.exempt': { guard: 'canEdit', actions: { type: 'setManual', params: ({ event }) => ({ field: 'exempt' as const, value: event.value }) } },
            'line.addManual': { guard: 'canAddManual', actions: 'addManual' },
            'line.quantity': { guard: 'canEdit', actions: { type: 'setQuantity', params: ({ event }) => ({ key: event.key, value: event.value }) } },
            'line.discount': { guard: 'canEdit', actions: { type: 'setDiscount', params: ({ event }) => ({ key: event.key, value: event.value }) } },
            'line.remove': { guard: 'canEdit', actions: { type: 'removeLine', params: ({ event }) => ({ key: event.key }) } },
            'draft.discard': { guard: 'canEdit', actions: 'discardDraft' },
            'draft.save': { guard: 'canSaveDraft', target: 'saving', actions: 'saveDraft' },
            'doc.issue': { guard: 'canIssue', target: 'saving', actions: 'issue' },
            'doc.delete': { guard: 'canDelete', target: 'saving', actions: 'remove' },
            'doc.pdf': { guard: 'canDownload', target: 'saving', actions: 'download' },
            'doc.email': { guard: 'canEmail', target: 'saving', actions: 'email' },
            'pay.open': { guard: 'canPay', target: 'paying', actions: 'openPayment' },
            'credit.open': { guard: 'canCredit', target: 'crediting', actions: 'openCredit' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshDocument',
            src: 'refreshDocument',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'idle', actions: { type: 'showDocument', params: ({ event }) => event.output } },
            // A failed read waits for the next one; what is shown stays.
            onError: 'idle',
          },
        },
        paying: {
          initial: 'form',
          on: {
            'pay.set': { actions: { type: 'setPayment', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'pay.advance': {
              guard: { type: 'usableAdvance', params: ({ event }) => ({ advance: event.advance }) },
              actions: { type: 'chooseAdvance', params: ({ event }) => ({ advance: event.advance }) },
            },
            'pay.till': {
              guard: { type: 'tillKnown', params: ({ event }) => ({ till: event.till }) },
              actions: { type: 'setTill', params: ({ event }) => ({ till: event.till }) },
            },
            'form.close': '#billingDocumentPage.ready.idle',
          },
          states: {
            form: {
              on: {
                'pay.method': [
                  {
                    guard: { type: 'upiNeeded', params: ({ event }) => ({ method: event.method }) },
                    target: 'upi',
                    actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) },
                  },
                  {
                    guard: { type: 'advancesNeeded', params: ({ event }) => ({ method: event.method }) },
                    target: 'advances',
                    actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) },
                  },
                  { actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) } },
                ],
                'pay.submit': { guard: 'canSubmitPayment', target: '#billingDocumentPage.ready.saving', actions: 'pay' },
              },
            },
            // The QR of the UPI link for what is still due; the UTR is typed once the money is seen.
            upi: {
              invoke: {
                id: 'loadUpi',
                src: 'loadUpi',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: 'form', actions: { type: 'showUpi', params: ({ event }) => event.output } },
                onError: { target: 'form', actions: { type: 'upiFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            // The client's advance receipts, those with something left offered to draw on.
            advances: {
              invoke: {
                id: 'loadAdvances',
                src: 'loadAdvances',
                input: ({ context }) => ({ client: context.document!.client }),
                onDone: { target: 'form', actions: { type: 'showAdvances', params: ({ event }) => event.output } },
                onError: { target: 'form', actions: { type: 'advancesFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        crediting: {
          on: {
            'credit.toggle': { actions: { type: 'toggleCreditLine', params: ({ event }) => ({ line: event.line }) } },
            'credit.set': { actions: { type: 'setCredit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'credit.refundMethod': { actions: { type: 'setRefundMethod', params: ({ event }) => ({ method: event.method }) } },
            'credit.submit': { guard: 'canSubmitCredit', target: 'saving', actions: 'credit' },
            'form.close': 'idle',
          },
        },
        saving: {
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context }) => context.pending!,
            onDone: [
              { guard: 'deleted', target: '#billingDocumentPage.deleted', actions: { type: 'actDone', params: () => null } },
              { target: 'idle', actions: { type: 'actDone', params: ({ event }) => event.output } },
            ],
            // A refused payment or credit note keeps its form and what was typed, with the reason.
            onError: [
              { guard: 'wasPaying', target: 'paying', actions: { type: 'actFailed', params: ({ event }) => ({ error: event.error }) } },
              { guard: 'wasCrediting', target: 'crediting', actions: { type: 'actFailed', params: ({ event }) => ({ error: event.error }) } },
              { target: 'idle', actions: { type: 'actFailed', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});
