// The billing reports' rules (issue 35, docs/billing.md "Reports"), pure so the server's JSON and
// CSV, the back office's table and the unit tests share them: which reports there are, the range
// they accept, the ageing buckets of what is owed, each report's columns and words, and a CSV that
// Excel on Windows opens as the clinic wrote it and never runs as a formula.
import { addDays, compareDates, daysBetween, isDateInWindow } from '../rules/calendar-dates.ts';
import { zonedInstant } from '../appointments/scheduling-rules.ts';

export const BILLING_REPORTS = [
  'sales-by-day',
  'sales-by-service',
  'sales-by-staff',
  'sales-by-payment-method',
  'outstanding',
  'packages',
  'advances',
] as const;
export type BillingReportName = (typeof BILLING_REPORTS)[number];

export const isBillingReport = (name: string): name is BillingReportName => (BILLING_REPORTS as readonly string[]).includes(name);

/** What each column holds, so the screen and the CSV write it the same way. */
export type ReportColumnKind = 'text' | 'date' | 'count' | 'paise';

/** The numbers a report row may carry; each report uses its own few (REPORT_COLUMNS). */
export interface BillingReportFigures {
  documents?: number;
  quantity?: number;
  taxable_paise?: number;
  tax_paise?: number;
  total_paise?: number;
  payments?: number;
  received_paise?: number;
  refunded_paise?: number;
  net_paise?: number;
  days_0_30_paise?: number;
  days_31_60_paise?: number;
  days_61_90_paise?: number;
  days_over_90_paise?: number;
  due_paise?: number;
  sold?: number;
  sold_paise?: number;
  redeemed_sessions?: number;
  expired_sessions?: number;
  unearned_paise?: number;
  advances?: number;
  unused_paise?: number;
}
export type FigureKey = keyof BillingReportFigures;

export interface BillingReportRow extends BillingReportFigures {
  /** The day (YYYY-MM-DD), service, staff member, payment method, client or plan the row is about. */
  label: string;
  /** The client, on the outstanding and advances reports. */
  client?: number;
}

export interface ReportColumn {
  key: 'label' | FigureKey;
  header: string;
  kind: ReportColumnKind;
}

export const REPORT_TEXTS = {
  title: 'Reports',
  intro: "The clinic's sales, what is owed, packages and advances over a range of days (at most a year), in the clinic's time zone.",
  report: 'Report',
  from: 'From',
  to: 'To',
  show: 'Show',
  showing: 'Loading…',
  downloadCsv: 'Download CSV',
  downloading: 'Downloading…',
  saved: (file: string) => `Saved ${file}.`,
  empty: 'Nothing in this range.',
  total: 'Total',
  asOf: (day: string) => `As of ${day}`,
  names: {
    'sales-by-day': 'Sales by day',
    'sales-by-service': 'Sales by service',
    'sales-by-staff': 'Sales by staff member',
    'sales-by-payment-method': 'Sales by payment method',
    outstanding: 'Outstanding invoices (ageing)',
    packages: 'Packages',
    advances: 'Advances held',
  } satisfies Record<BillingReportName, string>,
  noStaff: 'No staff',
  roundOff: 'Round off',
  methods: { cash: 'Cash', card: 'Card', upi: 'UPI', advance: 'From an advance', online: 'Online' } as Record<string, string>,
  problems: {
    date: 'A date, YYYY-MM-DD.',
    order: 'The range ends on or after the day it starts.',
    tooLong: 'At most a year: the range ends before the same day a year later.',
    report: `One of ${BILLING_REPORTS.join(', ')}.`,
  },
} as const;

const text = (key: 'label', header: string): ReportColumn => ({ key, header, kind: 'text' });
const paise = (key: FigureKey, header: string): ReportColumn => ({ key, header, kind: 'paise' });
const count = (key: FigureKey, header: string): ReportColumn => ({ key, header, kind: 'count' });
const SALES: ReportColumn[] = [
  count('documents', 'Documents'),
  paise('taxable_paise', 'Taxable value'),
  paise('tax_paise', 'Tax'),
  paise('total_paise', 'Total'),
];
const AGEING: ReportColumn[] = [
  paise('days_0_30_paise', '0–30 days'),
  paise('days_31_60_paise', '31–60 days'),
  paise('days_61_90_paise', '61–90 days'),
  paise('days_over_90_paise', 'Over 90 days'),
  paise('due_paise', 'Total due'),
];

