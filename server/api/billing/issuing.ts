// Issuing: a draft takes the next number of its series for the financial year, the clinic-local
// date and its frozen snapshot, all in one transaction. The number comes from the series' counter
// row, created at 0 when the year's first document is issued and incremented with
// `UPDATE … SET last = last + n … RETURNING last` for the n documents the transaction issues: the
// row's lock holds every other issuer of the series until this transaction ends, so a committed
// number is the one after the last committed, and a rolled-back one is given again (consecutive,
// no gap, no duplicate; on both engines). Drafts issued at once share one transaction
// (issuing-queue.ts), so they wait for one lock and one commit, not one each.
import type {
  BillingDocumentKind,
  BillingLine,
  DocumentReference,
  IssuedBillingDocument,
  ReceivedPayment,
} from '../../../machines/billing/billing-document.ts';
import { gstStateName } from '../../../machines/billing/gstin.ts';
import { billingDocumentLifecycle } from '../../../machines/billing/invoice-lifecycle.ts';
import { documentNumber, financialYear } from '../../../machines/billing/numbering.ts';
import { documentTotals, saleDocumentKind, type TaxRegime } from '../../../machines/billing/tax.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StoredRecipient } from '../../db/schema-billing.ts';
import { HttpError } from '../../http/errors.ts';
import { clinicToday as clinicDate } from '../clinic/data.ts';
import { type AuditEntry, recordWriteAudits } from '../audit/data.ts';
import type { LifecycleStep } from '../../../machines/lifecycle/lifecycle.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { notFound } from '../policy.ts';
import { amountInWords } from './amount-in-words.ts';
import { type BillingSettings, type DocumentRow, type LineRow, linesOfDocuments, readBillingSettings } from './data.ts';
import { asNewLine, priced, regimeOf } from './drafting.ts';
import { freezeLogo } from './frozen-logo.ts';
import { BILLING_TEXTS as T } from './route-helpers.ts';

/** Rule 46(e): an unregistered recipient of this taxable value or more must have their address and State on the invoice. */
export const B2C_DETAILS_FROM_PAISE = 50_000_00;

/** The clinic-local date today, and its financial year. */
export async function clinicToday(db: Db): Promise<{ day: string; fy: string }> {
  const day = await clinicDate(db);
  return { day, fy: financialYear(day) };
}

/**
 * The first of `count` numbers taken at once from a series' counter for a financial year (the
 * counter row is created at 0 by the year's first issue). Call it last in the issuing transaction:
 * the row stays locked until the commit.
 */
export async function takeSerials(trx: Db, kind: BillingDocumentKind, fy: string, count: number): Promise<number> {
  const bump = () =>
    trx
      .updateTable('billing_counters')
      .set((eb) => ({ last: eb('last', '+', count) }))
      .where('series', '=', kind)
      .where('financial_year', '=', fy)
      .returning('last')
      .executeTakeFirst();
  let row = await bump();
  if (!row) {
    await trx
      .insertInto('billing_counters')
      .values({ series: kind, financial_year: fy, last: 0 })
      .onConflict((oc) => oc.columns(['series', 'financial_year']).doNothing())
      .execute();
    row = await bump();
  }
  return row!.last - count + 1;
}

/** The next number of a series for a financial year; call it last in the issuing transaction (its row stays locked until the commit). */
export async function nextNumber(trx: Db, kind: BillingDocumentKind, fy: string, prefix: string): Promise<string> {
  return documentNumber(prefix, fy, await takeSerials(trx, kind, fy, 1));
}

const state = (code: string) => ({ code, name: gstStateName(code) ?? code });

export interface SnapshotParts {
  kind: BillingDocumentKind;
  number: string;
  day: string;
  fy: string;
  settings: BillingSettings;
  recipient: StoredRecipient;
  placeOfSupply: string;
  lines: BillingLine[];
  references?: DocumentReference[];
  payments?: ReceivedPayment[];
  note: string | null;
  /** The clinic's logo as of issue (frozen-logo.ts freezeLogo). */
  logoSha256: string | null;
}

