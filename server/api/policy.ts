// Who may do what, decided on the server for every request (docs/authorization.md).
// Ownership answers differ by audience: another user's record answers 404 to a CLIENT (its
// existence is not theirs to learn) and 403 to staff lacking the right.
//
// The roles and who may manage whom are the clinic's rules, defined once in machines/ (the app
// offers what these allow; the server decides with the same functions).
import { ADMIN_ROLES, type Role as ClinicRole, ROLES, STAFF_ROLES } from '../../machines/guard/roles.ts';
import { canManageRole } from '../../machines/staff/user-rules.ts';
import { isBookingRole, staffMayTakeStep } from '../../machines/appointments/delivery-roles.ts';
import type { TicketCategory } from '../../machines/support/support-rules.ts';
import { categoriesFor, handlesCategory, runsLabDesk, type TicketRouting } from '../../machines/staff/work-routing.ts';
import type { Caller } from '../auth/bearer.ts';
import { HttpError } from '../http/errors.ts';

export { ADMIN_ROLES, canManageRole, handlesCategory, isBookingRole, ROLES, runsLabDesk, staffMayTakeStep };
export type { Caller };

export const isStaff = (role: ClinicRole) => STAFF_ROLES.includes(role);
/** A client of the clinic (the caller, or the person a request names): they reach their own record only. */
export const isClientRole = (role: ClinicRole) => role === 'CLIENT';
/** A doctor: the one role that may override a screening or chart against its result. */
export const isDoctor = (role: ClinicRole) => role === 'DOCTOR';
export const isAdmin = (role: ClinicRole) => ADMIN_ROLES.includes(role);

/**
 * Which ticket categories a caller works: a client every one of their own tickets (ownership is
 * checked per ticket), staff the categories the clinic routes to their role (issue 32).
 */
export const answersCategory = (caller: Caller, category: TicketCategory, routing: TicketRouting) =>
  !isStaff(caller.role) || handlesCategory(caller.role, category, routing);
/** The categories a staff caller's ticket lists are narrowed to; undefined (no narrowing) for a client. */
export const answeredCategories = (caller: Caller, routing: TicketRouting): TicketCategory[] | undefined =>
  isStaff(caller.role) ? categoriesFor(caller.role, routing) : undefined;

/** Profile fields only the clinic sets. */
export const CLINIC_ONLY_FIELDS = ['role', 'clinic', 'appointment_duration', 'allergies', 'alert_notes'] as const;
export const CONSENT_FIELDS = ['hipaa_consent', 'hipaa_consent_date', 'hipaa_consent_version'] as const;

export const DENIED = {
  notFound: 'Not found.',
  staffOnly: 'Only clinic staff may do this.',
  adminOnly: 'Only an ADMIN or SUPER_ADMIN may do this.',
  manageRole: (role: ClinicRole) =>
    isAdmin(role) ? `Only a SUPER_ADMIN may create or change ${role} users.` : `Only an ADMIN or SUPER_ADMIN may create or change ${role} users.`,
  ownRole: 'Nobody may change their own role.',
  ownAccount: 'You cannot delete your own account.',
  clinicOnly: (fields: string[]) => `Only clinic staff may change ${fields.join(', ')}.`,
  consentOthers: 'Only the client may record their own consent.',
  labDesk: 'Only the staff who run the lab desk may do this (back office: clinic settings).',
  billing: 'Only RECEPTION or an ADMIN may bill and take payments.',
  billingRead: 'Only RECEPTION, an ADMIN or a SUPER_ADMIN may read billing.',
  billingPay: 'Only the client, RECEPTION or an ADMIN may open a link to pay an invoice online.',
  billingAdmin: "Only an ADMIN may change the clinic's tax settings and products.",
  balanceRead: "Only the staff who bill, a DOCTOR or a NURSE may read a client's balance.",
  ticketCategory: (category: string) => `Your role does not answer ${category} tickets (back office: clinic settings).`,
} as const;

export function notFound(): HttpError {
  return new HttpError(404, DENIED.notFound);
}

/** Another user's record the caller may not touch: 404 to a client, 403 to staff. */
export function othersRecord(caller: Caller, detail: string): HttpError {
  return isClientRole(caller.role) ? notFound() : new HttpError(403, detail);
}

export function forbidden(detail: string): HttpError {
  return new HttpError(403, detail);
}
