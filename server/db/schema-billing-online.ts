// Billing online's tables (migration 1540_billing_online), part of the `Database` interface in
// schema.ts: Razorpay payment links, webhook events handled, and payments left for reception.
import type { ColumnType, Generated } from 'kysely';

type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

export type PaymentLinkStatus = 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
export type GatewayEventOutcome = 'recorded' | 'already_recorded' | 'flagged' | 'ignored';
export type PaymentFlagReason = 'amount_mismatch' | 'not_payable' | 'unknown_link';

export interface BillingPaymentLinksTable {
  id: Generated<number>;
  document_id: number;
  link_id: string;
  reference_id: string;
  amount_paise: number;
  short_url: string;
  status: PaymentLinkStatus;
  created_by: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface BillingGatewayEventsTable {
  event_id: string;
  event: string;
  link_id: string | null;
  payment_id: string | null;
  outcome: GatewayEventOutcome;
  received_at: TimestampDefault;
}

export interface BillingPaymentFlagsTable {
  id: Generated<number>;
  document_id: number | null;
  link_id: string | null;
  payment_id: string;
  event_id: string;
  amount_paise: number;
  expected_paise: number | null;
  reason: PaymentFlagReason;
  created_at: TimestampDefault;
  resolved_by: number | null;
  resolved_at: Date | null;
}

export interface BillingOnlineTables {
  billing_payment_links: BillingPaymentLinksTable;
  billing_gateway_events: BillingGatewayEventsTable;
  billing_payment_flags: BillingPaymentFlagsTable;
}
