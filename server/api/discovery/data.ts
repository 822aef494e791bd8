// Discovery's reads and writes: prospects (a client row with status prospective plus its place in
// the pipeline), stage history, calls and visit notes, shaped as the contract's schemas.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import { PIPELINE_STAGES, type PipelineStage } from '../../../machines/discovery/pipeline-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import { insertUserWithProfile } from '../people/provision.ts';

type S = components['schemas'];
export type ProspectOut = S['Prospect'];
export type VisitOut = S['DiscoveryVisit'];
export type StageChangeOut = S['StageChange'];
export type CallOut = S['ProspectCall'];

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const day = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));
const json = <T>(value: unknown, fallback: T): T =>
  value === null || value === undefined ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

function prospectQuery(db: Db) {
  return db
    .selectFrom('discovery_prospects as p')
    .innerJoin('users as u', 'u.id', 'p.id')
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .select([
      'p.id',
      'u.first_name',
      'u.last_name',
      'p.email',
      'p.phone',
      'p.stage',
      'u.status as client_status',
      'p.source',
      'p.referred_by',
      'p.owner_id',
      sql<string | null>`case when o.id is null then null else o.first_name || ' ' || o.last_name end`.as('owner_name'),
      'p.next_action',
      sql<string | null>`p.next_action_on::text`.as('next_action_on'),
      'p.interests',
      'p.notes',
      'p.questionnaire',
      sql<string | null>`p.nurture_on::text`.as('nurture_on'),
      'p.closed_reason',
      'p.possible_duplicate_of',
      'p.consent_to_contact',
      'p.enrollment_id',
      'p.converted_at',
      'p.created_at',
      'p.updated_at',
    ]);
}

type ProspectRow = Awaited<ReturnType<ReturnType<typeof prospectQuery>['executeTakeFirstOrThrow']>>;

