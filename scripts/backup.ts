// `npm run backup [-- --out FILE]`: a consistent dump of the configured database (the same
// DATA_DIR / DATABASE_URL as `npm start`), live or stopped:
//   - PostgreSQL: read directly in one REPEATABLE READ snapshot;
//   - PGlite with the server running: the server dumps its own files (POST /internal/backup over
//     loopback, with the token it wrote to DATA_DIR/backup-endpoint.json);
//   - PGlite with no server running: opened here (the data-directory lock keeps a server out).
// Writes JSON Lines (see server/backup/dump.ts), mode 0600: it holds personal data and identity
// secrets sealed with IDENTITY_SECRET.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { DataDirLockedError } from '../server/db/data-dir-lock.ts';
import { BACKUP_PATH, readBackupEndpoint } from '../server/backup/endpoint.ts';
import { dumpDatabase } from '../server/backup/dump.ts';

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
const config = loadConfig();
const out = path.resolve(values.out ?? path.join('backups', `thrive-clinic-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`));
fs.mkdirSync(path.dirname(out), { recursive: true });
const partial = `${out}.partial`;

async function viaServer(): Promise<string | null> {
  const endpoint = readBackupEndpoint(config.dataDir);
  if (!endpoint) return null;
  const res = await fetch(`http://127.0.0.1:${endpoint.port}${BACKUP_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${endpoint.token}` } }).catch(
    () => null,
  );
  if (!res) return null; // stale file: the server is gone
  if (!res.ok) throw new Error(`the running server refused the backup: ${res.status} ${await res.text()}`);
  return res.text();
}

async function main() {
  let text: string | null = null;
  if (!config.databaseUrl) text = await viaServer();
  if (text !== null) {
    fs.writeFileSync(partial, text, { mode: 0o600 });
  } else {
    let database;
    try {
      database = await openDatabase(config);
    } catch (error) {
      if (error instanceof DataDirLockedError)
        throw new Error(`${error.message}; and its backup endpoint did not answer (is it still starting?)`, { cause: error });
      throw error;
    }
    const fd = fs.openSync(partial, 'w', 0o600);
    try {
      await dumpDatabase(database.db, database.engine, (line) => {
        fs.writeSync(fd, `${line}\n`);
      });
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      await database.close();
    }
  }
  const last = fs.readFileSync(partial, 'utf8').trimEnd().split('\n').pop() ?? '';
  const end = JSON.parse(last) as { end?: boolean; tables?: Record<string, number> };
  if (!end.end) throw new Error('the dump ended early');
  fs.renameSync(partial, out);
  const rows = Object.values(end.tables ?? {}).reduce((a, b) => a + b, 0);
  console.log(`backup written: ${out} (${Object.keys(end.tables ?? {}).length} tables, ${rows} rows)`);
}

main().catch((error) => {
  fs.rmSync(partial, { force: true });
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
});
