// The billing domain's staff adapter (issue 34): the only module of the billing desk that calls
// the API client. Each function is an actor's work for a chart in machines/billing/ (the desk,
// one document, a client's balance and advances, "Bill this visit", "New invoice", the held
// online payments); failures are ApiFailures with the
// server's reason. Writes that create something carry the submission's Idempotency-Key, made by the chart.
import type { DeskPage } from '../../../machines/billing/billing-desk-machine.ts';
import type { BillingDoc, DocumentAct, DocumentData, Product, UpiPayload } from '../../../machines/billing/billing-document-machine.ts';
import type { AdvanceInput, BillingAdvance } from '../../../machines/billing/advance-form.ts';
import type { BalanceData } from '../../../machines/billing/client-billing-machine.ts';
import type { HeldPayment } from '../../../machines/billing/held-payments-machine.ts';
import type { ClientChoice } from '../../../machines/billing/new-invoice-machine.ts';
import type { BillingDocumentStatus } from '../../../machines/billing/invoice-lifecycle.ts';
import { unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { searchClients } from '../appointments/index.ts';
import type { DayLoaded, TillChoice, TillDayView } from '../../../machines/billing/day-close-machine.ts';
import { BILLING_TEXT } from './billing-texts.ts';

const keyed = (key: string) => ({ header: { 'Idempotency-Key': key } });

const DESK_PAGE_SIZE = 100;

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The desk's documents with the statuses asked for, newest first. */
export const loadDocuments = async (api: ApiClient, statuses: BillingDocumentStatus[]): Promise<DeskPage> =>
  (await unwrap(api.GET('/billing/documents', { params: { query: { status: statuses, page_size: DESK_PAGE_SIZE } } }))) as DeskPage;

export const getDocument = async (api: ApiClient, id: number): Promise<BillingDoc> =>
  (await unwrap(api.GET('/billing/documents/{id}', { params: { path: { id } } }))) as BillingDoc;

/** A document with what a draft is edited with (the active products and the clinic's GST rates) and the tills a payment may be taken at. */
export async function loadDocument(api: ApiClient, id: number): Promise<DocumentData> {
  const [document, products, settings, tills] = await Promise.all([
    getDocument(api, id),
    unwrap(api.GET('/billing/products', {})),
    unwrap(api.GET('/billing/settings', {})),
    unwrap(api.GET('/billing/tills', {})),
  ]);
  return { document, products: products as Product[], rates: settings.gst_rates_bp, tills };
}

export const loadUpi = async (api: ApiClient, id: number): Promise<UpiPayload> => unwrap(api.GET('/billing/documents/{id}/upi', { params: { path: { id } } }));

/** One act on a document; the document as it is after it (null once a draft is deleted). */
export async function documentAct(api: ApiClient, act: DocumentAct): Promise<BillingDoc | null> {
  const path = { id: act.id };
  switch (act.kind) {
    case 'save':
      return (await unwrap(api.PATCH('/billing/documents/{id}', { params: { path }, body: { lines: act.lines } }))) as BillingDoc;
    case 'issue':
      return (await unwrap(api.POST('/billing/documents/{id}/issue', { params: { path, ...keyed(act.key) } }))) as BillingDoc;
    case 'delete':
      await unwrap(api.DELETE('/billing/documents/{id}', { params: { path } }));
      return null;
    case 'pdf': {
      // The PDF frozen at issue, saved as a file by the browser (the download is on the client's audit trail).
      const blob = await unwrap(api.GET('/billing/documents/{id}/pdf', { params: { path }, parseAs: 'blob' }));
      saveFile(blob as Blob, act.fileName);
      return null;
    }
    case 'email':
      await unwrap(api.POST('/billing/documents/{id}/email', { params: { path } }));
      return null;
    case 'pay':
      return (await unwrap(api.POST('/billing/documents/{id}/payments', { params: { path, ...keyed(act.key) }, body: act.payment }))) as BillingDoc;
    case 'credit':
      // The answer is the credit note; the page shows the document it corrects, read again.
      await unwrap(api.POST('/billing/documents/{id}/credit-notes', { params: { path, ...keyed(act.key) }, body: act.credit }));
      return getDocument(api, act.id);
  }
}

/** "Bill this visit": a draft from a checked-in or completed appointment. */
export const createVisitDraft = async (api: ApiClient, q: { appointment: number; key: string }): Promise<{ id: number }> =>
  unwrap(api.POST('/billing/documents', { params: keyed(q.key), body: { from: 'appointment', source: q.appointment } }));

/** A client's advance receipts, newest first, with what is left of each. */
export const loadAdvances = async (api: ApiClient, client: number): Promise<BillingAdvance[]> =>
  unwrap(api.GET('/billing/advances', { params: { query: { client } } }));

/** The balance; the advance receipts for those who read them; the GST rates an advance may carry for those who take one. */
export async function loadBalance(api: ApiClient, q: { client: number; advances: boolean; rates: boolean }): Promise<BalanceData> {
  const [balance, advances, settings] = await Promise.all([
    unwrap(api.GET('/billing/balance', { params: { query: { client: q.client } } })),
    q.advances ? loadAdvances(api, q.client) : [],
    q.rates ? unwrap(api.GET('/billing/settings', {})) : null,
  ]);
  return { balance, advances, rates: settings?.gst_rates_bp ?? [] };
}

/** An advance taken: its receipt voucher, numbered at once. */
export const takeAdvance = async (api: ApiClient, q: { key: string; advance: AdvanceInput }): Promise<BillingAdvance> =>
  unwrap(api.POST('/billing/advances', { params: keyed(q.key), body: q.advance }));

/** Online payments the gateway reported and the server held for reception, oldest first. */
export const loadHeldPayments = async (api: ApiClient): Promise<HeldPayment[]> => unwrap(api.GET('/billing/payment-flags', {}));

/** "New invoice": the clients whose name or phone matches. */
export const findClients = (api: ApiClient, text: string): Promise<ClientChoice[]> => searchClients(api, text);

/** "New invoice": a manual draft for the client, to take its lines on the document page. */
export const createManualDraft = async (api: ApiClient, q: { client: number; key: string }): Promise<{ id: number }> =>
  unwrap(api.POST('/billing/documents', { params: keyed(q.key), body: { from: 'manual', client: q.client } }));

/** The tills and a till's day (the first till when none is chosen yet): the day's close (issue 35). */
export async function loadTillDay(api: ApiClient, q: { till: number | null; day: string }): Promise<DayLoaded> {
  const tills = (await unwrap(api.GET('/billing/tills'))) as TillChoice[];
  const till = q.till ?? tills[0]?.id;
  if (till === undefined) throw new Error(BILLING_TEXT.dayCloseNoTill);
  const day = (await unwrap(api.GET('/billing/tills/{till}/days/{date}', { params: { path: { till, date: q.day } } }))) as TillDayView;
  return { tills, day };
}

export const countTillDay = async (api: ApiClient, q: { till: number; day: string; countedPaise: number; reason: string }): Promise<TillDayView> =>
  (await unwrap(
    api.POST('/billing/tills/{till}/days/{date}/count', {
      params: { path: { till: q.till, date: q.day } },
      body: { counted_cash_paise: q.countedPaise, ...(q.reason ? { reason: q.reason } : {}) },
    }),
  )) as TillDayView;

export const closeTillDay = async (api: ApiClient, q: { till: number; day: string }): Promise<TillDayView> =>
  (await unwrap(api.POST('/billing/tills/{till}/days/{date}/close', { params: { path: { till: q.till, date: q.day } } }))) as TillDayView;