function presentProspect(r: ProspectRow): ProspectOut {
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    phone: r.phone,
    stage: r.stage,
    client_status: r.client_status,
    source: r.source,
    referred_by: r.referred_by,
    owner: r.owner_id,
    owner_name: r.owner_name,
    next_action: r.next_action,
    next_action_on: day(r.next_action_on),
    interests: json<string[]>(r.interests, []),
    notes: r.notes,
    questionnaire: json<Record<string, string>>(r.questionnaire, {}),
    nurture_on: day(r.nurture_on),
    closed_reason: r.closed_reason,
    possible_duplicate_of: r.possible_duplicate_of,
    consent_to_contact: r.consent_to_contact,
    enrollment: r.enrollment_id,
    converted_at: iso(r.converted_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export async function findProspect(db: Db, id: number, forUpdate = false): Promise<ProspectOut | undefined> {
  let q = prospectQuery(db).where('p.id', '=', id);
  if (forUpdate) q = q.forUpdate('p');
  const row = await q.executeTakeFirst();
  return row ? presentProspect(row) : undefined;
}

export interface ProspectQuery {
  page: number;
  pageSize: number;
  search?: string;
  stage?: PipelineStage;
  owner?: number;
  source?: ProspectOut['source'];
  due?: string;
  ordering?: string;
}

const ORDERINGS: Record<string, [string, 'asc' | 'desc']> = {
  next_action_on: ['p.next_action_on', 'asc'],
  '-next_action_on': ['p.next_action_on', 'desc'],
  created_at: ['p.created_at', 'asc'],
  '-created_at': ['p.created_at', 'desc'],
  last_name: ['u.last_name', 'asc'],
  '-last_name': ['u.last_name', 'desc'],
};

export async function listProspects(db: Db, q: ProspectQuery): Promise<{ count: number; rows: ProspectOut[] }> {
  let base = prospectQuery(db);
  if (q.search?.trim()) {
    const like = `%${q.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', like),
        eb(sql`lower(coalesce(p.email, ''))`, 'like', like),
        eb(sql`coalesce(p.phone, '')`, 'like', like),
      ]),
    );
  }
  if (q.stage) base = base.where('p.stage', '=', q.stage);
  if (q.owner !== undefined) base = base.where('p.owner_id', '=', q.owner);
  if (q.source) base = base.where('p.source', '=', q.source);
  if (q.due) base = base.where('p.next_action_on', '<=', q.due);
  const { n } = await base
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const [column, direction] = ORDERINGS[q.ordering ?? '-created_at'] ?? ORDERINGS['-created_at'];
  const rows = await base
    .orderBy(sql.ref(column), sql.raw(`${direction} nulls last`))
    .orderBy('p.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(n), rows: rows.map(presentProspect) };
}

export interface Duplicate {
  id: number;
  first_name: string;
  last_name: string;
  status: ProspectOut['client_status'];
  matched_on: 'email' | 'phone';
}

/** People the clinic already knows by this email or phone (clients, staff and other prospects). */
export async function findDuplicates(db: Db, contact: { email?: string | null; phone?: string | null }, except?: number): Promise<Duplicate[]> {
  const found = new Map<number, Duplicate>();
  const email = contact.email?.trim().toLowerCase();
  const phone = contact.phone?.trim();
  const add = (rows: Array<{ id: number; first_name: string; last_name: string; status: Duplicate['status'] }>, matched_on: Duplicate['matched_on']) => {
    for (const r of rows) if (r.id !== except && !found.has(r.id)) found.set(r.id, { ...r, matched_on });
  };
  if (email) {
    add(
      await db
        .selectFrom('users as u')
        .leftJoin('discovery_prospects as p', 'p.id', 'u.id')
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.status'])
        .where((eb) => eb.or([eb(sql`lower(u.email)`, '=', email), eb(sql`lower(p.email)`, '=', email)]))
        .execute(),
      'email',
    );
  }
  if (phone) {
    add(
      await db
        .selectFrom('users as u')
        .leftJoin('discovery_prospects as p', 'p.id', 'u.id')
        .leftJoin('user_profiles as up', 'up.user_id', 'u.id')
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.status'])
        .where((eb) => eb.or([eb('u.phone_number', '=', phone), eb('p.phone', '=', phone), eb('up.alternate_phone', '=', phone)]))
        .execute(),
      'phone',
    );
  }
  return [...found.values()];
}

export interface NewProspect {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  source: ProspectOut['source'];
  referred_by?: string;
  owner?: number | null;
  next_action?: string;
  next_action_on?: string | null;
  interests?: string[];
  notes?: string;
  questionnaire?: Record<string, string>;
  consent_to_contact?: boolean;
  possible_duplicate_of?: number | null;
}

/**
 * A client row with status prospective and no sign-in: its `sub` names no identity account (it
 * gets the real one when converted), and its users.email is a placeholder so the sign-in email
 * stays free until conversion; the prospect's contact email lives on the prospect.
 */
export async function insertProspect(trx: Db, p: NewProspect, actor: number | null): Promise<number> {
  const token = randomUUID();
  const id = await insertUserWithProfile(trx, {
    sub: `prospect:${token}`,
    username: `prospect:${token}`,
    email: `prospect-${token}@prospect.invalid`,
    first_name: p.first_name.trim(),
    last_name: p.last_name.trim(),
    phone_number: p.phone,
    role: 'CLIENT',
  });
  await trx.updateTable('users').set({ status: 'prospective' }).where('id', '=', id).execute();
  await trx
    .insertInto('discovery_prospects')
    .values({
      id,
      email: p.email?.trim().toLowerCase() || null,
      phone: p.phone || null,
      source: p.source,
      referred_by: p.referred_by ?? '',
      owner_id: p.owner ?? null,
      next_action: p.next_action ?? '',
      next_action_on: p.next_action_on ?? null,
      interests: JSON.stringify(p.interests ?? []),
      notes: p.notes ?? '',
      questionnaire: JSON.stringify(p.questionnaire ?? {}),
      consent_to_contact: p.consent_to_contact ?? false,
      possible_duplicate_of: p.possible_duplicate_of ?? null,
    })
    .execute();
  await recordStage(trx, id, null, 'new', '', actor);
  return id;
}

export type ProspectChanges = Partial<Omit<NewProspect, 'possible_duplicate_of' | 'consent_to_contact'>>;

export async function updateProspect(trx: Db, id: number, c: ProspectChanges): Promise<void> {
  const user: Record<string, unknown> = {};
  if (c.first_name !== undefined) user.first_name = c.first_name.trim();
  if (c.last_name !== undefined) user.last_name = c.last_name.trim();
  if (c.phone !== undefined) user.phone_number = c.phone;
  if (Object.keys(user).length)
    await trx
      .updateTable('users')
      .set({ ...user, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  const p: Record<string, unknown> = {};
  if (c.email !== undefined) p.email = c.email?.trim().toLowerCase() || null;
  if (c.phone !== undefined) p.phone = c.phone || null;
  for (const k of ['source', 'referred_by', 'next_action', 'next_action_on', 'notes'] as const) if (c[k] !== undefined) p[k] = c[k];
  if (c.owner !== undefined) p.owner_id = c.owner;
  if (c.interests !== undefined) p.interests = JSON.stringify(c.interests);
  if (c.questionnaire !== undefined) p.questionnaire = JSON.stringify(c.questionnaire);
  await trx
    .updateTable('discovery_prospects')
    .set({ ...p, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function recordStage(trx: Db, id: number, from: PipelineStage | null, to: PipelineStage, reason: string, actor: number | null): Promise<void> {
  await trx.insertInto('discovery_stage_history').values({ prospect_id: id, from_stage: from, to_stage: to, reason, actor_id: actor }).execute();
}

/** Moves the prospect (the chart has already allowed it) and records the change. */
export async function moveStage(
  trx: Db,
  prospect: ProspectOut,
  to: PipelineStage,
  extras: { reason?: string; nurture_on?: string },
  actor: number | null,
): Promise<void> {
  const reason = extras.reason?.trim() ?? '';
  await trx
    .updateTable('discovery_prospects')
    .set({
      stage: to,
      updated_at: new Date(),
      ...(to === 'nurture' ? { nurture_on: extras.nurture_on ?? null, next_action_on: extras.nurture_on ?? null } : {}),
      ...(to === 'lost' || to === 'not_a_fit' ? { closed_reason: reason } : {}),
    })
    .where('id', '=', prospect.id)
    .execute();
  await recordStage(trx, prospect.id, prospect.stage, to, reason, actor);
}

export async function stageHistory(db: Db, id: number): Promise<StageChangeOut[]> {
  const rows = await db.selectFrom('discovery_stage_history').selectAll().where('prospect_id', '=', id).orderBy('occurred_at').orderBy('id').execute();
  return rows.map((r) => ({ from: r.from_stage, to: r.to_stage, reason: r.reason, actor: r.actor_id, occurred_at: iso(r.occurred_at)! }));
}

export async function insertCall(trx: Db, id: number, summary: string, actor: number): Promise<CallOut> {
  const r = await trx
    .insertInto('discovery_calls')
    .values({ prospect_id: id, summary: summary.trim(), actor_id: actor })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id: r.id, summary: r.summary, actor: r.actor_id, occurred_at: iso(r.occurred_at)! };
}

export async function listCalls(db: Db, id: number): Promise<CallOut[]> {
  const rows = await db.selectFrom('discovery_calls').selectAll().where('prospect_id', '=', id).orderBy('occurred_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, summary: r.summary, actor: r.actor_id, occurred_at: iso(r.occurred_at)! }));
}

function visitQuery(db: Db) {
  return db.selectFrom('discovery_visits as v').leftJoin('appointments as a', 'a.id', 'v.appointment_id').selectAll('v').select('a.starts_at');
}

type VisitRow = Awaited<ReturnType<ReturnType<typeof visitQuery>['executeTakeFirstOrThrow']>>;

function presentVisit(r: VisitRow): VisitOut {
  return {
    id: r.id,
    prospect: r.prospect_id,
    appointment: r.appointment_id,
    starts_at: iso(r.starts_at),
    author: r.author_id,
    channel: r.channel,
    status: r.status,
    goals: r.goals,
    health_and_lifestyle: r.health_and_lifestyle,
    barriers: r.barriers,
    heart_risk: json<VisitOut['heart_risk']>(r.heart_risk, null),
    recommended_program: r.recommended_program_id,
    recommended_therapies: json<string[]>(r.recommended_therapies, []),
    outcome: r.outcome,
    signed_at: iso(r.signed_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export async function findVisit(db: Db, id: number, forUpdate = false): Promise<VisitOut | undefined> {
  let q = visitQuery(db).where('v.id', '=', id);
  if (forUpdate) q = q.forUpdate('v');
  const row = await q.executeTakeFirst();
  return row ? presentVisit(row) : undefined;
}

export async function listVisits(db: Db, prospect: number): Promise<VisitOut[]> {
  const rows = await visitQuery(db).where('v.prospect_id', '=', prospect).orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').execute();
  return rows.map(presentVisit);
}

export async function insertVisit(trx: Db, v: { prospect: number; appointment: number | null; author: number; channel: VisitOut['channel'] }): Promise<number> {
  const row = await trx
    .insertInto('discovery_visits')
    .values({ prospect_id: v.prospect, appointment_id: v.appointment, author_id: v.author, channel: v.channel })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface VisitChanges {
  goals?: string;
  health_and_lifestyle?: string;
  barriers?: string;
  heart_risk?: VisitOut['heart_risk'];
  recommended_program?: number | null;
  recommended_therapies?: string[];
  outcome?: VisitOut['outcome'];
}

export async function updateVisit(trx: Db, id: number, c: VisitChanges): Promise<void> {
  const set: Record<string, unknown> = { updated_at: new Date() };
  for (const k of ['goals', 'health_and_lifestyle', 'barriers', 'outcome'] as const) if (c[k] !== undefined) set[k] = c[k];
  if (c.heart_risk !== undefined) set.heart_risk = c.heart_risk === null ? null : JSON.stringify(c.heart_risk);
  if (c.recommended_program !== undefined) set.recommended_program_id = c.recommended_program;
  if (c.recommended_therapies !== undefined) set.recommended_therapies = JSON.stringify(c.recommended_therapies);
  await trx.updateTable('discovery_visits').set(set).where('id', '=', id).execute();
}

export async function signVisit(trx: Db, id: number): Promise<void> {
  await trx.updateTable('discovery_visits').set({ status: 'signed', signed_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
}

/** Active staff who may own a prospect. */
export async function isActiveStaff(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).where('role', '!=', 'CLIENT').where('is_active', '=', true).executeTakeFirst();
  return row !== undefined;
}

/** The funnel over prospects created in the range: stages reached, and prospects and conversions by source and owner. */
export async function funnel(db: Db, from: string, to: string): Promise<S['DiscoveryFunnel']> {
  const inRange = sql<boolean>`p.created_at >= ${from}::date and p.created_at < (${to}::date + 1)`;
  const reached = await db
    .selectFrom('discovery_stage_history as h')
    .innerJoin('discovery_prospects as p', 'p.id', 'h.prospect_id')
    .select(['h.to_stage as stage', sql<number>`count(distinct h.prospect_id)::int`.as('n')])
    .where(inRange)
    .groupBy('h.to_stage')
    .execute();
  const counts = new Map(reached.map((r) => [r.stage, Number(r.n)]));
  const bySource = await db
    .selectFrom('discovery_prospects as p')
    .select(['p.source', sql<number>`count(*)::int`.as('prospects'), sql<number>`count(*) filter (where p.stage = 'enrol')::int`.as('converted')])
    .where(inRange)
    .groupBy('p.source')
    .orderBy('p.source')
    .execute();
  const byOwner = await db
    .selectFrom('discovery_prospects as p')
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .select([
      'p.owner_id as owner',
      sql<string>`coalesce(o.first_name || ' ' || o.last_name, '')`.as('name'),
      sql<number>`count(*)::int`.as('prospects'),
      sql<number>`count(*) filter (where p.stage = 'enrol')::int`.as('converted'),
    ])
    .where(inRange)
    .groupBy(['p.owner_id', 'o.first_name', 'o.last_name'])
    .orderBy('p.owner_id')
    .execute();
  return {
    date_from: from,
    date_to: to,
    stages: PIPELINE_STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0 })),
    by_source: bySource.map((r) => ({ source: r.source, prospects: Number(r.prospects), converted: Number(r.converted) })),
    by_owner: byOwner.map((r) => ({ owner: r.owner, name: r.name, prospects: Number(r.prospects), converted: Number(r.converted) })),
  };
}
