// The audit trail names a system actor (issue 20): a change no clinic user made, such as a lab
// partner's status update or results arriving through the labs worker, is recorded with
// actor_role 'SYSTEM' and no actor_id (never a made-up user); every other row still names the user
// who acted. The request_id of such a row says which job or round of the worker made it.
import { type Kysely, sql } from 'kysely';

const ROLES = `'CLIENT','NURSE','RECEPTION','DOCTOR','HEALTH_COACH','NUTRITIONIST','ADMIN','SUPER_ADMIN'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The role check was created without a name: find it by what it checks.
  await sql`do $$
    declare c text;
    begin
      select conname into c from pg_constraint
        where conrelid = 'audit_events'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%actor_role%';
      if c is not null then execute format('alter table audit_events drop constraint %I', c); end if;
    end $$`.execute(db);
  await sql`alter table audit_events alter column actor_id drop not null`.execute(db);
  await sql
    .raw(
      `alter table audit_events add constraint audit_events_actor_check check ((actor_role = 'SYSTEM' and actor_id is null) or (actor_role in (${ROLES}) and actor_id is not null))`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_events drop constraint audit_events_actor_check`.execute(db);
  await sql.raw(`alter table audit_events add constraint audit_events_actor_role_check check (actor_role in (${ROLES}))`).execute(db);
  await sql`alter table audit_events alter column actor_id set not null`.execute(db);
}
