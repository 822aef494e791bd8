// The therapy visit tables (migration 1200) as the routes need them. Plain SQL in one place, so the
// routes read as the clinic's rules. Rows come back in the contract's shapes.
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import type { Therapy } from '../../../machines/visits/therapy-fields.ts';
import { DEFAULT_THERAPY_SETTINGS, type TherapySettings } from '../../../machines/visits/visit-settings.ts';
import type { ScreeningState, Section } from '../../../machines/visits/visit-rules.ts';
import type { VisitStatus } from '../../../machines/visits/visit-lifecycle.ts';
import type { Db } from '../../db/database.ts';

type S = components['schemas'];
export type ScreenOut = S['ContraindicationScreen'];
export type RecipeOut = S['IvRecipe'];
export type LotOut = S['StockLot'];
export type VisitSummaryOut = S['TherapyVisitSummary'];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

// ---- settings ----

export async function getTherapySettings(db: Db): Promise<TherapySettings> {
  const row = (await sql<{ settings: Partial<TherapySettings> }>`select settings from therapy_settings where id`.execute(db)).rows[0];
  const stored = row?.settings ?? {};
  const d = DEFAULT_THERAPY_SETTINGS;
  return {
    ...d,
    ...stored,
    display_names: { ...d.display_names, ...stored.display_names },
    contraindications: { ...d.contraindications, ...stored.contraindications },
  };
}

export async function saveTherapySettings(db: Db, settings: TherapySettings, by: number): Promise<void> {
  const json = JSON.stringify(settings);
  await sql`insert into therapy_settings (id, settings, updated_by, updated_at) values (true, ${json}::jsonb, ${by}, now())
    on conflict (id) do update set settings = excluded.settings, updated_by = excluded.updated_by, updated_at = now()`.execute(db);
}

// ---- people ----

export async function isClient(db: Db, id: number): Promise<boolean> {
  return (await sql<{ ok: number }>`select 1 as ok from users where id = ${id} and role = 'CLIENT'`.execute(db)).rows.length > 0;
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await sql<{ ok: number }>`select 1 as ok from users where id = ${id}`.execute(db)).rows.length > 0;
}

// ---- screens ----

interface ScreenRow {
  id: number;
  client_id: number;
  therapy: Therapy;
  answers: Record<string, boolean>;
  result: 'clear' | 'relative' | 'absolute';
  notes: string;
  screened_by: number;
  screened_at: Date;
  expires_at: Date;
  override_reason: string | null;
  overridden_by: number | null;
  overridden_at: Date | null;
}

const screenOut = (r: ScreenRow): ScreenOut => ({
  id: r.id,
  client: r.client_id,
  therapy: r.therapy,
  answers: r.answers,
  result: r.result,
  notes: r.notes,
  screened_by: r.screened_by,
  screened_at: iso(r.screened_at)!,
  expires_at: iso(r.expires_at)!,
  override_reason: r.override_reason,
  overridden_by: r.overridden_by,
  overridden_at: iso(r.overridden_at),
});

export async function listScreens(db: Db, client: number, therapy?: Therapy): Promise<ScreenOut[]> {
  const rows = await sql<ScreenRow>`select * from contraindication_screens where client_id = ${client}
    ${therapy ? sql`and therapy = ${therapy}` : sql``} order by screened_at desc, id desc limit 100`.execute(db);
  return rows.rows.map(screenOut);
}

export async function findScreen(db: Db, id: number, forUpdate = false): Promise<ScreenOut | undefined> {
  const rows = await sql<ScreenRow>`select * from contraindication_screens where id = ${id} ${forUpdate ? sql`for update` : sql``}`.execute(db);
  return rows.rows[0] && screenOut(rows.rows[0]);
}

export async function insertScreen(
  db: Db,
  s: { client: number; therapy: Therapy; answers: Record<string, boolean>; result: ScreenRow['result']; notes: string; by: number; validDays: number },
): Promise<ScreenOut> {
  const rows = await sql<ScreenRow>`insert into contraindication_screens (client_id, therapy, answers, result, notes, screened_by, expires_at)
    values (${s.client}, ${s.therapy}, ${JSON.stringify(s.answers)}::jsonb, ${s.result}, ${s.notes}, ${s.by}, now() + make_interval(days => ${s.validDays}))
    returning *`.execute(db);
  return screenOut(rows.rows[0]);
}

export async function overrideScreen(db: Db, id: number, reason: string, by: number): Promise<ScreenOut> {
  const rows = await sql<ScreenRow>`update contraindication_screens set override_reason = ${reason}, overridden_by = ${by}, overridden_at = now()
    where id = ${id} returning *`.execute(db);
  return screenOut(rows.rows[0]);
}

