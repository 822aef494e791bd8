// A package follows its invoice (issue 35): paid in full, its credits start (active, valid
// `validity_days` from the payment's clinic-local date, the day of payment counting as the
// first); credited in full before payment, it is cancelled; credited in full once active (a
// credit note of everything from the billing desk), it is refunded. The appointments domain
// registers it with billing's listeners at start-up (`listenToPackageInvoices`), and billing calls
// them in the transaction that changed the invoice's status (recordPayment, issueCreditNote), so
// the package and its invoice never disagree. Billing imports nothing from here.
import { type PackageStatus, packageLifecycle, packageStatusOn, refundable } from '../../../machines/appointments/package-lifecycle.ts';
import { addDays, localTime } from '../../../machines/appointments/scheduling-rules.ts';
import type { Db } from '../../db/database.ts';
import { type DocumentCreditedListener, type DocumentPaidListener, onDocumentCredited, onDocumentPaid } from '../billing/paid-listeners.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { findPackage, getSettings } from './data.ts';

/** The clinic's date now. */
export async function clinicDate(db: Db): Promise<string> {
  return localTime((await getSettings(db)).time_zone, Date.now()).date;
}

/** Valid through the clinic's date `validity` days from `day` (the day itself the first); null: no end. */
export const expiryFrom = (day: string, validity: number | null): string | null => (validity === null ? null : addDays(day, validity - 1));

/** The package sold on invoice `documentId`, after the invoice moved to `to` (in the caller's transaction). */
export async function followPackageInvoice(trx: Db, documentId: number, to: string): Promise<void> {
  const row = await trx.selectFrom('packages').select(['id', 'status', 'validity_days']).where('invoice_id', '=', documentId).forUpdate().executeTakeFirst();
  if (!row) return;
  const next: PackageStatus | null =
    to === 'paid' && row.status === 'awaiting_payment'
      ? 'active'
      : to === 'credited' && row.status === 'awaiting_payment'
        ? 'cancelled'
        : to === 'credited'
          ? 'refunded'
          : null;
  if (!next) return;
  const day = await clinicDate(trx);
  const pkg = (await findPackage(trx, row.id))!;
  // As it stands today (an active package past its expiry has expired: it is not refunded).
  const from = packageStatusOn({ ...pkg, status: row.status }, day);
  if (from === next) return;
  // Billing may credit any invoice in full: a package already used up or expired keeps its status.
  if (next === 'refunded' && !refundable(from)) return;
  requireLifecycleStep(packageLifecycle, 'package', from, next);
  await trx
    .updateTable('packages')
    .set(next === 'active' ? { status: next, activated_on: day, expires_on: expiryFrom(day, row.validity_days) } : { status: next })
    .where('id', '=', row.id)
    .execute();
}

/** A package sale's invoice paid in full by a payment: its package's credits start. */
const packageInvoicePaid: DocumentPaidListener = async (trx, document) => {
  if (document.source === 'package_sale') await followPackageInvoice(trx, document.id, 'paid');
};

/** A package sale's invoice settled or credited in full by a credit note: its package follows. */
const packageInvoiceCredited: DocumentCreditedListener = async (trx, document, to) => {
  if (document.source === 'package_sale') await followPackageInvoice(trx, document.id, to);
};

/** Registers the package listeners with billing (once at start-up; again is a no-op). */
export function listenToPackageInvoices(): void {
  onDocumentPaid(packageInvoicePaid);
  onDocumentCredited(packageInvoiceCredited);
}
