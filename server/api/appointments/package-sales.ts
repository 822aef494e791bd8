// Packages sold through billing (issue 35), each function in the caller's transaction: the sale
// (the package awaiting payment, its invoice drafted from the plan and issued at once, all in one
// commit: an acknowledged sale always has its invoice), freezing, transfer, the pro-rata refund
// through a credit note, families and the packages a client may draw on. Every status change is
// one step of machines/appointments/package-lifecycle.ts. The invoice's payment starts the credits
// (package-invoices.ts, called by billing).
import { sql } from 'kysely';
import { freezable, type PackageStatus, packageLifecycle, refundable, transferable, unfreezable } from '../../../machines/appointments/package-lifecycle.ts';
import { daysGivenBack, freezeDays, frozen, proRataTaxablePaise } from '../../../machines/appointments/package-rules.ts';
import { documentTotals } from '../../../machines/billing/tax.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type AuditEntry } from '../audit/data.ts';
import { issueCreditNote } from '../billing/crediting.ts';
import { itemTax, linesOf, recipientOf, type BillingSettings } from '../billing/data.ts';
import { priced, regimeOf, sourceLines, writeLines } from '../billing/drafting.ts';
import { issueDrafts, type IssuingClinic } from '../billing/issuing.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { notFound } from '../policy.ts';
import { findPackage, type PackageOut } from './data.ts';
import { clinicDate, expiryFrom } from './package-invoices.ts';
import { PACKAGE_SALE_TEXTS as T } from './texts.ts';

export interface SoldPlan {
  id: number;
  therapy: string;
  sessions: number;
  price_inr: number;
  validity_days: number | null;
  shareable_in_family: boolean;
  freeze_allowance_days: number;
}

/**
 * Sells `plan` to `client` in `trx`: a ₹0 plan is active at once (nothing to bill); any other
 * waits for payment on its invoice, drafted (the plan's price and tax data, billing's
 * `package_sale` source) and issued here, with billing's audit entries for both.
 */
