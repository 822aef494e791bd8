// The billing reports' figures (issue 35, docs/billing.md "Reports"), each one aggregate query over
// the issued documents, their lines, payments and refunds. Days are the clinic's: a document's
// issue date is already clinic-local; a payment's or refund's instant is bounded by the instants
// the clinic's first and last day start and end at, so an index on the instant serves it. Credit
// notes count against sales on the day they are issued (net of credit notes), and against the
// staff member of the invoice they correct.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { ageingRows, type BillingReportRow, clinicDaysSpan, REPORT_TEXTS } from '../../../machines/billing/reports.ts';

export interface ReportRange {
  from: string;
  to: string;
  /** The clinic's IANA time zone. */
  zone: string;
}

const n = (v: unknown): number => Number(v ?? 0);

/** The instant the clinic's day `date` starts. */
const dayStart = (date: string, zone: string) => clinicDaysSpan(zone, date, date).start;
/** The instant after the clinic's day `date`. */
const dayEnd = (date: string, zone: string) => clinicDaysSpan(zone, date, date).end;

/**
 * The sales documents of the range (invoices and bills of supply, +1) and credit notes (−1), with
 * their lines' taxable value and tax and where the sale came from (a credit note: its original's).
 */
const salesDocuments = (r: ReportRange) => sql`
  with docs as (
    select d.id, d.issued_on, d.kind, d.total_paise,
      case when d.kind = 'credit_note' then -1 else 1 end as sign,
      coalesce(o.source_from, d.source_from) as source_from,
      case when o.id is null then d.source_id else o.source_id end as source_id
    from billing_documents d
    left join billing_documents o on o.id = d.credits_document_id
    where d.number is not null and d.kind in ('invoice', 'bill_of_supply', 'credit_note')
      and d.issued_on >= ${r.from}::date and d.issued_on <= ${r.to}::date
  ),
  line_sums as (
    select l.document_id, sum(l.taxable_paise) as taxable, sum(l.cgst_paise + l.sgst_paise + l.igst_paise) as tax
    from billing_lines l join docs on docs.id = l.document_id
    group by l.document_id
  )`;

const SALES_FIGURES = sql`
  count(*) filter (where docs.sign = 1)::int as documents,
  coalesce(sum(docs.sign * coalesce(s.taxable, 0)), 0)::bigint as taxable,
  coalesce(sum(docs.sign * coalesce(s.tax, 0)), 0)::bigint as tax,
  coalesce(sum(docs.sign * docs.total_paise), 0)::bigint as total`;

type SalesRow = { label: string; documents: number; taxable: string | number; tax: string | number; total: string | number };
const salesRow = (r: SalesRow): BillingReportRow => ({
  label: r.label,
  documents: n(r.documents),
  taxable_paise: n(r.taxable),
  tax_paise: n(r.tax),
  total_paise: n(r.total),
});

/** Net sales per clinic-local day that had any. */
export async function salesByDay(db: Db, r: ReportRange): Promise<BillingReportRow[]> {
  const { rows } = await sql<SalesRow>`${salesDocuments(r)}
    select docs.issued_on::text as label, ${SALES_FIGURES}
    from docs left join line_sums s on s.document_id = docs.id
    group by docs.issued_on order by docs.issued_on`.execute(db);
  return rows.map(salesRow);
}

/** Net sales per staff member of the visit billed; anything not from a visit is "no staff". */
export async function salesByStaff(db: Db, r: ReportRange): Promise<BillingReportRow[]> {
  const { rows } = await sql<SalesRow & { staff: number | null }>`${salesDocuments(r)}
    select a.staff_id as staff, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), ${REPORT_TEXTS.noStaff}) as label, ${SALES_FIGURES}
    from docs
    left join line_sums s on s.document_id = docs.id
    left join appointments a on docs.source_from = 'appointment' and a.id = docs.source_id
    left join users u on u.id = a.staff_id
    group by a.staff_id, u.first_name, u.last_name
    order by (a.staff_id is null), label, a.staff_id`.execute(db);
  return rows.map(salesRow);
}

/**
 * Net sales per line description (a service, plan, lab item, product or free line, as billed), and
 * the documents' round-off on a row of its own so the rows add up to the documents' totals.
 * Quantity counts units sold; a credit note takes value back, not units.
 */
