// Issuing: a draft takes the next number of its series for the financial year, the clinic-local
// date and its frozen snapshot, all in one transaction. The number comes from the series' counter
// row, created at 0 when the year's first document is issued and incremented with
// `UPDATE … SET last = last + 1 … RETURNING last`: the row's lock holds every other issuer of the
// series until this transaction ends, so a committed number is the one after the last committed,
// and a rolled-back one is given again (consecutive, no gap, no duplicate; on both engines).
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
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import type { Db } from '../../db/database.ts';
import type { StoredRecipient } from '../../db/schema-billing.ts';
import { HttpError } from '../../http/errors.ts';
import { getSettings } from '../appointments/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { notFound } from '../policy.ts';
import { amountInWords } from './amount-in-words.ts';
import { type BillingSettings, findDocument, linesOf, readBillingSettings } from './data.ts';
import { asNewLine, priced, regimeOf } from './drafting.ts';
import { freezeLogo } from './frozen-logo.ts';
import { BILLING_TEXTS as T } from './route-helpers.ts';

/** Rule 46(e): an unregistered recipient of this taxable value or more must have their address and State on the invoice. */
export const B2C_DETAILS_FROM_PAISE = 50_000_00;

/** The clinic-local date today, and its financial year. */
export async function clinicToday(db: Db): Promise<{ day: string; fy: string }> {
  const { time_zone: zone } = await getSettings(db);
  const day = localTime(zone, Date.now()).date;
  return { day, fy: financialYear(day) };
}

/** The next number of a series for a financial year; call it last in the issuing transaction (its row stays locked until the commit). */
export async function nextNumber(trx: Db, kind: BillingDocumentKind, fy: string, prefix: string): Promise<string> {
  await trx
    .insertInto('billing_counters')
    .values({ series: kind, financial_year: fy, last: 0 })
    .onConflict((oc) => oc.columns(['series', 'financial_year']).doNothing())
    .execute();
  const { last } = await trx
    .updateTable('billing_counters')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('series', '=', kind)
    .where('financial_year', '=', fy)
    .returning('last')
    .executeTakeFirstOrThrow();
  return documentNumber(prefix, fy, last);
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

/** Stores each line's priced amounts as issued (a credit note reads them). */
export async function storePricedLines(trx: Db, ids: number[], lines: BillingLine[]): Promise<void> {
  for (const [i, line] of lines.entries()) {
    await trx
      .updateTable('billing_lines')
      .set({
        taxable_paise: line.taxablePaise,
        cgst_paise: line.cgst?.amountPaise ?? 0,
        sgst_paise: line.sgst?.amountPaise ?? 0,
        igst_paise: line.igst?.amountPaise ?? 0,
        total_paise: line.totalPaise,
      })
      .where('id', '=', ids[i])
      .execute();
  }
}

/** Settings an issue can use, or 409. */
export async function issuingSettings(db: Db): Promise<BillingSettings> {
  const settings = await readBillingSettings(db);
  if (!settings.configured) throw new HttpError(409, T.notConfigured);
  return settings;
}

/** Issues a draft in `trx`: its number, date, kind and snapshot; a ₹0 document is paid at once. */
export async function issueDraft(trx: Db, id: number): Promise<void> {
  const doc = await findDocument(trx, id, true);
  if (!doc || doc.status === 'deleted') throw notFound();
  if (doc.status !== 'draft') throw new HttpError(409, T.notDraft);
  const settings = await issuingSettings(trx);
  const rows = await linesOf(trx, id);
  if (!rows.length) throw new HttpError(409, T.noLines);
  const regime: TaxRegime = regimeOf(settings, doc.place_of_supply);
  const decision = saleDocumentKind(rows, regime.registered, doc.recipient.gstin !== null);
  if ('refused' in decision) throw new HttpError(409, T.mixedToRegistered);
  const lines = rows.map((r) => priced(asNewLine(r), regime));
  const taxable = lines.reduce((sum, l) => sum + l.taxablePaise, 0);
  if (doc.recipient.gstin === null && taxable >= B2C_DETAILS_FROM_PAISE && (!doc.recipient.address || !doc.recipient.state_code))
    throw new HttpError(409, T.bigB2cNeedsAddress);
  const { day, fy } = await clinicToday(trx);
  const total = documentTotals(lines, amountInWords).totalPaise;
  const step = requireLifecycleStep(billingDocumentLifecycle, 'billing document', 'draft', total > 0 ? 'issued' : 'paid', { extras: { due_paise: total } });
  await storePricedLines(
    trx,
    rows.map((r) => r.id),
    lines,
  );
  const logoSha256 = await freezeLogo(trx);
  // Last: the counter row stays locked from here to the commit.
  const number = await nextNumber(trx, decision.kind, fy, settings.prefixes[decision.kind]);
  const snapshot = snapshotOf({
    kind: decision.kind,
    number,
    day,
    fy,
    settings,
    recipient: doc.recipient,
    placeOfSupply: doc.place_of_supply,
    lines,
    note: doc.note,
    logoSha256,
  });
  await trx
    .updateTable('billing_documents')
    .set({
      kind: decision.kind,
      status: step.to as 'issued' | 'paid',
      number,
      issued_on: day,
      financial_year: fy,
      total_paise: snapshot.totals.totalPaise,
      snapshot: JSON.stringify(snapshot),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
