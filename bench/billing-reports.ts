// The billing reports and the GSTR-1 export over a year of 200,000 issued invoices on PostgreSQL
// (issue 35, "Measured"; docs/benchmarks.md). The year is seeded by generate_series SQL straight
// into the billing tables (not 200,000 API calls): invoices of two lines with their frozen
// snapshots (the test fixture's tax invoice, renumbered and redated), a cash payment each (at the
// first till, on its day), and a credit note for every 50th. Then, over HTTP with a real SUPER_ADMIN token, the GSTR-1 of a month
// and of a quarter and the sales report for the year are timed, each beside a bare
// `select count(*)` over the same rows in the same run. Target: each under 5 s.
import pg from 'pg';
import { CLINIC_TAX_SETTINGS, CREDIT_NOTE, TAX_INVOICE } from '../tests/support/billing-document-fixtures.ts';
import { type BenchOptions, type Figure, round, type SectionResult } from './lib/figures.ts';
import { postgresAvailable } from './lib/servers.ts';

const SECTION = 'Billing reports and GSTR-1 on PostgreSQL (200,000 invoices)';
const TARGET_MS = 5_000;

async function seed(db: pg.Client, invoices: number): Promise<void> {
  await db.query(
    `insert into billing_settings (legal_name, gstin, state_code, address, series_prefixes, gst_rates_bp)
     values ($1, $2, $3, $4, $5, '[0, 500, 1800, 4000]') on conflict (id) do nothing`,
    [
      CLINIC_TAX_SETTINGS.legal_name,
      CLINIC_TAX_SETTINGS.gstin,
      CLINIC_TAX_SETTINGS.state_code,
      CLINIC_TAX_SETTINGS.address,
      { ...CLINIC_TAX_SETTINGS.series_prefixes, refund_voucher: 'RF' },
    ],
  );
  const { rows } = await db.query<{ id: number }>('select id from users order by id limit 1');
  const user = rows[0].id;
  const line = TAX_INVOICE.lines[0];
  const tax = (line.cgst?.amountPaise ?? 0) + (line.sgst?.amountPaise ?? 0);
  const lineTotal = line.taxablePaise + tax;
  // In steps of 50,000 so no one statement holds a huge transaction.
  for (let from = 1; from <= invoices; from += 50_000) {
    const to = Math.min(invoices, from + 49_999);
    await db.query(
      `insert into billing_documents (id, client_id, kind, status, number, issued_on, financial_year, source_from, recipient, place_of_supply, total_paise, snapshot, created_by)
       select 1000000 + i, $1, 'invoice', 'paid', 'INV/26-27/' || lpad(i::text, 6, '0'), date '2026-04-01' + (i % 365), '2026-27', 'manual',
         '{"name": "Bench client"}', '27', $2,
         jsonb_set(jsonb_set($3::jsonb, '{number}', to_jsonb('INV/26-27/' || lpad(i::text, 6, '0'))), '{issuedOn}', to_jsonb((date '2026-04-01' + (i % 365))::text)),
         $1
       from generate_series($4::int, $5::int) i`,
      [user, 2 * lineTotal, JSON.stringify({ ...TAX_INVOICE, lines: [line, { ...line, description: 'Hydrafacial' }] }), from, to],
    );
    await db.query(
      `insert into billing_lines (document_id, position, origin, description, code, quantity, unit_price_paise, discount_paise, gst_rate_bp, exempt,
         taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
       select 1000000 + i, p, 'manual', case when p = 1 then $1 else 'Hydrafacial' end, $2, 1, $3, 0, 500, false, $3, $4, $4, 0, $5
       from generate_series($6::int, $7::int) i, generate_series(1, 2) p`,
      [line.description, line.code, line.taxablePaise, tax / 2, lineTotal, from, to],
    );
    await db.query(
      `insert into billing_payments (document_id, method, amount_paise, tendered_paise, change_paise, received_at, till_id, business_day)
       select 1000000 + i, 'cash', $1, $1, 0, ((date '2026-04-01' + (i % 365))::timestamp + time '12:00') at time zone 'Asia/Kolkata',
         (select id from billing_tills order by id limit 1), date '2026-04-01' + (i % 365)
       from generate_series($2::int, $3::int) i`,
      [2 * lineTotal, from, to],
    );
  }
  // A credit note of one line for every 50th invoice, issued the same day.
  await db.query(
    `insert into billing_documents (client_id, kind, status, number, issued_on, financial_year, source_from, source_id, credits_document_id, recipient, place_of_supply, total_paise, snapshot, created_by)
     select $1, 'credit_note', 'issued', 'CN/26-27/' || lpad((i / 50)::text, 6, '0'), date '2026-04-01' + (i % 365), '2026-27', 'credit', 1000000 + i, 1000000 + i,
       '{"name": "Bench client"}', '27', $2,
       jsonb_set(jsonb_set($3::jsonb, '{number}', to_jsonb('CN/26-27/' || lpad((i / 50)::text, 6, '0'))), '{issuedOn}', to_jsonb((date '2026-04-01' + (i % 365))::text)),
       $1
     from generate_series(50, $4::int, 50) i`,
    [user, CREDIT_NOTE.totals.totalPaise, JSON.stringify(CREDIT_NOTE), invoices],
  );
  await db.query('vacuum analyze billing_documents, billing_lines, billing_payments');
}