/** The latest screen of the client for the therapy and what it means for starting now. */
export async function screeningFor(db: Db, client: number, therapy: Therapy): Promise<{ state: ScreeningState; screen: ScreenOut | null }> {
  const screen = (await listScreens(db, client, therapy))[0] ?? null;
  if (!screen) return { state: 'missing', screen };
  if (new Date(screen.expires_at).getTime() <= Date.now()) return { state: 'expired', screen };
  if (screen.result === 'absolute') return { state: 'absolute', screen };
  if (screen.result === 'relative') return { state: screen.override_reason ? 'overridden' : 'needs_override', screen };
  return { state: 'clear', screen };
}

// ---- IV recipes and stock ----

interface RecipeRow {
  id: number;
  name: string;
  base_fluid: string;
  bag_volume: number;
  ingredients: RecipeOut['ingredients'];
  active: boolean;
}

const recipeOut = (r: RecipeRow): RecipeOut => ({
  id: r.id,
  name: r.name,
  base_fluid: r.base_fluid,
  bag_volume: r.bag_volume,
  ingredients: r.ingredients,
  active: r.active,
});

export async function listRecipes(db: Db): Promise<RecipeOut[]> {
  return (await sql<RecipeRow>`select * from iv_recipes order by name, id`.execute(db)).rows.map(recipeOut);
}

export async function findRecipe(db: Db, id: number): Promise<RecipeOut | undefined> {
  const row = (await sql<RecipeRow>`select * from iv_recipes where id = ${id}`.execute(db)).rows[0];
  return row && recipeOut(row);
}

export async function insertRecipe(db: Db, r: S['IvRecipeCreate']): Promise<RecipeOut> {
  const rows = await sql<RecipeRow>`insert into iv_recipes (name, base_fluid, bag_volume, ingredients, active)
    values (${r.name.trim()}, ${r.base_fluid.trim()}, ${r.bag_volume}, ${JSON.stringify(r.ingredients)}::jsonb, ${r.active ?? true}) returning *`.execute(db);
  return recipeOut(rows.rows[0]);
}

interface LotRow {
  id: number;
  item: string;
  lot_number: string;
  expires_on: string;
  quantity: number;
  unit: string;
  low_at: number;
}

const lotOut = (r: LotRow, today: string): LotOut => ({
  id: r.id,
  item: r.item,
  lot_number: r.lot_number,
  expires_on: r.expires_on,
  quantity: r.quantity,
  unit: r.unit,
  low_at: r.low_at,
  low: r.quantity <= r.low_at,
  expired: r.expires_on < today,
});

const LOT_COLUMNS = sql`id, item, lot_number, expires_on::text as expires_on, quantity, unit, low_at`;

export async function listLots(db: Db, item?: string): Promise<LotOut[]> {
  const today = isoDay(new Date());
  const rows = await sql<LotRow>`select ${LOT_COLUMNS} from stock_lots ${item ? sql`where item = ${item}` : sql``} order by item, expires_on, id`.execute(db);
  return rows.rows.map((r) => lotOut(r, today));
}

export async function findLot(db: Db, id: number, forUpdate = false): Promise<LotOut | undefined> {
  const row = (await sql<LotRow>`select ${LOT_COLUMNS} from stock_lots where id = ${id} ${forUpdate ? sql`for update` : sql``}`.execute(db)).rows[0];
  return row && lotOut(row, isoDay(new Date()));
}

/** A new lot, its arrival the first movement of its history (so its quantity is the sum of its movements). */
export async function insertLot(db: Db, l: S['StockLotCreate'], by: number, reason: string): Promise<LotOut> {
  const row = (
    await sql<LotRow>`insert into stock_lots (item, lot_number, expires_on, quantity, unit, low_at)
    values (${l.item.trim()}, ${l.lot_number.trim()}, ${l.expires_on}, ${l.quantity}, ${l.unit.trim()}, ${l.low_at ?? 0}) returning ${LOT_COLUMNS}`.execute(db)
  ).rows[0];
  await sql`insert into stock_movements (lot_id, kind, quantity, balance, reason, created_by)
    values (${row.id}, 'received', ${row.quantity}, ${row.quantity}, ${reason}, ${by})`.execute(db);
  return lotOut(row, isoDay(new Date()));
}

