// What the billing views read from the billing charts' snapshots, by name (issue 33): views never
// read state names or `value` directly. The desk, its held payments and "New invoice"; a document's
// page and its forms; a client's balance and "Bill this visit"; "My invoices"; the back office's
// billing settings and catalogue.
import type { SnapshotFrom } from 'xstate';
import type { billingCatalogueMachine } from './billing-catalogue-machine.ts';
import type { billingDeskMachine } from './billing-desk-machine.ts';
import type { billingDocumentMachine } from './billing-document-machine.ts';
import type { gstReturnsMachine } from './gst-returns-machine.ts';
import { countProblem, type dayCloseMachine, liveDifference } from './day-close-machine.ts';
import type { billingReportsMachine } from './billing-reports-machine.ts';
import type { billVisitMachine, clientBalanceMachine } from './client-billing-machine.ts';
import type { heldPaymentsMachine } from './held-payments-machine.ts';
import type { myInvoicesMachine } from './my-invoices-machine.ts';
import type { newInvoiceMachine } from './new-invoice-machine.ts';
import type { taxSettingsMachine } from './tax-settings-machine.ts';
import { tillNameProblem, type tillsMachine } from './tills-machine.ts';

type Desk = SnapshotFrom<typeof billingDeskMachine>;

export const billingDeskSelectors = {
  isLoading: (s: Desk) => s.matches('loading'),
  isFailed: (s: Desk) => s.matches('failed'),
  isReady: (s: Desk) => s.matches('ready'),
  filter: (s: Desk) => s.context.filter,
  documents: (s: Desk) => s.context.documents,
  /** How many match the filter (the list shows the newest of them). */
  count: (s: Desk) => s.context.count,
  error: (s: Desk) => s.context.error,
};

type Held = SnapshotFrom<typeof heldPaymentsMachine>;

export const heldPaymentsSelectors = {
  isFailed: (s: Held) => s.matches('failed'),
  /** Read, and there are some: nothing shows while there are none (or while they are read). */
  shows: (s: Held) => s.matches('ready') && s.context.held.length > 0,
  held: (s: Held) => s.context.held,
  error: (s: Held) => s.context.error,
};

type NewInvoice = SnapshotFrom<typeof newInvoiceMachine>;

export const newInvoiceSelectors = {
  /** The dialog is open: a client is being chosen, or their draft made. */
  isOpen: (s: NewInvoice) => s.matches('choosing') || s.matches('creating'),
  isCreating: (s: NewInvoice) => s.matches('creating'),
  /** The typing has paused or the clients are being found. */
  isSearching: (s: NewInvoice) => s.matches({ choosing: 'typing' }) || s.matches({ choosing: 'searching' }),
  /** A client is chosen, so the draft can be asked for. */
  hasClient: (s: NewInvoice) => s.context.client !== null,
  results: (s: NewInvoice) => s.context.results,
  client: (s: NewInvoice) => s.context.client,
  error: (s: NewInvoice) => s.context.error,
  /** The draft made, once the chart is done (its page opens). */
  draft: (s: NewInvoice) => (s.status === 'done' ? (s.output?.draft ?? null) : null),
};

type Document = SnapshotFrom<typeof billingDocumentMachine>;

/** A form stays open while what it sent is saved (a refusal comes back to it). */
const savingFrom = (s: Document, kind: 'pay' | 'credit') => s.matches({ ready: 'saving' }) && s.context.pending?.kind === kind;

export const billingDocumentSelectors = {
  isLoading: (s: Document) => s.matches('loading'),
  isFailed: (s: Document) => s.matches('failed'),
  isDeleted: (s: Document) => s.matches('deleted'),
  isReady: (s: Document) => s.matches('ready'),
  paying: (s: Document) => s.matches({ ready: 'paying' }) || savingFrom(s, 'pay'),
  upiLoading: (s: Document) => s.matches({ ready: { paying: 'upi' } }),
  advancesLoading: (s: Document) => s.matches({ ready: { paying: 'advances' } }),
  /** The payment form takes Record now: not while the UPI link or the advances are still read. */
  mayRecordPayment: (s: Document) => s.can({ type: 'pay.submit' }),
  crediting: (s: Document) => s.matches({ ready: 'crediting' }) || savingFrom(s, 'credit'),
  saving: (s: Document) => s.matches({ ready: 'saving' }),
};

type Balance = SnapshotFrom<typeof clientBalanceMachine>;

export const clientBalanceSelectors = {
  /** Loading, also while read again after an advance. */
  isLoading: (s: Balance) => s.matches('loading'),
  isFailed: (s: Balance) => s.matches('failed'),
  /** The advance form is open (and stays while what it sent is taken). */
  advancing: (s: Balance) => s.matches({ ready: 'advancing' }) || s.matches({ ready: 'taking' }),
  taking: (s: Balance) => s.matches({ ready: 'taking' }),
  canOpenAdvance: (s: Balance) => s.can({ type: 'advance.open' }),
};

