// Booking from the portal (issue 16): an in-clinic therapy session paid from package credits
// (/user/in-clinic) or a phone or video call with a health coach or nurse (/user/intake-call).
// The services, the client's packages and the booking rules load first; choosing a service needs a
// package session left for an in-clinic therapy (no credit, no booking: the reason is shown);
// then the preparation steps and the screening questions (or the pre-call form, and phone or
// video), all answered; then the booking chart (machines/appointments/booking-machine.ts) picks a
// free time and books it, invoked as `booking`. The adapter's booking call sends the answers and
// the package with the time, and reports the booking here (`visit.booked`); the booking chart
// ending any other way (the client cancelled it) returns to the answers.
import { assign, fromPromise, setup } from 'xstate';
import { bookingMachine } from '../appointments/booking-machine.ts';
import { addDays } from '../appointments/scheduling-rules.ts';
import { failureOf } from '../rules/failure.ts';
import { PRE_CALL_FORM, paidFromCredits, preparationFor } from './visit-preparation.ts';

export type VisitKind = 'in_clinic' | 'call';
export type CallChannel = 'phone' | 'video';

export interface BookableService {
  id: number;
  name: string;
  therapy: string;
  duration_minutes: number | null;
  delivered_by: string[];
  bookable_online: boolean;
  active: boolean;
}

export interface CreditPackage {
  id: number;
  therapy: string;
  sessions_left: number;
  expires_on: string | null;
}

export interface VisitCatalogue {
  services: BookableService[];
  packages: CreditPackage[];
  timeZone: string;
}

/** Who delivers an intake call. */
export const CALL_ROLES = ['HEALTH_COACH', 'NURSE'];

/** The services this page books: in-clinic therapies with preparation data, or calls with a coach or nurse. */
export function servicesFor(kind: VisitKind, services: readonly BookableService[]): BookableService[] {
  const online = services.filter((s) => s.active && s.bookable_online);
  return kind === 'in_clinic'
    ? online.filter((s) => paidFromCredits(s.therapy))
    : online.filter((s) => !paidFromCredits(s.therapy) && s.delivered_by.some((r) => CALL_ROLES.includes(r)));
}

/** The package a session of this therapy is drawn from: the one with sessions left that expires first. */
export function creditFor(therapy: string, packages: readonly CreditPackage[], today: string): CreditPackage | null {
  const usable = packages.filter((p) => p.therapy === therapy && p.sessions_left > 0 && (p.expires_on === null || p.expires_on >= today));
  usable.sort((a, b) => (a.expires_on ?? '9999').localeCompare(b.expires_on ?? '9999'));
  return usable[0] ?? null;
}

/** The sessions left for a therapy across the client's packages. */
export const balanceFor = (therapy: string, packages: readonly CreditPackage[], today: string): number =>
  packages.filter((p) => p.therapy === therapy && (p.expires_on === null || p.expires_on >= today)).reduce((n, p) => n + Math.max(0, p.sessions_left), 0);

/** The questions to answer before booking: the therapy's screening questions, or the pre-call form. */
export function questionsFor(kind: VisitKind, therapy: string | null) {
  if (kind === 'call') return PRE_CALL_FORM;
  return (therapy && preparationFor(therapy)?.screening) || [];
}

interface Context {
  clientId: string;
  clientLabel: string;
  kind: VisitKind;
  today: string;
  services: BookableService[];
  packages: CreditPackage[];
  timeZone: string;
  service: BookableService | null;
  package: number | null;
  answers: Record<string, string>;
  channel: 'in_clinic' | CallChannel;
  booked: { start: string } | null;
  message: string | null;
}

type Event =
  | { type: 'visit.retry' }
  | { type: 'visit.selectService'; service: number }
  | { type: 'visit.answer'; key: string; value: string }
  | { type: 'visit.setChannel'; channel: CallChannel }
  | { type: 'visit.next' }
  | { type: 'visit.back' }
  | { type: 'visit.booked'; start: string }
  | { type: 'visit.again' };

