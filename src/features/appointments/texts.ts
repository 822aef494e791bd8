// Every string of the appointments screen that tests assert, in one place.
export const APPOINTMENTS_TITLE = 'Appointments';
export const TODAY = 'Today';
export const PREVIOUS = 'Previous';
export const NEXT = 'Next';
export const DAY = 'Day';
export const WEEK = 'Week';
export const VIEW_LABEL = 'View';
export const COLUMNS_LABEL = 'Columns';
export const BY_STAFF = 'Staff';
export const BY_RESOURCE = 'Resources';
export const FILTER_STAFF = 'Staff member';
export const FILTER_RESOURCE_KIND = 'Resource kind';
export const FILTER_SERVICE = 'Service';
export const FILTER_STATUS = 'Status';
export const ANY = 'Any';
export const LOAD_FAILED = 'The appointments could not be loaded.';
export const RETRY = 'Retry';
export const CLOSE = 'Close';
export const DISMISS = 'Dismiss';
export const CLOSED_HOURS = 'Closed';
export const NO_APPOINTMENTS_DAY = 'No appointments on this day.';
export const CALENDAR_LABEL = 'Appointments calendar';
export const AGENDA_LABEL = 'Appointments of the day';

export const STATUS_LABELS: Record<string, string> = {
  requested: 'Requested',
  booked: 'Booked',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  rescheduled: 'Rescheduled',
};

/** The mark drawn beside an appointment for its status (also read out as the status label). */
export const STATUS_MARKS: Record<string, string> = {
  requested: '?',
  booked: '•',
  confirmed: '✓',
  checked_in: '⌂',
  in_progress: '▶',
  completed: '✔',
  cancelled: '✕',
  no_show: '∅',
  rescheduled: '↷',
};

/** The panel's buttons, by the lifecycle event they send. */
export const OPEN_VISIT_CHART = 'Open visit chart';

export const ACTION_LABELS: Record<string, string> = {
  'appointment.accept': 'Accept',
  'appointment.confirm': 'Confirm',
  'appointment.check_in': 'Check in',
  'appointment.start': 'Start',
  'appointment.complete': 'Complete',
  'appointment.mark_no_show': 'No-show',
  'appointment.cancel': 'Cancel appointment',
  'appointment.reschedule': 'Reschedule',
};

// Drag and drop.
export const MOVE_SAVED = 'The appointment was moved.';
export const MOVE_REFUSED = 'The appointment was not moved; nothing was saved.';
export const conflictLine = (who: string, from: string, to: string) => `${who} is taken from ${from} to ${to}.`;

// Booking dialog.
export const NEW_APPOINTMENT = 'New appointment';
export const CLIENT_SEARCH = 'Client (name, phone or ABHA number)';
export const NO_CLIENTS = 'No clients match.';
export const SERVICE = 'Service';
export const STAFF = 'Staff';
export const ANY_STAFF = 'First free staff member';
export const FREE_UNITS = 'Free units';
export const NOTHING_FREE =
  'Nothing is free at this time for this service and staff member. Choose one of the free times, another staff member or another service.';
export const freeTimesOn = (day: string) => `Free times on ${day}`;
export const noFreeTimesOn = (day: string) => `No free times on ${day}.`;
export const nextFreeDayOn = (day: string) => `Next free day: ${day}`;
export const NO_FREE_TIMES_AHEAD = 'No free times in the next two weeks.';
/** A staff member of a role that delivers the service but with no hours: listed, not left out. */
export const NO_WORKING_HOURS = 'no working hours set';
export const staffWithoutHours = (name: string) => `${name} — ${NO_WORKING_HOURS}`;
export const staffHasNoHours = (name: string) =>
  `${name} has no working hours set, so no time can be booked with them yet. An administrator sets them in the back office (Scheduling, Staff hours).`;
export const CHECKING = 'Checking availability…';
export const SERIES = 'Repeat as a series';
export const SERIES_COUNT = 'Sessions';
export const SERIES_DAYS = 'Days';
export const NOTES = 'Notes';
export const CONTINUE = 'Continue';
export const BACK = 'Back';
export const BOOK = 'Book';
export const CANCEL = 'Cancel';
export const BOOKING_CONFLICT = 'This time could not be booked; nothing was saved.';
export const bookedToast = (count: number) => (count === 1 ? 'The appointment was booked.' : `${count} appointments were booked.`);
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

// Side panel.
export const PANEL_LABEL = 'Appointment';
export const AGE = 'Age';
export const RESOURCES = 'Resources';
export const PACKAGE_BALANCE = 'Package balance';
export const NO_PACKAGE = 'No package';
export const sessionsLeft = (therapy: string, left: number, total: number) => `${therapy}: ${left} of ${total} sessions left`;
export const STATUS_HISTORY = 'Status history';
// The appointment's visit chart in words: shared with the client record, so kept with the appointments' chart.
export { CHART_LABEL, CHART_STATUS_LABELS, chartStatusText, signedBy } from '../../../machines/appointments/chart-texts.ts';
export const CANCEL_REASON = 'Reason for cancelling';
export const CANCEL_TITLE = 'Cancel the appointment';
export const KEEP = 'Keep it';
export const RESCHEDULE_TITLE = 'Reschedule the appointment';
export const NEW_START = 'New start';
export const SAVE = 'Save';
export const statusChanged = (label: string) => `The appointment is now ${label.toLowerCase()}.`;
/** The client's allergies and alert notes from their profile (issue 24), on every appointment. */
export const CLIENT_ALLERGIES = (allergies: string) => `Allergies: ${allergies}`;
export const CLIENT_ALERT_NOTE = (note: string) => `Alert: ${note}`;
export const CLIENT_ALERTS: Record<string, string> = {
  inactive: 'Account deactivated',
  noConsent: 'No HIPAA consent',
  noEmergencyContact: 'No emergency contact',
  noDateOfBirth: 'No date of birth',
};

// Portal bookings shown to staff.
export const portalBookingsToast = (count: number) => (count === 1 ? 'A client booked an appointment online.' : `${count} appointments were booked online.`);
export const NEW_PORTAL_BOOKINGS = (count: number) => (count === 1 ? 'New online booking:' : `${count} new online bookings:`);
export const MARK_SEEN = 'Mark as seen';
