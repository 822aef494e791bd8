// Billing's tables (migration 1530_billing), part of the `Database` interface in schema.ts. Money
// is integer paise in bigint columns (read as numbers on both engines), rates basis points.
import type { ColumnType, Generated } from 'kysely';
import type { BillingDocumentKind, IssuedBillingDocument } from '../../machines/billing/billing-document.ts';
import type { BillingDocumentStatus } from '../../machines/billing/invoice-lifecycle.ts';

type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type BillingSeriesPrefixes = Record<BillingDocumentKind, string>;
export type BillingItemKind = 'service' | 'package_plan' | 'lab_item';
export type BillingSourceFrom = 'appointment' | 'lab_order' | 'package_sale' | 'manual' | 'credit' | 'advance' | 'refund';
export type BillingLineOrigin = 'service' | 'package_session' | 'package_plan' | 'lab_item' | 'product' | 'manual';
export type BillingPaymentMethod = 'cash' | 'card' | 'upi' | 'advance' | 'online';

export interface StoredRecipient {
  name: string;
  address: string | null;
  gstin: string | null;
  state_code: string | null;
}

export interface BillingSettingsTable {
  id: Generated<number>;
  legal_name: string;
  gstin: string | null;
  state_code: string;
  address: string;
  series_prefixes: Json<BillingSeriesPrefixes>;
  upi_vpa: string | null;
  upi_payee_name: string | null;
  invoice_note: string | null;
  gst_rates_bp: Json<number[]>;
  updated_at: TimestampDefault;
}

export interface BillingItemTaxTable {
  item_kind: BillingItemKind;
  item_id: number;
  code: string | null;
  gst_rate_bp: number;
  exempt: boolean;
  updated_at: TimestampDefault;
}

export interface BillingProductsTable {
  id: Generated<number>;
  name: string;
  code: string | null;
  unit_price_paise: number;
  gst_rate_bp: number;
  exempt: boolean;
  active: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface BillingCountersTable {
  series: BillingDocumentKind;
  financial_year: string;
  last: number;
}

export interface BillingDocumentsTable {
  id: Generated<number>;
  client_id: number;
  kind: BillingDocumentKind | null;
  status: BillingDocumentStatus;
  number: string | null;
  issued_on: ColumnType<string | null, string | null | undefined, string | null>;
  financial_year: string | null;
  source_from: BillingSourceFrom;
  source_id: number | null;
  credits_document_id: number | null;
  recipient: Json<StoredRecipient>;
  place_of_supply: string;
  note: string | null;
  credit_reason: string | null;
  total_paise: Generated<number>;
  snapshot: ColumnType<IssuedBillingDocument | null, string | null | undefined, string | null>;
  created_by: number;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  /** A refund voucher's till and business day (1605_billing_tills); null on every other kind. */
  till_id: ColumnType<number | null, number | null | undefined, number | null>;
  business_day: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BillingLinesTable {
  id: Generated<number>;
  document_id: number;
  position: number;
  origin: BillingLineOrigin;
  item_id: number | null;
  product_id: number | null;
  credits_line_id: number | null;
  description: string;
  code: string | null;
  quantity: number;
  unit_price_paise: number;
  discount_paise: number;
  gst_rate_bp: number;
  exempt: boolean;
  from_package: string | null;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

export interface BillingPaymentsTable {
  id: Generated<number>;
  document_id: number;
  method: BillingPaymentMethod;
  amount_paise: number;
  tendered_paise: number | null;
  change_paise: number | null;
  reference: string | null;
  advance_id: number | null;
  recorded_by: number | null;
  received_at: TimestampDefault;
  till_id: number;
  business_day: ColumnType<string, string, string>;
}

export interface BillingRefundsTable {
  id: Generated<number>;
  document_id: number;
  credit_note_id: number;
  method: 'cash' | 'card' | 'upi';
  amount_paise: number;
  reference: string | null;
  refunded_by: number | null;
  refunded_at: TimestampDefault;
  till_id: number;
  business_day: ColumnType<string, string, string>;
}

/** A till (1605_billing_tills): where money is taken and counted at the day's close. */
export interface BillingTillsTable {
  id: Generated<number>;
  name: string;
  created_at: TimestampDefault;
}

export type TillDayStatus = 'open' | 'counted' | 'closed';

/** A till's business day once money moved on it or it was counted (machines/billing/day-close-lifecycle.ts). */
export interface BillingTillDaysTable {
  till_id: number;
  business_day: ColumnType<string, string, string>;
  status: TillDayStatus;
  counted_cash_paise: number | null;
  expected_cash_paise: number | null;
  reason: string | null;
  counted_by: number | null;
  counted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  closed_by: number | null;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface BillingTables {
  billing_settings: BillingSettingsTable;
  billing_item_tax: BillingItemTaxTable;
  billing_products: BillingProductsTable;
  billing_counters: BillingCountersTable;
  billing_documents: BillingDocumentsTable;
  billing_lines: BillingLinesTable;
  billing_payments: BillingPaymentsTable;
  billing_refunds: BillingRefundsTable;
  billing_tills: BillingTillsTable;
  billing_till_days: BillingTillDaysTable;
}
