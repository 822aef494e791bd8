// Strings of /backoffice's scheduling tabs that tests assert.
export const TAB_LABELS = {
  general: 'Programs and clinic',
  services: 'Services',
  resources: 'Resources',
  staffHours: 'Staff hours',
  clinicHours: 'Opening hours',
  packages: 'Packages',
  rules: 'Booking rules',
  labs: 'Labs',
  therapies: 'Therapies',
} as const;

export const SERVICE_SAVED = (name: string) => `${name} saved.`;
export const NEW_SERVICE = 'New service';
export const EDIT_SERVICE = 'Edit service';
export const NEW_RESOURCE = 'New resource';
export const RESOURCE_SAVED = (name: string) => `${name} saved.`;
export const HOURS_SAVED = 'Hours saved.';
export const STAFF_HOURS_SAVED = (name: string) => `${name}'s hours saved.`;
export const RULES_SAVED = 'Booking rules saved.';
/** The booking rules' switch for package credits on a no-show or late client cancellation (issue 35). */
export const FORFEIT_CREDIT_LABEL = 'A no-show or a late cancellation by the client uses up the package credit';
export const FORFEIT_CREDIT_HINT = 'A cancellation by the clinic, or one in time, never does.';
export const NEW_PLAN = 'New package';
export const EDIT_PLAN = 'Edit package';
export const PLAN_SAVED = (name: string) => `${name} saved.`;
/** A plan's two terms of issue 35, copied into each package sold from it. */
export const PLAN_SHAREABLE_LABEL = 'Shared within a family';
export const PLAN_SHAREABLE_HINT = "The holder's family members may use its sessions.";
export const PLAN_FREEZE_LABEL = 'Freeze allowance (days)';
export const PLAN_FREEZE_HINT = 'Days in all a package may be frozen; 0: never.';
export const CANCELLED_TOO = (count: number) => ` ${count} appointment${count === 1 ? ' was' : 's were'} cancelled and the clients told.`;

export const IMPACT_TITLE = 'Booked appointments this change affects';
export const IMPACT_INTRO = (total: number) =>
  `${total} booked appointment${total === 1 ? '' : 's'} would fall outside the new rules. What should happen to ${total === 1 ? 'it' : 'them'}?`;
export const IMPACT_MORE = (shown: number, total: number) => `Showing the first ${shown} of ${total}.`;
export const KEEP_AS_EXCEPTIONS = 'Keep them as exceptions';
export const CANCEL_AND_NOTIFY = 'Cancel them and notify the clients';
export const DROP_CHANGE = 'Cancel the change';
export const CANCEL_REASON_LABEL = 'Reason given to the clients';
export const DEFAULT_CANCEL_REASON = 'The clinic has changed its schedule.';

export { WEEKDAYS } from '../../../lib/staff/shift-rows.tsx';

/** A package's therapy is chosen from those the services deliver (issue 32). */
export const PLAN_THERAPY_HELP = 'The therapy its sessions pay for: booking one of its services uses a session.';
export const NO_THERAPIES = 'No service delivers a therapy yet: add a service first (Services tab).';
