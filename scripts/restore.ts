// `npm run restore -- FILE`: loads a backup (from `npm run backup`) into the configured database,
// which must be new: migrations are applied first, then every table is loaded in one transaction,
// and a database that already holds users is refused. On PGlite stop the server first (and
// point DATA_DIR at a new directory); on PostgreSQL create an empty database and point
// DATABASE_URL at it. Start the server with the same IDENTITY_SECRET as the backed-up one.
import fs from 'node:fs';
import readline from 'node:readline';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { restoreDatabase } from '../server/backup/dump.ts';

async function main() {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) throw new Error('usage: npm run restore -- <backup file>');
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    // Take the iterator now: readline drops lines emitted before anyone iterates, and the
    // restore runs queries before it reads the first line.
    const iterator = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity })[Symbol.asyncIterator]();
    const counts = await restoreDatabase(database.db, { [Symbol.asyncIterator]: () => iterator });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `restored ${file}: ${Object.keys(counts).length} tables, ${rows} rows into ${database.engine === 'pglite' ? config.dataDir : 'the PostgreSQL database'}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
});
