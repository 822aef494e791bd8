// The billing adapter of the portal's "My invoices" (issue 34): the only module of these pages
// that calls the API client. Each function is an actor's work for machines/billing/my-invoices-machine.ts;
// failures are ApiFailures with the §8 text. The server shows a CLIENT only their own issued
// documents (another's, or a draft, is 404).
import type { InvoiceDetail, InvoiceSummary, OpenedInvoice, UpiPayload } from '../../../machines/billing/my-invoices-machine.ts';
import { invoiceDue } from '../../../machines/billing/my-invoices-machine.ts';
import { ApiFailure, unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/files.ts';

/** The documents a client is billed on: invoices and bills of supply, then credit notes and receipts (newest first, all of them). */
export async function loadMyInvoices(api: ApiClient, clientId: string): Promise<InvoiceSummary[]> {
  const page = await unwrap(api.GET('/billing/documents', { params: { query: { client: Number(clientId), page_size: 100 } } }));
  return page.results.map((d) => ({
    id: d.id,
    kind: d.kind,
    status: d.status,
    number: d.number,
    issued_on: d.issued_on,
    total_paise: d.total_paise,
    balance_paise: d.balance_paise,
  }));
}

/** The UPI link for what is due, or null when the clinic has set no UPI id (409). */
async function upiPayload(api: ApiClient, id: number): Promise<UpiPayload | null> {
  try {
    return await unwrap(api.GET('/billing/documents/{id}/upi', { params: { path: { id } } }));
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 409) return null;
    throw error;
  }
}

/** One document, with its UPI link while money is due. */
export async function loadMyInvoice(api: ApiClient, id: number): Promise<OpenedInvoice> {
  const d = await unwrap(api.GET('/billing/documents/{id}', { params: { path: { id } } }));
  const document: InvoiceDetail = {
    id: d.id,
    kind: d.kind,
    status: d.status,
    number: d.number,
    issued_on: d.issued_on,
    total_paise: d.totals.total_paise,
    balance_paise: d.balance_paise,
    lines: d.lines,
    totals: d.totals,
    payments: d.payments,
    paid_paise: d.paid_paise,
    credited_paise: d.credited_paise,
  };
  const upi = invoiceDue(document) ? await upiPayload(api, id) : null;
  // Online payment is offered on what is due, where the clinic has the gateway (the chart's `gateway`).
  return { document, upi, online: invoiceDue(document) };
}

/** The gateway's hosted checkout for what is due on a document (opened, or the open one reused). */
export async function startOnlinePayment(api: ApiClient, id: number): Promise<string> {
  const link = await unwrap(api.POST('/billing/documents/{id}/payment-link', { params: { path: { id } } }));
  return link.url;
}

/** The issued document's PDF, saved under its number (the download is audited on the server). */
export async function downloadInvoicePdf(api: ApiClient, id: number, fileName: string): Promise<void> {
  saveBlob((await unwrap(api.GET('/billing/documents/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }))) as Blob, fileName);
}
