// How the staff pages write names, dates and roles.
export function fullName(user: { first_name?: string | null; last_name?: string | null }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || 'Unknown';
}

// Dates are written by the one formatting module, in the clinic's locale and time zone.
export { formatDate, formatDateTime, formatPhone } from '../format.ts';

export const ROLE_LABELS: Record<string, string> = {
  CLIENT: 'Client',
  NURSE: 'Nurse',
  RECEPTION: 'Reception',
  DOCTOR: 'Doctor',
  HEALTH_COACH: 'Health coach',
  NUTRITIONIST: 'Nutritionist',
  ADMIN: 'Admin',
  SUPER_ADMIN: 'Super admin',
};