/** Takes `quantity` from the lot for the visit; false when the lot has less than that left. */
export async function drawFromLot(db: Db, lot: number, quantity: number, visit: number, by: number): Promise<boolean> {
  const taken = await sql`update stock_lots set quantity = quantity - ${quantity} where id = ${lot} and quantity >= ${quantity} returning id`.execute(db);
  if (!taken.rows.length) return false;
  await sql`insert into stock_movements (lot_id, visit_id, kind, quantity, balance, created_by)
    values (${lot}, ${visit}, 'visit', ${-quantity}, (select quantity from stock_lots where id = ${lot}), ${by})`.execute(db);
  return true;
}

export type RecipePatch = S['IvRecipePatch'];

/** Changes a recipe in place; visits keep the copy of its parameters they were charted with. */
export async function updateRecipe(db: Db, id: number, p: RecipePatch): Promise<RecipeOut | undefined> {
  const rows = await sql<RecipeRow>`update iv_recipes set
      name = coalesce(${p.name?.trim() ?? null}, name),
      base_fluid = coalesce(${p.base_fluid?.trim() ?? null}, base_fluid),
      bag_volume = coalesce(${p.bag_volume ?? null}::integer, bag_volume),
      ingredients = coalesce(${p.ingredients ? JSON.stringify(p.ingredients) : null}::jsonb, ingredients),
      active = coalesce(${p.active ?? null}::boolean, active),
      updated_at = now()
    where id = ${id} returning *`.execute(db);
  return rows.rows[0] && recipeOut(rows.rows[0]);
}

export type AdjustmentKind = S['StockAdjustmentCreate']['kind'];

/** Quantities are counted to a millionth, so 0.3 - 0.1 is 0.2 and never 0.19999999999999998. */
const roundQuantity = (n: number) => Math.round(n * 1e6) / 1e6;
export type MovementOut = S['StockMovement'];

interface MovementRow {
  id: number;
  lot_id: number;
  kind: MovementOut['kind'];
  quantity: number;
  balance: number | null;
  reason: string | null;
  visit_id: number | null;
  created_by: number;
  by_name: string | null;
  created_at: Date | string;
}

/** Who recorded a movement, read at listing time (never stored with it). */
const BY_NAME = sql`(select u.first_name || ' ' || u.last_name from users u where u.id = created_by) as by_name`;

const movementOut = (r: MovementRow): MovementOut => ({
  id: r.id,
  lot: r.lot_id,
  kind: r.kind,
  quantity: r.quantity,
  balance: r.balance,
  reason: r.reason,
  visit: r.visit_id,
  by: r.created_by,
  by_name: r.by_name,
  at: new Date(r.created_at).toISOString(),
});

/**
 * Adjusts a locked lot: received adds, wasted and expired take away, a count sets the counted
 * quantity. Returns the movement, or 'below_zero' when the lot holds less than would be taken.
 */
export async function adjustLot(db: Db, lot: LotOut, kind: AdjustmentKind, quantity: number, reason: string, by: number): Promise<MovementOut | 'below_zero'> {
  const delta = roundQuantity(kind === 'received' ? quantity : kind === 'count' ? quantity - lot.quantity : -quantity);
  const balance = roundQuantity(lot.quantity + delta);
  if (balance < 0) return 'below_zero';
  await sql`update stock_lots set quantity = ${balance} where id = ${lot.id}`.execute(db);
  const row = (
    await sql<MovementRow>`insert into stock_movements (lot_id, kind, quantity, balance, reason, created_by)
      values (${lot.id}, ${kind}, ${delta}, ${balance}, ${reason.trim()}, ${by}) returning *, ${BY_NAME}`.execute(db)
  ).rows[0];
  return movementOut(row);
}

export async function listMovements(db: Db, lot: number): Promise<MovementOut[]> {
  return (await sql<MovementRow>`select *, ${BY_NAME} from stock_movements where lot_id = ${lot} order by id desc`.execute(db)).rows.map(movementOut);
}

// ---- visits ----

