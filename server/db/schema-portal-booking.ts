// Booking from the portal (migration 0720_portal_booking), part of the `Database` interface in schema.ts.
import type { ColumnType } from 'kysely';

type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppointmentAnswersTable {
  appointment_id: number;
  /** Question key to answer; written as JSON text. */
  answers: ColumnType<Record<string, string>, string, string>;
  created_at: TimestampDefault;
}

export interface PortalBookingTables {
  appointment_answers: AppointmentAnswersTable;
}