export const visitBookingMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { clientId: string; clientLabel?: string; kind: VisitKind; today: string },
    events: {} as Event,
  },
  actors: {
    loadCatalogue: fromPromise<VisitCatalogue, { clientId: string }>(async () => {
      throw new Error('loadCatalogue not provided');
    }),
    booking: bookingMachine,
  },
  guards: {
    // An in-clinic therapy needs a session left; a call needs none.
    mayBook: ({ context, event }) => {
      if (event.type !== 'visit.selectService') return false;
      const service = servicesFor(context.kind, context.services).find((s) => s.id === event.service);
      if (!service) return false;
      return context.kind === 'call' || creditFor(service.therapy, context.packages, context.today) !== null;
    },
    answeredAll: ({ context }) => {
      const questions = questionsFor(context.kind, context.service?.therapy ?? null);
      // Screening questions are all answered; of the pre-call form, at least what the call is about.
      const required = context.kind === 'call' ? questions.slice(0, 1) : questions;
      return required.every((q) => (context.answers[q.key] ?? '').trim() !== '');
    },
  },
  actions: {
    storeCatalogue: assign({
      services: (_, params: VisitCatalogue) => params.services,
      packages: (_, params: VisitCatalogue) => params.packages,
      timeZone: (_, params: VisitCatalogue) => params.timeZone,
      message: null,
    }),
    chooseService: assign(({ context, event }) => {
      if (event.type !== 'visit.selectService') return {};
      const service = context.services.find((s) => s.id === event.service) ?? null;
      const credit = service && context.kind === 'in_clinic' ? creditFor(service.therapy, context.packages, context.today) : null;
      return {
        service,
        package: credit?.id ?? null,
        answers: {},
        channel: context.kind === 'call' ? ('phone' as const) : ('in_clinic' as const),
        message: null,
      };
    }),
    refuseService: assign({ message: 'noCredit' }),
    storeAnswer: assign({
      answers: ({ context, event }) => (event.type === 'visit.answer' ? { ...context.answers, [event.key]: event.value } : context.answers),
    }),
    storeChannel: assign({ channel: ({ context, event }) => (event.type === 'visit.setChannel' && context.kind === 'call' ? event.channel : context.channel) }),
    storeBooked: assign({ booked: ({ event }) => (event.type === 'visit.booked' ? { start: event.start } : null) }),
    storeFailure: assign({ message: (_, params: { error: unknown }) => failureOf(params.error).message }),
    reset: assign({ service: null, package: null, answers: {}, booked: null, message: null }),
  },
}).createMachine({
  id: 'visitBooking',
  context: ({ input }) => ({
    clientId: input.clientId,
    clientLabel: input.clientLabel ?? '',
    kind: input.kind,
    today: input.today,
    services: [],
    packages: [],
    timeZone: 'Asia/Kolkata',
    service: null,
    package: null,
    answers: {},
    channel: input.kind === 'call' ? 'phone' : 'in_clinic',
    booked: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'choosing', actions: { type: 'storeCatalogue', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'visit.retry': 'loading' } },
    choosing: {
      on: {
        'visit.selectService': [{ guard: 'mayBook', target: 'preparing', actions: 'chooseService' }, { actions: 'refuseService' }],
      },
    },
    preparing: {
      on: {
        'visit.answer': { actions: 'storeAnswer' },
        'visit.setChannel': { actions: 'storeChannel' },
        'visit.next': { guard: 'answeredAll', target: 'booking' },
        'visit.back': { target: 'choosing', actions: 'reset' },
      },
    },
    booking: {
      invoke: {
        id: 'booking',
        src: 'booking',
        input: ({ context }) => ({
          client: { id: Number(context.clientId), label: context.clientLabel },
          service: context.service!.id,
          range: { dateFrom: context.today, dateTo: addDays(context.today, 13) },
        }),
        // Ended without a booking (cancelled): back to the answers, which are kept.
        onDone: 'preparing',
      },
      on: {
        'visit.booked': { target: 'booked', actions: 'storeBooked' },
      },
    },
    booked: {
      on: { 'visit.again': { target: 'loading', actions: 'reset' } },
    },
  },
});