/** What the document prints, frozen now (machines/billing/billing-document.ts). */
export function snapshotOf(p: SnapshotParts): IssuedBillingDocument {
  return {
    kind: p.kind,
    number: p.number,
    issuedOn: p.day,
    financialYear: p.fy,
    supplier: { legalName: p.settings.legalName, address: p.settings.address, gstin: p.settings.gstin, state: state(p.settings.stateCode) },
    recipient: {
      name: p.recipient.name,
      address: p.recipient.address,
      gstin: p.recipient.gstin,
      state: p.recipient.state_code ? state(p.recipient.state_code) : null,
    },
    placeOfSupply: state(p.placeOfSupply),
    reverseCharge: false,
    lines: p.lines,
    totals: documentTotals(p.lines, amountInWords),
    references: p.references ?? [],
    payments: p.payments ?? [],
    note: p.note ?? p.settings.note,
    logoSha256: p.logoSha256,
  };
}

/** Stores each line's priced amounts as issued (a credit note reads them), all in one statement. */
export async function storePricedLines(trx: Db, ids: number[], lines: BillingLine[]): Promise<void> {
  if (!ids.length) return;
  const amounts = lines.map((line, i) => ({
    id: ids[i],
    taxable: line.taxablePaise,
    cgst: line.cgst?.amountPaise ?? 0,
    sgst: line.sgst?.amountPaise ?? 0,
    igst: line.igst?.amountPaise ?? 0,
    total: line.totalPaise,
  }));
  await sql`update billing_lines l set taxable_paise = a.taxable, cgst_paise = a.cgst, sgst_paise = a.sgst, igst_paise = a.igst, total_paise = a.total
    from jsonb_to_recordset(${JSON.stringify(amounts)}::jsonb) as a(id integer, taxable bigint, cgst bigint, sgst bigint, igst bigint, total bigint)
    where l.id = a.id`.execute(trx);
}

/** Settings an issue can use, or 409. */
export async function issuingSettings(db: Db): Promise<BillingSettings> {
  const settings = await readBillingSettings(db);
  if (!settings.configured) throw new HttpError(409, T.notConfigured);
  return settings;
}

/** A draft priced for issuing: what it becomes, before its number. */
interface PricedDraft {
  doc: DocumentRow;
  kind: BillingDocumentKind;
  status: 'issued' | 'paid';
  lineIds: number[];
  lines: BillingLine[];
}

/** The draft priced as it will be issued, or the 404/409 that refuses it. Pure. */
function pricedDraft(doc: DocumentRow | undefined, rows: LineRow[], settings: BillingSettings, issueStep: (totalPaise: number) => LifecycleStep): PricedDraft {
  if (!doc || doc.status === 'deleted') throw notFound();
  if (doc.status !== 'draft') throw new HttpError(409, T.notDraft);
  if (!settings.configured) throw new HttpError(409, T.notConfigured);
  if (!rows.length) throw new HttpError(409, T.noLines);
  const regime: TaxRegime = regimeOf(settings, doc.place_of_supply);
  const decision = saleDocumentKind(rows, regime.registered, doc.recipient.gstin !== null);
  if ('refused' in decision) throw new HttpError(409, T.mixedToRegistered);
  const lines = rows.map((r) => priced(asNewLine(r), regime));
  const taxable = lines.reduce((sum, l) => sum + l.taxablePaise, 0);
  if (doc.recipient.gstin === null && taxable >= B2C_DETAILS_FROM_PAISE && (!doc.recipient.address || !doc.recipient.state_code))
    throw new HttpError(409, T.bigB2cNeedsAddress);
  const total = documentTotals(lines, amountInWords).totalPaise;
  const step = issueStep(total);
  return { doc, kind: decision.kind, status: step.to as 'issued' | 'paid', lineIds: rows.map((r) => r.id), lines };
}

/** The clinic's tax settings and today, as an issuing transaction uses them. */
export interface IssuingClinic {
  settings: BillingSettings;
  day: string;
  fy: string;
}

/**
 * Read before the issuing transaction begins, both at once on PostgreSQL: two round trips fewer
 * inside it. A settings change committed meanwhile is as early or late as it would be inside
 * (each statement of a READ COMMITTED transaction reads what is committed when it starts).
 */
export async function issuingClinic(db: Db): Promise<IssuingClinic> {
  const [settings, today] = await Promise.all([readBillingSettings(db), clinicToday(db)]);
  return { settings, ...today };
}

/** One draft to issue, and the audit entry its issue records. */
export interface IssueAsked {
  id: number;
  audit: Omit<AuditEntry, 'outcome'>;
}

