// A billing document as the contract shows it: a draft priced under today's settings (and the
// kind it would be issued as), an issued one as it was issued (its stored lines and frozen
// snapshot), with payments, refunds, credit notes and what is still due.
import { sql } from 'kysely';
import { documentTotals, saleDocumentKind } from '../../../machines/billing/tax.ts';
import type { Db } from '../../db/database.ts';
import { amountInWords } from './amount-in-words.ts';
import { clientName, type DocumentRow, dueOf, linesOf, moneyOf, readBillingSettings } from './data.ts';
import { asNewLine, priced, regimeOf } from './drafting.ts';
import type { S } from './route-helpers.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

async function linesOut(db: Db, doc: DocumentRow): Promise<{ lines: S['BillingLine'][]; totals: S['BillingTotals']; kind: S['BillingDocumentKind'] }> {
  const rows = await linesOf(db, doc.id);
  const credited = await db
    .selectFrom('billing_lines')
    .select(['credits_line_id', sql<number>`sum(taxable_paise)::bigint`.as('taxable')])
    .where('credits_line_id', 'in', rows.length ? rows.map((r) => r.id) : [0])
    .groupBy('credits_line_id')
    .execute();
  const creditedOf = new Map(credited.map((c) => [c.credits_line_id, Number(c.taxable)]));
  const draft = doc.status === 'draft' || doc.status === 'deleted';
  const settings = draft ? await readBillingSettings(db) : null;
  const lines = rows.map((r) => {
    const p = settings ? priced(asNewLine(r), regimeOf(settings, doc.place_of_supply)) : null;
    return {
      id: r.id,
      origin: r.origin,
      description: r.description,
      code: r.code,
      quantity: r.quantity,
      unit_price_paise: Number(r.unit_price_paise),
      discount_paise: Number(r.discount_paise),
      taxable_paise: p ? p.taxablePaise : Number(r.taxable_paise),
      gst_rate_bp: r.gst_rate_bp,
      exempt: r.exempt,
      cgst_paise: p ? (p.cgst?.amountPaise ?? 0) : Number(r.cgst_paise),
      sgst_paise: p ? (p.sgst?.amountPaise ?? 0) : Number(r.sgst_paise),
      igst_paise: p ? (p.igst?.amountPaise ?? 0) : Number(r.igst_paise),
      total_paise: p ? p.totalPaise : Number(r.total_paise),
      from_package: r.from_package,
      product: r.product_id,
      credited_taxable_paise: creditedOf.get(r.id) ?? 0,
    };
  });
  if (!settings && doc.snapshot) {
    const t = doc.snapshot.totals;
    return {
      lines,
      kind: doc.kind!,
      totals: {
        taxable_paise: t.taxablePaise,
        cgst_paise: t.cgstPaise,
        sgst_paise: t.sgstPaise,
        igst_paise: t.igstPaise,
        round_off_paise: t.roundOffPaise,
        total_paise: t.totalPaise,
        total_in_words: t.totalInWords,
      },
    };
  }
  const regime = regimeOf(settings!, doc.place_of_supply);
  const t = documentTotals(
    rows.map((r) => priced(asNewLine(r), regime)),
    amountInWords,
  );
  const decision = saleDocumentKind(rows, regime.registered, doc.recipient.gstin !== null);
  return {
    lines,
    kind: 'kind' in decision ? decision.kind : 'invoice',
    totals: {
      taxable_paise: t.taxablePaise,
      cgst_paise: t.cgstPaise,
      sgst_paise: t.sgstPaise,
      igst_paise: t.igstPaise,
      round_off_paise: t.roundOffPaise,
      total_paise: t.totalPaise,
      total_in_words: t.totalInWords,
    },
  };
}

/** The issue date as printed (the snapshot's), so the engine's date type never shifts it. */
const issuedOn = (d: Pick<DocumentRow, 'snapshot'>) => d.snapshot?.issuedOn ?? null;

const link = (d: Pick<DocumentRow, 'id' | 'kind' | 'number' | 'snapshot' | 'total_paise'>): S['BillingDocumentLink'] => ({
  id: d.id,
  kind: d.kind ?? 'invoice',
  number: d.number,
  issued_on: issuedOn(d),
  total_paise: Number(d.total_paise),
});

export async function documentOut(db: Db, doc: DocumentRow): Promise<S['BillingDocument']> {
  const { lines, totals, kind } = await linesOut(db, doc);
  const money = await moneyOf(db, doc.id);
  const payments = await db.selectFrom('billing_payments').selectAll().where('document_id', '=', doc.id).orderBy('id').execute();
  const refunds = await db.selectFrom('billing_refunds').selectAll().where('document_id', '=', doc.id).orderBy('id').execute();
  const notes = await db.selectFrom('billing_documents').selectAll().where('credits_document_id', '=', doc.id).orderBy('id').execute();
  const original =
    doc.credits_document_id === null ? null : await db.selectFrom('billing_documents').selectAll().where('id', '=', doc.credits_document_id).executeTakeFirst();
  return {
    id: doc.id,
    client: doc.client_id,
    client_name: await clientName(db, doc.client_id),
    kind,
    status: doc.status,
    number: doc.number,
    issued_on: issuedOn(doc),
    financial_year: doc.financial_year,
    source: { from: doc.source_from, id: doc.source_from === 'credit' ? doc.credits_document_id : doc.source_id },
    recipient: doc.recipient,
    place_of_supply_state_code: doc.place_of_supply,
    lines,
    totals,
    paid_paise: money.paid,
    credited_paise: money.credited,
    refunded_paise: money.refunded,
    balance_paise: dueOf(doc, money),
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method,
      amount_paise: Number(p.amount_paise),
      tendered_paise: p.tendered_paise === null ? null : Number(p.tendered_paise),
      change_paise: p.change_paise === null ? null : Number(p.change_paise),
      reference: p.reference,
      advance: p.advance_id,
      till: p.till_id,
      received_at: iso(p.received_at),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      credit_note: r.credit_note_id,
      method: r.method,
      amount_paise: Number(r.amount_paise),
      reference: r.reference,
      refunded_at: iso(r.refunded_at),
    })),
    credit_notes: notes.map(link),
    credits: original ? link(original) : null,
    note: doc.note,
    issued: doc.snapshot,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
  };
}

export async function summaryOut(db: Db, doc: DocumentRow): Promise<S['BillingDocumentSummary']> {
  const draft = doc.status === 'draft' || doc.status === 'deleted';
  const priced = draft ? await linesOut(db, doc) : null;
  return {
    id: doc.id,
    client: doc.client_id,
    client_name: await clientName(db, doc.client_id),
    kind: priced ? priced.kind : doc.kind!,
    status: doc.status,
    number: doc.number,
    issued_on: issuedOn(doc),
    total_paise: priced ? priced.totals.total_paise : Number(doc.total_paise),
    balance_paise: dueOf(doc, await moneyOf(db, doc.id)),
    created_at: iso(doc.created_at),
  };
}
