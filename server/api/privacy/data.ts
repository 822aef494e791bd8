// Data access for "Download my data" (issue 38): the data_exports rows and their status changes,
// each one step of machines/privacy/export-lifecycle.ts.
import { type ExportStatus, exportLifecycle } from '../../../machines/privacy/export-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import { requireLifecycleStep } from '../lifecycle.ts';

export interface ExportRow {
  id: number;
  client_id: number;
  status: ExportStatus;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  size_bytes: number | null;
}

const COLUMNS = ['id', 'client_id', 'status', 'requested_at', 'ready_at', 'expires_at', 'size_bytes'] as const;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The contract's DataExport. */
export function exportView(row: ExportRow) {
  return {
    id: row.id,
    client: row.client_id,
    status: row.status,
    requested_at: iso(row.requested_at)!,
    ready_at: iso(row.ready_at),
    expires_at: iso(row.expires_at),
    size_bytes: row.size_bytes,
  };
}

export async function findExport(db: Db, id: number): Promise<ExportRow | undefined> {
  return db.selectFrom('data_exports').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The export, locked for a status change. */
export async function lockExport(db: Db, id: number): Promise<ExportRow | undefined> {
  return db.selectFrom('data_exports').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listExports(db: Db, client: number): Promise<ExportRow[]> {
  return db.selectFrom('data_exports').select(COLUMNS).where('client_id', '=', client).orderBy('requested_at', 'desc').orderBy('id', 'desc').execute();
}

/** The client's export already requested or building, if any. */
export async function exportUnderWay(db: Db, client: number): Promise<ExportRow | undefined> {
  return db.selectFrom('data_exports').select(COLUMNS).where('client_id', '=', client).where('status', 'in', ['requested', 'building']).executeTakeFirst();
}

export async function insertExport(db: Db, client: number, by: number): Promise<ExportRow> {
  return db.insertInto('data_exports').values({ client_id: client, requested_by: by }).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function readArchive(db: Db, id: number): Promise<Uint8Array | null> {
  const row = await db.selectFrom('data_exports').select('archive').where('id', '=', id).executeTakeFirst();
  return row?.archive ?? null;
}

/** Moves an export one step of its chart (the caller holds its lock), with what that step writes. */
export async function stepExport(
  trx: Db,
  row: ExportRow,
  to: ExportStatus,
  now: Date,
  write: { archive?: { bytes: Uint8Array; sha256: string; expiresAt: Date } } = {},
): Promise<void> {
  requireLifecycleStep(exportLifecycle, 'export', row.status, to, {
    context: { readyAt: row.ready_at ? new Date(row.ready_at).toISOString() : null, now: now.toISOString() },
  });
  const base = trx.updateTable('data_exports').where('id', '=', row.id);
  if (to === 'building') await base.set({ status: to, started_at: now }).execute();
  else if (to === 'ready') {
    const a = write.archive!;
    await base.set({ status: to, ready_at: now, expires_at: a.expiresAt, archive: a.bytes, size_bytes: a.bytes.length, sha256: a.sha256 }).execute();
  } else await base.set({ status: to, archive: null }).execute();
}
