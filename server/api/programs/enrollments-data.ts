// Program enrollments: which client follows which program, from when to when, in what state.
import type { components } from '../../../openapi/generated/api.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type EnrollmentStatus = 'active' | 'paused' | 'completed' | 'cancelled';

/** The contract's Enrollment (openapi/openapi.yaml). */
export type EnrollmentOut = components['schemas']['Enrollment'];

export interface EnrollmentFields {
  user_id?: number;
  program_id?: number;
  status?: EnrollmentStatus;
  start_date?: string;
  end_date?: string | null;
  notes?: string;
}

function query(db: Db) {
  return db
    .selectFrom('program_enrollments as e')
    .innerJoin('programs as p', 'p.id', 'e.program_id')
    .select([
      'e.id',
      'e.user_id as user',
      'e.program_id as program',
      'p.name as program_name',
      'e.status',
      sql<string>`e.start_date::text`.as('start_date'),
      sql<string | null>`e.end_date::text`.as('end_date'),
      'e.notes',
      'e.created_at',
      'e.updated_at',
    ]);
}

function out(row: Omit<EnrollmentOut, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date }): EnrollmentOut {
  return { ...row, created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString() };
}

export async function listEnrollments(db: Db, userId?: number): Promise<EnrollmentOut[]> {
  let q = query(db).orderBy('e.start_date', 'desc').orderBy('e.id', 'desc');
  if (userId !== undefined) q = q.where('e.user_id', '=', userId);
  return (await q.execute()).map(out);
}

export async function findEnrollment(db: Db, id: number): Promise<EnrollmentOut | undefined> {
  const row = await query(db).where('e.id', '=', id).executeTakeFirst();
  return row && out(row);
}

export async function insertEnrollment(
  db: Db,
  fields: EnrollmentFields & Required<Pick<EnrollmentFields, 'user_id' | 'program_id' | 'start_date'>>,
): Promise<EnrollmentOut> {
  const { id } = await db.insertInto('program_enrollments').values(fields).returning('id').executeTakeFirstOrThrow();
  return (await findEnrollment(db, id))!;
}

export async function updateEnrollment(db: Db, id: number, fields: EnrollmentFields): Promise<EnrollmentOut> {
  await db
    .updateTable('program_enrollments')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return (await findEnrollment(db, id))!;
}

export async function deleteEnrollment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('program_enrollments').where('id', '=', id).execute();
}