export const REPORT_COLUMNS: Record<BillingReportName, ReportColumn[]> = {
  'sales-by-day': [{ key: 'label', header: 'Day', kind: 'date' }, ...SALES],
  'sales-by-service': [
    text('label', 'Service or item'),
    count('quantity', 'Quantity'),
    paise('taxable_paise', 'Taxable value'),
    paise('tax_paise', 'Tax'),
    paise('total_paise', 'Total'),
  ],
  'sales-by-staff': [text('label', 'Staff member'), ...SALES],
  'sales-by-payment-method': [
    text('label', 'Payment method'),
    count('payments', 'Payments'),
    paise('received_paise', 'Received'),
    paise('refunded_paise', 'Refunded'),
    paise('net_paise', 'Net'),
  ],
  outstanding: [text('label', 'Client'), count('documents', 'Invoices'), ...AGEING],
  packages: [
    text('label', 'Package'),
    count('sold', 'Sold'),
    paise('sold_paise', 'Sold value'),
    count('redeemed_sessions', 'Sessions redeemed'),
    count('expired_sessions', 'Sessions expired unused'),
    paise('unearned_paise', 'Unearned value'),
  ],
  advances: [text('label', 'Client'), count('advances', 'Receipt vouchers'), paise('unused_paise', 'Unused')],
};

/** Reports that are a position on the last day of the range rather than a sum over it. */
export const AS_OF_REPORTS: readonly BillingReportName[] = ['outstanding', 'advances'];

// --- the range ----------------------------------------------------------------------------------

