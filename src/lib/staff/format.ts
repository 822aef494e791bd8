// How the staff pages write names, dates and statuses.
export function fullName(user: { first_name?: string | null; last_name?: string | null }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || 'Unknown';
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

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
