// Membership plans (the back office's): a fee per month or year, tax data like a product's, and
// benefits: sessions of a service included each period, or a percentage off a service or off
// everything. A plan is retired (`active` false), never deleted, since memberships name it.
import type { components } from '../../../openapi/generated/api.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { notFound } from '../policy.ts';
import { readBillingSettings } from '../billing/data.ts';
import { MEMBERSHIP_TEXTS as T } from './texts.ts';

type S = components['schemas'];

export async function benefitsOf(db: Db, planIds: number[]): Promise<Map<number, S['MembershipBenefit'][]>> {
  const out = new Map<number, S['MembershipBenefit'][]>();
  if (!planIds.length) return out;
  const rows = await db
    .selectFrom('membership_plan_benefits as b')
    .leftJoin('services as s', 's.id', 'b.service_id')
    .select(['b.plan_id', 'b.kind', 'b.service_id', 's.name as service_name', 'b.sessions', 'b.percent'])
    .where('b.plan_id', 'in', planIds)
    .orderBy('b.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.plan_id) ?? [];
    list.push({ kind: r.kind, service: r.service_id, service_name: r.service_name, sessions: r.sessions, percent: r.percent });
    out.set(r.plan_id, list);
  }
  return out;
}

export async function listPlans(db: Db, ids?: number[]): Promise<S['MembershipPlan'][]> {
  let q = db.selectFrom('membership_plans').selectAll().orderBy('name').orderBy('id');
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  const plans = await q.execute();
  const benefits = await benefitsOf(
    db,
    plans.map((p) => p.id),
  );
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    fee_paise: Number(p.fee_paise),
    period: p.period,
    auto_renew: p.auto_renew,
    active: p.active,
    code: p.code,
    gst_rate_bp: p.gst_rate_bp,
    exempt: p.exempt,
    benefits: benefits.get(p.id) ?? [],
  }));
}

/** The benefits asked for, each checked (a 400 names `benefits[i].field`). */
async function checkedBenefits(db: Db, inputs: S['MembershipBenefitInput'][]): Promise<S['MembershipBenefitInput'][]> {
  const seen = new Set<string>();
  for (const [i, b] of inputs.entries()) {
    const field = `benefits[${i}]`;
    if (b.kind === 'included' && (b.service === undefined || b.sessions === undefined || b.percent !== undefined)) throw badRequest(field, T.includedNeeds);
    if (b.kind === 'discount' && (b.percent === undefined || b.sessions !== undefined)) throw badRequest(field, T.discountNeeds);
    const key = `${b.kind}:${b.service ?? 'all'}`;
    if (seen.has(key)) throw badRequest(field, T.benefitTwice);
    seen.add(key);
    if (b.service !== undefined) {
      const found = await db.selectFrom('services').select('id').where('id', '=', b.service).executeTakeFirst();
      if (!found) throw badRequest(`${field}.service`, T.serviceUnknown);
    }
  }
  return inputs;
}

/** A plan's name is its own (a second of the same name, 409). */
async function uniqueName<R>(write: Promise<R>): Promise<R> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, T.planNameTaken);
    throw error;
  }
}

async function writeBenefits(trx: Db, plan: number, benefits: S['MembershipBenefitInput'][]): Promise<void> {
  await trx.deleteFrom('membership_plan_benefits').where('plan_id', '=', plan).execute();
  if (!benefits.length) return;
  await trx
    .insertInto('membership_plan_benefits')
    .values(
      benefits.map((b) => ({
        plan_id: plan,
        kind: b.kind,
        service_id: b.service ?? null,
        sessions: b.kind === 'included' ? b.sessions! : null,
        percent: b.kind === 'discount' ? b.percent! : null,
      })),
    )
    .execute();
}

async function checkedRate(db: Db, rate: number | undefined): Promise<void> {
  if (rate === undefined) return;
  const { ratesBp } = await readBillingSettings(db);
  if (!ratesBp.includes(rate)) throw badRequest('gst_rate_bp', T.rateNotOffered(ratesBp));
}

export async function createPlan(trx: Db, b: S['MembershipPlanCreate']): Promise<number> {
  await checkedRate(trx, b.gst_rate_bp);
  const benefits = await checkedBenefits(trx, b.benefits);
  const row = await uniqueName(
    trx
      .insertInto('membership_plans')
      .values({
        name: b.name.trim(),
        fee_paise: b.fee_paise,
        period: b.period,
        auto_renew: b.auto_renew ?? true,
        active: b.active ?? true,
        code: b.code ?? null,
        gst_rate_bp: b.gst_rate_bp,
        exempt: b.exempt ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await writeBenefits(trx, row.id, benefits);
  return row.id;
}

export async function updatePlan(trx: Db, id: number, b: S['MembershipPlanUpdate']): Promise<void> {
  const plan = await trx.selectFrom('membership_plans').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!plan) throw notFound();
  await checkedRate(trx, b.gst_rate_bp);
  const benefits = b.benefits ? await checkedBenefits(trx, b.benefits) : undefined;
  const { benefits: _ignored, name, ...rest } = b;
  await uniqueName(
    trx
      .updateTable('membership_plans')
      .set({ ...rest, ...(name !== undefined ? { name: name.trim() } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .execute(),
  );
  if (benefits) await writeBenefits(trx, id, benefits);
}
