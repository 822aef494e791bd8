// Every message the scheduling API answers with, in one place (tests assert them).
export const SCHEDULING_TEXTS = {
  noService: 'No such service.',
  inactiveService: 'This service is not offered any more (inactive).',
  notOnline: 'This service cannot be booked online; please contact the clinic.',
  noClient: 'No such client.',
  noStaff: 'No such staff member.',
  mayNotDeliver: (role: string) => `A ${role} may not deliver this service.`,
  notWorking: 'This staff member is not working at that time.',
  noOffset: 'Must be an ISO 8601 date-time with a UTC offset (e.g. 2026-03-02T10:00:00+05:30).',
  endBeforeStart: 'Must be after start.',
  outsideHours: 'Outside the clinic’s opening hours (or a holiday).',
  tooSoon: (minutes: number) => `Online bookings need at least ${minutes} minutes’ notice.`,
  inThePast: 'Must be in the future.',
  beyondHorizon: (days: number) => `Bookings open at most ${days} days ahead.`,
  rangeTooLong: (days: number) => `The range may cover at most ${days} days.`,
  rangeBackwards: 'Must be on or after date_from.',
  unknownKind: 'No such resource kind.',
  noResource: 'No such resource.',
  noPackage: 'No such package for this client.',
  packageUsedUp: 'This package has no sessions left (or has expired).',
  packageTherapy: 'This package does not cover this therapy.',
  packageNotUsable: (status: string) => `A package that is ${status.replace('_', ' ')} cannot be booked against.`,
  badZone: 'Not a time zone the server knows (an IANA name such as Asia/Kolkata).',
  reasonRequired: 'A reason is required to cancel.',
  startRequired: 'A new start is required to reschedule.',
  endOnlyWithReschedule: 'A new end is given only when rescheduling, with the new start.',
  clientNoLength: 'Only the clinic changes how long an appointment lasts.',
  conflict: 'That time is taken.',
  staffTaken: 'The staff member is already booked then.',
  resourceTaken: (kind: string) => `No ${kind} is free then.`,
  nobodyFree: 'No staff member who may deliver this service is free then.',
  clientLate: 'Inside the late-cancellation window: please contact the clinic to cancel or reschedule.',
  seriesConflicts: 'Some occurrences of the series are not free; nothing was booked.',
  seriesNothingFree: 'No occurrence of the series is free; nothing was booked.',
  deliveryOnly: 'Only staff who deliver this service, the front desk or an administrator may do this.',
  checkInTooEarly: (hours: number, opens: string) =>
    `Too early to check in: check-in opens ${hours} ${hours === 1 ? 'hour' : 'hours'} before the start, at ${opens}.`,
  checkInDayOver: 'The day of this appointment has ended: it can no longer be checked in. Mark it as a no-show or reschedule it.',
  completesWithChart: 'This appointment has a visit chart: it is completed when its chart is completed.',
  chartLost: (status: string) => `The appointment is ${status}: its visit chart cannot move it any more.`,
  bookingRolesOnly: 'Only RECEPTION, ADMIN or SUPER_ADMIN may do this.',
  clientMayNot: 'Only the clinic records this step; you may confirm, reschedule or cancel your own appointment.',
  offerGone: 'This slot has already been taken.',
  offerNotOpen: 'This offer is no longer open.',
  // What check-in answers about a package credit (issue 35); the desk shows it as it comes.
  creditRedeemed: (pkg: string) => `Checked in: one credit used from ${pkg}.`,
  noCreditLeft: 'Checked in, but no package credit was left for this visit: it is billed at the service’s price.',
} as const;

// What reminders and waitlist messages say; each names the clinic (its name from /backoffice) so an
// email or SMS says who sent it.
export const MESSAGES = {
  reminderSubject: 'Appointment reminder',
  reminder: (clinic: string, service: string, when: string) =>
    `Reminder from ${clinic}: your ${service} appointment is on ${when}. Reply or call ${clinic} to change it.`,
  offerSubject: 'A slot has opened up',
  offer: (clinic: string, service: string, when: string, offer: number) =>
    `${clinic}: a ${service} slot on ${when} is free. Accept it in the portal (offer ${offer}); the first to accept gets it.`,
  goneSubject: 'The slot has been taken',
  gone: (clinic: string, service: string, when: string) =>
    `${clinic}: the ${service} slot on ${when} has been taken by someone else. You stay on the waitlist.`,
} as const;

// The scheduling back office's words (package catalogue and impact cancellations).
export const BACKOFFICE_TEXTS = {
  planInactive: 'This package is no longer sold (inactive).',
  notCancellable: 'Only booked appointments that have not started may be cancelled here.',
  cancelledSubject: 'Your appointment was cancelled',
  cancelled: (clinic: string, service: string, when: string, reason: string) =>
    `Your ${service} appointment on ${when} was cancelled by ${clinic}: ${reason.replace(/[.!?]?$/, '.')} Please contact ${clinic} or book a new time in the portal.`,
} as const;

// Packages sold through billing (issue 35): sale, freeze, transfer, refund, family.
export const PACKAGE_SALE_TEXTS = {
  billingNotSetUp: 'Billing is not set up, so this sale cannot make its invoice: an ADMIN saves the billing settings first.',
  freezeOneOf: 'Give either days or until, one of the two.',
  untilNotAhead: 'The last frozen day must be today or later.',
  freezeBeyondAllowance: (left: number) =>
    left === 0 ? 'This package has no freeze days left.' : `This package can be frozen for at most ${left} more day${left === 1 ? '' : 's'}.`,
  notFrozen: 'This package is not frozen.',
  notFreezable: (status: string) => `A package that is ${status} cannot be frozen.`,
  notTransferable: (status: string) => `A package that is ${status} cannot be transferred.`,
  transferToSelf: 'The package already belongs to this client.',
  notRefundable: (status: string) => `A package that is ${status} cannot be refunded.`,
  sessionsHeld: 'This package has booked sessions: cancel them, or let them take place, before refunding it.',
  noInvoice: 'This package was not sold on an invoice, so there is nothing to credit.',
  nothingLeft: 'No credit is left on this package, so nothing is refunded.',
  familyWithSelf: 'A client cannot join their own family.',
  clientsOnly: "Only a client buys a package for themselves here; the front desk sells one on the client's record.",
  transferAdminsOnly: 'Only ADMIN or SUPER_ADMIN may transfer a package.',
  noSuchClient: 'No such client.',
} as const;
