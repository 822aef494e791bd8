// The billing domain's staff adapter (issue 34): the only module of the billing desk that calls
// the API client. Each function is an actor's work for a chart in machines/billing/ (the desk,
// one document, a client's balance, "Bill this visit"); failures are ApiFailures with the
// server's reason. Writes that create something carry the submission's Idempotency-Key, made by the chart.
import type { DeskPage } from '../../../machines/billing/billing-desk-machine.ts';
import type { BillingDoc, DocumentAct, DocumentData, Product, UpiPayload } from '../../../machines/billing/billing-document-machine.ts';
import type { ClientBalance } from '../../../machines/billing/client-billing-machine.ts';
import type { BillingDocumentStatus } from '../../../machines/billing/invoice-lifecycle.ts';
import { unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';

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

/** A document with what a draft is edited with: the active products and the clinic's GST rates. */
export async function loadDocument(api: ApiClient, id: number): Promise<DocumentData> {
  const [document, products, settings] = await Promise.all([
    getDocument(api, id),
    unwrap(api.GET('/billing/products', {})),
    unwrap(api.GET('/billing/settings', {})),
  ]);
  return { document, products: products as Product[], rates: settings.gst_rates_bp };
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

export const loadBalance = async (api: ApiClient, client: number): Promise<ClientBalance> =>
  unwrap(api.GET('/billing/balance', { params: { query: { client } } }));
