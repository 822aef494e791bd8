// The billing adapter of the back office's Billing tab (issue 34): the clinic's tax settings, the
// tax data of every service, package plan and lab item, and the products catalogue. The only
// module of that tab that calls the API client; each function is an actor's work for
// machines/billing/tax-settings-machine.ts or billing-catalogue-machine.ts. Failures are
// ApiFailures with the §8 text (a 400 names the field and the reason).
import type { Catalogue, Editing } from '../../../machines/billing/billing-catalogue-machine.ts';
import type { BillingTill, TillEdit } from '../../../machines/billing/tills-machine.ts';
import { rupeesToPaise, type TaxSettingsForm } from '../../../machines/billing/settings-form.ts';
import type { TaxSettings } from '../../../machines/billing/tax-settings-machine.ts';
import type { BillingReportResult, ReportChoice } from '../../../machines/billing/billing-reports-machine.ts';
import { reportFileName } from '../../../machines/billing/reports.ts';
import { unwrap } from '../../lib/api-failure.ts';
import { saveBlob } from '../../lib/files.ts';
import type { ApiClient } from '../../lib/api-client.ts';

export const loadTaxSettings = (api: ApiClient): Promise<TaxSettings> => unwrap(api.GET('/billing/settings', {}));

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function saveTaxSettings(api: ApiClient, form: TaxSettingsForm, rates: number[]): Promise<TaxSettings> {
  return unwrap(
    api.PUT('/billing/settings', {
      body: {
        legal_name: form.legal_name.trim(),
        gstin: orNull(form.gstin),
        state_code: form.state_code,
        address: form.address.trim(),
        series_prefixes: form.prefixes,
        upi_vpa: orNull(form.upi_vpa),
        upi_payee_name: orNull(form.upi_payee_name),
        invoice_note: orNull(form.invoice_note),
        gst_rates_bp: rates,
      },
    }),
  );
}

export async function loadCatalogue(api: ApiClient): Promise<Catalogue> {
  const [settings, items, products] = await Promise.all([
    unwrap(api.GET('/billing/settings', {})),
    unwrap(api.GET('/billing/item-tax', {})),
    unwrap(api.GET('/billing/products', { params: { query: { all: true } } })),
  ]);
  return { rates: settings.gst_rates_bp, items, products };
}

/** Saves the row being edited: an item's tax data, or a product (added when it has no id). */
export async function saveCatalogueRow(api: ApiClient, { target, form }: Editing): Promise<void> {
  const tax = { code: orNull(form.code), gst_rate_bp: form.gst_rate_bp, exempt: form.exempt };
  if (target.kind === 'item') {
    await unwrap(api.PUT('/billing/item-tax', { body: { item_kind: target.item_kind, item_id: target.item_id, ...tax } }));
    return;
  }
  const product = { ...tax, name: form.name.trim(), unit_price_paise: rupeesToPaise(form.price)!, active: form.active };
  if (target.id === null) await unwrap(api.POST('/billing/products', { body: product }));
  else await unwrap(api.PATCH('/billing/products/{id}', { params: { path: { id: target.id } }, body: product }));
}

/** The clinic's tills, oldest first (issue 35). */
export const loadTills = (api: ApiClient): Promise<BillingTill[]> => unwrap(api.GET('/billing/tills', {}));

/** Adds the till (no id) or renames it; the server trims the name. */
export async function saveTill(api: ApiClient, edit: TillEdit): Promise<void> {
  const body = { name: edit.name.trim() };
  if (edit.id === null) await unwrap(api.POST('/billing/tills', { body }));
  else await unwrap(api.PATCH('/billing/tills/{till}', { params: { path: { till: edit.id } }, body }));
}

export async function deleteProduct(api: ApiClient, id: number): Promise<void> {
  await unwrap(api.DELETE('/billing/products/{id}', { params: { path: { id } } }));
}

/** The file name the server gives a download (`attachment; filename="…"`), or `fallback`. */
const attachmentName = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/** The month's GSTR-1 (YYYY-MM) saved under the server's file name, which it returns. */
export async function downloadGstr1(api: ApiClient, month: string): Promise<string> {
  let fileName = `GSTR1_${month}.json`;
  const blob = await unwrap(
    api.GET('/billing/returns/gstr1', { params: { query: { period: month } }, parseAs: 'blob' }).then((result) => {
      fileName = attachmentName(result.response.headers.get('content-disposition'), fileName);
      return result;
    }),
  );
  saveBlob(blob as unknown as Blob, fileName);
  return fileName;
}

/** A report over the chosen range (issue 35), as the table shows it. Without `format` the answer is
 *  the JSON one of the operation's two (the contract's text/csv is the download's). */
export const loadReport = (api: ApiClient, c: ReportChoice): Promise<BillingReportResult> =>
  unwrap(api.GET('/billing/reports/{report}', { params: { path: { report: c.report }, query: { from: c.from, to: c.to } } })) as Promise<BillingReportResult>;

/** The report as CSV, saved under the server's file name, which it returns. */
export async function downloadReportCsv(api: ApiClient, c: ReportChoice): Promise<string> {
  let fileName = reportFileName(c.report, c.from, c.to);
  const blob = await unwrap(
    api
      .GET('/billing/reports/{report}', { params: { path: { report: c.report }, query: { from: c.from, to: c.to, format: 'csv' } }, parseAs: 'blob' })
      .then((result) => {
        fileName = attachmentName(result.response.headers.get('content-disposition'), fileName);
        return result;
      }),
  );
  saveBlob(blob as unknown as Blob, fileName);
  return fileName;
}
