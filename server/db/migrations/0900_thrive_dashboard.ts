// The thrive dashboard (issue 19): measurements in canonical units. A measurement is a health
// record: added, never changed. A correction is a new row that names the one it corrects, so
// the history stays readable and nothing is silently overwritten; "current" readings are the
// rows nobody has corrected. The indexes serve the dashboard's aggregates: a client's latest
// readings per metric, and per-client appointment roll-ups read from the index alone.
import { type Kysely, sql } from 'kysely';

const METRICS = `'weight', 'height', 'waist', 'body_fat', 'blood_pressure', 'resting_heart_rate', 'spo2', 'fasting_glucose', 'hba1c', 'total_cholesterol', 'hdl_cholesterol', 'ldl_cholesterol', 'triglycerides', 'vo2max', 'grip_strength', 'sleep_hours'`;

const statements = [
  `
create table measurements (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      metric text not null check (metric in (${METRICS})),
      -- In the metric's canonical unit; blood pressure keeps systolic here and diastolic in value2.
      value double precision not null,
      value2 double precision,
      unit text not null,
      -- What was typed, before conversion, so a reading can be checked against its source.
      entered_value double precision not null,
      entered_unit text not null,
      taken_at timestamptz not null,
      source text not null check (source in ('staff', 'client', 'thrive_check', 'lab')),
      entered_by integer not null references users (id),
      thrive_check_id integer references thrive_checks (id),
      corrects integer references measurements (id),
      correction_reason text,
      created_at timestamptz not null default now(),
      check ((corrects is null) = (correction_reason is null)),
      check (metric = 'blood_pressure' or value2 is null)
    )`,
  // One correction per reading: a second one corrects the correction.
  `create unique index measurements_corrects_idx on measurements (corrects) where corrects is not null`,
  `create index measurements_client_metric_idx on measurements (client_id, metric, taken_at desc, id desc)`,
  `
create trigger measurements_append_only before update or delete on measurements
      for each row execute function refuse_change_append_only()`,
  // Attendance and last visit per client come from this index alone (index-only scans).
  `create index thrive_appointments_client_idx on appointments (client_id, starts_at) include (status, late_cancellation, staff_id)`,
  `create index thrive_enrollments_active_idx on program_enrollments (user_id, program_id) include (start_date) where status = 'active'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists thrive_enrollments_active_idx').execute(db);
  await sql.raw('drop index if exists thrive_appointments_client_idx').execute(db);
  await sql.raw('drop table if exists measurements').execute(db);
}