/**
 * Issues drafts in `trx`, all in that one transaction: each its number, date, kind and snapshot
 * (a ₹0 document is paid at once), and its audit entry. A draft that cannot be issued (not found,
 * not a draft, no lines, its Idempotency-Key held by another request, ...) is refused alone and
 * writes nothing: the answer holds, per draft in order, null when issued or its HttpError. The
 * same draft asked twice is issued once; the second ask finds it issued (409), as it would after.
 *
 * Everything is read and written for all the drafts at once, and the counters are taken last, so
 * their rows are locked for the final two statements and the commit, once for all: issuers wait
 * for one commit per transaction, and one transaction issues everything asked meanwhile
 * (issuing-queue.ts).
 */
export async function issueDrafts(trx: Db, asked: IssueAsked[], clinic: IssuingClinic): Promise<(HttpError | null)[]> {
  const { settings, day, fy } = clinic;
  const ids = [...new Set(asked.map((a) => a.id))];
  const docs = new Map(
    (await trx.selectFrom('billing_documents').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute()).map((d) => [d.id, d]),
  );
  const rowsOf = new Map<number, LineRow[]>();
  for (const row of await linesOfDocuments(trx, ids)) rowsOf.set(row.document_id, [...(rowsOf.get(row.document_id) ?? []), row]);

  // The chart's issue step reads only whether anything is due: asked once per answer, not per
  // draft (a statechart walk costs about a millisecond, most of a transaction's own time).
  const steps = new Map<boolean, LifecycleStep>();
  const issueStep = (total: number) => {
    const owing = total > 0;
    let step = steps.get(owing);
    if (!step)
      steps.set(
        owing,
        (step = requireLifecycleStep(billingDocumentLifecycle, 'billing document', 'draft', owing ? 'issued' : 'paid', { extras: { due_paise: total } })),
      );
    return step;
  };
  const outcomes: (HttpError | null)[] = [];
  const drafts: (PricedDraft & { at: number })[] = [];
  const taken = new Set<number>();
  for (const [at, a] of asked.entries()) {
    try {
      if (taken.has(a.id)) throw new HttpError(409, T.notDraft);
      drafts.push({ ...pricedDraft(docs.get(a.id), rowsOf.get(a.id) ?? [], settings, issueStep), at });
      taken.add(a.id);
      outcomes.push(null);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      outcomes.push(error);
    }
  }
  const refusals = await recordWriteAudits(
    trx,
    drafts.map((d) => asked[d.at].audit),
  );
  refusals.forEach((refusal, i) => {
    if (refusal) outcomes[drafts[i].at] = refusal;
  });
  const issuing = drafts.filter((d) => outcomes[d.at] === null);
  if (!issuing.length) return outcomes;
  await storePricedLines(
    trx,
    issuing.flatMap((d) => d.lineIds),
    issuing.flatMap((d) => d.lines),
  );
  // The logo as of now, kept for these documents' PDFs (one statement for the whole batch).
  const logoSha256 = await freezeLogo(trx);

  // Last: each series' counter row stays locked from here to the commit (taken in one order, so
  // two issuing transactions never wait on each other's rows).
  const issued: { id: number; kind: BillingDocumentKind; status: string; number: string; total: number; snapshot: IssuedBillingDocument }[] = [];
  for (const kind of [...new Set(issuing.map((d) => d.kind))].sort()) {
    const ofKind = issuing.filter((d) => d.kind === kind);
    const first = await takeSerials(trx, kind, fy, ofKind.length);
    for (const [i, d] of ofKind.entries()) {
      const number = documentNumber(settings.prefixes[kind], fy, first + i);
      const snapshot = snapshotOf({
        kind,
        number,
        day,
        fy,
        settings,
        recipient: d.doc.recipient,
        placeOfSupply: d.doc.place_of_supply,
        lines: d.lines,
        note: d.doc.note,
        logoSha256,
      });
      issued.push({ id: d.doc.id, kind, status: d.status, number, total: snapshot.totals.totalPaise, snapshot });
    }
  }
  await sql`update billing_documents d set kind = i.kind, status = i.status, number = i.number, issued_on = ${day}::date, financial_year = ${fy},
      total_paise = i.total, snapshot = i.snapshot, updated_at = ${new Date()}
    from jsonb_to_recordset(${JSON.stringify(issued)}::jsonb) as i(id integer, kind text, status text, number text, total bigint, snapshot jsonb)
    where d.id = i.id`.execute(trx);
  return outcomes;
}
