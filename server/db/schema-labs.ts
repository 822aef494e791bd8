// Labs' tables (migration 1100_labs), part of the `Database` interface in schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { LabOrderStatus } from '../../machines/labs/order-lifecycle.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric arrives as text on both engines; written as a number. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface LabCatalogueTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: 'test' | 'profile' | 'package';
  description: Generated<string>;
  price_inr: number;
  fasting_hours: Generated<number>;
  sample_type: string;
  report_hours: number;
  active: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface LabCatalogueItemsTable {
  parent_id: number;
  test_id: number;
}

export interface LabMarkersTable {
  id: Generated<number>;
  test_id: number;
  code: string;
  name: string;
  unit: string;
  position: Generated<number>;
}

export interface LabReferenceRangesTable {
  id: Generated<number>;
  marker_id: number;
  sex: 'M' | 'F' | null;
  age_min: number;
  age_max: number;
  low: Numeric;
  high: Numeric;
  critical_low: Numeric | null;
  critical_high: Numeric | null;
}

export interface LabPincodesTable {
  pincode: string;
  area: string;
  slot_capacity: number;
  active: Generated<boolean>;
  updated_at: TimestampDefault;
}

export interface LabSlotLocksTable {
  pincode: string;
  slot_start: Timestamp;
}

export interface LabOrdersTable {
  id: Generated<number>;
  client_id: number;
  booked_by: number;
  pincode: string;
  address: string;
  slot_start: Timestamp;
  status: ColumnType<LabOrderStatus, LabOrderStatus | undefined, LabOrderStatus>;
  collector_id: number | null;
  total_inr: number;
  /** The partner lab's booking reference (migration 1440); null until the partner took it. */
  partner_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** Booked with a partner lab (LAB_PARTNER_URL set at booking). */
  by_partner: Generated<boolean>;
  cancel_reason: Generated<string>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface LabHoldsTable {
  id: Generated<number>;
  client_id: number;
  pincode: string;
  slot_start: Timestamp;
  expires_at: Timestamp;
  order_id: number | null;
  created_at: TimestampDefault;
}

export interface LabOrderItemsTable {
  order_id: number;
  catalogue_id: number;
  price_inr: number;
}

export interface LabOrderPeopleTable {
  id: Generated<number>;
  order_id: number;
  is_client: boolean;
  name: string;
  age: number;
  sex: 'M' | 'F';
}

export interface LabOrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: LabOrderStatus | null;
  to_status: LabOrderStatus;
  slot_start: Timestamp;
  /** Null: the partner lab (migration 1440). */
  changed_by: number | null;
  changed_at: TimestampDefault;
}

export type ResultStatus = 'partial' | 'final' | 'amended';

export interface LabResultsTable {
  id: Generated<number>;
  order_id: number;
  person_id: number;
  marker_id: number;
  value: Numeric;
  flag: 'normal' | 'low' | 'high' | 'critical';
  status: ResultStatus;
  /** Null: the partner lab (migration 1440). */
  entered_by: number | null;
  updated_at: TimestampDefault;
}

export interface LabResultHistoryTable {
  id: Generated<number>;
  result_id: number;
  value: Numeric;
  flag: string;
  status: string;
  /** Null: the partner lab (migration 1440). */
  changed_by: number | null;
  changed_at: TimestampDefault;
}

export interface LabReportFilesTable {
  order_id: number;
  file_name: string;
  size_bytes: number;
  sha256: string;
  content: Uint8Array;
  uploaded_by: number;
  uploaded_at: TimestampDefault;
}

export interface LabTables {
  lab_catalogue: LabCatalogueTable;
  lab_catalogue_items: LabCatalogueItemsTable;
  lab_markers: LabMarkersTable;
  lab_reference_ranges: LabReferenceRangesTable;
  lab_pincodes: LabPincodesTable;
  lab_slot_locks: LabSlotLocksTable;
  lab_orders: LabOrdersTable;
  lab_holds: LabHoldsTable;
  lab_order_items: LabOrderItemsTable;
  lab_order_people: LabOrderPeopleTable;
  lab_order_history: LabOrderHistoryTable;
  lab_results: LabResultsTable;
  lab_result_history: LabResultHistoryTable;
  lab_report_files: LabReportFilesTable;
}
