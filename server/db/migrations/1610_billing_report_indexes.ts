// The billing reports and the GSTR-1 export (issue 35, docs/billing.md "Reports"): both read a
// range of issue dates, and the reports a range of payment and refund instants. Without these a
// year of 200,000 invoices is read whole for a month's return (measured: bench/billing-reports.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index billing_documents_issued_idx on billing_documents (issued_on) where number is not null`.execute(db);
  await sql`create index billing_payments_received_idx on billing_payments (received_at)`.execute(db);
  await sql`create index billing_refunds_refunded_idx on billing_refunds (refunded_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['billing_refunds_refunded_idx', 'billing_payments_received_idx', 'billing_documents_issued_idx']) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
}
