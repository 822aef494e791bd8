// Cognitive assessment's tables (migration 1000_cognitive_assessment), part of the `Database`
// interface in schema.ts.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value, written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;
/** numeric arrives as text from both engines. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface CognitiveRunsTable {
  id: Generated<number>;
  client_id: number;
  seed: ColumnType<number, number, number>;
  battery_version: Generated<number>;
  status: Generated<'in_progress' | 'paused' | 'completed' | 'incomplete'>;
  started_at: TimestampDefault;
  updated_at: TimestampDefault;
  completed_at: Timestamp | null;
  progress: Json<{ tasks: unknown[] }>;
  domains: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  measures: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  total: number | null;
}

export interface CognitiveInstrumentsTable {
  id: Generated<number>;
  client_id: number;
  instrument: string;
  form: string;
  version: string;
  language: string;
  setting: string;
  administered_on: ColumnType<Date | string, string, string>;
  total: Numeric;
  max_total: Numeric;
  domains: Json<Array<{ domain: string; score: number; max: number }>>;
  administrator: string;
  interpretation: string;
  recorded_by: number;
  recorded_at: TimestampDefault;
}

export interface CognitiveReviewsTable {
  id: Generated<number>;
  client_id: number;
  run_id: number | null;
  instrument_id: number | null;
  comment: string;
  reviewer: number;
  reviewed_at: TimestampDefault;
}

export interface CognitiveTables {
  cognitive_runs: CognitiveRunsTable;
  cognitive_instruments: CognitiveInstrumentsTable;
  cognitive_reviews: CognitiveReviewsTable;
}