type BillVisit = SnapshotFrom<typeof billVisitMachine>;

export const billVisitSelectors = {
  isCreating: (s: BillVisit) => s.matches('creating'),
  error: (s: BillVisit) => s.context.error,
};

type MyInvoices = SnapshotFrom<typeof myInvoicesMachine>;

export const myInvoicesSelectors = {
  isLoading: (s: MyInvoices) => s.matches('loading'),
  isFailed: (s: MyInvoices) => s.matches('failed'),
  /** The list shows (no document open or being opened). */
  isListing: (s: MyInvoices) => s.matches('list'),
  isOpening: (s: MyInvoices) => s.matches('opening'),
  /** The gateway's return is checked. */
  isConfirming: (s: MyInvoices) => s.matches('confirming'),
  /** The opened document waits for nothing: Refresh and "Pay online" are live. */
  isViewing: (s: MyInvoices) => s.matches('viewing'),
  /** The payment link is asked for, or the browser is leaving for it. */
  isPayingOnline: (s: MyInvoices) => s.matches('paying') || s.matches('redirecting'),
  // "Pay online" shows while the chart allows it, and stays (held) while the browser leaves for the gateway.
  offersOnline: (s: MyInvoices) => s.can({ type: 'invoices.payOnline' }) || s.matches('paying') || s.matches('redirecting'),
  canPayOnline: (s: MyInvoices) => s.can({ type: 'invoices.payOnline' }),
};

type TaxSettings = SnapshotFrom<typeof taxSettingsMachine>;

export const taxSettingsSelectors = {
  isLoading: (s: TaxSettings) => s.matches('loading'),
  isFailed: (s: TaxSettings) => s.matches('failed'),
  isSaving: (s: TaxSettings) => s.matches('saving'),
  canSave: (s: TaxSettings) => s.can({ type: 'settings.save' }),
};

type Catalogue = SnapshotFrom<typeof billingCatalogueMachine>;

export const billingCatalogueSelectors = {
  isLoading: (s: Catalogue) => s.matches('loading'),
  isFailed: (s: Catalogue) => s.matches('failed'),
  /** Editing, saving or deleting: the list's buttons wait. */
  isBusy: (s: Catalogue) => !s.matches('ready'),
  canSave: (s: Catalogue) => s.can({ type: 'catalogue.save' }),
};

type GstReturns = SnapshotFrom<typeof gstReturnsMachine>;

export const gstReturnsSelectors = {
  /** The month's export is being made (the button waits). */
  isDownloading: (s: GstReturns) => s.matches('downloading'),
};

type Tills = SnapshotFrom<typeof tillsMachine>;

export const tillsSelectors = {
  isLoading: (s: Tills) => s.matches('loading'),
  isFailed: (s: Tills) => s.matches('failed'),
  isSaving: (s: Tills) => s.matches('saving'),
  /** The form is open (typing or being saved). */
  isEditing: (s: Tills) => s.matches('editing') || s.matches('saving'),
  /** Why the name typed cannot be saved, or null (none while nothing is edited). */
  nameProblem: (s: Tills) => (s.context.editing ? tillNameProblem(s.context.editing, s.context.tills) : null),
  canSave: (s: Tills) => s.can({ type: 'tills.save' }),
};

type DayClose = SnapshotFrom<typeof dayCloseMachine>;

/** The day's close (issue 35). */
export const dayCloseSelectors = {
  isLoading: (s: DayClose) => s.matches('loading'),
  isFailed: (s: DayClose) => s.matches('failed'),
  /** Counting or closing: the form waits. */
  isSaving: (s: DayClose) => s.matches('counting') || s.matches('closing'),
  isCounting: (s: DayClose) => s.matches('counting'),
  isClosing: (s: DayClose) => s.matches('closing'),
  /** A closed day: read-only, with who closed it and when. */
  isClosed: (s: DayClose) => s.context.data?.status === 'closed',
  /** The count's form is shown (the day is not closed, and the caller counts). */
  showsCount: (s: DayClose) => s.context.mayCount && s.context.data !== null && s.context.data.status !== 'closed',
  canCount: (s: DayClose) => s.can({ type: 'day.count' }),
  canClose: (s: DayClose) => s.can({ type: 'day.close' }),
  /** Counted less expected cash as typed (null while it is no amount). */
  difference: (s: DayClose) => liveDifference(s.context.data, s.context.counted),
  problem: (s: DayClose) => countProblem(s.context.data, s.context.counted, s.context.reason),
};

type BillingReports = SnapshotFrom<typeof billingReportsMachine>;

export const billingReportsSelectors = {
  /** The report is being read (Show waits). */
  isLoading: (s: BillingReports) => s.matches('loading'),
  /** The CSV is being made (Download CSV waits). */
  isDownloading: (s: BillingReports) => s.matches('downloading'),
  canShow: (s: BillingReports) => s.can({ type: 'reports.show' }),
  canDownload: (s: BillingReports) => s.can({ type: 'reports.download' }),
};
