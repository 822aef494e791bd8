// What the clients hub shows beside each listed user (age, programs, consent, last update) and
// the list's extra filters (program, consent). Read for one page of ids at a time, so the cost
// stays that of the page whatever the number of clients.
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database as Tables, UsersTable } from '../../db/schema.ts';

/** Enrollment statuses that count as "in the program" for the list. */
export const CURRENT_ENROLLMENT = ['active', 'paused'] as const;

export interface ListFilters {
  program?: number;
  consent?: boolean;
}

/** The users list's query: `users as u`, whatever it selects. */
type UsersQuery<O> = SelectQueryBuilder<Tables & { u: UsersTable }, 'u', O>;

export function applyListFilters<O>(qb: UsersQuery<O>, filters: ListFilters): UsersQuery<O> {
  let out = qb;
  if (filters.program !== undefined) {
    out = out.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('program_enrollments as pe')
          .select(sql`1`.as('one'))
          .whereRef('pe.user_id', '=', 'u.id')
          .where('pe.program_id', '=', filters.program!)
          .where('pe.status', 'in', CURRENT_ENROLLMENT),
      ),
    );
  }
  if (filters.consent !== undefined) {
    out = out.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_profiles as pc')
          .select(sql`1`.as('one'))
          .whereRef('pc.user_id', '=', 'u.id')
          .where('pc.hipaa_consent', '=', filters.consent!),
      ),
    );
  }
  return out;
}

export interface ListExtras {
  date_of_birth: string | null;
  hipaa_consent: boolean;
  programs: string[];
  updated_at: string;
}

export async function listExtras(db: Db, ids: number[]): Promise<Map<number, ListExtras>> {
  const out = new Map<number, ListExtras>();
  if (ids.length === 0) return out;
  const profiles = await db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      sql<string | null>`p.date_of_birth::text`.as('date_of_birth'),
      sql<boolean>`coalesce(p.hipaa_consent, false)`.as('hipaa_consent'),
      sql<Date | string>`greatest(u.updated_at, coalesce(p.updated_at, u.updated_at))`.as('updated_at'),
    ])
    .where('u.id', 'in', ids)
    .execute();
  for (const p of profiles) {
    out.set(p.id, { date_of_birth: p.date_of_birth, hipaa_consent: p.hipaa_consent, programs: [], updated_at: new Date(p.updated_at).toISOString() });
  }
  const enrolled = await db
    .selectFrom('program_enrollments as e')
    .innerJoin('programs as g', 'g.id', 'e.program_id')
    .select(['e.user_id', 'g.name'])
    .where('e.user_id', 'in', ids)
    .where('e.status', 'in', CURRENT_ENROLLMENT)
    .orderBy('g.name')
    .execute();
  for (const e of enrolled) {
    const extras = out.get(e.user_id);
    if (extras && !extras.programs.includes(e.name)) extras.programs.push(e.name);
  }
  return out;
}
