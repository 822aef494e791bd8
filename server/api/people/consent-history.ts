// The consent history (append-only): the client's own consent from the app (profiles-routes.ts)
// and what staff record on the client's behalf from a signed paper form (consent-history-routes.ts).
import type { Db } from '../../db/database.ts';

export async function listConsentHistory(db: Db, userId: number) {
  const rows = await db
    .selectFrom('consent_history')
    .select(['id', 'version', 'consented_at', 'recorded_by', 'user_agent', 'recorded_at', 'decision', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(presentConsentRecord);
}

type Row = {
  id: number | string | bigint;
  version: string;
  consented_at: Date | string;
  recorded_by: number;
  user_agent: string | null;
  recorded_at: Date | string;
  decision: string;
  reason: string | null;
};

function presentConsentRecord(r: Row) {
  return {
    id: Number(r.id),
    version: r.version,
    consented_at: new Date(r.consented_at).toISOString(),
    recorded_by: r.recorded_by,
    user_agent: r.user_agent ?? null,
    recorded_at: new Date(r.recorded_at).toISOString(),
    decision: r.decision as 'given' | 'withdrawn',
    reason: r.reason ?? null,
  };
}

export interface ConsentOnBehalf {
  client: number;
  decision: 'given' | 'withdrawn';
  /** When the client signed the paper form. */
  signedAt: Date;
  reason: string;
  version: string;
  recordedBy: number;
  userAgent: string | null;
}

/**
 * Staff record the client's signed form: the profile's consent follows the form (given: true with
 * the form's date and version; withdrawn: false, date and version cleared) and the history keeps
 * the record with its reason. Run inside the caller's audited transaction.
 */
export async function recordConsentOnBehalf(trx: Db, c: ConsentOnBehalf) {
  const given = c.decision === 'given';
  await trx
    .updateTable('user_profiles')
    .set({
      hipaa_consent: given,
      hipaa_consent_date: given ? c.signedAt : null,
      hipaa_consent_version: given ? c.version : null,
      updated_at: new Date(),
    })
    .where('user_id', '=', c.client)
    .execute();
  const row = await trx
    .insertInto('consent_history')
    .values({
      user_id: c.client,
      version: c.version,
      consented_at: c.signedAt,
      recorded_by: c.recordedBy,
      user_agent: c.userAgent,
      decision: c.decision,
      reason: c.reason,
    })
    .returning(['id', 'version', 'consented_at', 'recorded_by', 'user_agent', 'recorded_at', 'decision', 'reason'])
    .executeTakeFirstOrThrow();
  return presentConsentRecord(row);
}
