// The consent history (append-only, written by the consent patch in routes/profiles.ts).
import type { Db } from '../../db/database.ts';

export async function listConsentHistory(db: Db, userId: number) {
  const rows = await db
    .selectFrom('consent_history')
    .select(['id', 'version', 'consented_at', 'recorded_by', 'user_agent', 'recorded_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    version: r.version as string,
    consented_at: new Date(r.consented_at).toISOString(),
    recorded_by: r.recorded_by as number,
    user_agent: (r.user_agent as string | null) ?? null,
    recorded_at: new Date(r.recorded_at).toISOString(),
  }));
}