export async function salesByService(db: Db, r: ReportRange): Promise<BillingReportRow[]> {
  const { rows } = await sql<{ label: string; quantity: number; taxable: string; tax: string; total: string }>`${salesDocuments(r)}
    select l.description as label,
      coalesce(sum(l.quantity) filter (where docs.sign = 1), 0)::int as quantity,
      sum(docs.sign * l.taxable_paise)::bigint as taxable,
      sum(docs.sign * (l.cgst_paise + l.sgst_paise + l.igst_paise))::bigint as tax,
      sum(docs.sign * l.total_paise)::bigint as total
    from docs join billing_lines l on l.document_id = docs.id
    group by l.description order by total desc, l.description`.execute(db);
  const { rows: off } = await sql<{ total: string | number }>`${salesDocuments(r)}
    select coalesce(sum(docs.sign * (docs.total_paise - coalesce(t.lines, 0))), 0)::bigint as total
    from docs left join (select l.document_id, sum(l.total_paise) as lines from billing_lines l join docs on docs.id = l.document_id group by l.document_id) t
      on t.document_id = docs.id`.execute(db);
  const out: BillingReportRow[] = rows.map((x) => ({
    label: x.label,
    quantity: n(x.quantity),
    taxable_paise: n(x.taxable),
    tax_paise: n(x.tax),
    total_paise: n(x.total),
  }));
  const roundOff = n(off[0]?.total);
  if (roundOff !== 0) out.push({ label: REPORT_TEXTS.roundOff, quantity: 0, taxable_paise: 0, tax_paise: 0, total_paise: roundOff });
  return out;
}

/**
 * Money taken on invoices and bills of supply per method, on the clinic-local day it was received,
 * and money refunded on their credit notes per method on the day it was paid back. Advances taken
 * are not sales (they are on "Advances held"); a sale paid from one is under "advance".
 */
export async function salesByPaymentMethod(db: Db, r: ReportRange): Promise<BillingReportRow[]> {
  const { rows } = await sql<{ method: string; payments: number; received: string; refunded: string }>`
    with paid as (
      select p.method, count(*)::int as payments, sum(p.amount_paise)::bigint as received
      from billing_payments p join billing_documents d on d.id = p.document_id
      where d.kind in ('invoice', 'bill_of_supply')
        and p.received_at >= ${dayStart(r.from, r.zone)} and p.received_at < ${dayEnd(r.to, r.zone)}
      group by p.method
    ),
    back as (
      select f.method, sum(f.amount_paise)::bigint as refunded
      from billing_refunds f
      where f.refunded_at >= ${dayStart(r.from, r.zone)} and f.refunded_at < ${dayEnd(r.to, r.zone)}
      group by f.method
    )
    select coalesce(paid.method, back.method) as method, coalesce(paid.payments, 0)::int as payments,
      coalesce(paid.received, 0)::bigint as received, coalesce(back.refunded, 0)::bigint as refunded
    from paid full join back on back.method = paid.method`.execute(db);
  const order = ['cash', 'card', 'upi', 'online', 'advance'];
  return rows
    .map((x) => ({
      label: x.method,
      payments: n(x.payments),
      received_paise: n(x.received),
      refunded_paise: n(x.refunded),
      net_paise: n(x.received) - n(x.refunded),
    }))
    .sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
}

/**
 * What each client owed at the end of `asOf` on invoices and bills of supply issued by then: the
 * total less the credit notes issued and payments received by then, plus refunds paid by then;
 * each document in the bucket of its age (machines/billing/reports.ts).
 */
export async function outstanding(db: Db, asOf: string, zone: string): Promise<BillingReportRow[]> {
  const end = dayEnd(asOf, zone);
  const { rows } = await sql<{ client: number; first_name: string; last_name: string; issued_on: string; due: string }>`
    with docs as (
      select d.id, d.client_id, d.issued_on, d.total_paise from billing_documents d
      where d.number is not null and d.kind in ('invoice', 'bill_of_supply') and d.issued_on <= ${asOf}::date
        and d.status in ('issued', 'partially_paid', 'paid', 'credited')
    ),
    owing as (
      select docs.client_id, docs.issued_on, docs.total_paise
        - coalesce((select sum(c.total_paise) from billing_documents c
            where c.credits_document_id = docs.id and c.number is not null and c.issued_on <= ${asOf}::date), 0)
        - coalesce((select sum(p.amount_paise) from billing_payments p where p.document_id = docs.id and p.received_at < ${end}), 0)
        + coalesce((select sum(f.amount_paise) from billing_refunds f where f.document_id = docs.id and f.refunded_at < ${end}), 0) as due
      from docs
    )
    select owing.client_id as client, u.first_name, u.last_name, owing.issued_on::text as issued_on, owing.due::bigint as due
    from owing join users u on u.id = owing.client_id
    where owing.due > 0`.execute(db);
  return ageingRows(
    rows.map((x) => ({ client: x.client, name: `${x.first_name} ${x.last_name}`.trim(), issued_on: x.issued_on, due_paise: n(x.due) })),
    asOf,
  );
}

