// "My invoices" on the portal (/user/invoices/{clientId}, issue 34): the client's issued documents
// load; one opens with its lines, taxes, total in words and payments, and, while money is due, the
// UPI link the page draws as a QR code. "Pay online" asks for the document's payment link and
// leaves for the gateway's hosted page (the `goToGateway` action, provided by the view's hook). It
// is offered only where the clinic has the gateway (`gateway`, from /config.json's
// `onlinePayments`); should the link still answer 404 (the server's setting changed since the
// page loaded), the button goes for the rest of the visit and the page says so. The gateway sends the
// browser back to this page naming the document (`returnTo`), which opens it again and, while the
// payment is not yet recorded (the webhook may arrive a moment after the browser), reads it again
// a few times. A SUPER_ADMIN reads a client's portal (`readOnly`): nothing is paid from there.
import { assign, fromPromise, setup } from 'xstate';
import { GATEWAY_RETURN } from '../rules/gateway-return.ts';
import type { BillingDocumentKind } from './billing-document.ts';
import { type BillingDocumentStatus, takesPayments } from './invoice-lifecycle.ts';

export interface InvoiceSummary {
  id: number;
  kind: BillingDocumentKind;
  status: BillingDocumentStatus;
  number: string | null;
  issued_on: string | null;
  total_paise: number;
  balance_paise: number;
}

export interface InvoiceLine {
  id: number;
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
}

export interface InvoicePayment {
  id: number;
  method: 'cash' | 'card' | 'upi' | 'advance' | 'online';
  amount_paise: number;
  reference: string | null;
  received_at: string;
}

export interface InvoiceTotals {
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  round_off_paise: number;
  total_paise: number;
  total_in_words: string;
}

export interface InvoiceDetail extends InvoiceSummary {
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  payments: InvoicePayment[];
  paid_paise: number;
  credited_paise: number;
}

export interface UpiPayload {
  uri: string;
  amount_paise: number;
  payee_vpa: string;
  payee_name: string;
  note: string;
}

/** One document as the page shows it: the document, its UPI link while money is due, and whether it can be paid online. */
export interface OpenedInvoice {
  document: InvoiceDetail;
  upi: UpiPayload | null;
  online: boolean;
}

export interface MyInvoicesContext {
  clientId: string;
  readOnly: boolean;
  /** The clinic has the online gateway (/config.json); false also once the payment link answered 404. */
  gateway: boolean;
  /** The document the gateway sent the browser back for, until its payment is seen (or the reads run out). */
  returnTo: number | null;
  /** Reads of the returned document so far. */
  checks: number;
  invoices: InvoiceSummary[];
  selected: number | null;
  opened: OpenedInvoice | null;
  message: 'openFailed' | 'payFailed' | 'noGateway' | 'notYetPaid' | null;
}

export type MyInvoicesEvent =
  | { type: 'invoices.retry' }
  | { type: 'invoices.open'; id: number }
  | { type: 'invoices.close' }
  | { type: 'invoices.refresh' }
  | { type: 'invoices.payOnline' };

/** How often the page reads again after the gateway sent the browser back (the shared rule). */
export const RETURN_CHECKS = GATEWAY_RETURN.checks;

/** Money is due on a document and it still takes payments (issued or partly paid). */
export const invoiceDue = (d: Pick<InvoiceSummary, 'status' | 'balance_paise'>): boolean => takesPayments(d.status) && d.balance_paise > 0;

