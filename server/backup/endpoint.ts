// POST /internal/backup: the running server dumps its own database (on PGlite the server process
// holds the files, so only it can read them while it runs). Answered only to loopback callers
// that present this process's backup token, which the server writes to DATA_DIR/backup-endpoint.json
// (mode 0600) once it listens; `npm run backup` reads that file.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/errors.ts';
import { dumpDatabase } from './dump.ts';

export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';
export const BACKUP_PATH = '/internal/backup';

export interface BackupEndpoint {
  pid: number;
  port: number;
  token: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function newBackupToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function backupRoutes(app: FastifyInstance, options: { token: string }): Promise<void> {
  const expected = Buffer.from(`Bearer ${options.token}`);
  app.post(BACKUP_PATH, async (request, reply) => {
    // The socket's address, not request.ip: a forwarded-for header must not make a caller local.
    if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return sendError(reply, 404, `Not found: POST ${BACKUP_PATH}`);
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return sendError(reply, 401, 'A valid backup token is required.');
    const { database } = app.runtime;
    const lines: string[] = [];
    await dumpDatabase(database.db, database.engine, (line) => {
      lines.push(line);
    });
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`${lines.join('\n')}\n`);
  });
}

/** Tells `npm run backup` where this server listens and its token (readable by the owner only). */
export function publishBackupEndpoint(dataDir: string, endpoint: BackupEndpoint): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
  fs.writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
  return () => {
    try {
      if ((JSON.parse(fs.readFileSync(file, 'utf8')) as BackupEndpoint).pid === endpoint.pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

export function readBackupEndpoint(dataDir: string): BackupEndpoint | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, BACKUP_ENDPOINT_FILE), 'utf8')) as BackupEndpoint;
  } catch {
    return null;
  }
}