export async function sellPackage(
  trx: Db,
  sale: {
    plan: SoldPlan;
    client: number;
    billing: { settings: BillingSettings; clinic: IssuingClinic } | null;
    audit: Omit<AuditEntry, 'outcome' | 'action' | 'client'>;
  },
): Promise<number> {
  const { plan, client } = sale;
  const free = plan.price_inr === 0;
  const day = free ? await clinicDate(trx) : null;
  const { id } = await trx
    .insertInto('packages')
    .values({
      client_id: client,
      therapy: plan.therapy,
      sessions_total: plan.sessions,
      plan_id: plan.id,
      price_inr: plan.price_inr,
      status: free ? 'active' : 'awaiting_payment',
      activated_on: day,
      expires_on: day ? expiryFrom(day, plan.validity_days) : null,
      validity_days: plan.validity_days,
      shareable_in_family: plan.shareable_in_family,
      freeze_allowance_days: plan.freeze_allowance_days,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (free) return id;
  if (!sale.billing) throw new HttpError(409, T.billingNotSetUp);
  const { settings, clinic } = sale.billing;
  const { lines } = await sourceLines(trx, 'package_sale', id);
  const place = settings.stateCode;
  const draft = await trx
    .insertInto('billing_documents')
    .values({
      client_id: client,
      kind: null,
      status: 'draft',
      source_from: 'package_sale',
      source_id: id,
      credits_document_id: null,
      recipient: JSON.stringify(await recipientOf(trx, client)),
      place_of_supply: place,
      note: null,
      credit_reason: null,
      created_by: sale.audit.actor.id,
      snapshot: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLines(trx, draft.id, lines, regimeOf(settings, place));
  const [refused] = await issueDrafts(trx, [{ id: draft.id, audit: { ...sale.audit, action: 'billing.document.issue', client } }], clinic);
  if (refused) throw refused;
  await trx.updateTable('packages').set({ invoice_id: draft.id }).where('id', '=', id).execute();
  return id;
}

/**
 * What the invoice of a sale of `plan` would charge, GST included: the plan's line priced as
 * `sellPackage` drafts it (the plan's tax data, the clinic's own state as place of supply) and the
 * invoice's round-off. The portal's catalogue shows it before the client buys.
 */
export async function offerTotalPaise(db: Db, plan: { id: number; name: string; price_paise: number }, settings: BillingSettings): Promise<number> {
  const tax = await itemTax(db, 'package_plan', plan.id);
  const line = priced(
    {
      description: plan.name,
      code: tax.code,
      quantity: 1,
      unit_price_paise: plan.price_paise,
      discount_paise: 0,
      gst_rate_bp: tax.rateBp,
      exempt: tax.exempt,
      from_package: null,
    },
    regimeOf(settings, settings.stateCode),
  );
  return documentTotals([line], () => '').totalPaise;
}

/** The package, locked, with its status as of today; 404 when there is none. */
async function lockedPackage(trx: Db, id: number): Promise<PackageOut & { status: PackageStatus }> {
  const pkg = await findPackage(trx, id, true);
  if (!pkg) throw notFound();
  return pkg;
}

/** Freezes package `id` from today for the days asked, within its allowance (409 beyond). */
export async function freezePackage(trx: Db, id: number, asked: { days?: number; until?: string }): Promise<void> {
  if ((asked.days === undefined) === (asked.until === undefined)) throw badRequest(asked.days === undefined ? 'days' : 'until', T.freezeOneOf);
  const today = await clinicDate(trx);
  if (asked.until !== undefined && asked.until < today) throw badRequest('until', T.untilNotAhead);
  const pkg = await lockedPackage(trx, id);
  if (!freezable(pkg.status)) throw new HttpError(409, T.notFreezable(wordsOf(pkg.status)));
  const days = freezeDays(today, asked);
  const left = pkg.freeze_allowance_days - pkg.frozen_days_used;
  if (days > left) throw new HttpError(409, T.freezeBeyondAllowance(Math.max(0, left)));
  requireLifecycleStep(packageLifecycle, 'package', pkg.status, 'frozen', { extras: { days, allowance_left: left } });
  const moved = frozen(today, days, pkg.expires_on);
  await trx
    .updateTable('packages')
    .set({ status: 'frozen', frozen_from: today, frozen_until: moved.until, expires_on: moved.expiresOn, frozen_days_used: pkg.frozen_days_used + days })
    .where('id', '=', id)
    .execute();
}

/** Ends package `id`'s freeze today: the days not frozen go back to the allowance and off the expiry. */
export async function unfreezePackage(trx: Db, id: number): Promise<void> {
  const pkg = await lockedPackage(trx, id);
  if (!unfreezable(pkg.status) || pkg.frozen_until === null) throw new HttpError(409, T.notFrozen);
  requireLifecycleStep(packageLifecycle, 'package', pkg.status, 'active');
  const back = daysGivenBack(await clinicDate(trx), pkg.frozen_until);
  await trx
    .updateTable('packages')
    .set({
      status: 'active',
      frozen_from: null,
      frozen_until: null,
      frozen_days_used: pkg.frozen_days_used - back,
      ...(pkg.expires_on !== null ? { expires_on: sql<string>`expires_on - ${back}::int` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Gives package `id` to client `to`; it stays active. The client who held it. */
export async function transferPackage(trx: Db, id: number, to: number): Promise<number> {
  const pkg = await lockedPackage(trx, id);
  if (!transferable(pkg.status)) throw new HttpError(409, T.notTransferable(wordsOf(pkg.status)));
  if (pkg.client === to) throw badRequest('to', T.transferToSelf);
  await trx.updateTable('packages').set({ client_id: to }).where('id', '=', id).execute();
  return pkg.client;
}

/**
 * Refunds package `id` through a credit note on its invoice: paid, the unused share of its line
 * (proRataTaxablePaise) with what was paid beyond what is then due, and the package is refunded;
 * not yet paid, all that is left of the invoice with any part payment, and it is cancelled.
 */
export async function refundPackage(
  trx: Db,
  id: number,
  b: { reason: string; method: 'cash' | 'card' | 'upi'; reference?: string },
  by: number,
): Promise<void> {
  const pkg = await lockedPackage(trx, id);
  const unpaid = pkg.status === 'awaiting_payment';
  if (!unpaid && !refundable(pkg.status)) throw new HttpError(409, T.notRefundable(wordsOf(pkg.status)));
  const invoice = await trx.selectFrom('packages').select('invoice_id').where('id', '=', id).executeTakeFirstOrThrow();
  if (invoice.invoice_id === null) throw new HttpError(409, T.noInvoice);
  if (pkg.sessions_held > 0) throw new HttpError(409, T.sessionsHeld);
  const to: PackageStatus = unpaid ? 'cancelled' : 'refunded';
  requireLifecycleStep(packageLifecycle, 'package', pkg.status, to);
  const refund = { method: b.method, ...(b.reference?.trim() ? { reference: b.reference.trim() } : {}) };
  let lines: { line: number; taxable_paise: number }[] | undefined;
  if (!unpaid) {
    const [line] = await linesOf(trx, invoice.invoice_id);
    const credited = await trx
      .selectFrom('billing_lines')
      .select(sql<string>`coalesce(sum(taxable_paise), 0)::bigint`.as('taxable'))
      .where('credits_line_id', '=', line.id)
      .executeTakeFirstOrThrow();
    const share = proRataTaxablePaise(Number(line.taxable_paise), pkg.sessions_left, pkg.sessions_total, Number(line.taxable_paise) - Number(credited.taxable));
    if (share <= 0) throw new HttpError(409, T.nothingLeft);
    lines = [{ line: line.id, taxable_paise: share }];
  }
  const note = await issueCreditNote(trx, invoice.invoice_id, { reason: b.reason, ...(lines ? { lines } : {}) }, by, refund);
  // The credit may have moved the package already (crediting all of the invoice: package-invoices.ts).
  await trx.updateTable('packages').set({ status: to, refund_note_id: note, frozen_from: null, frozen_until: null }).where('id', '=', id).execute();
}

const wordsOf = (status: string) => status.replace(/_/g, ' ');

// ---- families -----------------------------------------------------------------------------

/** The clients in `client`'s family, the client among them (only the client when in none). */
export async function familyOf(db: Db, client: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await sql<{ id: number; name: string }>`
    select u.id, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name from users u
    where u.id = ${client} or u.id in (select f.client_id from client_families f
      where f.family_id = (select g.family_id from client_families g where g.client_id = ${client}))
    order by u.id`.execute(db);
  return rows;
}

/** Puts `client` in `other`'s family (started with `other` when they had none); `client` leaves any other. */
export async function linkFamily(trx: Db, client: number, other: number, by: number): Promise<void> {
  if (client === other) throw badRequest('with', T.familyWithSelf);
  await trx
    .insertInto('client_families')
    .values({ client_id: other, family_id: other, linked_by: by })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const { family_id } = await trx.selectFrom('client_families').select('family_id').where('client_id', '=', other).executeTakeFirstOrThrow();
  await trx
    .insertInto('client_families')
    .values({ client_id: client, family_id, linked_by: by })
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ family_id, linked_by: by, linked_at: new Date() }))
    .execute();
}

/** Takes `client` out of their family (nothing when in none). */
export async function unlinkFamily(trx: Db, client: number): Promise<void> {
  await trx.deleteFrom('client_families').where('client_id', '=', client).execute();
}

/**
 * The packages client `clientId` may draw a `therapy` session from on `day` (clinic-local date):
 * their own and, when shareable, their family's, whose credits are usable then (active: not
 * awaiting payment, frozen, used up, expired, refunded or cancelled), with a credit left; the
 * client's own first, then the soonest to expire. Redemption at check-in and booking call it in
 * their transaction and lock the one they take.
 */
export async function usablePackagesFor(trx: Db, clientId: number, therapy: string, day: string): Promise<PackageOut[]> {
  const { rows } = await sql<{ id: number }>`
    select p.id from packages p
    where p.therapy = ${therapy} and p.status in ('active', 'frozen', 'used_up')
      and (p.client_id = ${clientId} or (p.shareable_in_family and p.client_id in (
        select f.client_id from client_families f where f.family_id = (select g.family_id from client_families g where g.client_id = ${clientId}))))
      and (p.expires_on is null or p.expires_on >= ${day}::date)
    order by (p.client_id = ${clientId}) desc, p.expires_on nulls last, p.id`.execute(trx);
  const out: PackageOut[] = [];
  for (const { id } of rows) {
    const pkg = (await findPackage(trx, id))!;
    // Frozen today but thawed by `day` (its last frozen day before it) is usable then.
    const usable = pkg.status === 'active' || (pkg.status === 'frozen' && pkg.frozen_until !== null && pkg.frozen_until < day);
    if (usable && pkg.sessions_left > 0) out.push(pkg);
  }
  return out;
}
