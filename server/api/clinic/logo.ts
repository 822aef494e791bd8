// The clinic's logo (migration 1470): one row, replaced whole by an upload, removed by delete.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { LogoType } from '../../../machines/rules/clinic-logo.ts';
import type { Db } from '../../db/database.ts';

export interface ClinicLogo {
  content: Buffer;
  content_type: LogoType;
  sha256: string;
  updated_at: Date;
}

/** The logo's version and type without its bytes: what /config.json and the settings name. */
export async function readLogoVersion(db: Db): Promise<{ sha256: string; content_type: LogoType } | null> {
  try {
    const rows = await sql<{ sha256: string; content_type: LogoType }>`select sha256, content_type from clinic_logo where id`.execute(db);
    return rows.rows[0] ?? null;
  } catch {
    // Before migration 1470 there is no logo.
    return null;
  }
}

export async function readLogo(db: Db): Promise<ClinicLogo | null> {
  const rows = await sql<ClinicLogo>`select content, content_type, sha256, updated_at from clinic_logo where id`.execute(db);
  const row = rows.rows[0];
  return row ? { ...row, content: Buffer.from(row.content), updated_at: new Date(row.updated_at) } : null;
}

export async function saveLogo(db: Db, content: Buffer, type: LogoType, by: number): Promise<string> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  await sql`insert into clinic_logo (id, content, content_type, sha256, updated_at, updated_by)
    values (true, ${content}, ${type}, ${sha256}, now(), ${by})
    on conflict (id) do update set content = excluded.content, content_type = excluded.content_type,
      sha256 = excluded.sha256, updated_at = excluded.updated_at, updated_by = excluded.updated_by`.execute(db);
  return sha256;
}

/** True when there was a logo to remove. */
export async function removeLogo(db: Db): Promise<boolean> {
  const rows = await sql`delete from clinic_logo where id returning id`.execute(db);
  return rows.rows.length > 0;
}
