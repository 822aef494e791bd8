// The scheduling back office's tables (migration 0700_scheduling_backoffice), merged into the
// `Database` interface in schema.ts like schema-scheduling.ts.
import type { ColumnType, Generated } from 'kysely';

type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PackagePlansTable {
  id: Generated<number>;
  name: string;
  therapy: string;
  sessions: number;
  price_inr: Generated<number>;
  validity_days: number | null;
  active: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface SchedulingBackofficeTables {
  package_plans: PackagePlansTable;
}