export interface VisitRow {
  id: number;
  client_id: number;
  therapy: Therapy;
  appointment_id: number | null;
  resource_id: number | null;
  staff_id: number;
  package_id: number | null;
  status: VisitStatus;
  screen_id: number | null;
  vitals_before: Section;
  vitals_after: Section;
  parameters: Section;
  events: S['TherapyVisit']['events'];
  adverse_events: S['TherapyVisit']['adverse_events'];
  notes: string;
  vitals_override_reason: string | null;
  vitals_override_by: number | null;
  abort_reason: string | null;
  started_at: Date | null;
  completed_at: Date | null;
  signed_by: number | null;
  signed_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export async function findVisitRow(db: Db, id: number, forUpdate = false): Promise<VisitRow | undefined> {
  return (await sql<VisitRow>`select * from therapy_visits where id = ${id} ${forUpdate ? sql`for update` : sql``}`.execute(db)).rows[0];
}

export function summaryOf(r: VisitRow): VisitSummaryOut {
  return {
    id: r.id,
    client: r.client_id,
    therapy: r.therapy,
    status: r.status,
    appointment: r.appointment_id,
    staff: r.staff_id,
    started_at: iso(r.started_at),
    completed_at: iso(r.completed_at),
    signed_at: iso(r.signed_at),
    created_at: iso(r.created_at)!,
  };
}

export async function listVisits(
  db: Db,
  q: { client?: number; therapy?: Therapy; status?: VisitStatus; statuses?: VisitStatus[] },
): Promise<VisitSummaryOut[]> {
  const rows = await sql<VisitRow>`select * from therapy_visits where true
    ${q.client !== undefined ? sql`and client_id = ${q.client}` : sql``}
    ${q.therapy ? sql`and therapy = ${q.therapy}` : sql``}
    ${q.status ? sql`and status = ${q.status}` : sql``}
    ${q.statuses ? sql`and status in (${sql.join(q.statuses)})` : sql``}
    order by created_at desc, id desc limit 500`.execute(db);
  return rows.rows.map(summaryOf);
}

export async function insertVisit(
  db: Db,
  v: { client: number; therapy: Therapy; appointment: number | null; resource: number | null; staff: number; package: number | null; by: number },
): Promise<number> {
  const rows = await sql<{ id: number }>`insert into therapy_visits (client_id, therapy, appointment_id, resource_id, staff_id, package_id, created_by)
    values (${v.client}, ${v.therapy}, ${v.appointment}, ${v.resource}, ${v.staff}, ${v.package}, ${v.by}) returning id`.execute(db);
  return rows.rows[0].id;
}

export type VisitChanges = Partial<
  Pick<
    VisitRow,
    | 'status'
    | 'screen_id'
    | 'vitals_before'
    | 'vitals_after'
    | 'parameters'
    | 'events'
    | 'adverse_events'
    | 'notes'
    | 'vitals_override_reason'
    | 'vitals_override_by'
    | 'abort_reason'
    | 'signed_by'
  >
> & { started?: boolean; completed?: boolean; signed?: boolean };

const JSON_COLUMNS = new Set(['vitals_before', 'vitals_after', 'parameters', 'events', 'adverse_events']);

/** Applies the changes and bumps the version (what autosave compares). */
export async function updateVisit(db: Db, id: number, c: VisitChanges): Promise<void> {
  const sets = [sql`version = version + 1`, sql`updated_at = now()`];
  for (const [key, value] of Object.entries(c)) {
    if (value === undefined) continue;
    if (key === 'started') sets.push(sql`started_at = now()`);
    else if (key === 'completed') sets.push(sql`completed_at = now()`);
    else if (key === 'signed') sets.push(sql`signed_at = now()`);
    else if (JSON_COLUMNS.has(key)) sets.push(sql`${sql.ref(key)} = ${JSON.stringify(value)}::jsonb`);
    else sets.push(sql`${sql.ref(key)} = ${value}`);
  }
  await sql`update therapy_visits set ${sql.join(sets)} where id = ${id}`.execute(db);
}

export async function listAddenda(db: Db, visit: number): Promise<S['TherapyVisitAddendum'][]> {
  const rows = await sql<{ id: number; author_id: number; author_name: string; text: string; created_at: Date }>`
    select a.id, a.author_id, u.first_name || ' ' || u.last_name as author_name, a.text, a.created_at
    from therapy_visit_addenda a join users u on u.id = a.author_id where a.visit_id = ${visit} order by a.id`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, author: r.author_id, author_name: r.author_name, text: r.text, created_at: iso(r.created_at)! }));
}

export async function insertAddendum(db: Db, visit: number, author: number, text: string): Promise<void> {
  await sql`insert into therapy_visit_addenda (visit_id, author_id, text) values (${visit}, ${author}, ${text})`.execute(db);
}

/** The client's previous visit of the same therapy that reached completion (for "Copy last settings"). */
export async function previousVisit(db: Db, v: VisitRow): Promise<VisitRow | undefined> {
  return (
    await sql<VisitRow>`select * from therapy_visits where client_id = ${v.client_id} and therapy = ${v.therapy} and id <> ${v.id}
      and status in ('completed', 'signed') and created_at <= ${v.created_at} order by created_at desc, id desc limit 1`.execute(db)
  ).rows[0];
}

