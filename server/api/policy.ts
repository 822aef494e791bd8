// Who may do what, decided on the server for every request (README "Authorization matrix").
// Ownership answers differ by audience: another user's record answers 404 to a CLIENT (its
// existence is not theirs to learn) and 403 to staff lacking the right.
import type { ClinicRole } from '../identity/contracts.ts';
import { HttpError } from '../http/errors.ts';

export const ROLES: readonly ClinicRole[] = [
  'CLIENT',
  'NURSE',
  'RECEPTION',
  'DOCTOR',
  'HEALTH_COACH',
  'NUTRITIONIST',
  'ADMIN',
  'SUPER_ADMIN',
];

export const ADMIN_ROLES: readonly ClinicRole[] = ['ADMIN', 'SUPER_ADMIN'];

/** The signed-in caller, as the users table knows them on this request. */
export interface Caller {
  id: number;
  role: ClinicRole;
  sub: string;
}

export const isStaff = (role: ClinicRole) => role !== 'CLIENT';
export const isAdmin = (role: ClinicRole) => role === 'ADMIN' || role === 'SUPER_ADMIN';

/**
 * Whether `caller` may create, change or remove a user holding `targetRole`: any staff for
 * clients, ADMIN and SUPER_ADMIN for staff, only SUPER_ADMIN for ADMIN and SUPER_ADMIN.
 */
export function canManageRole(caller: ClinicRole, targetRole: ClinicRole): boolean {
  if (targetRole === 'CLIENT') return isStaff(caller);
  if (isAdmin(targetRole)) return caller === 'SUPER_ADMIN';
  return isAdmin(caller);
}

/** Profile fields only the clinic sets. */
export const CLINIC_ONLY_FIELDS = ['role', 'clinic', 'appointment_duration'] as const;
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
  consentOthers: "Only the client may record their own consent.",
} as const;

export function notFound(): HttpError {
  return new HttpError(404, DENIED.notFound);
}

/** Another user's record the caller may not touch: 404 to a client, 403 to staff. */
export function othersRecord(caller: Caller, detail: string): HttpError {
  return caller.role === 'CLIENT' ? notFound() : new HttpError(403, detail);
}

export function forbidden(detail: string): HttpError {
  return new HttpError(403, detail);
}
