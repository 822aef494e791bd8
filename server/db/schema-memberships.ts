// Memberships' tables (migration 1600_memberships), part of the `Database` interface in schema.ts.
// Money is integer paise in bigint columns; days are clinic-local `YYYY-MM-DD`.
import type { ColumnType, Generated } from 'kysely';
import type { MembershipStatus } from '../../machines/memberships/membership-lifecycle.ts';
import type { MembershipPeriod } from '../../machines/memberships/membership-rules.ts';

type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Day = ColumnType<string | null, string | null | undefined, string | null>;

export interface MembershipPlansTable {
  id: Generated<number>;
  name: string;
  fee_paise: number;
  period: MembershipPeriod;
  auto_renew: Generated<boolean>;
  active: Generated<boolean>;
  code: string | null;
  gst_rate_bp: number;
  exempt: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface MembershipPlanBenefitsTable {
  id: Generated<number>;
  plan_id: number;
  kind: 'included' | 'discount';
  service_id: number | null;
  sessions: number | null;
  percent: number | null;
}

export interface MembershipsTable {
  id: Generated<number>;
  client_id: number;
  plan_id: number;
  status: MembershipStatus;
  auto_renew: boolean;
  created_by: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface MembershipPeriodsTable {
  id: Generated<number>;
  membership_id: number;
  seq: number;
  starts_on: Day;
  ends_on: Day;
  document_id: number;
  paid: Generated<boolean>;
}

export interface MembershipSessionUsesTable {
  id: Generated<number>;
  membership_id: number;
  period_id: number;
  service_id: number;
  document_id: number;
  created_at: TimestampDefault;
}

export interface MembershipTables {
  membership_plans: MembershipPlansTable;
  membership_plan_benefits: MembershipPlanBenefitsTable;
  memberships: MembershipsTable;
  membership_periods: MembershipPeriodsTable;
  membership_session_uses: MembershipSessionUsesTable;
}
