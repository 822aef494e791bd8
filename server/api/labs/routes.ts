// /api/v1/labs/*: home-collection lab orders (issue 20). Authorization: everyone reads the
// catalogue, pincodes and slots; ADMIN+ change the catalogue and pincodes. A CLIENT holds slots
// and books only for themselves (family members are people on their order, not accounts), reads
// only their own orders and released reports (another client's answer 404, audited as refused)
// and may only cancel or reschedule their own order. Staff (every other role) book, cancel and
// reschedule for a client; the staff who run the lab desk (clinic settings, default NURSE and
// ADMIN) assign a collector, move orders along the order chart (machines/labs/order-lifecycle.ts,
// else 409), enter results and attach the lab's PDF. Every
// read of a client's record and every write is audited, the write's entry in its transaction.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { ageOn, HOLD_MINUTES, isPdf, rangeFor, REPORT_MAX_BYTES, slotSuitsFasting } from '../../../machines/labs/lab-rules.ts';
import { LAB_TEXTS } from '../../../machines/labs/lab-texts.ts';
import { cleanFileName } from '../../../machines/rules/file-types.ts';
import { CANCELLABLE_STATUSES, type LabOrderStatus, labOrderLifecycle } from '../../../machines/labs/order-lifecycle.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { getSettings } from '../appointments/data.ts';
import type { ApiContext } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../data/audit.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { type Caller, DENIED, forbidden, isClientRole, isStaff, notFound, runsLabDesk } from '../policy.ts';
import { readWorkRouting } from '../data/clinic-settings.ts';
import * as data from './data.ts';
import { labPartnerFrom } from './partner.ts';
import { partnerTick, queuePartnerBooking, queuePartnerCancel } from './partner-sync.ts';
import { recordResult } from './record-result.ts';
import { attachmentDisposition, isBase64, UPLOAD_BODY_LIMIT } from '../uploads.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import { namedClient, type ScopeRule, scopedClient } from '../client-scope.ts';
import { admit } from '../route-access.ts';

/** Whose orders and reports: a client only their own (others 404, audited); staff any client's. */
const CLIENT_RECORD: ScopeRule = { clients: 'own', staffName: 'client' };

type S = components['schemas'];
const E = LAB_TEXTS.errors;

type LabAction =
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
const act = (action: LabAction): AuditAction => action;

const RELEASED: readonly LabOrderStatus[] = ['partial', 'ready'];

