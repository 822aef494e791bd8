// /api/v1/support/tickets: the queue (a client's own tickets; staff the categories they answer),
// opening a ticket, reading it, assigning it and moving it along machines/support/ticket-lifecycle.ts.
import type { FastifyInstance } from 'fastify';
import type { TicketStatus } from '../../../machines/support/ticket-lifecycle.ts';
import { ticketLifecycle } from '../../../machines/support/ticket-lifecycle.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import { enqueueAutoClose } from '../../jobs/support-auto-close.ts';
import { namedClient, scopedClient } from '../client-scope.ts';
import { type ApiContext, pageLinks } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { readWorkRouting } from '../clinic/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { answeredCategories, isStaff } from '../policy.ts';
import { admit } from '../route-access.ts';
import {
  attachUploads,
  insertMessage,
  insertTicket,
  isClientsAppointment,
  isClientsLabOrder,
  isStaffMember,
  listTickets,
  lockTicket,
  setAssignee,
  setTicketStatus,
  uploadsAreFree,
} from './data.ts';
import { act, E, type S, ticketGuards } from './route-helpers.ts';

/** Lists, opens, reads, assigns and moves tickets; each is audited. */
export function ticketRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  const { requireCategory, visibleTicket, detailFor } = ticketGuards(db);

  type ListQuery = {
    client?: number;
    status?: TicketStatus[];
    category?: S['TicketCategory'];
    assignee?: number;
    min_age_days?: number;
    ordering: string;
    page: number;
    page_size: number;
  };
  app.get<{ Querystring: ListQuery }>(
    '/support/tickets',
    { schema: contract.routeSchema('listSupportTickets'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const client = await scopedClient(
        db,
        { caller, asked: q.client, action: 'support.ticket.list', requestId: request.id },
        { clients: 'own', staffName: 'client' },
      );
      const status = q.status === undefined ? undefined : Array.isArray(q.status) ? q.status : [q.status];
      const categories = answeredCategories(caller, (await readWorkRouting(db)).ticketRouting);
      return withAudit(db, { actor: caller, action: act('support.ticket.list'), client: client ?? null, requestId: request.id }, async (trx) => {
        const page = await listTickets(trx, {
          client,
          status,
          category: q.category,
          categories,
          assignee: q.assignee,
          minAgeDays: q.min_age_days,
          ordering: q.ordering,
          page: q.page,
          pageSize: q.page_size,
          audience: { forClient: !isStaff(caller.role) },
        });
        return { count: page.count, ...pageLinks(request, q.page, q.page_size, page.count), results: page.results };
      });
    },
  );

  app.post<{ Body: S['SupportTicketCreate'] }>(
    '/support/tickets',
    { schema: contract.routeSchema('createSupportTicket'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const client = await namedClient(
        db,
        { caller, asked: body.client, action: 'support.ticket.create', requestId: request.id },
        {
          clients: 'own',
          staffName: 'client',
          unnamed: () => badRequest('client', 'This field is required.'),
          outside: () => badRequest('client', E.noClient),
        },
      );
      await requireCategory(caller, body.category, 'support.ticket.create', client, request.id);
      if (body.appointment !== undefined && !(await isClientsAppointment(db, body.appointment, client))) throw badRequest('appointment', E.notYourAppointment);
      if (body.lab_order !== undefined && !(await isClientsLabOrder(db, body.lab_order, client))) throw badRequest('lab_order', E.notYourLabOrder);
      const attachments = body.attachments ?? [];
      if (!(await uploadsAreFree(db, attachments, caller.id))) throw badRequest('attachments', E.unknownAttachment);
      const id = await withAudit(db, { actor: caller, action: act('support.ticket.create'), client, requestId: request.id }, async (trx) => {
        const ticket = await insertTicket(trx, {
          client,
          category: body.category,
          subject: body.subject.trim(),
          appointment: body.appointment ?? null,
          labOrder: body.lab_order ?? null,
          openedBy: caller.id,
        });
        const message = await insertMessage(trx, { ticket, author: caller.id, internal: false, body: body.message });
        // Checked again under lock: two requests attaching the same upload, only one wins.
        if (!(await attachUploads(trx, attachments, caller.id, message))) throw badRequest('attachments', E.unknownAttachment);
        return ticket;
      });
      reply.code(201);
      return detailFor(db, caller, id);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/support/tickets/:id',
    { schema: contract.routeSchema('getSupportTicket'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const ticket = await visibleTicket(caller, request.params.id, 'support.ticket.read', request.id);
      return withAudit(db, { actor: caller, action: act('support.ticket.read'), client: ticket.client, requestId: request.id }, async (trx) => {
        return detailFor(trx, caller, ticket.id);
      });
    },
  );

  app.patch<{ Params: { id: number }; Body: S['SupportTicketPatch'] }>(
    '/support/tickets/:id',
    { schema: contract.routeSchema('patchSupportTicket'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const ticket = await visibleTicket(caller, request.params.id, 'support.ticket.assign', request.id);
      await admit(db, request, { action: act('support.ticket.assign'), client: ticket.client, requestId: request.id });
      const assignee = request.body.assignee ?? null;
      if (assignee !== null && !(await isStaffMember(db, assignee))) throw badRequest('assignee', E.noAssignee);
      return withAudit(db, { actor: caller, action: act('support.ticket.assign'), client: ticket.client, requestId: request.id }, async (trx) => {
        await setAssignee(trx, ticket.id, assignee);
        return detailFor(trx, caller, ticket.id);
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['SupportTicketTransition'] }>(
    '/support/tickets/:id/transitions',
    { schema: contract.routeSchema('transitionSupportTicket'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const ticket = await visibleTicket(caller, request.params.id, 'support.ticket.transition', request.id);
      await admit(db, request, { action: act('support.ticket.transition'), client: ticket.client, requestId: request.id });
      const to = request.body.to;
      return withAudit(db, { actor: caller, action: act('support.ticket.transition'), client: ticket.client, requestId: request.id }, async (trx) => {
        const current = (await lockTicket(trx, ticket.id))!;
        const now = new Date();
        // The same chart the staff page asks for its buttons decides which status changes exist.
        requireLifecycleStep(ticketLifecycle, 'ticket', current.status, to, {
          context: { by: 'staff', solvedAt: current.solved_at ? new Date(current.solved_at).toISOString() : null, now: now.toISOString() },
        });
        await setTicketStatus(trx, ticket.id, to, now);
        if (to === 'solved') await enqueueAutoClose(trx, ticket.id, now);
        return detailFor(trx, caller, ticket.id);
      });
    },
  );
}
