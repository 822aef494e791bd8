// Packages in the portal (migration 1615_package_expiry_warnings), part of the `Database` interface in schema.ts.
import type { ColumnType } from 'kysely';

export interface PackageExpiryWarningsTable {
  package_id: number;
  expires_on: string;
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PortalPackageTables {
  package_expiry_warnings: PackageExpiryWarningsTable;
}
