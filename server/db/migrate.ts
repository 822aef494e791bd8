// Runs every migration listed in server/db/migrations/index.ts in name order. Kysely's migrator
// takes a PostgreSQL advisory lock for the whole run, so two instances starting together take
// turns instead of applying the same migration twice.
import { type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

export function createMigrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/** True when every migration in the folder has been applied (readiness). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const all = await createMigrator(db).getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
