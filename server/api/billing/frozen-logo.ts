// The clinic's logo as of issue (migration 1550): issuing keeps the current logo's bytes under
// their SHA-256 in billing_logos (once, whatever the number of documents) and the snapshot names
// the hash, so a PDF always draws the logo its document was issued under.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PdfLogo } from './document-pdf.ts';

/**
 * Keeps the clinic's current logo, if any, among the frozen ones, and returns its hash (null: no
 * logo). One statement, so the bytes never travel to the server and back.
 */
export async function freezeLogo(trx: Db): Promise<string | null> {
  const { rows } = await sql<{ sha256: string }>`with logo as (select sha256, content, content_type from clinic_logo where id),
      kept as (insert into billing_logos (sha256, content, content_type) select sha256, content, content_type from logo on conflict (sha256) do nothing)
    select sha256 from logo`.execute(trx);
  return rows[0]?.sha256 ?? null;
}

/** The logo a document was issued under, by its hash. */
export async function frozenLogo(db: Db, sha256: string | null | undefined): Promise<PdfLogo | null> {
  if (!sha256) return null;
  const { rows } = await sql<{
    content: Uint8Array;
    content_type: PdfLogo['contentType'];
  }>`select content, content_type from billing_logos where sha256 = ${sha256}`.execute(db);
  const row = rows[0];
  return row ? { content: Buffer.from(row.content), contentType: row.content_type } : null;
}