/** The same day a year later (29 February: 1 March). */
function aYearLater(date: string): string {
  const next = `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
  return isDateInWindow(next) ? next : addDays(`${Number(date.slice(0, 4)) + 1}-02-28`, 1);
}

/** Why `from`..`to` (clinic-local, inclusive) cannot be reported on, by field; empty when it can. */
export function reportRangeProblems(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  if (from === undefined || !isDateInWindow(from)) problems.from = REPORT_TEXTS.problems.date;
  if (to === undefined || !isDateInWindow(to)) problems.to = REPORT_TEXTS.problems.date;
  if (problems.from || problems.to) return problems;
  if (compareDates(to!, from!) < 0) return { to: REPORT_TEXTS.problems.order };
  if (compareDates(to!, aYearLater(from!)) >= 0) return { to: REPORT_TEXTS.problems.tooLong };
  return problems;
}

/**
 * The instants the clinic's days `from`..`to` cover: from the first day's midnight on the clinic's
 * clocks to the midnight after the last, so a payment at 00:10 in Kolkata (18:40 UTC the day
 * before) is on the Kolkata day, and a day of a daylight-saving change is as long as it is.
 */
export function clinicDaysSpan(zone: string, from: string, to: string): { start: Date; end: Date } {
  return { start: new Date(zonedInstant(zone, from, 0)), end: new Date(zonedInstant(zone, addDays(to, 1), 0)) };
}

// --- ageing -------------------------------------------------------------------------------------

export type AgeingBucket = 'days_0_30_paise' | 'days_31_60_paise' | 'days_61_90_paise' | 'days_over_90_paise';

/** The bucket of a document issued on `issuedOn` and still owing on `asOf`: its age in whole days. */
export function ageingBucket(issuedOn: string, asOf: string): AgeingBucket {
  const age = daysBetween(issuedOn, asOf);
  if (age <= 30) return 'days_0_30_paise';
  if (age <= 60) return 'days_31_60_paise';
  if (age <= 90) return 'days_61_90_paise';
  return 'days_over_90_paise';
}

/** The per-client rows of what is owed on `asOf`, each document in its bucket, largest debt first. */
export function ageingRows(owing: { client: number; name: string; issued_on: string; due_paise: number }[], asOf: string): BillingReportRow[] {
  const rows = new Map<number, BillingReportRow>();
  for (const d of owing) {
    const row = rows.get(d.client) ?? {
      label: d.name,
      client: d.client,
      documents: 0,
      days_0_30_paise: 0,
      days_31_60_paise: 0,
      days_61_90_paise: 0,
      days_over_90_paise: 0,
      due_paise: 0,
    };
    const bucket = ageingBucket(d.issued_on, asOf);
    row.documents! += 1;
    row[bucket] = row[bucket]! + d.due_paise;
    row.due_paise! += d.due_paise;
    rows.set(d.client, row);
  }
  return [...rows.values()].sort((a, b) => b.due_paise! - a.due_paise! || a.label.localeCompare(b.label) || a.client! - b.client!);
}

/** The total row: each figure the report's rows carry, summed. */
export function totalRow(report: BillingReportName, rows: BillingReportRow[]): BillingReportRow {
  const total: BillingReportRow = { label: REPORT_TEXTS.total };
  for (const c of REPORT_COLUMNS[report]) {
    if (c.key === 'label') continue;
    const key = c.key;
    total[key] = rows.reduce((sum, r) => sum + (r[key] ?? 0), 0);
  }
  return total;
}

// --- CSV ----------------------------------------------------------------------------------------

/**
 * Excel on Windows reads a CSV without a byte order mark in the machine's ANSI code page
 * (Windows-1252 on most Indian installs), so ₹ and any name outside ASCII come out as mojibake;
 * with the UTF-8 BOM it reads UTF-8. LibreOffice, Google Sheets and Numbers skip the BOM.
 */
export const CSV_BOM = '\uFEFF';

/** A number we wrote (an amount or a count), never a formula, so kept as it is even when negative. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell, RFC 4180: quoted when it holds a comma, a quote, a line break or leading/trailing space,
 * quotes doubled. Text starting with = + - @ (or a tab or carriage return, which Excel strips before
 * looking) would be run as a formula by a spreadsheet (CSV injection): it is prefixed with `'`, so a
 * client named "=HYPERLINK(…)" is shown, not followed.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as RFC 4180 CSV: CRLF after every record, with the BOM first. */
export function toCsv(rows: string[][]): string {
  return CSV_BOM + rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');
}

/** Paise as rupees with two decimals and no grouping (118000.50): a number a spreadsheet adds up. */
export function csvRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface ReportWriters {
  /** A clinic-local YYYY-MM-DD in the clinic's own order (28/11/2026 in en-IN). */
  date: (day: string) => string;
}

/** A row's cell as the clinic reads it: the label's words (a method's name), dates and rupees. */
function cellOf(report: BillingReportName, column: ReportColumn, row: BillingReportRow, w: ReportWriters, isTotal: boolean): string {
  if (column.key === 'label') {
    if (isTotal) return row.label;
    if (column.kind === 'date') return w.date(row.label);
    if (report === 'sales-by-payment-method') return REPORT_TEXTS.methods[row.label] ?? row.label;
    return row.label;
  }
  const v = row[column.key] ?? 0;
  return column.kind === 'paise' ? csvRupees(v) : String(v);
}

/** The report as CSV: a header row (amounts in ₹), its rows and the total. */
export function reportCsv(report: BillingReportName, rows: BillingReportRow[], total: BillingReportRow, w: ReportWriters): string {
  const columns = REPORT_COLUMNS[report];
  const header = columns.map((c) => (c.kind === 'paise' ? `${c.header} (₹)` : c.header));
  const body = rows.map((r) => columns.map((c) => cellOf(report, c, r, w, false)));
  return toCsv([header, ...body, columns.map((c) => cellOf(report, c, total, w, true))]);
}

/** billing-<report>-<from>-to-<to>.csv */
export const reportFileName = (report: BillingReportName, from: string, to: string): string => `billing-${report}-${from}-to-${to}.csv`;
