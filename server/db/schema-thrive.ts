// The thrive dashboard's table (migration 0900_thrive_dashboard), part of `Database` in schema.ts.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

export type MeasurementSource = 'staff' | 'client' | 'thrive_check' | 'lab';

export interface MeasurementsTable {
  id: Generated<number>;
  client_id: number;
  metric: string;
  value: number;
  value2: number | null;
  unit: string;
  entered_value: number;
  entered_unit: string;
  taken_at: Timestamp;
  source: MeasurementSource;
  entered_by: number;
  thrive_check_id: number | null;
  corrects: number | null;
  correction_reason: string | null;
  created_at: TimestampDefault;
}

export interface ThriveTables {
  measurements: MeasurementsTable;
}
