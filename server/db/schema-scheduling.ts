// Scheduling's tables (migration 0500_scheduling), part of the `Database` interface in schema.ts.
import type { PackageStatus } from '../../machines/appointments/package-lifecycle.ts';
import type { ColumnType, Generated, RawBuilder } from 'kysely';

// The same shapes as schema.ts's (kept here so this file stands alone).
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

/** A column written with `sql\`...\`` casts (arrays) or plain values. */
type Writable<T> = ColumnType<T, T | RawBuilder<unknown> | undefined, T | RawBuilder<unknown>>;
/** time of day, written as 'HH:MM', read as 'HH:MM:SS'. */
type ClockTime = string;
type AppointmentStatus = 'requested' | 'booked' | 'confirmed' | 'checked_in' | 'in_progress' | 'completed' | 'cancelled' | 'no_show' | 'rescheduled';

export interface SchedulingSettingsTable {
  id: Generated<boolean>;
  time_zone: Generated<string>;
  slot_minutes: Generated<number>;
  late_cancel_hours: Generated<number>;
  /** Check-in opens this many hours before the start (1490). */
  check_in_window_hours: Generated<number>;
  min_notice_minutes: Generated<number>;
  /** How many days ahead a booking may start (1490; default 730). */
  booking_horizon_days: Generated<number>;
  reminder_hours: Writable<number[]>;
  reminder_channel: Generated<'email' | 'sms'>;
  /** The intake call's join link, `{appointment}` replaced (0700; empty: none configured). */
  video_link_template: Generated<string>;
  /** A no-show or a late client cancellation forfeits the package credit it intended (1595; default on). */
  late_cancel_forfeits_credit: Generated<boolean>;
  updated_at: TimestampDefault;
  updated_by: number | null;
}

export interface ClinicHoursTable {
  id: Generated<number>;
  weekday: number;
  opens: ClockTime;
  closes: ClockTime;
}

export interface ClinicHolidaysTable {
  day: string;
  name: Generated<string>;
}

export interface ResourceKindsTable {
  kind: string;
  label: string;
}

export interface ResourcesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  active: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  therapy: string;
  duration_minutes: number | null;
  buffer_before_minutes: Generated<number>;
  buffer_after_minutes: Generated<number>;
  resources_needed: ColumnType<Array<{ kind: string; units: number }>, string | undefined, string>;
  delivered_by: Writable<string[]>;
  price_inr: Generated<number>;
  bookable_online: Generated<boolean>;
  active: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface StaffHoursTable {
  id: Generated<number>;
  staff_id: number;
  weekday: number;
  starts: ClockTime;
  ends: ClockTime;
}

export interface StaffHourExceptionsTable {
  id: Generated<number>;
  staff_id: number;
  kind: 'leave' | 'extra';
  starts_at: Timestamp;
  ends_at: Timestamp;
  note: Generated<string>;
}

export interface PackagesTable {
  id: Generated<number>;
  client_id: number;
  therapy: string;
  sessions_total: number;
  sessions_used: Writable<number>;
  expires_on: string | null;
  created_at: TimestampDefault;
  /** The catalogue plan it was sold from, and the price paid (0700; null: assigned by hand). */
  plan_id: ColumnType<number | null, number | null | undefined, number | null>;
  price_inr: ColumnType<number | null, number | null | undefined, number | null>;
  /** Issue 35 (1590_package_sales): its chart's status, the invoice it was sold on, the plan's terms as sold, its freeze, its refund. */
  status: ColumnType<PackageStatus, PackageStatus | undefined, PackageStatus>;
  invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  validity_days: ColumnType<number | null, number | null | undefined, number | null>;
  shareable_in_family: Generated<boolean>;
  freeze_allowance_days: Generated<number>;
  frozen_days_used: Generated<number>;
  frozen_from: ColumnType<string | null, string | null | undefined, string | null>;
  frozen_until: ColumnType<string | null, string | null | undefined, string | null>;
  activated_on: ColumnType<string | null, string | null | undefined, string | null>;
  refund_note_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A package credit taken for an appointment: at check-in, or forfeited (1595). */
export interface PackageRedemptionsTable {
  id: Generated<number>;
  appointment_id: number;
  package_id: number;
  kind: 'redeemed' | 'forfeited';
  redeemed_at: TimestampDefault;
  redeemed_by: number | null;
}

export interface AppointmentSeriesTable {
  id: Generated<number>;
  created_by: number;
  created_at: TimestampDefault;
}

export interface AppointmentsTable {
  id: Generated<number>;
  client_id: number;
  service_id: number;
  staff_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  occupied_from: Timestamp;
  occupied_to: Timestamp;
  channel: Generated<'in_clinic' | 'video' | 'phone'>;
  booked_by: number;
  notes: Generated<string>;
  series_id: number | null;
  rescheduled_from: number | null;
  rescheduled_to: number | null;
  package_id: number | null;
  status: AppointmentStatus;
  cancelled_by: 'client' | 'clinic' | null;
  late_cancellation: Generated<boolean>;
  status_reason: Generated<string>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface AppointmentResourcesTable {
  appointment_id: number;
  resource_id: number;
  occupied_from: Timestamp;
  occupied_to: Timestamp;
  holding: Generated<boolean>;
}

export interface AppointmentStatusHistoryTable {
  id: Generated<number>;
  appointment_id: number;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus;
  changed_by: number;
  changed_at: TimestampDefault;
  reason: Generated<string>;
}

export interface WaitlistEntriesTable {
  id: Generated<number>;
  client_id: number;
  service_id: number;
  weekdays: Writable<number[]>;
  earliest: Generated<ClockTime>;
  latest: Generated<ClockTime>;
  channel: Generated<'email' | 'sms'>;
  status: Generated<'waiting' | 'booked' | 'withdrawn'>;
  created_by: number;
  created_at: TimestampDefault;
}

export interface WaitlistOffersTable {
  id: Generated<number>;
  entry_id: number;
  freed_appointment_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  staff_id: number;
  status: Generated<'open' | 'accepted' | 'gone'>;
  appointment_id: number | null;
  created_at: TimestampDefault;
}

export interface ScheduledJobsTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string;
  run_at: Writable<Date | string>;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<'pending' | 'done' | 'skipped' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: TimestampDefault;
  finished_at: Timestamp | null;
}

export interface PortalBookingSeenTable {
  staff_id: number;
  appointment_id: number;
  seen_at: TimestampDefault;
}

export interface SchedulingTables {
  scheduling_settings: SchedulingSettingsTable;
  clinic_hours: ClinicHoursTable;
  clinic_holidays: ClinicHolidaysTable;
  resource_kinds: ResourceKindsTable;
  resources: ResourcesTable;
  services: ServicesTable;
  staff_hours: StaffHoursTable;
  staff_hour_exceptions: StaffHourExceptionsTable;
  packages: PackagesTable;
  package_redemptions: PackageRedemptionsTable;
  appointment_series: AppointmentSeriesTable;
  appointments: AppointmentsTable;
  appointment_resources: AppointmentResourcesTable;
  appointment_status_history: AppointmentStatusHistoryTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  scheduled_jobs: ScheduledJobsTable;
  portal_booking_seen: PortalBookingSeenTable;
}