/** Each client's advances with money unused at the end of `asOf`: receipt vouchers less what payments took and refund vouchers paid back by then. */
export async function advancesHeld(db: Db, asOf: string, zone: string): Promise<BillingReportRow[]> {
  const end = dayEnd(asOf, zone);
  const { rows } = await sql<{ client: number; first_name: string; last_name: string; advances: number; unused: string }>`
    with receipts as (
      select d.id, d.client_id, d.total_paise
        - coalesce((select sum(p.amount_paise) from billing_payments p where p.advance_id = d.id and p.received_at < ${end}), 0)
        - coalesce((select sum(f.total_paise) from billing_documents f
            where f.source_from = 'refund' and f.source_id = d.id and f.number is not null and f.issued_on <= ${asOf}::date), 0) as unused
      from billing_documents d
      where d.number is not null and d.kind = 'receipt' and d.issued_on <= ${asOf}::date
    )
    select r.client_id as client, u.first_name, u.last_name, count(*)::int as advances, sum(r.unused)::bigint as unused
    from receipts r join users u on u.id = r.client_id
    where r.unused > 0
    group by r.client_id, u.first_name, u.last_name
    order by unused desc, u.last_name, u.first_name, r.client_id`.execute(db);
  return rows.map((x) => ({ label: `${x.first_name} ${x.last_name}`.trim(), client: x.client, advances: n(x.advances), unused_paise: n(x.unused) }));
}

/**
 * Packages per plan (hand-assigned ones under their therapy): sold in the range (a plan's sale,
 * clinic-local day, price paid), sessions redeemed (completed visits drawn from a package, by the
 * day of the visit), sessions left unused on packages that expired in the range (before `today`),
 * and the unearned value of the packages still live `today` (price × sessions left / sessions).
 *
 * Read from today's tables alone (`packages`, `package_plans`, appointments' `package_id`), in this
 * one function: package statuses and a redemptions table arriving from other work change only it.
 */
export async function packageFigures(db: Db, r: ReportRange, today: string): Promise<BillingReportRow[]> {
  const { rows } = await sql<{ label: string; sold: number; sold_paise: string; redeemed: number; expired: number; unearned: string }>`
    with k as (
      select p.id, coalesce(pl.name, p.therapy) as label, p.plan_id, p.price_inr, p.sessions_total, p.sessions_used, p.expires_on,
        p.created_at >= ${dayStart(r.from, r.zone)} and p.created_at < ${dayEnd(r.to, r.zone)} as sold_in_range
      from packages p left join package_plans pl on pl.id = p.plan_id
    ),
    redeemed as (
      select a.package_id, count(*)::int as sessions from appointments a
      where a.package_id is not null and a.status = 'completed'
        and a.starts_at >= ${dayStart(r.from, r.zone)} and a.starts_at < ${dayEnd(r.to, r.zone)}
      group by a.package_id
    )
    select k.label,
      count(*) filter (where k.sold_in_range and k.plan_id is not null)::int as sold,
      (coalesce(sum(k.price_inr) filter (where k.sold_in_range and k.plan_id is not null), 0) * 100)::bigint as sold_paise,
      coalesce(sum(redeemed.sessions), 0)::int as redeemed,
      coalesce(sum(k.sessions_total - k.sessions_used) filter (
        where k.expires_on >= ${r.from}::date and k.expires_on <= ${r.to}::date and k.expires_on < ${today}::date), 0)::int as expired,
      coalesce(sum(round(k.price_inr * 100 * (k.sessions_total - k.sessions_used)::numeric / k.sessions_total)) filter (
        where k.price_inr is not null and k.sessions_total > 0 and (k.expires_on is null or k.expires_on >= ${today}::date)), 0)::bigint as unearned
    from k left join redeemed on redeemed.package_id = k.id
    group by k.label order by k.label`.execute(db);
  return rows
    .map((x) => ({
      label: x.label,
      sold: n(x.sold),
      sold_paise: n(x.sold_paise),
      redeemed_sessions: n(x.redeemed),
      expired_sessions: n(x.expired),
      unearned_paise: n(x.unearned),
    }))
    .filter((x) => x.sold || x.redeemed_sessions || x.expired_sessions || x.unearned_paise);
}