async function timed(work: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

export async function runBillingReports(options: BenchOptions): Promise<SectionResult> {
  const started = Date.now();
  const unavailable = await postgresAvailable();
  if (unavailable) return { section: SECTION, status: 'not available', figures: [], notes: [unavailable], durationMs: Date.now() - started };
  const invoices = options.quick ? 10_000 : 200_000;
  const bench = await options.server('postgres');
  const db = new pg.Client({ connectionString: bench.databaseUrl! });
  await db.connect();
  try {
    const t0 = Date.now();
    await seed(db, invoices);
    const seedS = (Date.now() - t0) / 1000;
    options.log(`  ${invoices.toLocaleString('en-US')} invoices seeded in ${round(seedS)} s`);
    const get = async (url: string) => {
      const res = await fetch(`${bench.server.baseUrl}/api/v1${url}`, { headers: { authorization: `Bearer ${bench.token}` } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
    };
    const count = (from: string, to: string) => async () => {
      await db.query(`select count(*) from billing_documents where number is not null and issued_on between $1 and $2`, [from, to]);
    };
    const cases = [
      { name: 'GSTR-1 export, a month (October 2026)', url: '/billing/returns/gstr1?period=2026-10', from: '2026-10-01', to: '2026-10-31' },
      { name: 'GSTR-1 export, a quarter (2026-27 Q3)', url: '/billing/returns/gstr1?quarter=2026-27-Q3', from: '2026-10-01', to: '2026-12-31' },
      { name: 'Sales by day, the year', url: '/billing/reports/sales-by-day?from=2026-04-01&to=2027-03-31', from: '2026-04-01', to: '2027-03-31' },
      {
        name: 'Sales by payment method, the year',
        url: '/billing/reports/sales-by-payment-method?from=2026-04-01&to=2027-03-31',
        from: '2026-04-01',
        to: '2027-03-31',
      },
    ];
    const figures: Figure[] = [];
    for (const c of cases) {
      await get(c.url); // warm-up
      const ms = await timed(() => get(c.url));
      const base = await timed(count(c.from, c.to));
      options.log(`  ${c.name}: ${round(ms)} ms (count(*) ${round(base, 1)} ms, ${round(ms / base, 1)}x)`);
      figures.push({
        name: c.name,
        value: round(ms),
        unit: 'ms',
        compared: { label: 'select count(*) over the same documents', value: round(base, 1), unit: 'ms' },
        target: '< 5,000 ms',
        met: ms < TARGET_MS,
        note: `${round(ms / base, 1)}x the bare count`,
      });
    }
    return {
      section: SECTION,
      status: 'ok',
      figures,
      notes: [
        `${invoices.toLocaleString('en-US')} invoices of two lines over 2026-04-01..2027-03-31 with a snapshot, a cash payment each and a credit note per 50; seeded by SQL in ${round(seedS)} s. Each request timed once after a warm-up, by the caller over HTTP.`,
      ],
      durationMs: Date.now() - started,
    };
  } finally {
    await db.end();
  }
}
