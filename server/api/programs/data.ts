// The program catalogue enrollments point at.
import type { components } from '../../../openapi/generated/api.ts';
import type { Db } from '../../db/database.ts';

/** The contract's Program (openapi/openapi.yaml). */
export type ProgramOut = components['schemas']['Program'];

export interface ProgramFields {
  name?: string;
  description?: string;
  duration_weeks?: number;
  price_inr?: number;
  active?: boolean;
}

const COLUMNS = ['id', 'name', 'description', 'duration_weeks', 'price_inr', 'active', 'created_at', 'updated_at'] as const;

function out(row: Omit<ProgramOut, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date }): ProgramOut {
  return { ...row, created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString() };
}

export async function listPrograms(db: Db, active?: boolean): Promise<ProgramOut[]> {
  let q = db.selectFrom('programs').select(COLUMNS).orderBy('name').orderBy('id');
  if (active !== undefined) q = q.where('active', '=', active);
  return (await q.execute()).map(out);
}

export async function findProgram(db: Db, id: number): Promise<ProgramOut | undefined> {
  const row = await db.selectFrom('programs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && out(row);
}

export async function insertProgram(
  db: Db,
  fields: ProgramFields & Required<Pick<ProgramFields, 'name' | 'duration_weeks' | 'price_inr'>>,
): Promise<ProgramOut> {
  return out(await db.insertInto('programs').values(fields).returning(COLUMNS).executeTakeFirstOrThrow());
}

export async function updateProgram(db: Db, id: number, fields: ProgramFields): Promise<ProgramOut | undefined> {
  const row = await db
    .updateTable('programs')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && out(row);
}

export async function programInUse(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('program_enrollments').select('id').where('program_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteProgram(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('programs').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
