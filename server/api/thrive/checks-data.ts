// Thrive checks (migration 0300): each heart-risk score stored with the inputs as read.
import type { components } from '../../../openapi/generated/api.ts';
import type { Db } from '../../db/database.ts';
import type { HeartRiskResult } from '../../../machines/rules/heart-risk.ts';

/** Names the scoring model stored with each check, so a later model never relabels old ones. */
export const HEART_RISK_MODEL = 'framingham-2008-general-cvd-points';

/** The contract's ThriveCheck (openapi/openapi.yaml). */
export type ThriveCheckOut = components['schemas']['ThriveCheck'];

const COLUMNS = [
  'id',
  'user_id',
  'recorded_by',
  'taken_at',
  'sex',
  'age',
  'hdl_cholesterol',
  'total_cholesterol',
  'smoker',
  'diabetic',
  'treats_hypertension',
  'systolic_bp',
  'points',
  'risk_percentage',
  'risk_band',
  'in_validated_age_range',
  'model',
] as const;

function present(r: Record<string, any>): ThriveCheckOut {
  return {
    id: r.id,
    user: r.user_id,
    recorded_by: r.recorded_by,
    taken_at: new Date(r.taken_at).toISOString(),
    sex: r.sex,
    age: r.age,
    hdl_cholesterol: r.hdl_cholesterol,
    total_cholesterol: r.total_cholesterol,
    smoker: r.smoker,
    diabetic: r.diabetic,
    treats_hypertension: r.treats_hypertension,
    systolic_bp: r.systolic_bp,
    points: r.points,
    riskPercentage: Number(r.risk_percentage),
    band: r.risk_band,
    in_validated_age_range: r.in_validated_age_range,
    model: r.model,
  };
}

export async function insertThriveCheck(db: Db, user: number, recordedBy: number, result: HeartRiskResult): Promise<ThriveCheckOut> {
  const { reading } = result;
  const row = await db
    .insertInto('thrive_checks')
    .values({
      user_id: user,
      recorded_by: recordedBy,
      ...reading,
      points: result.points,
      risk_percentage: result.riskPercentage,
      risk_band: result.band,
      in_validated_age_range: result.inValidatedAgeRange,
      model: HEART_RISK_MODEL,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return present(row);
}

/** A client's checks, newest first. */
export async function listThriveChecks(db: Db, user: number): Promise<ThriveCheckOut[]> {
  const rows = await db.selectFrom('thrive_checks').select(COLUMNS).where('user_id', '=', user).orderBy('taken_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(present);
}