export async function labRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const mail: MailTransport = app.runtime.mail;
  // The built-in lab desk unless LAB_PARTNER_URL and LAB_PARTNER_KEY name a partner lab; then
  // bookings go to it after their commit and its statuses and results are polled
  // (LAB_PARTNER_POLL_MS, 0 turns the poller off; docs/labs.md).
  const partner = labPartnerFrom(process.env, db);
  const partnerPollMs = Number(process.env.LAB_PARTNER_POLL_MS ?? 60_000);
  if (partner.kind === 'http' && partnerPollMs > 0) {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = partnerTick(db, partner, mail, app.log)
        .catch((error) => app.log.warn({ err: { type: (error as Error)?.name } }, 'lab partner round failed'))
        .finally(() => {
          running = null;
        });
    }, partnerPollMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

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


  /** A test's markers: each range in order (critical bounds outside the normal one), each code once. */
  function checkMarkers(markers: S['LabMarkerCreate'][]): void {
    markers.forEach((m, i) => m.ranges.forEach((r, j) => {
      if (r.age_min > r.age_max || r.low > r.high) throw badRequest(`markers[${i}].ranges[${j}]`, E.rangeOrder);
      if ((r.critical_low != null && r.critical_low > r.low) || (r.critical_high != null && r.critical_high < r.high)) throw badRequest(`markers[${i}].ranges[${j}]`, E.criticalInside);
    }));
    if (new Set(markers.map((m) => m.code)).size !== markers.length) throw badRequest('markers', E.codeTaken);
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
      await mail.send({ channel: 'email', to: facts.email, subject: LAB_TEXTS.mail.confirmedSubject, body: LAB_TEXTS.mail.confirmed(clinic, order, when, o.address) }, trx);
    }
  }

  // --- catalogue and pincodes ----------------------------------------------------------------
  app.get<{ Querystring: { all: boolean } }>('/labs/catalogue', { schema: contract.routeSchema('listLabCatalogue'), config: { access: { roles: 'signed-in', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    return data.catalogue(db, { all: request.query.all && isStaff(caller.role) });
  });

  app.post<{ Body: S['LabCatalogueCreate'] }>('/labs/catalogue', { schema: contract.routeSchema('createLabCatalogueItem'), config: { access: { roles: 'admins', client: 'none' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const markers = body.markers ?? [];
    const tests = body.tests ?? [];
    if (body.kind === 'test') {
      if (markers.length === 0) throw badRequest('markers', E.markersRequired);
      if (tests.length) throw badRequest('tests', E.testsAreTests);
    } else {
      if (tests.length === 0) throw badRequest('tests', E.testsRequired);
      if (markers.length) throw badRequest('markers', E.noMarkersHere);
      if (!(await data.testsExist(db, tests))) throw badRequest('tests', E.testsAreTests);
    }
    checkMarkers(markers);
    if (await data.codeExists(db, body.code)) throw badRequest('code', E.codeTaken);
    const id = await withAudit(db, { actor: caller, action: act('lab.catalogue.create'), client: null, requestId: request.id }, (trx) => data.insertCatalogueItem(trx, body));
    reply.code(201);
    return (await data.catalogue(db, { all: true, ids: [id] }))[0];
  });

  // An edit, or Deactivate/Activate: a deactivated item is no longer offered for new bookings
  // (the catalogue and chosenItems read active items only); orders that have it keep it.
  app.patch<{ Params: { id: number }; Body: S['LabCatalogueUpdate'] }>('/labs/catalogue/:id', { schema: contract.routeSchema('updateLabCatalogueItem'), config: { access: { roles: 'admins', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    const id = request.params.id;
    const body = request.body;
    const item = await data.lockCatalogueItem(db, id);
    if (!item) throw notFound();
    if (body.markers && item.kind !== 'test') throw badRequest('markers', E.notATest);
    if (body.tests && item.kind === 'test') throw badRequest('tests', E.notAProfile);
    if (body.tests && (body.tests.includes(id) || !(await data.testsExist(db, body.tests)))) throw badRequest('tests', E.testsAreTests);
    const existing = item.kind === 'test' ? await data.itemMarkers(db, id) : [];
    if (body.markers) {
      checkMarkers(body.markers);
      if (existing.some((m) => !body.markers!.some((x) => x.code === m.code))) throw badRequest('markers', E.markerKept);
      body.markers.forEach((m, i) => {
        if (existing.some((x) => x.code === m.code && x.resulted && x.unit !== m.unit.trim())) throw badRequest(`markers[${i}].unit`, E.unitKept);
      });
    }
    await withAudit(db, { actor: caller, action: act('lab.catalogue.update'), client: null, requestId: request.id }, async (trx) => {
      // Two edits of one item are applied one after the other.
      await data.lockCatalogueItem(trx, id);
      await data.updateCatalogueItem(trx, id, body, body.markers ? await data.itemMarkers(trx, id) : []);
    });
    return (await data.catalogue(db, { all: true, ids: [id] }))[0];
  });

  app.get<{ Querystring: { pincode?: string } }>('/labs/pincodes', { schema: contract.routeSchema('listLabPincodes'), config: { access: { roles: 'signed-in', client: 'none' } } }, async (request) => data.listPincodes(db, request.query.pincode));

  app.post<{ Body: S['LabPincode'] }>('/labs/pincodes', { schema: contract.routeSchema('saveLabPincode'), config: { access: { roles: 'admins', client: 'none' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const saved = await withAudit(db, { actor: caller, action: act('lab.pincode.save'), client: null, requestId: request.id }, (trx) => data.savePincode(trx, request.body));
    reply.code(201);
    return saved;
  });

  // --- slots and holds -----------------------------------------------------------------------
  app.get<{ Querystring: { pincode: string; items?: number[] } }>('/labs/slots', { schema: contract.routeSchema('listLabSlots'), config: { access: { roles: 'signed-in', client: 'none' } } }, async (request) => {
    const q = request.query;
    const served = await data.servedPincode(db, q.pincode);
    if (!served) throw badRequest('pincode', E.notServed);
    const ids = q.items === undefined ? [] : Array.isArray(q.items) ? q.items : [q.items];
    const { fasting } = ids.length ? await chosenItems(ids, 'items') : { fasting: 0 };
    const { time_zone: zone } = await getSettings(db);
    const now = Date.now();
    const starts = data.slotStarts(zone, now, fasting);
    if (starts.length === 0) return [];
    const taken = await data.placesTaken(db, q.pincode, new Date(starts[0]), new Date(starts[starts.length - 1]), new Date(now));
    return starts.map((start) => ({ start: new Date(start).toISOString(), capacity: served.slot_capacity, places_left: Math.max(0, served.slot_capacity - (taken.get(start) ?? 0)) }));
  });

  app.post<{ Body: S['LabHoldCreate'] }>('/labs/slots', { schema: contract.routeSchema('holdLabSlot'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const client = await namedClient(db, { caller, asked: body.client, action: act('lab.slot.hold'), requestId: request.id }, {
      clients: 'own',
      staffName: 'client',
      unnamed: () => badRequest('client', E.clientRequired),
      outside: () => badRequest('client', E.noClient),
    });
    if (!(await data.servedPincode(db, body.pincode))) throw badRequest('pincode', E.notServed);
    const { fasting } = await chosenItems(body.items, 'items');
    const start = await validSlot(body.start, fasting, 'start');
    const hold = await withAudit(db, { actor: caller, action: act('lab.slot.hold'), client, requestId: request.id }, async (trx) => {
      await data.lockSlot(trx, body.pincode, start);
      const served = (await data.servedPincode(trx, body.pincode))!;
      const now = new Date();
      const taken = (await data.placesTaken(trx, body.pincode, start, start, now)).get(start.getTime()) ?? 0;
      if (taken >= served.slot_capacity) throw new HttpError(409, E.slotFull);
      return data.insertHold(trx, { client, pincode: body.pincode, start, expires: new Date(now.getTime() + HOLD_MINUTES * 60_000) });
    });
    reply.code(201);
    return hold;
  });

  // --- orders --------------------------------------------------------------------------------
  type OrderQuery = { client?: number; status?: LabOrderStatus | LabOrderStatus[] };
  app.get<{ Querystring: OrderQuery }>('/labs/orders', { schema: contract.routeSchema('listLabOrders'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const client = await scopedClient(db, { caller, asked: request.query.client, action: act('lab.order.list'), requestId: request.id }, CLIENT_RECORD);
    const status = request.query.status === undefined ? undefined : Array.isArray(request.query.status) ? request.query.status : [request.query.status];
    return withAudit(db, { actor: caller, action: act('lab.order.list'), client: client ?? null, requestId: request.id }, async (trx) => {
      const ids = await data.listOrders(trx, { client, status });
      const out = [];
      for (const id of ids) out.push(await data.orderOut(trx, id, { forClient: isClientRole(caller.role) }));
      return out;
    });
  });

  /** A hold the order may use now: the client's own, unexpired, not used (checked under lock). */
  async function takeHold(trx: Db, holdId: number, client: number) {
    const hold = await data.lockHold(trx, holdId);
    if (!hold) throw badRequest('hold', E.holdGone);
    if (hold.client_id !== client) throw badRequest('hold', E.holdNotYours);
    if (hold.order_id !== null || new Date(hold.expires_at).getTime() <= Date.now()) throw badRequest('hold', E.holdGone);
    return hold;
  }

  app.post<{ Body: S['LabOrderCreate'] }>('/labs/orders', { schema: contract.routeSchema('createLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const held = await data.lockHold(db, body.hold);
    if (!held) throw badRequest('hold', E.holdGone);
    if (isClientRole(caller.role) && held.client_id !== caller.id) {
      await refuse(db, { actor: caller, action: act('lab.order.create'), client: held.client_id, requestId: request.id }, notFound());
    }
    const client = held.client_id;
    const { items, fasting } = await chosenItems(body.items, 'items');
    const { time_zone: zone } = await getSettings(db);
    if (!slotSuitsFasting(Math.floor(localTime(zone, new Date(held.slot_start).getTime()).minutes / 60), fasting)) throw badRequest('items', E.morningOnly);
    const facts = await data.clientFacts(db, client);
    if (!facts) throw badRequest('hold', E.noClient);
    const people: data.NewOrder['people'] = [];
    for (const [i, p] of body.people.entries()) {
      if (p.self) {
        if (people.some((x) => x.is_client)) throw badRequest(`people[${i}]`, E.selfTwice);
        if (!facts.date_of_birth || !facts.gender) throw badRequest(`people[${i}]`, E.selfNeedsProfile);
        people.push({ is_client: true, name: `${facts.first_name} ${facts.last_name}`.trim(), age: ageOn(facts.date_of_birth, new Date().toISOString()), sex: facts.gender });
      } else {
        if (!p.name?.trim() || p.age === undefined || !p.sex) throw badRequest(`people[${i}]`, E.personFields);
        people.push({ is_client: false, name: p.name.trim(), age: p.age, sex: p.sex });
      }
    }
    if (!body.address.trim()) throw badRequest('address', 'This field is required.');
    const id = await withAudit(db, { actor: caller, action: act('lab.order.create'), client, requestId: request.id }, async (trx) => {
      const hold = await takeHold(trx, body.hold, client);
      const order = await data.insertOrder(trx, { client, bookedBy: caller.id, pincode: hold.pincode, address: body.address, start: new Date(hold.slot_start), items, people });
      await data.useHold(trx, hold.id, order);
      // The partner hears of it after the commit, from the job written here (survives a crash).
      if (partner.kind === 'http') await queuePartnerBooking(trx, order);
      // Told in the same transaction: the order and its confirmation are stored together or not at all.
      await confirm(trx, order, client);
      return order;
    });
    reply.code(201);
    return data.orderOut(db, id, { forClient: isClientRole(caller.role) });
  });

  app.get<{ Params: { id: number } }>('/labs/orders/:id', { schema: contract.routeSchema('getLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const order = await visibleOrder(caller, request.params.id, 'lab.order.read', request.id);
    return withAudit(db, { actor: caller, action: act('lab.order.read'), client: order.client_id, requestId: request.id }, async (trx) => {
      return data.orderOut(trx, order.id, { forClient: isClientRole(caller.role) });
    });
  });

  app.patch<{ Params: { id: number }; Body: S['LabOrderReschedule'] }>('/labs/orders/:id', { schema: contract.routeSchema('rescheduleLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const order = await visibleOrder(caller, request.params.id, 'lab.order.reschedule', request.id);
    return withAudit(db, { actor: caller, action: act('lab.order.reschedule'), client: order.client_id, requestId: request.id }, async (trx) => {
      const current = (await data.lockOrder(trx, order.id))!;
      if (!CANCELLABLE_STATUSES.includes(current.status)) throw new HttpError(409, E.notCancellable);
      const hold = await takeHold(trx, request.body.hold, current.client_id);
      if (hold.pincode !== current.pincode) throw badRequest('hold', E.notServed);
      const fasting = Math.max(0, ...(await data.orderOut(trx, order.id, { forClient: false })).items.map((i) => i.fasting_hours));
      const { time_zone: zone } = await getSettings(trx);
      if (!slotSuitsFasting(Math.floor(localTime(zone, new Date(hold.slot_start).getTime()).minutes / 60), fasting)) throw badRequest('hold', E.morningOnly);
      await data.moveOrder(trx, order.id, current.status, new Date(hold.slot_start), caller.id);
      await data.useHold(trx, hold.id, order.id);
      return data.orderOut(trx, order.id, { forClient: isClientRole(caller.role) });
    });
  });

  app.post<{ Params: { id: number }; Body: S['LabOrderTransition'] }>('/labs/orders/:id/transitions', { schema: contract.routeSchema('transitionLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const order = await visibleOrder(caller, request.params.id, 'lab.order.transition', request.id);
    const { to, collector, reason } = request.body;
    if (isClientRole(caller.role) && to !== 'cancelled') await refuse(db, { actor: caller, action: act('lab.order.transition'), client: order.client_id, requestId: request.id }, forbidden(E.clientCancelOnly));
    // Cancelling stays the front desk's too (a client who rings); the lab's own steps are the desk's.
    if (!isClientRole(caller.role) && to !== 'cancelled') await requireLabDesk(caller, 'lab.order.transition', order.client_id, request.id);
    if (collector !== undefined && !(await data.activeStaff(db, collector))) throw badRequest('collector', E.noCollector);
    return withAudit(db, { actor: caller, action: act('lab.order.transition'), client: order.client_id, requestId: request.id }, async (trx) => {
      const current = (await data.lockOrder(trx, order.id))!;
      const counts = await data.resultCounts(trx, order.id);
      // Releasing with nothing entered is refused in words, not as a bare chart step.
      if ((to === 'partial' || to === 'ready') && current.status !== to && counts.resulted === 0 && ['processing', 'partial'].includes(current.status)) throw new HttpError(409, E.noResultsYet);
      if (to === 'ready' && (current.status === 'processing' || current.status === 'partial') && counts.resulted < counts.expected) throw new HttpError(409, E.resultsMissing(counts.resulted, counts.expected));
      // The same chart the lab desk asks for its buttons decides which status changes exist.
      requireLifecycleStep(labOrderLifecycle, 'lab order', current.status, to, { extras: { collector_id: collector, ...counts } });
      await data.setOrderStatus(trx, order.id, current.status, to, new Date(current.slot_start), caller.id, {
        ...(collector !== undefined && to === 'collector_assigned' ? { collector_id: collector } : {}),
        ...(to === 'cancelled' ? { cancel_reason: (reason ?? '').trim() } : {}),
      });
      // An order booked with the partner lab is called off there too, after this commits (retried).
      if (to === 'cancelled' && current.by_partner) await queuePartnerCancel(trx, order.id);
      return data.orderOut(trx, order.id, { forClient: isClientRole(caller.role) });
    });
  });

  // --- results and reports -------------------------------------------------------------------
  async function reportsOf(q: Db, client: number, released: boolean): Promise<S['LabReport'][]> {
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

  app.get<{ Querystring: { client: number } }>('/labs/results', { schema: contract.routeSchema('listLabReports'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const client = (await scopedClient(db, { caller, asked: request.query.client, action: act('lab.report.list'), requestId: request.id }, CLIENT_RECORD))!;
    return withAudit(db, { actor: caller, action: act('lab.report.list'), client: client, requestId: request.id }, async (trx) => {
      return reportsOf(trx, client, isClientRole(caller.role));
    });
  });

  app.post<{ Body: S['LabResultEntry'] }>('/labs/results', { schema: contract.routeSchema('enterLabResult'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const order = await visibleOrder(caller, body.order, 'lab.result.enter', request.id);
    await admit(db, request, { action: act('lab.result.enter'), client: order.client_id, requestId: request.id });
    await requireLabDesk(caller, 'lab.result.enter', order.client_id, request.id);
    const person = await data.findPerson(db, order.id, body.person);
    if (!person) throw badRequest('person', E.notOnOrder);
    const markers = await data.orderMarkers(db, order.id);
    const marker = markers.find((m) => m.id === body.marker);
    if (!marker) throw badRequest('marker', E.notOnOrder);
    const id = await withAudit(db, { actor: caller, action: act('lab.result.enter'), client: order.client_id, requestId: request.id }, async (trx) => {
      const current = (await data.lockOrder(trx, order.id))!;
      if (!['processing', 'partial', 'ready'].includes(current.status)) throw new HttpError(409, E.notCollected);
      return (await recordResult(trx, mail, { order: current, person, marker, value: body.value, by: caller.id })).id;
    });
    reply.code(201);
    const [out] = await data.resultsOut(db, { ids: [id] }, new Map([[person.id, { sex: person.sex, age: person.age }]]), (m) => data.markerRanges(db, m), rangeFor);
    return out;
  });

  // --- the lab's PDF -------------------------------------------------------------------------
  app.post<{ Params: { id: number }; Body: S['LabReportPdfUpload'] }>(
    '/labs/reports/:id/pdf',
    { schema: contract.routeSchema('attachLabReportPdf'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } }, bodyLimit: UPLOAD_BODY_LIMIT },
    async (request, reply) => {
      const caller = callerOf(request);
      const order = await visibleOrder(caller, request.params.id, 'lab.report.pdf.attach', request.id);
      await admit(db, request, { action: act('lab.report.pdf.attach'), client: order.client_id, requestId: request.id });
      await requireLabDesk(caller, 'lab.report.pdf.attach', order.client_id, request.id);
      const { file_name, content_base64 } = request.body;
      if (!isBase64(content_base64)) throw badRequest('content_base64', E.notBase64);
      const content = Buffer.from(content_base64, 'base64');
      if (content.length === 0) throw badRequest('content_base64', E.empty);
      if (content.length > REPORT_MAX_BYTES) throw badRequest('content_base64', E.tooBig);
      // What the bytes are, not what the name says: a renamed executable is not a PDF.
      if (!isPdf(content)) throw badRequest('content_base64', E.notPdf);
      const sha256 = createHash('sha256').update(content).digest('hex');
      const saved = await withAudit(db, { actor: caller, action: act('lab.report.pdf.attach'), client: order.client_id, requestId: request.id }, (trx) =>
        data.savePdf(trx, { order: order.id, fileName: cleanFileName(file_name, 'application/pdf'), content, sha256, by: caller.id }),
      );
      reply.code(201);
      return saved;
    },
  );

  app.get<{ Params: { id: number } }>('/labs/reports/:id/pdf', { schema: contract.routeSchema('downloadLabReportPdf'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const order = await visibleOrder(caller, request.params.id, 'lab.report.pdf.download', request.id);
    if (isClientRole(caller.role) && !RELEASED.includes(order.status)) throw notFound();
    const file = await withAudit(db, { actor: caller, action: act('lab.report.pdf.download'), client: order.client_id, requestId: request.id }, async (trx) => {
      const found = await data.findPdf(trx, order.id);
      if (!found) throw notFound();
      return found;
    });
    const content = Buffer.from(file.content);
    const CHUNK = 64 * 1024;
    function* chunks() {
      for (let at = 0; at < content.length; at += CHUNK) yield content.subarray(at, at + CHUNK);
    }
    return reply
      .code(200)
      .header('content-type', 'application/pdf')
      .header('content-length', String(content.length))
      .header('content-disposition', attachmentDisposition(file.file_name, 'application/pdf'))
      .header('digest', `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(chunks()));
  });
}
