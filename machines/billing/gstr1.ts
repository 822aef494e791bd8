// The GSTR-1 return (outward supplies) of a month or quarter, in the JSON the GST portal's offline
// tool imports (India reference §2; field names as india-compliance maps GSTN's attribute sheet).
// Built from the snapshots frozen at issue only, so a return drawn again next year is the same.
// Money is summed in integer paise and turned into rupees once, at the end: p / 100 of an integer
// prints with at most two decimals, so nothing drifts. Pure.
import type { BillingDocumentKind, BillingLine as IssuedLine, IssuedBillingDocument } from './billing-document.ts';

/** What the return reads of a line as frozen at issue (its price, discount and total are not reported). */
export type Gstr1Line = Pick<IssuedLine, 'description' | 'code' | 'quantity' | 'taxablePaise' | 'exempt' | 'cgst' | 'sgst' | 'igst'>;

/**
 * What the return reads of a document as frozen at issue: an `IssuedBillingDocument` is one, and
 * the server reads only these fields of each snapshot (jsonb paths), not the whole document.
 */
export interface Gstr1Document extends Pick<IssuedBillingDocument, 'kind' | 'number' | 'issuedOn' | 'reverseCharge'> {
  supplier: { state: Pick<IssuedBillingDocument['supplier']['state'], 'code'> };
  recipient: Pick<IssuedBillingDocument['recipient'], 'gstin'>;
  placeOfSupply: Pick<IssuedBillingDocument['placeOfSupply'], 'code'>;
  totals: Pick<IssuedBillingDocument['totals'], 'totalPaise'>;
  references: Pick<IssuedBillingDocument['references'][number], 'number'>[];
  lines: Gstr1Line[];
}

/** The tool version the layout follows (the split HSN table, `hsn_b2b`/`hsn_b2c`, dates from 1 May 2025). */
export const GSTR1_VERSION = 'GST3.2.3';
/** Rule 59(4) as amended from 1 August 2024: inter-State B2C invoices above this go to `b2cl` (₹2,50,000 before). */
const B2CL_LIMIT_PAISE = (issuedOn: string) => (issuedOn >= '2024-08-01' ? 10_000_000 : 25_000_000);

// --- the period --------------------------------------------------------------------------------

