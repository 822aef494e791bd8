// /api/v1/appointments/*: services, resources, hours, appointments and their transitions,
// availability, series, waitlist and packages. Authorization (issue «Scheduling core»):
// RECEPTION, ADMIN and SUPER_ADMIN book, reschedule and cancel any appointment; NURSE, DOCTOR,
// HEALTH_COACH and NUTRITIONIST see all and move the ones they deliver; a CLIENT books
// online-bookable services for themselves and sees only their own (another client's is 404);
// ADMIN and SUPER_ADMIN manage services, resources and hours. Every write is audited in its
// own transaction.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { NOTICE_JOB, noticeHandler } from '../../jobs/notices.ts';
import { reminderHandler, REMINDER_JOB } from '../../jobs/reminders.ts';
import { startWorker } from '../../jobs/queue.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { addDays, compareDates, daysBetween } from '../../../machines/rules/calendar-dates.ts';
import {
  durationMinutes,
  findSlots,
  hasUtcOffset,
  isValidTimeZone,
  localTime,
  MAX_AVAILABILITY_DAYS,
} from '../../../machines/appointments/scheduling-rules.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../data/audit.ts';
import { type Caller, forbidden, isClientRole, isStaff, notFound } from '../policy.ts';
import { type BookingRequest, book, bookingTransaction, explainConflict, SchedulingConflict } from './booking.ts';
import { loadCalendar, timingOf } from './calendar.ts';
import {
  findAppointment,
  findService,
  findUserBrief,
  getSettings,
  insertService,
  type SchedulingSettings,
  knownKinds,
  listAppointments,
  listKinds,
  listPackages,
  listResources,
  listServices,
  findResource,
  statusHistory,
  updateService,
  type ServiceFields,
} from './data.ts';
import { bookSeries, SeriesRefused } from './series.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';
import { isBookingRole, moveAppointment } from './transitions.ts';
import { requireCredit, saveAnswers } from './portal-visits.ts';
import { findOffer, insertWaitlistEntry, listWaitlist, lockOffersOfSlot, markOfferGone, settleOffers } from './waitlist.ts';
import { type ScopeRule, scopedClient } from '../client-scope.ts';

/** Whose list: a client's own always; staff's choice, which must be a user (404 otherwise). */
const LISTED: ScopeRule = { clients: 'own', staffName: 'user' };

type S = components['schemas'];

function requireOffset(field: string, value: string | undefined): void {
  if (value !== undefined && !hasUtcOffset(value)) throw badRequest(field, T.noOffset);
}

/** The last clinic day a booking may start on: today plus the clinic's booking horizon. */
function lastBookableDay(settings: SchedulingSettings): string {
  return addDays(localTime(settings.time_zone, Date.now()).date, settings.booking_horizon_days);
}

function sendConflict(reply: FastifyReply, error: SchedulingConflict) {
  return reply.code(409).type('application/json; charset=utf-8').send({ detail: error.detail, conflicts: error.conflicts });
}