export const myInvoicesMachine = setup({
  types: {
    context: {} as MyInvoicesContext,
    events: {} as MyInvoicesEvent,
    input: {} as { clientId: string; readOnly: boolean; returnTo: number | null; gateway: boolean },
  },
  actors: {
    loadInvoices: fromPromise<InvoiceSummary[], { clientId: string }>(async () => {
      throw new Error('loadInvoices not provided');
    }),
    loadInvoice: fromPromise<OpenedInvoice, { id: number }>(async () => {
      throw new Error('loadInvoice not provided');
    }),
    startPayment: fromPromise<string, { id: number }>(async () => {
      throw new Error('startPayment not provided');
    }),
  },
  delays: { returnCheckDelay: GATEWAY_RETURN.pauseMs },
  guards: {
    returning: ({ context }) => context.returnTo !== null,
    // Back from the gateway and the payment not seen yet: read again, a few times.
    awaitingPayment: ({ context }, opened: OpenedInvoice) =>
      context.returnTo === opened.document.id && invoiceDue(opened.document) && context.checks < RETURN_CHECKS,
    canPayOnline: ({ context }) =>
      !context.readOnly && context.gateway && context.opened !== null && context.opened.online && invoiceDue(context.opened.document),
    // The payment link's 404 for the client's own open document: the clinic has no online gateway.
    noGateway: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 404,
  },
  actions: {
    showList: assign((_, params: { invoices: InvoiceSummary[] }) => ({ invoices: params.invoices })),
    selectReturned: assign(({ context }) => ({ selected: context.returnTo, message: null })),
    select: assign((_, params: { id: number }) => ({ selected: params.id, opened: null, message: null })),
    // The opened document, and its line in the list brought up to date.
    showInvoice: assign(({ context }, params: { opened: OpenedInvoice }) => {
      const d = params.opened.document;
      const invoices = context.invoices.map((i) =>
        i.id === d.id
          ? { id: d.id, kind: d.kind, status: d.status, number: d.number, issued_on: d.issued_on, total_paise: d.total_paise, balance_paise: d.balance_paise }
          : i,
      );
      return { opened: params.opened, invoices };
    }),
    countCheck: assign(({ context }) => ({ checks: context.checks + 1 })),
    // The return is settled: paid, or still due after every read (the page says so).
    settleReturn: assign(({ context }, params: { opened: OpenedInvoice }) => {
      if (context.returnTo !== params.opened.document.id) return {};
      return { returnTo: null, message: invoiceDue(params.opened.document) ? ('notYetPaid' as const) : null };
    }),
    close: assign({ selected: null, opened: null, returnTo: null, message: null }),
    clearMessage: assign({ message: null }),
    openFailed: assign({ selected: null, opened: null, returnTo: null, message: 'openFailed' as const }),
    payFailed: assign({ message: 'payFailed' as const }),
    dropGateway: assign({ gateway: false, message: 'noGateway' as const }),
    goToGateway: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'myInvoices',
  context: ({ input }) => ({
    clientId: input.clientId,
    readOnly: input.readOnly,
    gateway: input.gateway,
    returnTo: input.returnTo,
    checks: 0,
    invoices: [],
    selected: null,
    opened: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoices',
        src: 'loadInvoices',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: [
          { guard: 'returning', target: 'opening', actions: [{ type: 'showList', params: ({ event }) => ({ invoices: event.output }) }, 'selectReturned'] },
          { target: 'list', actions: { type: 'showList', params: ({ event }) => ({ invoices: event.output }) } },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'invoices.retry': 'loading' } },
    list: {
      on: { 'invoices.open': { target: 'opening', actions: { type: 'select', params: ({ event }) => ({ id: event.id }) } } },
    },
    opening: {
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ id: context.selected! }),
        onDone: [
          {
            guard: { type: 'awaitingPayment', params: ({ event }) => event.output },
            target: 'confirming',
            actions: [{ type: 'showInvoice', params: ({ event }) => ({ opened: event.output }) }, 'countCheck'],
          },
          {
            target: 'viewing',
            actions: [
              { type: 'showInvoice', params: ({ event }) => ({ opened: event.output }) },
              { type: 'settleReturn', params: ({ event }) => ({ opened: event.output }) },
            ],
          },
        ],
        onError: { target: 'list', actions: 'openFailed' },
      },
    },
    confirming: {
      after: { returnCheckDelay: 'opening' },
      on: { 'invoices.close': { target: 'list', actions: 'close' } },
    },
    viewing: {
      on: {
        'invoices.close': { target: 'list', actions: 'close' },
        'invoices.refresh': { target: 'opening', actions: 'clearMessage' },
        'invoices.payOnline': { target: 'paying', guard: 'canPayOnline', actions: 'clearMessage' },
      },
    },
    paying: {
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ id: context.selected! }),
        onDone: { target: 'redirecting', actions: { type: 'goToGateway', params: ({ event }) => ({ url: event.output }) } },
        onError: [
          { guard: { type: 'noGateway', params: ({ event }) => ({ error: event.error }) }, target: 'viewing', actions: 'dropGateway' },
          { target: 'viewing', actions: 'payFailed' },
        ],
      },
    },
    // The browser is leaving for the gateway's hosted page.
    redirecting: {},
  },
});
