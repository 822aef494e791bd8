// A package credit is taken when the client is checked in, not when the session is booked or
// completed (issue 35): one row per appointment that took a credit (redeemed at check-in, or
// forfeited by a no-show or a late client cancellation when the clinic's setting says so), beside
// the package's `sessions_used` it counts. The unique appointment makes a second credit for one
// visit impossible; the package's own check (used <= total) makes an overdraw impossible.
//
// The new setting defaults to on: until now a late client cancellation and a no-show always drew
// the session, so an existing clinic keeps its policy until it chooses otherwise.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduling_settings add column late_cancel_forfeits_credit boolean not null default true`.execute(db);
  await sql`create table package_redemptions (
      id integer generated always as identity primary key,
      appointment_id integer not null unique references appointments (id),
      package_id integer not null references packages (id),
      kind text not null check (kind in ('redeemed', 'forfeited')),
      redeemed_at timestamptz not null default now(),
      -- null only for the history written below, where no one is on record
      redeemed_by integer references users (id)
    )`.execute(db);
  await sql`create index package_redemptions_package_idx on package_redemptions (package_id)`.execute(db);

  // History: the sessions already drawn (completed, no-show, late client cancellation) get their
  // rows, at most as many per package as it counts used, the earliest first.
  await sql`insert into package_redemptions (appointment_id, package_id, kind, redeemed_at, redeemed_by)
    select x.id, x.package_id, x.kind, x.updated_at, x.by from (
      select a.id, a.package_id, a.updated_at,
        case when a.status = 'completed' then 'redeemed' else 'forfeited' end as kind,
        (select h.changed_by from appointment_status_history h where h.appointment_id = a.id and h.to_status = a.status order by h.id desc limit 1) as by,
        row_number() over (partition by a.package_id order by a.updated_at, a.id) as n
      from appointments a
      where a.package_id is not null
        and (a.status in ('completed', 'no_show') or (a.status = 'cancelled' and a.cancelled_by = 'client' and a.late_cancellation))
    ) x join packages p on p.id = x.package_id
    where x.n <= p.sessions_used`.execute(db);

  // In the clinic now (checked in, not yet completed): under the new rule their credit was taken
  // at check-in, so it is taken now where the package has one; without one, billed normally.
  await sql`insert into package_redemptions (appointment_id, package_id, kind, redeemed_at, redeemed_by)
    select x.id, x.package_id, 'redeemed', x.updated_at, x.by from (
      select a.id, a.package_id, a.updated_at,
        (select h.changed_by from appointment_status_history h where h.appointment_id = a.id and h.to_status = 'checked_in' order by h.id desc limit 1) as by,
        row_number() over (partition by a.package_id order by a.starts_at, a.id) as n
      from appointments a
      where a.package_id is not null and a.status in ('checked_in', 'in_progress')
    ) x join packages p on p.id = x.package_id
    where x.n <= p.sessions_total - p.sessions_used`.execute(db);
  await sql`update packages p set sessions_used = p.sessions_used + c.n
    from (select r.package_id, count(*)::int as n from package_redemptions r join appointments a on a.id = r.appointment_id
          where a.status in ('checked_in', 'in_progress') group by r.package_id) c
    where c.package_id = p.id`.execute(db);
  await sql`update appointments a set package_id = null
    where a.package_id is not null and a.status in ('checked_in', 'in_progress')
      and not exists (select 1 from package_redemptions r where r.appointment_id = a.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table package_redemptions`.execute(db);
  await sql`alter table scheduling_settings drop column late_cancel_forfeits_credit`.execute(db);
}