// ---- the header ----

export async function visitHeader(db: Db, v: VisitRow): Promise<S['TherapyVisitHeader']> {
  const client = (
    await sql<{
      name: string;
      date_of_birth: string | null;
      client_story: Record<string, unknown> | null;
      allergies: string | null;
      alert_notes: string | null;
    }>`
      select u.first_name || ' ' || u.last_name as name, p.date_of_birth::text as date_of_birth, p.client_story, p.allergies, p.alert_notes
      from users u left join user_profiles p on p.user_id = u.id where u.id = ${v.client_id}`.execute(db)
  ).rows[0];
  const staff = (await sql<{ name: string }>`select first_name || ' ' || last_name as name from users where id = ${v.staff_id}`.execute(db)).rows[0];
  const appointment = v.appointment_id
    ? (
        await sql<{ starts_at: Date; service: string; series_id: number | null }>`
          select a.starts_at, s.name as service, a.series_id from appointments a join services s on s.id = a.service_id where a.id = ${v.appointment_id}`.execute(
          db,
        )
      ).rows[0]
    : undefined;
  const resource = v.resource_id ? (await sql<{ name: string }>`select name from resources where id = ${v.resource_id}`.execute(db)).rows[0] : undefined;
  let session: { number: number; total: number } | null = null;
  if (v.package_id) {
    const pkg = (
      await sql<{ total: number; n: number }>`select p.sessions_total as total,
        (select count(*)::int from therapy_visits t where t.package_id = p.id and t.status <> 'aborted' and t.id <= ${v.id}) as n
      from packages p where p.id = ${v.package_id}`.execute(db)
    ).rows[0];
    if (pkg) session = { number: pkg.n, total: pkg.total };
  } else if (appointment?.series_id) {
    const s = (
      await sql<{ total: number; n: number }>`select count(*)::int as total,
        count(*) filter (where starts_at <= ${appointment.starts_at})::int as n
      from appointments where series_id = ${appointment.series_id} and status not in ('cancelled', 'rescheduled')`.execute(db)
    ).rows[0];
    session = { number: s.n, total: s.total };
  }
  const story = client?.client_story ?? {};
  const alerts = ['allergies', 'current_medications']
    .map((k) =>
      typeof story[k] === 'string' && (story[k] as string).trim() ? `${k === 'allergies' ? 'Allergies' : 'Medications'}: ${(story[k] as string).trim()}` : null,
    )
    .filter((a): a is string => a !== null);
  // The clinic's own allergies and alert note (issue 24), as the record and the appointment panel show them (issue 32).
  const clinicAlerts = [
    client?.allergies?.trim() ? `Allergies: ${client.allergies.trim()}` : null,
    client?.alert_notes?.trim() ? `Alert: ${client.alert_notes.trim()}` : null,
  ].filter((a): a is string => a !== null);
  return {
    client_name: client?.name ?? '',
    age: client?.date_of_birth ? ageOn(client.date_of_birth, new Date()) : null,
    alerts: [...clinicAlerts, ...alerts],
    appointment_starts_at: appointment ? iso(appointment.starts_at) : null,
    service_name: appointment?.service ?? null,
    resource_name: resource?.name ?? null,
    staff_name: staff?.name ?? '',
    session_number: session?.number ?? null,
    session_total: session?.total ?? null,
  };
}

function ageOn(birth: string, now: Date): number {
  const [y, m, d] = birth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** When a visit's appointment starts (null when there is no such appointment). */
export async function appointmentStartOf(q: Db, appointment: number): Promise<Date | null> {
  const row = await q.selectFrom('appointments').select('starts_at').where('id', '=', appointment).executeTakeFirst();
  return row ? new Date(row.starts_at as Date) : null;
}

/** The appointment a visit is charted for, with its service's therapy (undefined when none). */
export async function appointmentForVisit(db: Db, id: number) {
  return (
    await db
      .selectFrom('appointments')
      .innerJoin('services', 'services.id', 'appointments.service_id')
      .select(['appointments.id', 'appointments.client_id', 'appointments.status', 'appointments.package_id', 'services.therapy'])
      .where('appointments.id', '=', id)
      .execute()
  )[0];
}

/** The first resource (by id) an appointment holds: the chamber or chair the visit uses. */
export async function firstResourceOf(db: Db, appointment: number): Promise<number | null> {
  const resource = (
    await db.selectFrom('appointment_resources').select('resource_id').where('appointment_id', '=', appointment).orderBy('resource_id').execute()
  )[0];
  return resource?.resource_id ?? null;
}
