// Labs' data access: the catalogue, pincodes, slot holds and capacity, orders with their people
// and history, results with their amendment history, and the report PDF. Every function takes the
// caller's transaction (or the pool) so a write and its audit entry commit together.
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import { addDays, localTime, zonedInstant } from '../../../machines/appointments/scheduling-rules.ts';
import { BOOKING_DAYS_AHEAD, maskPhone, type ReferenceRange, SLOT_START_HOURS, slotSuitsFasting } from '../../../machines/labs/lab-rules.ts';
import type { LabOrderStatus } from '../../../machines/labs/order-lifecycle.ts';
import type { Db } from '../../db/database.ts';

type S = components['schemas'];
const iso = (v: unknown): string => new Date(v as string).toISOString();
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// --- catalogue ------------------------------------------------------------------------------

export async function catalogue(db: Db, options: { all?: boolean; ids?: number[] } = {}): Promise<S['LabCatalogueItem'][]> {
  let query = db
    .selectFrom('lab_catalogue')
    .selectAll()
    .orderBy(sql`case kind when 'test' then 0 when 'profile' then 1 else 2 end`)
    .orderBy('name')
    .orderBy('id');
  if (!options.all) query = query.where('active', '=', true);
  if (options.ids) {
    if (options.ids.length === 0) return [];
    query = query.where('id', 'in', options.ids);
  }
  const items = await query.execute();
  if (items.length === 0) return [];
  const links = await db.selectFrom('lab_catalogue_items').selectAll().execute();
  const testsOf = (id: number, kind: string) => (kind === 'test' ? [id] : links.filter((l) => l.parent_id === id).map((l) => l.test_id));
  const allTests = [...new Set(items.flatMap((i) => testsOf(i.id, i.kind)))];
  const markers = allTests.length
    ? await db.selectFrom('lab_markers').selectAll().where('test_id', 'in', allTests).orderBy('test_id').orderBy('position').orderBy('id').execute()
    : [];
  const ranges = markers.length
    ? await db
        .selectFrom('lab_reference_ranges')
        .selectAll()
        .where(
          'marker_id',
          'in',
          markers.map((m) => m.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const testRows = allTests.length ? await db.selectFrom('lab_catalogue').select(['id', 'fasting_hours']).where('id', 'in', allTests).execute() : [];
  const markerOut = (m: (typeof markers)[number]): S['LabMarker'] => ({
    id: m.id,
    code: m.code,
    name: m.name,
    unit: m.unit,
    ranges: ranges.filter((r) => r.marker_id === m.id).map(rangeOut),
  });
  return items.map((i) => {
    const tests = testsOf(i.id, i.kind);
    const fasting = Math.max(i.fasting_hours, ...testRows.filter((t) => tests.includes(t.id)).map((t) => t.fasting_hours));
    return {
      id: i.id,
      code: i.code,
      name: i.name,
      kind: i.kind,
      description: i.description,
      price_inr: i.price_inr,
      fasting_hours: fasting,
      sample_type: i.sample_type,
      report_hours: i.report_hours,
      active: i.active,
      markers: markers.filter((m) => tests.includes(m.test_id)).map(markerOut),
      tests: i.kind === 'test' ? [] : tests,
    };
  });
}

function rangeOut(r: {
  sex: 'M' | 'F' | null;
  age_min: number;
  age_max: number;
  low: unknown;
  high: unknown;
  critical_low: unknown;
  critical_high: unknown;
}): S['LabReferenceRange'] & ReferenceRange {
  return {
    sex: r.sex,
    age_min: r.age_min,
    age_max: r.age_max,
    low: num(r.low),
    high: num(r.high),
    critical_low: numOrNull(r.critical_low),
    critical_high: numOrNull(r.critical_high),
  };
}

export async function codeExists(db: Db, code: string): Promise<boolean> {
  return !!(await db.selectFrom('lab_catalogue').select('id').where('code', '=', code).executeTakeFirst());
}

export async function testsExist(db: Db, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db.selectFrom('lab_catalogue').select('id').where('id', 'in', ids).where('kind', '=', 'test').execute();
  return rows.length === new Set(ids).size;
}

export async function insertCatalogueItem(trx: Db, body: S['LabCatalogueCreate']): Promise<number> {
  const { id } = await trx
    .insertInto('lab_catalogue')
    .values({
      code: body.code,
      name: body.name.trim(),
      kind: body.kind,
      description: body.description ?? '',
      price_inr: body.price_inr,
      fasting_hours: body.fasting_hours ?? 0,
      sample_type: body.sample_type.trim(),
      report_hours: body.report_hours,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const test of new Set(body.tests ?? [])) await trx.insertInto('lab_catalogue_items').values({ parent_id: id, test_id: test }).execute();
  let position = 0;
  for (const marker of body.markers ?? []) {
    const m = await trx
      .insertInto('lab_markers')
      .values({ test_id: id, code: marker.code, name: marker.name.trim(), unit: marker.unit.trim(), position: position++ })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const r of marker.ranges) {
      await trx
        .insertInto('lab_reference_ranges')
        .values({
          marker_id: m.id,
          sex: r.sex ?? null,
          age_min: r.age_min,
          age_max: r.age_max,
          low: r.low,
          high: r.high,
          critical_low: r.critical_low ?? null,
          critical_high: r.critical_high ?? null,
        })
        .execute();
    }
  }
  return id;
}

/** The item as stored, for an edit: its kind and its markers (with whether each has results). */
export async function lockCatalogueItem(trx: Db, id: number) {
  return trx.selectFrom('lab_catalogue').select(['id', 'kind']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function itemMarkers(db: Db, test: number): Promise<{ id: number; code: string; unit: string; resulted: boolean }[]> {
  const rows = await db
    .selectFrom('lab_markers as m')
    .select(['m.id', 'm.code', 'm.unit', sql<boolean>`exists (select 1 from lab_results r where r.marker_id = m.id)`.as('resulted')])
    .where('m.test_id', '=', test)
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ ...r, resulted: Boolean(r.resulted) }));
}

/**
 * An edit of a catalogue item: the fields sent change. A test's markers are matched by code
 * (changed in place, so past results keep pointing at them; their ranges replaced) and new codes
 * added; a profile's or package's tests are replaced.
 */
export async function updateCatalogueItem(trx: Db, id: number, body: S['LabCatalogueUpdate'], existing: { id: number; code: string }[]): Promise<void> {
  const fields = {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.price_inr !== undefined ? { price_inr: body.price_inr } : {}),
    ...(body.fasting_hours !== undefined ? { fasting_hours: body.fasting_hours } : {}),
    ...(body.sample_type !== undefined ? { sample_type: body.sample_type.trim() } : {}),
    ...(body.report_hours !== undefined ? { report_hours: body.report_hours } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  };
  if (Object.keys(fields).length) await trx.updateTable('lab_catalogue').set(fields).where('id', '=', id).execute();
  if (body.tests) {
    await trx.deleteFrom('lab_catalogue_items').where('parent_id', '=', id).execute();
    for (const test of new Set(body.tests)) await trx.insertInto('lab_catalogue_items').values({ parent_id: id, test_id: test }).execute();
  }
  if (body.markers) {
    let position = 0;
    for (const marker of body.markers) {
      const values = { name: marker.name.trim(), unit: marker.unit.trim(), position: position++ };
      const known = existing.find((m) => m.code === marker.code);
      const markerId = known
        ? (await trx.updateTable('lab_markers').set(values).where('id', '=', known.id).returning('id').executeTakeFirstOrThrow()).id
        : (
            await trx
              .insertInto('lab_markers')
              .values({ test_id: id, code: marker.code, ...values })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
      await trx.deleteFrom('lab_reference_ranges').where('marker_id', '=', markerId).execute();
      for (const r of marker.ranges) {
        await trx
          .insertInto('lab_reference_ranges')
          .values({
            marker_id: markerId,
            sex: r.sex ?? null,
            age_min: r.age_min,
            age_max: r.age_max,
            low: r.low,
            high: r.high,
            critical_low: r.critical_low ?? null,
            critical_high: r.critical_high ?? null,
          })
          .execute();
      }
    }
  }
}

// --- pincodes -------------------------------------------------------------------------------

export async function listPincodes(db: Db, pincode?: string): Promise<S['LabPincode'][]> {
  let query = db.selectFrom('lab_pincodes').select(['pincode', 'area', 'slot_capacity', 'active']).where('active', '=', true).orderBy('pincode');
  if (pincode) query = query.where('pincode', '=', pincode);
  return query.execute();
}

export async function savePincode(trx: Db, p: S['LabPincode']): Promise<S['LabPincode']> {
  return trx
    .insertInto('lab_pincodes')
    .values({ pincode: p.pincode, area: p.area.trim(), slot_capacity: p.slot_capacity, active: p.active ?? true })
    .onConflict((oc) =>
      oc.column('pincode').doUpdateSet({ area: p.area.trim(), slot_capacity: p.slot_capacity, active: p.active ?? true, updated_at: new Date() }),
    )
    .returning(['pincode', 'area', 'slot_capacity', 'active'])
    .executeTakeFirstOrThrow();
}

export async function servedPincode(db: Db, pincode: string): Promise<{ slot_capacity: number } | undefined> {
  return db.selectFrom('lab_pincodes').select('slot_capacity').where('pincode', '=', pincode).where('active', '=', true).executeTakeFirst();
}

// --- slots ----------------------------------------------------------------------------------

/** Every bookable slot start from now to BOOKING_DAYS_AHEAD days ahead, for tests needing `fastingHours`. */
export function slotStarts(zone: string, now: number, fastingHours: number): number[] {
  const today = localTime(zone, now).date;
  const starts: number[] = [];
  for (let day = 0; day <= BOOKING_DAYS_AHEAD; day++) {
    const date = addDays(today, day);
    for (const hour of SLOT_START_HOURS) {
      if (!slotSuitsFasting(hour, fastingHours)) continue;
      const start = zonedInstant(zone, date, hour * 60);
      if (start > now) starts.push(start);
    }
  }
  return starts;
}

/** Places taken in each slot of a pincode: live orders and unexpired holds not yet ordered. */
export async function placesTaken(db: Db, pincode: string, from: Date, to: Date, now: Date, exceptOrder?: number): Promise<Map<number, number>> {
  const orders = await db
    .selectFrom('lab_orders')
    .select(['slot_start', sql<number>`count(*)::int`.as('n')])
    .where('pincode', '=', pincode)
    .where('status', '<>', 'cancelled')
    .where('slot_start', '>=', from)
    .where('slot_start', '<=', to)
    .$if(exceptOrder !== undefined, (q) => q.where('id', '<>', exceptOrder!))
    .groupBy('slot_start')
    .execute();
  const holds = await db
    .selectFrom('lab_holds')
    .select(['slot_start', sql<number>`count(*)::int`.as('n')])
    .where('pincode', '=', pincode)
    .where('order_id', 'is', null)
    .where('expires_at', '>', now)
    .where('slot_start', '>=', from)
    .where('slot_start', '<=', to)
    .groupBy('slot_start')
    .execute();
  const taken = new Map<number, number>();
  for (const row of [...orders, ...holds]) {
    const key = new Date(row.slot_start).getTime();
    taken.set(key, (taken.get(key) ?? 0) + Number(row.n));
  }
  return taken;
}

/** Takes the slot's lock row: concurrent bookings of one slot are counted one after the other. */
export async function lockSlot(trx: Db, pincode: string, start: Date): Promise<void> {
  await trx
    .insertInto('lab_slot_locks')
    .values({ pincode, slot_start: start })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx.selectFrom('lab_slot_locks').select('pincode').where('pincode', '=', pincode).where('slot_start', '=', start).forUpdate().execute();
}

export async function insertHold(trx: Db, hold: { client: number; pincode: string; start: Date; expires: Date }): Promise<S['LabHold']> {
  const row = await trx
    .insertInto('lab_holds')
    .values({ client_id: hold.client, pincode: hold.pincode, slot_start: hold.start, expires_at: hold.expires })
    .returning(['id', 'client_id', 'pincode', 'slot_start', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, client: row.client_id, pincode: row.pincode, start: iso(row.slot_start), expires_at: iso(row.expires_at) };
}

export async function lockHold(trx: Db, id: number) {
  return trx.selectFrom('lab_holds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function useHold(trx: Db, id: number, order: number): Promise<void> {
  await trx.updateTable('lab_holds').set({ order_id: order }).where('id', '=', id).execute();
}

// --- orders ---------------------------------------------------------------------------------

export async function activeStaff(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'phone_number'])
    .where('id', '=', id)
    .where('role', '<>', 'CLIENT')
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export async function clientFacts(db: Db, id: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'p.gender',
      sql<string | null>`p.date_of_birth::text`.as('date_of_birth'),
      'p.preferred_contact_method',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export interface NewOrder {
  client: number;
  bookedBy: number;
  pincode: string;
  address: string;
  start: Date;
  items: { id: number; price_inr: number }[];
  people: { is_client: boolean; name: string; age: number; sex: 'M' | 'F' }[];
}

export async function insertOrder(trx: Db, order: NewOrder): Promise<number> {
  const total = order.items.reduce((sum, i) => sum + i.price_inr, 0) * order.people.length;
  const { id } = await trx
    .insertInto('lab_orders')
    .values({
      client_id: order.client,
      booked_by: order.bookedBy,
      pincode: order.pincode,
      address: order.address.trim(),
      slot_start: order.start,
      total_inr: total,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const item of order.items) await trx.insertInto('lab_order_items').values({ order_id: id, catalogue_id: item.id, price_inr: item.price_inr }).execute();
  for (const person of order.people)
    await trx
      .insertInto('lab_order_people')
      .values({ order_id: id, ...person })
      .execute();
  await trx
    .insertInto('lab_order_history')
    .values({ order_id: id, from_status: null, to_status: 'booked', slot_start: order.start, changed_by: order.bookedBy })
    .execute();
  return id;
}

export async function findOrder(db: Db, id: number) {
  return db.selectFrom('lab_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockOrder(trx: Db, id: number) {
  return trx.selectFrom('lab_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setOrderStatus(
  trx: Db,
  id: number,
  from: LabOrderStatus,
  to: LabOrderStatus,
  start: Date,
  by: number | null,
  changes: { collector_id?: number; cancel_reason?: string } = {},
): Promise<void> {
  await trx
    .updateTable('lab_orders')
    .set({ status: to, updated_at: new Date(), ...changes })
    .where('id', '=', id)
    .execute();
  await trx.insertInto('lab_order_history').values({ order_id: id, from_status: from, to_status: to, slot_start: start, changed_by: by }).execute();
  if (to === 'ready') await trx.updateTable('lab_results').set({ status: 'final' }).where('order_id', '=', id).where('status', '=', 'partial').execute();
}

export async function moveOrder(trx: Db, id: number, status: LabOrderStatus, start: Date, by: number): Promise<void> {
  await trx.updateTable('lab_orders').set({ slot_start: start, updated_at: new Date() }).where('id', '=', id).execute();
  await trx.insertInto('lab_order_history').values({ order_id: id, from_status: status, to_status: status, slot_start: start, changed_by: by }).execute();
}

/** Markers ordered per person, and how many of them have a result. */
export async function resultCounts(db: Db, order: number): Promise<{ expected: number; resulted: number }> {
  const people = await db
    .selectFrom('lab_order_people')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('order_id', '=', order)
    .executeTakeFirstOrThrow();
  const markers = await orderMarkers(db, order);
  const resulted = await db
    .selectFrom('lab_results')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('order_id', '=', order)
    .executeTakeFirstOrThrow();
  return { expected: Number(people.n) * markers.length, resulted: Number(resulted.n) };
}

/** Every marker the order's items measure (profiles and packages through their tests). */
export async function orderMarkers(db: Db, order: number): Promise<{ id: number; code: string; name: string; unit: string }[]> {
  const items = await db
    .selectFrom('lab_order_items as oi')
    .innerJoin('lab_catalogue as c', 'c.id', 'oi.catalogue_id')
    .select(['c.id', 'c.kind'])
    .where('oi.order_id', '=', order)
    .execute();
  const tests = new Set(items.filter((i) => i.kind === 'test').map((i) => i.id));
  const parents = items.filter((i) => i.kind !== 'test').map((i) => i.id);
  if (parents.length)
    for (const l of await db.selectFrom('lab_catalogue_items').select('test_id').where('parent_id', 'in', parents).execute()) tests.add(l.test_id);
  if (tests.size === 0) return [];
  return db
    .selectFrom('lab_markers')
    .select(['id', 'code', 'name', 'unit'])
    .where('test_id', 'in', [...tests])
    .orderBy('test_id')
    .orderBy('position')
    .execute();
}

export async function orderOut(db: Db, id: number, options: { forClient: boolean }): Promise<S['LabOrder']> {
  const o = await db
    .selectFrom('lab_orders as o')
    .innerJoin('users as u', 'u.id', 'o.client_id')
    .leftJoin('users as c', 'c.id', 'o.collector_id')
    .select([
      'o.id',
      'o.client_id',
      'o.status',
      'o.pincode',
      'o.address',
      'o.slot_start',
      'o.total_inr',
      'o.collector_id',
      'o.cancel_reason',
      'o.created_at',
      'u.first_name',
      'u.last_name',
    ])
    .select(['c.first_name as c_first', 'c.last_name as c_last', 'c.phone_number as c_phone'])
    .where('o.id', '=', id)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('lab_order_items as oi')
    .innerJoin('lab_catalogue as c', 'c.id', 'oi.catalogue_id')
    .select(['c.id', 'c.name', 'oi.price_inr', 'c.fasting_hours'])
    .where('oi.order_id', '=', id)
    .orderBy('c.name')
    .execute();
  const people = await db.selectFrom('lab_order_people').selectAll().where('order_id', '=', id).orderBy('id').execute();
  const history = await db.selectFrom('lab_order_history').selectAll().where('order_id', '=', id).orderBy('id').execute();
  return {
    id: o.id,
    client: o.client_id,
    client_name: `${o.first_name} ${o.last_name}`.trim(),
    status: o.status,
    pincode: o.pincode,
    address: o.address,
    start: iso(o.slot_start),
    total_inr: o.total_inr,
    payment: 'at_collection',
    items,
    people: people.map(personOut),
    ...(options.forClient ? {} : { collector: o.collector_id }),
    collector_name: o.c_first ? `${o.c_first} ${o.c_last ?? ''}`.trim() : null,
    collector_phone: maskPhone(o.c_phone),
    cancel_reason: o.cancel_reason,
    history: history.map((h) => ({ from: h.from_status, to: h.to_status, start: iso(h.slot_start), at: iso(h.changed_at) })),
    created_at: iso(o.created_at),
  };
}

const personOut = (p: { id: number; is_client: boolean; name: string; age: number; sex: 'M' | 'F' }): S['LabPerson'] => ({
  id: p.id,
  self: p.is_client,
  name: p.name,
  age: p.age,
  sex: p.sex,
});

export async function listOrders(db: Db, filter: { client?: number; status?: LabOrderStatus[] }): Promise<number[]> {
  let query = db.selectFrom('lab_orders').select('id').orderBy('slot_start').orderBy('id');
  if (filter.client !== undefined) query = query.where('client_id', '=', filter.client);
  if (filter.status?.length) query = query.where('status', 'in', filter.status);
  return (await query.limit(500).execute()).map((r) => r.id);
}

// --- results --------------------------------------------------------------------------------

export async function findPerson(db: Db, order: number, person: number) {
  return db.selectFrom('lab_order_people').selectAll().where('order_id', '=', order).where('id', '=', person).executeTakeFirst();
}

export async function markerRanges(db: Db, marker: number): Promise<ReferenceRange[]> {
  return (await db.selectFrom('lab_reference_ranges').selectAll().where('marker_id', '=', marker).orderBy('id').execute()).map(rangeOut);
}

export async function lockResult(trx: Db, person: number, marker: number) {
  return trx.selectFrom('lab_results').selectAll().where('person_id', '=', person).where('marker_id', '=', marker).forUpdate().executeTakeFirst();
}

export async function saveResult(
  trx: Db,
  r: { order: number; person: number; marker: number; value: number; flag: S['LabFlag']; status: 'partial' | 'final' | 'amended'; by: number | null },
  previous: { id: number; value: unknown; flag: string; status: string; entered_by: number | null; updated_at: Date } | undefined,
): Promise<number> {
  if (previous) {
    // The earlier value stays on the record: an amended result shows what it said before.
    await trx
      .insertInto('lab_result_history')
      .values({
        result_id: previous.id,
        value: String(previous.value),
        flag: previous.flag,
        status: previous.status,
        changed_by: previous.entered_by,
        changed_at: previous.updated_at,
      })
      .execute();
    await trx
      .updateTable('lab_results')
      .set({ value: r.value, flag: r.flag, status: r.status, entered_by: r.by, updated_at: new Date() })
      .where('id', '=', previous.id)
      .execute();
    return previous.id;
  }
  const { id } = await trx
    .insertInto('lab_results')
    .values({ order_id: r.order, person_id: r.person, marker_id: r.marker, value: r.value, flag: r.flag, status: r.status, entered_by: r.by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function resultsOut(
  db: Db,
  filter: { orders?: number[]; ids?: number[] },
  people: Map<number, { sex: 'M' | 'F'; age: number }>,
  rangesOf: (marker: number) => Promise<ReferenceRange[]>,
  pick: (ranges: ReferenceRange[], sex: 'M' | 'F', age: number) => ReferenceRange | null,
): Promise<S['LabResult'][]> {
  let query = db
    .selectFrom('lab_results as r')
    .innerJoin('lab_markers as m', 'm.id', 'r.marker_id')
    .select(['r.id', 'r.order_id', 'r.person_id', 'r.marker_id', 'r.value', 'r.flag', 'r.status', 'r.updated_at', 'm.code', 'm.name', 'm.unit'])
    .orderBy('r.order_id')
    .orderBy('m.test_id')
    .orderBy('m.position');
  if (filter.orders) query = query.where('r.order_id', 'in', filter.orders.length ? filter.orders : [0]);
  if (filter.ids) query = query.where('r.id', 'in', filter.ids.length ? filter.ids : [0]);
  const rows = await query.execute();
  const history = rows.length
    ? await db
        .selectFrom('lab_result_history')
        .selectAll()
        .where(
          'result_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const out: S['LabResult'][] = [];
  for (const r of rows) {
    const person = people.get(r.person_id);
    const range = person ? pick(await rangesOf(r.marker_id), person.sex, person.age) : null;
    out.push({
      id: r.id,
      order: r.order_id,
      person: r.person_id,
      marker: r.marker_id,
      marker_code: r.code,
      marker_name: r.name,
      unit: r.unit,
      value: num(r.value),
      low: range?.low ?? null,
      high: range?.high ?? null,
      flag: r.flag,
      status: r.status,
      updated_at: iso(r.updated_at),
      history: history
        .filter((h) => h.result_id === r.id)
        .map((h) => ({ value: num(h.value), flag: h.flag as S['LabFlag'], status: h.status as 'partial' | 'final' | 'amended', at: iso(h.changed_at) })),
    });
  }
  return out;
}

export async function peopleOf(db: Db, orders: number[]) {
  if (orders.length === 0) return [];
  return db.selectFrom('lab_order_people').selectAll().where('order_id', 'in', orders).orderBy('id').execute();
}

export { personOut };

/** The DOCTOR on the client's most recent appointment: the clinician to tell of a critical value. */
export async function doctorOf(db: Db, client: number) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('users as d', 'd.id', 'a.staff_id')
    .select(['d.id', 'd.email'])
    .where('a.client_id', '=', client)
    .where('d.role', '=', 'DOCTOR')
    .where('d.is_active', '=', true)
    .orderBy('a.starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// --- report PDF -----------------------------------------------------------------------------

export async function savePdf(trx: Db, file: { order: number; fileName: string; content: Buffer; sha256: string; by: number }): Promise<S['LabReportPdf']> {
  const values = {
    file_name: file.fileName,
    size_bytes: file.content.length,
    sha256: file.sha256,
    content: file.content,
    uploaded_by: file.by,
    uploaded_at: new Date(),
  };
  const row = await trx
    .insertInto('lab_report_files')
    .values({ order_id: file.order, ...values })
    .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
    .returning(['order_id', 'file_name', 'size_bytes', 'sha256', 'uploaded_at'])
    .executeTakeFirstOrThrow();
  return { order: row.order_id, file_name: row.file_name, size: row.size_bytes, sha256: row.sha256, uploaded_at: iso(row.uploaded_at) };
}

export async function pdfInfo(db: Db, orders: number[]): Promise<Map<number, S['LabReportPdf']>> {
  const rows = orders.length
    ? await db.selectFrom('lab_report_files').select(['order_id', 'file_name', 'size_bytes', 'sha256', 'uploaded_at']).where('order_id', 'in', orders).execute()
    : [];
  return new Map(
    rows.map((r) => [r.order_id, { order: r.order_id, file_name: r.file_name, size: r.size_bytes, sha256: r.sha256, uploaded_at: iso(r.uploaded_at) }]),
  );
}

export async function findPdf(db: Db, order: number) {
  return db.selectFrom('lab_report_files').selectAll().where('order_id', '=', order).executeTakeFirst();
}

export { iso };
