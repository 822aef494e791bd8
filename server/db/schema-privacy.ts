// Privacy's tables (migration 1640_data_exports), part of the `Database` interface in schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { ExportStatus } from '../../machines/privacy/export-lifecycle.ts';

type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface DataExportsTable {
  id: Generated<number>;
  client_id: number;
  requested_by: number;
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>;
  requested_at: TimestampDefault;
  started_at: Timestamp;
  ready_at: Timestamp;
  expires_at: Timestamp;
  archive: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  size_bytes: number | null;
  sha256: string | null;
}

export interface PrivacyTables {
  data_exports: DataExportsTable;
}
