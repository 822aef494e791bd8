// What the lab route modules share: whose record a caller reads, the audit actions, and the checks
// and messages that read the clinic's data (the order a caller may see, the lab desk's roles, the
// items and slot of a booking, its confirmation).
import type { components } from '../../../openapi/generated/api.ts';
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { rangeFor, slotSuitsFasting } from '../../../machines/labs/lab-rules.ts';
import { LAB_TEXTS } from '../../../machines/labs/lab-texts.ts';
import type { LabOrderStatus } from '../../../machines/labs/order-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { getSettings } from '../appointments/data.ts';
import type { ScopeRule } from '../client-scope.ts';
import { type AuditAction, refuse } from '../audit/data.ts';
import { readWorkRouting } from '../clinic/data.ts';
import { type Caller, DENIED, forbidden, isClientRole, notFound, runsLabDesk } from '../policy.ts';
import * as data from './data.ts';

/** Whose orders and reports: a client only their own (others 404, audited); staff any client's. */
export const CLIENT_RECORD: ScopeRule = { clients: 'own', staffName: 'client' };

export type S = components['schemas'];
export const E = LAB_TEXTS.errors;

export type LabAction =
  | 'lab.catalogue.create'
  | 'lab.catalogue.update'
  | 'lab.pincode.save'
  | 'lab.slot.hold'
  | 'lab.order.list'
  | 'lab.order.read'
  | 'lab.order.create'
  | 'lab.order.reschedule'
  | 'lab.order.transition'
  | 'lab.report.list'
  | 'lab.result.enter'
  | 'lab.report.pdf.attach'
  | 'lab.report.pdf.download';
export const act = (action: LabAction): AuditAction => action;

export const RELEASED: readonly LabOrderStatus[] = ['partial', 'ready'];

/** A test's markers: each range in order (critical bounds outside the normal one), each code once. */
export function checkMarkers(markers: S['LabMarkerCreate'][]): void {
  markers.forEach((m, i) =>
    m.ranges.forEach((r, j) => {
      if (r.age_min > r.age_max || r.low > r.high) throw badRequest(`markers[${i}].ranges[${j}]`, E.rangeOrder);
      if ((r.critical_low != null && r.critical_low > r.low) || (r.critical_high != null && r.critical_high < r.high))
        throw badRequest(`markers[${i}].ranges[${j}]`, E.criticalInside);
    }),
  );
  if (new Set(markers.map((m) => m.code)).size !== markers.length) throw badRequest('markers', E.codeTaken);
}

/** A hold the order may use now: the client's own, unexpired, not used (checked under lock). */
export async function takeHold(trx: Db, holdId: number, client: number) {
  const hold = await data.lockHold(trx, holdId);
  if (!hold) throw badRequest('hold', E.holdGone);
  if (hold.client_id !== client) throw badRequest('hold', E.holdNotYours);
  if (hold.order_id !== null || new Date(hold.expires_at).getTime() <= Date.now()) throw badRequest('hold', E.holdGone);
  return hold;
}

export async function reportsOf(q: Db, client: number, released: boolean): Promise<S['LabReport'][]> {
  const ids = await data.listOrders(q, { client, status: released ? [...RELEASED] : ['processing', 'partial', 'ready'] });
  const orders = [];
  for (const id of ids) orders.push((await data.findOrder(q, id))!);
  orders.sort((a, b) => new Date(b.slot_start).getTime() - new Date(a.slot_start).getTime());
  const people = await data.peopleOf(q, ids);
  const facts = new Map(people.map((p) => [p.id, { sex: p.sex, age: p.age }]));
  const rangeCache = new Map<number, Awaited<ReturnType<typeof data.markerRanges>>>();
  const rangesOf = async (marker: number) => {
    if (!rangeCache.has(marker)) rangeCache.set(marker, await data.markerRanges(q, marker));
    return rangeCache.get(marker)!;
  };
  const results = await data.resultsOut(q, { orders: ids }, facts, rangesOf, rangeFor);
  const pdfs = await data.pdfInfo(q, ids);
  return orders.map((o) => ({
    order: o.id,
    status: o.status,
    start: data.iso(o.slot_start),
    people: people.filter((p) => p.order_id === o.id).map(data.personOut),
    results: results.filter((r) => r.order === o.id),
    pdf: pdfs.get(o.id) ?? null,
  }));
}

/** The checks and the confirmation that read the clinic's data through `db` (and tell through `mail`). */
export function labGuards(db: Db, mail: MailTransport) {
  /** The order, when the caller may see it: another client's order answers 404 (audited as refused). */
  async function visibleOrder(caller: Caller, id: number, action: LabAction, requestId: string) {
    const order = await data.findOrder(db, id);
    if (!order) throw notFound();
    if (isClientRole(caller.role) && order.client_id !== caller.id) {
      await refuse(db, { actor: caller, action: act(action), client: order.client_id, requestId: requestId }, notFound());
    }
    return order;
  }

  /** Staff outside the lab desk's roles (clinic settings) may read orders but not work them: 403, audited. */
  async function requireLabDesk(caller: Caller, action: LabAction, client: number, requestId: string): Promise<void> {
    if (runsLabDesk(caller.role, (await readWorkRouting(db)).labDeskRoles)) return;
    await refuse(db, { actor: caller, action: act(action), client, requestId }, forbidden(DENIED.labDesk));
  }

  /** The catalogue items asked for (every one active), with the longest fasting among them. */
  async function chosenItems(ids: number[], field: string) {
    const unique = [...new Set(ids)];
    const items = await data.catalogue(db, { ids: unique });
    if (items.length !== unique.length) throw badRequest(field, E.unknownItem);
    return { items, fasting: Math.max(0, ...items.map((i) => i.fasting_hours)) };
  }

  /** A slot start a booking may take now: in the window, on the grid, in the morning for fasting. */
  async function validSlot(start: string, fasting: number, field: string): Promise<Date> {
    const { time_zone: zone } = await getSettings(db);
    const instant = Date.parse(start);
    const now = Date.now();
    if (instant <= now) throw badRequest(field, E.slotPast);
    const anyHour = data.slotStarts(zone, now, 0);
    if (!anyHour.includes(instant)) throw badRequest(field, E.slotOutside);
    if (!slotSuitsFasting(Math.floor(localTime(zone, instant).minutes / 60), fasting)) throw badRequest(field, E.morningOnly);
    return new Date(instant);
  }

  async function confirm(trx: Db, order: number, client: number): Promise<void> {
    const facts = await data.clientFacts(trx, client);
    const o = await data.findOrder(trx, order);
    if (!facts || !o) return;
    const when = await clinicWhen(trx, o.slot_start);
    const clinic = await readClinicName(trx);
    if (facts.preferred_contact_method === 'sms' && facts.phone_number) {
      await mail.send({ channel: 'sms', to: facts.phone_number, body: LAB_TEXTS.mail.confirmedSms(clinic, order, when) }, trx);
    } else {
      await mail.send(
        { channel: 'email', to: facts.email, subject: LAB_TEXTS.mail.confirmedSubject, body: LAB_TEXTS.mail.confirmed(clinic, order, when, o.address) },
        trx,
      );
    }
  }

  return { visibleOrder, requireLabDesk, chosenItems, validSlot, confirm };
}
