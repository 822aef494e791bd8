// Check-ins at one time no longer queue behind each other (issue 35). The thrive dashboard's
// sessions-per-slot counter (0910_thrive_rollup) was one row per 15-minute slot, service and
// status, so every check-in of the same slot and service updated the same two rows (booked -1,
// checked_in +1) and held their locks until it committed: 64 check-ins at once ran one after
// another. The counter is now split into stripes by appointment id; an appointment always counts
// in its own stripe, so concurrent writers of one slot touch different rows. Only the sum over a
// slot's stripes means anything (rows the backfill wrote sit in stripe 0, and a later change may
// leave another stripe below zero); the dashboard's reads already sum, and a zero stripe is deleted.
import { type Kysely, sql } from 'kysely';

/** As many stripes as the check-ins the issue runs at once; a slot holds at most one row per stripe it uses. */
const STRIPES = 64;

function slotDelta(rows: Array<['new_rows' | 'old_rows', 1 | -1]>, striped: boolean): string {
  const stripe = striped ? `r.id % ${STRIPES}` : '0';
  const parts = rows
    .map(([table, sign]) => `select r.starts_at, r.service_id, r.status, ${stripe} as stripe, ${sign} as n from ${table} r`)
    .join(' union all ');
  const key = striped ? '(slot_start, service_id, status, stripe)' : '(slot_start, service_id, status)';
  return `
    insert into thrive_session_slots as s (slot_start, service_id, status${striped ? ', stripe' : ''}, sessions)
      select date_bin('15 minutes', d.starts_at, timestamptz '2000-01-03 00:00+00'), d.service_id, d.status${striped ? ', d.stripe' : ''}, sum(d.n)::int
      from (${parts}) d
      group by 1, 2, 3${striped ? ', 4' : ''} having sum(d.n) <> 0 order by 1, 2, 3${striped ? ', 4' : ''}
      on conflict ${key} do update set sessions = s.sessions + excluded.sessions;
    delete from thrive_session_slots where sessions = 0;`;
}

const slotsFunction = (striped: boolean) => `
create or replace function thrive_slots_appointments() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' then ${slotDelta([['new_rows', 1]], striped)}
  elsif tg_op = 'DELETE' then ${slotDelta([['old_rows', -1]], striped)}
  else ${slotDelta(
    [
      ['new_rows', 1],
      ['old_rows', -1],
    ],
    striped,
  )}
  end if;
  return null;
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table thrive_session_slots add column stripe smallint not null default 0`.execute(db);
  await sql`alter table thrive_session_slots drop constraint thrive_session_slots_pkey`.execute(db);
  await sql`alter table thrive_session_slots add primary key (slot_start, service_id, status, stripe)`.execute(db);
  await sql.raw(slotsFunction(true)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(slotsFunction(false)).execute(db);
  await sql`delete from thrive_session_slots`.execute(db);
  await sql`alter table thrive_session_slots drop constraint thrive_session_slots_pkey`.execute(db);
  await sql`alter table thrive_session_slots drop column stripe`.execute(db);
  await sql`alter table thrive_session_slots add primary key (slot_start, service_id, status)`.execute(db);
  await sql`insert into thrive_session_slots (slot_start, service_id, status, sessions)
    select date_bin('15 minutes', starts_at, timestamptz '2000-01-03 00:00+00'), service_id, status, count(*)::int from appointments group by 1, 2, 3`.execute(
    db,
  );
}