export async function appointmentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const mail: MailTransport = app.runtime.mail;

  // Reminders and notices sent after their change commits (SMTP): the queue is polled by every
  // server process; SKIP LOCKED shares the work.
  // SCHEDULING_JOBS_POLL_MS (0 turns the worker off) and SCHEDULING_JOBS_BATCH (jobs per tick).
  const pollMs = Number(process.env.SCHEDULING_JOBS_POLL_MS ?? 5000);
  if (pollMs > 0) {
    const batch = Number(process.env.SCHEDULING_JOBS_BATCH ?? 100);
    const worker = startWorker(db, { [REMINDER_JOB]: reminderHandler(mail), [NOTICE_JOB]: noticeHandler(mail) }, { intervalMs: pollMs, batch, log: app.log });
    app.addHook('onClose', () => worker.stop());
  }


  // --- services ---------------------------------------------------------------------------
  app.get('/appointments/services', { schema: contract.routeSchema('listServices'), config: { access: { roles: 'signed-in', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    return listServices(db, !isStaff(caller.role));
  });

  async function checkService(fields: ServiceFields) {
    if (fields.resources_needed) {
      const kinds = await knownKinds(db);
      const unknown = fields.resources_needed.find((n) => !kinds.has(n.kind));
      if (unknown) throw badRequest('resources_needed', T.unknownKind);
    }
  }

  app.post<{ Body: S['ServiceCreate'] }>('/appointments/services', { schema: contract.routeSchema('createService'), config: { access: { roles: 'admins', client: 'none' } } }, async (request, reply) => {
    const caller = callerOf(request);
    await checkService(request.body as ServiceFields);
    const created = await withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
      const row = await insertService(trx, request.body as ServiceFields);
      return row;
    });
    reply.code(201);
    return created;
  });

  app.patch<{ Params: { id: number }; Body: S['ServicePatch'] }>('/appointments/services/:id', { schema: contract.routeSchema('patchService'), config: { access: { roles: 'admins', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    if (!(await findService(db, request.params.id))) throw notFound();
    await checkService(request.body as ServiceFields);
    return withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
      const row = await updateService(trx, request.params.id, request.body as ServiceFields);
      return row;
    });
  });

  // --- resources --------------------------------------------------------------------------
  app.get('/appointments/resources', { schema: contract.routeSchema('listResources'), config: { access: { roles: 'staff', client: 'none' } } }, async () => {
    return { kinds: await listKinds(db), resources: await listResources(db) };
  });

  app.post<{ Body: S['ResourceCreate'] }>('/appointments/resources', { schema: contract.routeSchema('createResource'), config: { access: { roles: 'admins', client: 'none' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const created = await withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
      await trx
        .insertInto('resource_kinds')
        .values({ kind: body.kind, label: body.kind_label ?? body.kind.replace(/_/g, ' ') })
        .onConflict((oc) => oc.column('kind').doNothing())
        .execute();
      const row = await trx
        .insertInto('resources')
        .values({ name: body.name, kind: body.kind, active: body.active ?? true })
        .returning(['id', 'name', 'kind', 'active'])
        .executeTakeFirstOrThrow();
      return row;
    });
    reply.code(201);
    return created;
  });

  app.patch<{ Params: { id: number }; Body: S['ResourcePatch'] }>('/appointments/resources/:id', { schema: contract.routeSchema('patchResource'), config: { access: { roles: 'admins', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    if (!(await findResource(db, request.params.id))) throw notFound();
    return withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
      await trx.updateTable('resources').set(request.body).where('id', '=', request.params.id).execute();
      return (await findResource(trx, request.params.id))!;
    });
  });

  // --- hours ------------------------------------------------------------------------------
  async function hoursOut(q: Db) {
    const settings = await getSettings(q);
    const [clinicHours, holidays, staffHours, exceptions] = await Promise.all([
      q.selectFrom('clinic_hours').select(['weekday', sql<string>`to_char(opens, 'HH24:MI')`.as('opens'), sql<string>`to_char(closes, 'HH24:MI')`.as('closes')]).orderBy('weekday').orderBy('opens').execute(),
      q.selectFrom('clinic_holidays').select([sql<string>`day::text`.as('day'), 'name']).orderBy('day').execute(),
      q.selectFrom('staff_hours').select(['staff_id as staff', 'weekday', sql<string>`to_char(starts, 'HH24:MI')`.as('starts'), sql<string>`to_char(ends, 'HH24:MI')`.as('ends')]).orderBy('staff_id').orderBy('weekday').orderBy('starts').execute(),
      q.selectFrom('staff_hour_exceptions').select(['id', 'staff_id as staff', 'kind', 'starts_at', 'ends_at', 'note']).orderBy('starts_at').execute(),
    ]);
    return {
      ...settings,
      clinic_hours: clinicHours,
      holidays,
      staff_hours: staffHours,
      staff_exceptions: exceptions.map((e) => ({ id: e.id, staff: e.staff, kind: e.kind, start: new Date(e.starts_at).toISOString(), end: new Date(e.ends_at).toISOString(), note: e.note })),
    };
  }

  app.get('/appointments/hours', { schema: contract.routeSchema('getSchedulingHours'), config: { access: { roles: 'staff', client: 'none' } } }, async () => {
    return hoursOut(db);
  });

  app.patch<{ Body: S['SchedulingHoursPatch'] }>('/appointments/hours', { schema: contract.routeSchema('patchSchedulingHours'), config: { access: { roles: 'admins', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    if (body.time_zone !== undefined && !isValidTimeZone(body.time_zone)) throw badRequest('time_zone', T.badZone);
    (body.clinic_hours ?? []).forEach((h, i) => {
      if (h.closes <= h.opens) throw badRequest(`clinic_hours.${i}.closes`, T.endBeforeStart.replace('start', 'opens'));
    });
    for (const [i, s] of (body.staff_hours ?? []).entries()) {
      const member = await findUserBrief(db, s.staff);
      if (!member || isClientRole(member.role)) throw badRequest(`staff_hours.${i}.staff`, T.noStaff);
      s.weekly.forEach((w, j) => {
        if (w.ends <= w.starts) throw badRequest(`staff_hours.${i}.weekly.${j}.ends`, T.endBeforeStart);
      });
    }
    for (const [i, e] of (body.add_exceptions ?? []).entries()) {
      requireOffset(`add_exceptions.${i}.start`, e.start);
      requireOffset(`add_exceptions.${i}.end`, e.end);
      if (Date.parse(e.end) <= Date.parse(e.start)) throw badRequest(`add_exceptions.${i}.end`, T.endBeforeStart);
      const member = await findUserBrief(db, e.staff);
      if (!member || isClientRole(member.role)) throw badRequest(`add_exceptions.${i}.staff`, T.noStaff);
    }
    return withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
      const settings: Record<string, unknown> = {};
      for (const key of ['time_zone', 'slot_minutes', 'late_cancel_hours', 'check_in_window_hours', 'min_notice_minutes', 'booking_horizon_days', 'reminder_channel', 'video_link_template'] as const) {
        if (body[key] !== undefined) settings[key] = body[key];
      }
      if (body.reminder_hours !== undefined) settings.reminder_hours = sql`${sql.val(body.reminder_hours)}::int[]`;
      await trx.updateTable('scheduling_settings').set({ ...settings, updated_at: new Date(), updated_by: caller.id }).execute();
      if (body.clinic_hours) {
        await trx.deleteFrom('clinic_hours').execute();
        if (body.clinic_hours.length) await trx.insertInto('clinic_hours').values(body.clinic_hours).execute();
      }
      if (body.holidays) {
        await trx.deleteFrom('clinic_holidays').execute();
        const unique = [...new Map(body.holidays.map((h) => [h.day, { day: h.day, name: h.name ?? '' }])).values()];
        if (unique.length) await trx.insertInto('clinic_holidays').values(unique).execute();
      }
      for (const s of body.staff_hours ?? []) {
        await trx.deleteFrom('staff_hours').where('staff_id', '=', s.staff).execute();
        if (s.weekly.length) await trx.insertInto('staff_hours').values(s.weekly.map((w) => ({ staff_id: s.staff, ...w }))).execute();
      }
      if (body.remove_exceptions?.length) await trx.deleteFrom('staff_hour_exceptions').where('id', 'in', body.remove_exceptions).execute();
      for (const e of body.add_exceptions ?? []) {
        await trx.insertInto('staff_hour_exceptions').values({ staff_id: e.staff, kind: e.kind, starts_at: new Date(e.start), ends_at: new Date(e.end), note: e.note ?? '' }).execute();
      }
      return hoursOut(trx);
    });
  });

  // --- appointments -----------------------------------------------------------------------
  type ListQuery = { client?: number; staff?: number; resource?: number; status?: string; start_after?: string; start_before?: string; limit: number };
  app.get<{ Querystring: ListQuery }>('/appointments/appointments', { schema: contract.routeSchema('listAppointments'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const q = request.query;
    requireOffset('start_after', q.start_after);
    requireOffset('start_before', q.start_before);
    const client = await scopedClient(db, { caller, asked: q.client, action: 'appointment.list', requestId: request.id }, LISTED);
    return withAudit(db, { actor: caller, action: 'appointment.list', client: client ?? null, requestId: request.id }, async (trx) => {
      const rows = await listAppointments(trx, { ...q, client });
      return rows;
    });
  });

  app.get<{ Params: { id: number } }>('/appointments/appointments/:id', { schema: contract.routeSchema('getAppointment'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const seen = await findAppointment(db, request.params.id);
    if (!seen) throw notFound();
    if (isClientRole(caller.role) && seen.client !== caller.id) {
      // Another client's appointment: refused as if absent, and the attempt is on the record.
      await refuse(db, { actor: caller, action: 'appointment.read', client: seen.client, requestId: request.id }, notFound());
    }
    return withAudit<{ client: number }>(db, { actor: caller, action: 'appointment.read', client: (found) => found.client, requestId: request.id }, async (trx) => {
      const found = await findAppointment(trx, request.params.id);
      if (!found) throw notFound();
      return { ...found, history: await statusHistory(trx, found.id) };
    });
  });

  /** The booking request, or the reason the caller may not make it. */
  async function bookingRequest(caller: Caller, body: S['AppointmentCreate']): Promise<BookingRequest> {
    if (isClientRole(caller.role)) {
      if (body.client !== caller.id) throw notFound();
    } else if (!isBookingRole(caller.role)) throw forbidden(T.bookingRolesOnly);
    requireOffset('start', body.start);
    requireOffset('end', body.end);
    const service = await findService(db, body.service);
    if (!service) throw badRequest('service', T.noService);
    if (!service.active) throw badRequest('service', T.inactiveService);
    if (isClientRole(caller.role) && !service.bookable_online) throw forbidden(T.notOnline);
    requireCredit(caller, service, body.channel ?? 'in_clinic', body.package);
    return {
      client: body.client,
      service,
      staff: body.staff,
      start: body.start,
      end: body.end,
      channel: body.channel ?? 'in_clinic',
      notes: body.notes ?? '',
      package: body.package,
      drawFromPackage: isStaff(caller.role),
      status: body.status ?? 'booked',
      bookedBy: caller.id,
      online: isClientRole(caller.role),
    };
  }

  app.post<{ Body: S['AppointmentCreate'] }>('/appointments/appointments', { schema: contract.routeSchema('createAppointment'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const req = await bookingRequest(caller, request.body);
    const settings = await getSettings(db);
    try {
      const created = await withAudit<Awaited<ReturnType<typeof book>>>(
        db,
        { actor: caller, action: 'appointment.create', client: (row) => row.client, requestId: request.id },
        async (trx) => {
          const row = await book(trx, settings, req);
          await saveAnswers(trx, row.id, request.body.answers);
          return row;
        },
        bookingTransaction,
      );
      reply.code(201);
      return created;
    } catch (error) {
      if (error instanceof SchedulingConflict) return sendConflict(reply, await explainConflict(db, settings, req, error));
      throw error;
    }
  });

  app.post<{ Params: { id: number }; Body: S['AppointmentTransition'] }>(
    '/appointments/appointments/:id/transitions',
    { schema: contract.routeSchema('transitionAppointment'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      requireOffset('start', request.body.start);
      requireOffset('end', request.body.end);
      if (isClientRole(caller.role)) {
        const seen = await findAppointment(db, request.params.id);
        if (seen && seen.client !== caller.id) {
          await refuse(db, { actor: caller, action: 'appointment.transition', client: seen.client, requestId: request.id }, notFound());
        }
      }
      const settings = await getSettings(db);
      try {
        return await withAudit<Awaited<ReturnType<typeof moveAppointment>>>(
          db,
          { actor: caller, action: 'appointment.transition', client: (moved) => moved.appointment.client, requestId: request.id },
          (trx) => moveAppointment(trx, mail, settings, caller, request.params.id, request.body),
          bookingTransaction,
        );
      } catch (error) {
        if (error instanceof SchedulingConflict) return sendConflict(reply, error);
        throw error;
      }
    },
  );

  // --- availability -----------------------------------------------------------------------
  type AvailabilityQuery = { service: number; date_from: string; date_to: string; staff?: number; resource?: number };
  app.get<{ Querystring: AvailabilityQuery }>('/appointments/availability', { schema: contract.routeSchema('getAvailability'), config: { access: { roles: 'signed-in', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    const q = request.query;
    // Days as numbers, the length checked before any range is built (the contract keeps both in its date window).
    const span = daysBetween(q.date_from, q.date_to);
    if (span < 0) throw badRequest('date_to', T.rangeBackwards);
    if (span + 1 > MAX_AVAILABILITY_DAYS) throw badRequest('date_to', T.rangeTooLong(MAX_AVAILABILITY_DAYS));
    const service = await findService(db, q.service);
    if (!service) throw badRequest('service', T.noService);
    if (isClientRole(caller.role) && !(service.active && service.bookable_online)) throw notFound();
    if (!service.active) throw badRequest('service', T.inactiveService);
    const settings = await getSettings(db);
    // Nothing past the booking horizon can be booked: a range starting there is refused, one running into it stops there.
    const lastBookable = lastBookableDay(settings);
    if (compareDates(q.date_from, lastBookable) > 0) throw badRequest('date_from', T.beyondHorizon(settings.booking_horizon_days));
    const to = compareDates(q.date_to, lastBookable) > 0 ? lastBookable : q.date_to;
    const calendar = await loadCalendar(db, settings, service, { from: q.date_from, to }, { staff: q.staff, resource: q.resource });
    const online = isClientRole(caller.role);
    const client = online ? await findUserBrief(db, caller.id) : undefined;
    const slots = findSlots({
      zone: settings.time_zone,
      dates: calendar.dates,
      gridMinutes: settings.slot_minutes,
      timing: timingOf(service, durationMinutes(client?.appointment_duration)),
      clinicOpen: calendar.clinicOpen,
      staff: calendar.staff,
      pools: calendar.pools,
      earliest: Date.now() + (online ? settings.min_notice_minutes * 60_000 : 0),
    });
    return {
      service: service.id,
      time_zone: settings.time_zone,
      slot_minutes: settings.slot_minutes,
      slots: slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString(), staff: s.staff, resources: s.resources })),
    };
  });

  // --- series -----------------------------------------------------------------------------
  app.post<{ Body: S['SeriesCreate'] }>('/appointments/series', { schema: contract.routeSchema('createSeries'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const service = await findService(db, body.service);
    if (!service) throw badRequest('service', T.noService);
    if (!service.active) throw badRequest('service', T.inactiveService);
    const client = await findUserBrief(db, body.client);
    if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
    if (body.staff !== undefined) {
      const member = await findUserBrief(db, body.staff);
      if (!member || isClientRole(member.role)) throw badRequest('staff', T.noStaff);
      if (!service.delivered_by.includes(member.role)) throw badRequest('staff', T.mayNotDeliver(member.role));
    }
    const settings = await getSettings(db);
    if (compareDates(body.first_date, lastBookableDay(settings)) > 0) throw badRequest('first_date', T.beyondHorizon(settings.booking_horizon_days));
    const dryRun = body.dry_run === true;
    const DRY = Symbol('dry run');
    let planned: Awaited<ReturnType<typeof bookSeries>> | null = null;
    try {
      const result = await withAudit(db, { actor: caller, action: 'appointment.series', client: body.client, requestId: request.id }, async (trx) => {
        const { id } = await trx.insertInto('appointment_series').values({ created_by: caller.id }).returning('id').executeTakeFirstOrThrow();
        const booked = await bookSeries(
          trx,
          settings,
          {
            client: body.client,
            service,
            staff: body.staff,
            first_date: body.first_date,
            weekdays: body.weekdays,
            time: body.time,
            count: body.count,
            only_free: body.only_free === true,
            channel: body.channel ?? 'in_clinic',
            notes: body.notes ?? '',
            package: body.package,
            bookedBy: caller.id,
            clientDuration: client.appointment_duration,
          },
          id,
        );
        if (dryRun) {
          planned = booked;
          throw DRY;
        }
        return { series: id, ...booked };
      }, bookingTransaction);
      reply.code(201);
      return { series: result.series, occurrences: result.occurrences, appointments: result.booked };
    } catch (error) {
      if (error === DRY && planned) {
        const p = planned as Awaited<ReturnType<typeof bookSeries>>;
        return {
          series: null,
          occurrences: p.occurrences.map((o) => ({ ...o, outcome: o.outcome === 'booked' ? 'free' : o.outcome, appointment: null })),
          appointments: [],
        };
      }
      if (error instanceof SeriesRefused) {
        if (dryRun) return { series: null, occurrences: error.occurrences, appointments: [] };
        return reply
          .code(409)
          .type('application/json; charset=utf-8')
          .send({ detail: error.detail, conflicts: error.occurrences.flatMap((o) => o.conflicts), occurrences: error.occurrences });
      }
      throw error;
    }
  });

  // --- waitlist ---------------------------------------------------------------------------
  app.get<{ Querystring: { client?: number } }>('/appointments/waitlist', { schema: contract.routeSchema('listWaitlist'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const client = await scopedClient(db, { caller, asked: request.query.client, action: 'waitlist.list', requestId: request.id }, LISTED);
    return withAudit(db, { actor: caller, action: 'waitlist.list', client: client ?? null, requestId: request.id }, async (trx) => {
      const rows = await listWaitlist(trx, client);
      return rows;
    });
  });

  app.post<{ Body: S['WaitlistEntryCreate'] }>('/appointments/waitlist', { schema: contract.routeSchema('createWaitlistEntry'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    if (isClientRole(caller.role)) {
      if (body.client !== caller.id) throw notFound();
    } else if (!isBookingRole(caller.role)) throw forbidden(T.bookingRolesOnly);
    const service = await findService(db, body.service);
    if (!service || !service.active) throw badRequest('service', T.noService);
    if (isClientRole(caller.role) && !service.bookable_online) throw forbidden(T.notOnline);
    const client = await findUserBrief(db, body.client);
    if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
    const earliest = body.earliest ?? '00:00';
    const latest = body.latest ?? '23:59';
    if (latest <= earliest) throw badRequest('latest', T.endBeforeStart.replace('start', 'earliest'));
    const created = await withAudit(db, { actor: caller, action: 'waitlist.create', client: body.client, requestId: request.id }, async (trx) => {
      const row = await insertWaitlistEntry(trx, {
        client: body.client,
        service: body.service,
        weekdays: body.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
        earliest,
        latest,
        channel: body.channel ?? 'email',
        createdBy: caller.id,
      });
      return row;
    });
    reply.code(201);
    return created;
  });

  app.post<{ Params: { id: number } }>('/appointments/waitlist/offers/:id/accept', { schema: contract.routeSchema('acceptWaitlistOffer'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const offer = await findOffer(db, request.params.id);
    if (!offer || (isClientRole(caller.role) && offer.client !== caller.id)) throw notFound();
    if (!isClientRole(caller.role) && !isBookingRole(caller.role)) throw forbidden(T.bookingRolesOnly);
    if (offer.status !== 'open') return sendConflict(reply, new SchedulingConflict(offer.status === 'gone' ? T.offerGone : T.offerNotOpen, []));
    const service = (await findService(db, offer.service))!;
    const settings = await getSettings(db);
    try {
      const created = await withAudit(db, { actor: caller, action: 'waitlist.accept', client: offer.client, requestId: request.id }, async (trx) => {
        // Lock every offer of the freed slot, in one order: two accepts queue up instead of
        // deadlocking (each would otherwise hold its own offer and wait for the other's).
        await lockOffersOfSlot(trx, offer.freed);
        const locked = await findOffer(trx, offer.id);
        if (!locked || locked.status !== 'open') throw new SchedulingConflict(T.offerGone, []);
        const row = await book(trx, settings, {
          client: offer.client,
          service,
          staff: offer.staff,
          start: offer.start,
          end: offer.end,
          channel: 'in_clinic',
          notes: '',
          status: 'booked',
          bookedBy: caller.id,
          online: false,
        });
        await settleOffers(trx, mail, settings, offer, row.id, service.name);
        return row;
      }, bookingTransaction);
      reply.code(201);
      return created;
    } catch (error) {
      if (error instanceof SchedulingConflict) {
        await markOfferGone(db, offer.id);
        return sendConflict(reply, new SchedulingConflict(T.offerGone, error.conflicts));
      }
      if (error instanceof HttpError && error.statusCode === 400) {
        // The slot no longer fits (hours changed, staff on leave): the offer cannot be honoured.
        await markOfferGone(db, offer.id);
        return sendConflict(reply, new SchedulingConflict(T.offerGone, []));
      }
      throw error;
    }
  });

  // --- packages ---------------------------------------------------------------------------
  app.get<{ Querystring: { client?: number } }>('/appointments/packages', { schema: contract.routeSchema('listPackages'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const client = await scopedClient(db, { caller, asked: request.query.client, action: 'package.list', requestId: request.id }, LISTED);
    return withAudit(db, { actor: caller, action: 'package.list', client: client ?? null, requestId: request.id }, async (trx) => {
      const rows = await listPackages(trx, client);
      return rows;
    });
  });

  app.post<{ Body: S['PackageCreate'] }>('/appointments/packages', { schema: contract.routeSchema('createPackage'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const client = await findUserBrief(db, body.client);
    if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
    const created = await withAudit(db, { actor: caller, action: 'package.create', client: body.client, requestId: request.id }, async (trx) => {
      const { id } = await trx
        .insertInto('packages')
        .values({ client_id: body.client, therapy: body.therapy, sessions_total: body.sessions_total, expires_on: body.expires_on ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await listPackages(trx, body.client)).find((p) => p.id === id)!;
    });
    reply.code(201);
    return created;
  });
}