export interface Gstr1Period {
  /** Clinic-local dates, inclusive. */
  from: string;
  to: string;
  /** The filing period `MMYYYY`: the month, or a quarter's last month. */
  fp: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A quarter of the financial year: "2026-27-Q1" is April to June 2026, Q4 January to March 2027. */
const QUARTER = /^(\d{4})-(\d{2})-Q([1-4])$/;

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

export const GSTR1_PERIOD_TEXTS = {
  month: 'A month as YYYY-MM, e.g. 2026-04.',
  quarter: 'A quarter of the financial year as YYYY-YY-Qn, e.g. 2026-27-Q1 (April to June 2026).',
  oneOf: 'Name either a month (period) or a quarter (quarter), not both.',
} as const;

/** The month `YYYY-MM`, or why not. */
export function monthPeriod(month: string): Gstr1Period | { problem: string } {
  const m = MONTH.exec(month);
  if (!m) return { problem: GSTR1_PERIOD_TEXTS.month };
  const year = Number(m[1]);
  const mm = Number(m[2]);
  return { from: `${m[1]}-${m[2]}-01`, to: `${m[1]}-${m[2]}-${pad(lastDay(year, mm))}`, fp: `${m[2]}${m[1]}` };
}

/** The quarter `YYYY-YY-Qn` of the financial year (April to March), or why not. */
export function quarterPeriod(quarter: string): Gstr1Period | { problem: string } {
  const q = QUARTER.exec(quarter);
  if (!q || (Number(q[1]) + 1) % 100 !== Number(q[2])) return { problem: GSTR1_PERIOD_TEXTS.quarter };
  const n = Number(q[3]);
  const year = Number(q[1]) + (n === 4 ? 1 : 0);
  const first = n === 4 ? 1 : 3 * n + 1;
  const last = first + 2;
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}`, fp: `${pad(last)}${year}` };
}

// --- the JSON ----------------------------------------------------------------------------------

export interface Gstr1ItemDetail {
  rt: number;
  txval: number;
  iamt: number;
  camt?: number;
  samt?: number;
  csamt: number;
}
export interface Gstr1Item {
  num: number;
  itm_det: Gstr1ItemDetail;
}
export interface Gstr1B2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}
export interface Gstr1B2clInvoice {
  inum: string;
  idt: string;
  val: number;
  itms: Gstr1Item[];
}
export interface Gstr1B2csRow {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE';
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export type NilSupplyType = 'INTRB2B' | 'INTRB2C' | 'INTRAB2B' | 'INTRAB2C';
export interface Gstr1NilRow {
  sply_ty: NilSupplyType;
  expt_amt: number;
  nil_amt: number;
  ngsup_amt: number;
}
export interface Gstr1Note {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}
export interface Gstr1UnregisteredNote {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  typ: 'B2CL';
  pos: string;
  itms: Gstr1Item[];
}
export interface Gstr1HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface Gstr1DocRange {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}
export interface Gstr1 {
  gstin: string;
  fp: string;
  version: string;
  hash: 'hash';
  b2b?: { ctin: string; inv: Gstr1B2bInvoice[] }[];
  b2cl?: { pos: string; inv: Gstr1B2clInvoice[] }[];
  b2cs?: Gstr1B2csRow[];
  nil?: { inv: Gstr1NilRow[] };
  cdnr?: { ctin: string; nt: Gstr1Note[] }[];
  cdnur?: Gstr1UnregisteredNote[];
  hsn?: { hsn_b2b?: Gstr1HsnRow[]; hsn_b2c?: Gstr1HsnRow[] };
  doc_issue?: { doc_det: { doc_num: number; docs: Gstr1DocRange[] }[] };
}

// --- building ----------------------------------------------------------------------------------

const rupees = (paise: number) => paise / 100;
/** `String.prototype.localeCompare` (the default locale), with its collator made once: the same order, without a collator per comparison. */
const collate = new Intl.Collator().compare;
/** "15-10-2025" for 2025-10-15. */
const gstDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
/** The line's total rate in basis points (CGST and SGST carry half each). */
const lineRateBp = (l: Gstr1Line) => (l.igst ? l.igst.rateBasisPoints : (l.cgst?.rateBasisPoints ?? 0) + (l.sgst?.rateBasisPoints ?? 0));
/** A line that carries GST at a rate above nil: it goes to the rate-wise tables, the rest to `nil`. */
const taxed = (l: Gstr1Line) => !l.exempt && lineRateBp(l) > 0;

interface Sums {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
}
const zero = (): Sums => ({ txval: 0, iamt: 0, camt: 0, samt: 0 });
function add(into: Sums, l: Gstr1Line, sign: 1 | -1): void {
  into.txval += sign * l.taxablePaise;
  into.iamt += sign * (l.igst?.amountPaise ?? 0);
  into.camt += sign * (l.cgst?.amountPaise ?? 0);
  into.samt += sign * (l.sgst?.amountPaise ?? 0);
}
const isZero = (s: Sums) => s.txval === 0 && s.iamt === 0 && s.camt === 0 && s.samt === 0;

/** One `itms` row per rate, lowest rate first, in rupees; intra-State rows carry CGST and SGST, inter-State IGST. */
function rateItems(lines: readonly Gstr1Line[], intra: boolean, withHalves = true): Gstr1Item[] {
  const byRate = new Map<number, Sums>();
  for (const l of lines.filter(taxed)) {
    const rate = lineRateBp(l);
    if (!byRate.has(rate)) byRate.set(rate, zero());
    add(byRate.get(rate)!, l, 1);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, s], i) => ({
      num: i + 1,
      itm_det: {
        rt: rate / 100,
        txval: rupees(s.txval),
        iamt: rupees(s.iamt),
        ...(withHalves ? { camt: rupees(intra ? s.camt : 0), samt: rupees(intra ? s.samt : 0) } : {}),
        csamt: 0,
      },
    }));
}

type Place = 'b2b' | 'b2cl' | 'b2cs';

/** Where a sale (invoice or bill of supply) is reported: to a GSTIN, large inter-State B2C, or the rest. */
function placeOf(doc: Gstr1Document): Place {
  if (doc.recipient.gstin) return 'b2b';
  const inter = doc.placeOfSupply.code !== doc.supplier.state.code;
  return inter && doc.totals.totalPaise > B2CL_LIMIT_PAISE(doc.issuedOn) ? 'b2cl' : 'b2cs';
}

/** GSTR-1 Table 13's document kinds: 1 invoices for outward supply (bills of supply too), 5 credit notes, 6 receipt vouchers, 8 refund vouchers. */
const DOC_NUM: Record<BillingDocumentKind, number> = { invoice: 1, bill_of_supply: 1, credit_note: 5, receipt: 6, refund_voucher: 8 };

/** "INV/26-27" and 42 for "INV/26-27/00042"; a number of another shape is a series of its own. */
function seriesOf(number: string): { series: string; serial: number | null } {
  const cut = number.lastIndexOf('/');
  const serial = cut >= 0 && /^\d+$/.test(number.slice(cut + 1)) ? Number(number.slice(cut + 1)) : null;
  return serial === null ? { series: number, serial: null } : { series: number.slice(0, cut), serial };
}

/**
 * Table 13: per series, the first and last number issued in the period. Every number between them
 * counts (`totnum`); one with no issued document would be cancelled. Numbers are taken only by an
 * issue that commits (docs/billing.md, Numbering) and a draft has none, so `cancel` is 0 unless
 * the counters were tampered with. An invoice credited in full is not cancelled: it stays in its
 * table and its credit note is reported beside it.
 */
function documentsIssued(docs: readonly Gstr1Document[]): Gstr1['doc_issue'] {
  const groups = new Map<number, Map<string, { first: string; last: string; lo: number; hi: number; count: number }>>();
  for (const d of docs) {
    const kind = DOC_NUM[d.kind];
    const { series, serial } = seriesOf(d.number);
    const n = serial ?? 0;
    if (!groups.has(kind)) groups.set(kind, new Map());
    const g = groups.get(kind)!;
    const cur = g.get(series);
    if (!cur) g.set(series, { first: d.number, last: d.number, lo: n, hi: n, count: 1 });
    else {
      cur.count += 1;
      if (n < cur.lo) Object.assign(cur, { lo: n, first: d.number });
      if (n > cur.hi) Object.assign(cur, { hi: n, last: d.number });
    }
  }
  const doc_det = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([doc_num, series]) => ({
      doc_num,
      docs: [...series.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, r], i) => {
          const totnum = Math.max(r.hi - r.lo + 1, r.count);
          const cancel = totnum - r.count;
          return { num: i + 1, from: r.first, to: r.last, totnum, cancel, net_issue: totnum - cancel };
        }),
    }));
  return doc_det.length ? { doc_det } : undefined;
}

/** SAC codes (services) start with 99 and have no unit: `uqc` "NA", quantity 0; goods are counted in numbers. */
const isService = (code: string) => code.startsWith('99');

interface HsnAcc extends Sums {
  code: string;
  rate: number;
  desc: string;
  qty: number;
}

function hsnRows(entries: { line: Gstr1Line; sign: 1 | -1 }[]): Gstr1HsnRow[] | undefined {
  const rows = new Map<string, HsnAcc>();
  for (const { line, sign } of entries) {
    if (line.taxablePaise === 0) continue;
    const code = line.code ?? '';
    const rate = line.exempt ? 0 : lineRateBp(line);
    const key = `${code}|${rate}`;
    if (!rows.has(key)) rows.set(key, { code, rate, desc: line.description.slice(0, 30), qty: 0, ...zero() });
    const acc = rows.get(key)!;
    add(acc, line, sign);
    // A credit note takes back value, not units (its lines are one "credit" each): goods count what was sold.
    if (sign === 1) acc.qty += line.quantity;
  }
  const out = [...rows.values()]
    .filter((r) => !isZero(r))
    .sort((a, b) => a.code.localeCompare(b.code) || a.rate - b.rate)
    .map((r, i) => ({
      num: i + 1,
      hsn_sc: r.code,
      desc: r.desc,
      uqc: isService(r.code) ? 'NA' : 'NOS',
      qty: isService(r.code) ? 0 : r.qty,
      rt: r.rate / 100,
      txval: rupees(r.txval),
      iamt: rupees(r.iamt),
      camt: rupees(r.camt),
      samt: rupees(r.samt),
      csamt: 0,
    }));
  return out.length ? out : undefined;
}

export interface Gstr1Input {
  /** The clinic's GSTIN (a clinic without one files no GSTR-1). */
  gstin: string;
  period: Gstr1Period;
  /** Every document issued in the period (any kind), as frozen at issue. */
  documents: readonly Gstr1Document[];
  /** The invoices and bills of supply the period's credit notes correct, whenever they were issued. */
  originals: readonly Gstr1Document[];
}

/**
 * The return. Sales (invoices, bills of supply) go to `b2b` (recipient with a GSTIN), `b2cl`
 * (inter-State, unregistered, above the Rule 59(4) limit) or `b2cs` (the rest, by place of supply
 * and rate), their taxed lines by rate; exempt and nil-rated lines go to `nil`. Credit notes to a
 * GSTIN go to `cdnr`, those against a `b2cl` invoice to `cdnur`, the rest are netted into `b2cs`
 * (and `nil`). The HSN summary is split B2B / B2C, net of credit notes. Receipt vouchers appear
 * only in Table 13: advances (`at`/`txpd`) are not in this export.
 */
export function buildGstr1(input: Gstr1Input): Gstr1 {
  const { period } = input;
  const inPeriod = input.documents.filter((d) => d.issuedOn >= period.from && d.issuedOn <= period.to);
  const sales = inPeriod.filter((d) => d.kind === 'invoice' || d.kind === 'bill_of_supply');
  const notes = inPeriod.filter((d) => d.kind === 'credit_note');
  const originalByNumber = new Map(input.originals.map((d) => [d.number, d]));
  const intra = (d: Gstr1Document) => d.placeOfSupply.code === d.supplier.state.code;
  const pos = (d: Gstr1Document) => d.placeOfSupply.code;
  const rchrg = (d: Gstr1Document): 'Y' | 'N' => (d.reverseCharge ? 'Y' : 'N');

  const b2b = new Map<string, Gstr1B2bInvoice[]>();
  const b2cl = new Map<string, Gstr1B2clInvoice[]>();
  const b2cs = new Map<string, Gstr1B2csRow & { sums: Sums }>();
  const nil = new Map<NilSupplyType, { expt: number; nil: number }>();
  const cdnr = new Map<string, Gstr1Note[]>();
  const cdnur: Gstr1UnregisteredNote[] = [];
  const hsnB2b: { line: Gstr1Line; sign: 1 | -1 }[] = [];
  const hsnB2c: { line: Gstr1Line; sign: 1 | -1 }[] = [];

  const toB2cs = (d: Gstr1Document, sign: 1 | -1) => {
    for (const l of d.lines.filter(taxed)) {
      const rate = lineRateBp(l);
      const key = `${pos(d)}|${rate}`;
      if (!b2cs.has(key))
        b2cs.set(key, {
          sply_ty: intra(d) ? 'INTRA' : 'INTER',
          pos: pos(d),
          typ: 'OE',
          rt: rate / 100,
          txval: 0,
          iamt: 0,
          camt: 0,
          samt: 0,
          csamt: 0,
          sums: zero(),
        });
      add(b2cs.get(key)!.sums, l, sign);
    }
  };
  const toNil = (d: Gstr1Document, sign: 1 | -1) => {
    const type: NilSupplyType = `${intra(d) ? 'INTRA' : 'INTR'}${d.recipient.gstin ? 'B2B' : 'B2C'}`;
    for (const l of d.lines.filter((x) => !taxed(x) && x.taxablePaise !== 0)) {
      if (!nil.has(type)) nil.set(type, { expt: 0, nil: 0 });
      const row = nil.get(type)!;
      if (l.exempt) row.expt += sign * l.taxablePaise;
      else row.nil += sign * l.taxablePaise;
    }
  };
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const ordered = (docs: Gstr1Document[]) => [...docs].sort((a, b) => collate(a.issuedOn, b.issuedOn) || collate(a.number, b.number));

  for (const d of ordered(sales)) {
    const place = placeOf(d);
    const items = rateItems(d.lines, intra(d));
    if (place === 'b2b' && items.length)
      push(b2b, d.recipient.gstin!, {
        inum: d.number,
        idt: gstDate(d.issuedOn),
        val: rupees(d.totals.totalPaise),
        pos: pos(d),
        rchrg: rchrg(d),
        inv_typ: 'R',
        itms: items,
      });
    if (place === 'b2cl' && items.length)
      push(b2cl, pos(d), { inum: d.number, idt: gstDate(d.issuedOn), val: rupees(d.totals.totalPaise), itms: rateItems(d.lines, false, false) });
    if (place === 'b2cs') toB2cs(d, 1);
    toNil(d, 1);
    for (const line of d.lines) (place === 'b2b' ? hsnB2b : hsnB2c).push({ line, sign: 1 });
  }

  for (const n of ordered(notes)) {
    const original = n.references.map((r) => originalByNumber.get(r.number)).find(Boolean);
    const items = rateItems(n.lines, intra(n));
    if (n.recipient.gstin) {
      if (items.length)
        push(cdnr, n.recipient.gstin, {
          ntty: 'C',
          nt_num: n.number,
          nt_dt: gstDate(n.issuedOn),
          val: rupees(n.totals.totalPaise),
          pos: pos(n),
          rchrg: rchrg(n),
          inv_typ: 'R',
          itms: items,
        });
    } else if (original && placeOf(original) === 'b2cl') {
      if (items.length)
        cdnur.push({
          ntty: 'C',
          nt_num: n.number,
          nt_dt: gstDate(n.issuedOn),
          val: rupees(n.totals.totalPaise),
          typ: 'B2CL',
          pos: pos(n),
          itms: rateItems(n.lines, false, false),
        });
    } else toB2cs(n, -1);
    toNil(n, -1);
    for (const line of n.lines) (n.recipient.gstin ? hsnB2b : hsnB2c).push({ line, sign: -1 });
  }

  const b2csRows = [...b2cs.values()]
    .filter((r) => !isZero(r.sums))
    .sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt)
    .map(({ sums, ...r }) => ({ ...r, txval: rupees(sums.txval), iamt: rupees(sums.iamt), camt: rupees(sums.camt), samt: rupees(sums.samt) }));
  const NIL_ORDER: NilSupplyType[] = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'];
  const nilRows = NIL_ORDER.filter((t) => nil.has(t) && (nil.get(t)!.expt !== 0 || nil.get(t)!.nil !== 0)).map((t) => ({
    sply_ty: t,
    expt_amt: rupees(nil.get(t)!.expt),
    nil_amt: rupees(nil.get(t)!.nil),
    ngsup_amt: 0,
  }));
  const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  const hsnB2bRows = hsnRows(hsnB2b);
  const hsnB2cRows = hsnRows(hsnB2c);
  const docIssue = documentsIssued(inPeriod);

  return {
    gstin: input.gstin,
    fp: period.fp,
    version: GSTR1_VERSION,
    hash: 'hash',
    ...(b2b.size ? { b2b: byKey(b2b).map(([ctin, inv]) => ({ ctin, inv })) } : {}),
    ...(b2cl.size ? { b2cl: byKey(b2cl).map(([p, inv]) => ({ pos: p, inv })) } : {}),
    ...(b2csRows.length ? { b2cs: b2csRows } : {}),
    ...(nilRows.length ? { nil: { inv: nilRows } } : {}),
    ...(cdnr.size ? { cdnr: byKey(cdnr).map(([ctin, nt]) => ({ ctin, nt })) } : {}),
    ...(cdnur.length ? { cdnur } : {}),
    ...(hsnB2bRows || hsnB2cRows ? { hsn: { ...(hsnB2bRows ? { hsn_b2b: hsnB2bRows } : {}), ...(hsnB2cRows ? { hsn_b2c: hsnB2cRows } : {}) } } : {}),
    ...(docIssue ? { doc_issue: docIssue } : {}),
  };
}

/** The file the return downloads as: "GSTR1_27AAPFU0939F1ZV_102025.json". */
export const gstr1FileName = (gstin: string, fp: string) => `GSTR1_${gstin}_${fp}.json`;
