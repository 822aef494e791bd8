// The support desk machine bound to support's adapter: `usePageActor` (src/lib/page-actor.ts) makes the actor once with the
// adapter's calls as its actors; `useSelector` reads it through machines/support/selectors.ts.
// Opened by anyone but the client (a SUPER_ADMIN in the client's portal) the desk only reads.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { fromPromise } from 'xstate';
import { type DeskTicket, type ReplyDraft, supportDeskMachine, type TicketDraft } from '../../../machines/support/desk-machine.ts';
import { deskSelectors } from '../../../machines/support/selectors.ts';
import { useShell } from '../../app/port.ts';
import { useRecord } from '../../lib/staff/hooks.ts';
import {
  type Appointment,
  assignTicket,
  createTicket,
  type LabOrder,
  loadAppointments,
  loadLabOrders,
  loadTicket,
  loadTickets,
  moveTicket,
  sendMessage,
  type Ticket,
  type TicketDetail,
} from './support-api.ts';

export function useClientDesk(clientId: number) {
  const { api, auth } = useShell();
  const readOnly = auth.role !== 'CLIENT';
  const ref = usePageActor(
    supportDeskMachine.provide({
      actors: {
        loadTickets: fromPromise(
          async ({ input }) => (await loadTickets(api, input.client, input.query)) as unknown as { count: number; results: DeskTicket[] },
        ),
        loadTicket: fromPromise(async ({ input }) => (await loadTicket(api, input.id)) as DeskTicket),
        createTicket: fromPromise(async ({ input }) => (await createTicket(api, null, input.draft, input.key)) as DeskTicket),
        sendMessage: fromPromise(async ({ input }) => (await sendMessage(api, input.id, input.draft)) as DeskTicket),
        moveTicket: fromPromise(async ({ input }) => (await moveTicket(api, input.id, input.to)) as DeskTicket),
        assignTicket: fromPromise(async ({ input }) => (await assignTicket(api, input.id, input.assignee)) as DeskTicket),
      },
    }),
    { input: { client: clientId, readOnly } },
  );
  return {
    client: clientId,
    readOnly,
    api,
    mode: useSelector(ref, deskSelectors.mode),
    pending: useSelector(ref, deskSelectors.pending),
    tickets: useSelector(ref, deskSelectors.tickets) as unknown as Ticket[],
    selected: useSelector(ref, deskSelectors.selected) as unknown as TicketDetail | null,
    message: useSelector(ref, deskSelectors.message),
    fieldErrors: useSelector(ref, deskSelectors.fieldErrors),
    notice: useSelector(ref, deskSelectors.notice),
    retry: () => ref.send({ type: 'desk.retry' }),
    select: (id: number) => ref.send({ type: 'desk.select', id }),
    deselect: () => ref.send({ type: 'desk.deselect' }),
    create: (draft: TicketDraft) => ref.send({ type: 'desk.create', draft }),
    reply: (draft: ReplyDraft) => ref.send({ type: 'desk.reply', draft }),
  };
}

export type ClientDesk = ReturnType<typeof useClientDesk>;

/**
 * The client's appointments a new ticket may link to, for the new-ticket form (only a writable
 * desk shows it, so a read-only look never fetches them). A failure only leaves the list empty.
 */
export function useLinkableAppointments(clientId: number): Appointment[] {
  const { api } = useShell();
  return useRecord(() => loadAppointments(api, clientId)).data ?? [];
}

/** The client's lab orders a new ticket may link to, likewise. */
export function useLinkableLabOrders(clientId: number): LabOrder[] {
  const { api } = useShell();
  return useRecord(() => loadLabOrders(api, clientId)).data ?? [];
}
