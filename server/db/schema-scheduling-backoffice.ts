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
  /** Issue 35 (1590_package_sales): its sessions may serve the holder's family; days a package may be frozen. */
  shareable_in_family: Generated<boolean>;
  freeze_allowance_days: Generated<number>;
}

/** A client's family (1590_package_sales): the members share `family_id`. */
export interface ClientFamiliesTable {
  client_id: number;
  family_id: number;
  linked_by: number;
  linked_at: TimestampDefault;
}

export interface SchedulingBackofficeTables {
  package_plans: PackagePlansTable;
  client_families: ClientFamiliesTable;
}
