// What the portal's booking views read from the upcoming-visits and visit-booking charts (and the
// booking chart they invoke), by name: views never read state names or context fields directly.
import type { SnapshotFrom } from 'xstate';
import type { bookingMachine } from '../appointments/booking-machine.ts';
import { offerAt } from '../appointments/booking-machine.ts';
import type { upcomingMachine } from './upcoming-machine.ts';
import { clientChange, isPast, isUpcoming, type PortalAppointment } from './upcoming-rules.ts';
import { balanceFor, creditFor, questionsFor, servicesFor, type visitBookingMachine } from './visit-booking-machine.ts';
import { preparationFor } from './visit-preparation.ts';

type Upcoming = SnapshotFrom<typeof upcomingMachine>;

export const upcomingSelectors = {
  mode: (s: Upcoming): 'loading' | 'failed' | 'ready' => (s.matches('failed') ? 'failed' : s.context.rules === null ? 'loading' : 'ready'),
  /** Upcoming visits, soonest first, each with what the client may do (judged when the list was loaded). */
  upcoming: (s: Upcoming, now = s.context.loadedAt): Array<PortalAppointment & { change: 'change' | 'contact' | 'none' }> =>
    s.context.rules === null
      ? []
      : s.context.appointments
          .filter((a) => isUpcoming(a, now))
          .map((a) => ({ ...a, change: s.context.readOnly ? ('none' as const) : clientChange(a, s.context.rules!, now) })),
  past: (s: Upcoming, now = s.context.loadedAt): PortalAppointment[] => s.context.appointments.filter((a) => isPast(a, now)).reverse(),
  confirmingCancel: (s: Upcoming) => s.matches('confirmingCancel') || s.matches('cancelling'),
  choosingStart: (s: Upcoming) => s.matches('findingStarts') || s.matches('choosingStart') || s.matches('rescheduling'),
  chosen: (s: Upcoming) => s.context.appointments.find((a) => a.id === s.context.chosen) ?? null,
  starts: (s: Upcoming) => s.context.starts,
  timeZone: (s: Upcoming) => s.context.rules?.time_zone ?? 'Asia/Kolkata',
  readOnly: (s: Upcoming) => s.context.readOnly,
  lateHours: (s: Upcoming) => s.context.rules?.late_cancel_hours ?? 24,
  message: (s: Upcoming) => s.context.message,
  notice: (s: Upcoming) => s.context.notice,
  isPending: (s: Upcoming) => s.hasTag('pending'),
};

type Visit = SnapshotFrom<typeof visitBookingMachine>;

export const visitSelectors = {
  view: (s: Visit): 'loading' | 'failed' | 'choosing' | 'preparing' | 'booking' | 'booked' =>
    s.matches('failed')
      ? 'failed'
      : s.matches('loading')
        ? 'loading'
        : s.matches('choosing')
          ? 'choosing'
          : s.matches('preparing')
            ? 'preparing'
            : s.matches('booking')
              ? 'booking'
              : 'booked',
  /** The services this page offers, each with the client's balance and whether it can be booked now. */
  services: (s: Visit) =>
    servicesFor(s.context.kind, s.context.services).map((service) => ({
      service,
      balance: s.context.kind === 'in_clinic' ? balanceFor(service.therapy, s.context.packages, s.context.today) : null,
      bookable: s.context.kind === 'call' || creditFor(service.therapy, s.context.packages, s.context.today) !== null,
    })),
  kind: (s: Visit) => s.context.kind,
  service: (s: Visit) => s.context.service,
  preparation: (s: Visit) => (s.context.service && s.context.kind === 'in_clinic' ? preparationFor(s.context.service.therapy) : null),
  questions: (s: Visit) => questionsFor(s.context.kind, s.context.service?.therapy ?? null),
  answers: (s: Visit) => s.context.answers,
  channel: (s: Visit) => s.context.channel,
  canContinue: (s: Visit) => s.can({ type: 'visit.next' }),
  noCredit: (s: Visit) => s.context.message === 'noCredit',
  message: (s: Visit) => (s.context.message === 'noCredit' ? null : s.context.message),
  booked: (s: Visit) => s.context.booked,
  timeZone: (s: Visit) => s.context.timeZone,
  /** The package credit an in-clinic session will use (its sessions left and expiry), null when none (a call). */
  credit: (s: Visit) => {
    const chosen = s.context.package === null ? null : (s.context.packages.find((p) => p.id === s.context.package) ?? null);
    return chosen && s.context.service ? { left: chosen.sessions_left, therapy: s.context.service.therapy, expires_on: chosen.expires_on } : null;
  },
  /** What the booking call sends besides the time: the package drawn from, the channel, the answers. */
  extras: (s: Visit) => ({ package: s.context.package, channel: s.context.channel, answers: s.context.answers, therapy: s.context.service?.therapy ?? '' }),
  bookingRef: (s: Visit) => s.children.booking,
  isPending: (s: Visit) => s.hasTag('pending'),
};

type Booking = SnapshotFrom<typeof bookingMachine>;

/** The invoked booking chart, as the portal shows it: free times, the chosen one, confirm, the ending. */
export const portalBookingSelectors = {
  step: (s: Booking): 'slots' | 'details' | 'confirm' | 'booking' | 'conflict' | 'failed' | 'done' =>
    s.matches('slot')
      ? 'slots'
      : s.matches('details')
        ? 'details'
        : s.matches('confirm')
          ? 'confirm'
          : s.matches('booking')
            ? 'booking'
            : s.matches('conflict')
              ? 'conflict'
              : s.matches('failed')
                ? 'failed'
                : 'done',
  offers: (s: Booking) => s.context.offers,
  slot: (s: Booking) => s.context.slot,
  offered: (s: Booking) => offerAt(s.context.offers, s.context.slot) !== null,
  canContinue: (s: Booking) => s.can({ type: 'booking.next' }),
  error: (s: Booking) => s.context.error,
  isPending: (s: Booking) => s.hasTag('pending'),
};
