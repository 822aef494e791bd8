// /users calls: one page of users, creating one, changing a role (PATCH users/user-profiles),
// and the account actions (deactivate, reactivate, resend invitation, reset password).
import type { Role } from '../../../machines/guard/roles';
import { deliveringRoles } from '../../../machines/appointments/scheduling-rules';
import type { InvitedUser, WeeklyShift } from '../../../machines/staff/invite-machine';
import type { ListPage, ListQuery } from '../../../machines/staff/list-machine';
import type { ApiClient } from '../../lib/api-client';
import { profileValue } from '../../../machines/rules/profile-rules';
import { unwrap } from '../../lib/api-failure';
import { pageParams } from '../../lib/staff/list-query';

export const USER_SORT_FIELDS: Record<string, string> = { name: 'last_name', email: 'email', role: 'role', date_joined: 'date_joined' };

export async function fetchUsersPage(api: ApiClient, q: ListQuery): Promise<ListPage> {
  const f = q.filters;
  const data = await unwrap(
    api.GET('/users/users', {
      params: {
        query: {
          ...pageParams(q),
          role: (f.role || undefined) as Role | undefined,
          is_active: f.status === 'inactive' ? false : undefined,
        },
      },
    }),
  );
  return { count: data.count, rows: data.results as ListPage['rows'] };
}

export function createUser(api: ApiClient, v: { first_name: string; last_name: string; email: string; role: Role; phone_number?: string }) {
  const phone = profileValue('phone_number', v.phone_number);
  return unwrap(
    api.POST('/users/users', {
      body: { first_name: v.first_name.trim(), last_name: v.last_name.trim(), email: v.email.trim(), role: v.role, ...(phone ? { phone_number: phone } : {}) },
    }),
  );
}

export const changeRole = (api: ApiClient, id: number, role: Role) => unwrap(api.PATCH('/users/user-profiles/{id}', { params: { path: { id } }, body: { role } }));

export function runAction(api: ApiClient, id: number, action: 'deactivate' | 'reactivate' | 'resend' | 'reset') {
  const init = { params: { path: { id } } };
  switch (action) {
    case 'deactivate':
      return unwrap(api.POST('/users/users/{id}/deactivate', init));
    case 'reactivate':
      return unwrap(api.POST('/users/users/{id}/reactivate', init));
    case 'resend':
      return unwrap(api.POST('/users/users/{id}/resend-invitation', init));
    case 'reset':
      return unwrap(api.POST('/users/users/{id}/reset-password', init));
  }
}

/**
 * What the invitation and the list need to know of scheduling: the roles that deliver a service
 * (asked for working hours), the clinic's opening hours (the hours a new staff member starts
 * from), and who has weekly hours or extra shifts.
 */
export async function loadHoursFacts(api: ApiClient) {
  const [services, hours] = await Promise.all([unwrap(api.GET('/appointments/services', {})), unwrap(api.GET('/appointments/hours', {}))]);
  const openingHours: WeeklyShift[] = hours.clinic_hours.map((h) => ({ weekday: h.weekday, from: h.opens.slice(0, 5), to: h.closes.slice(0, 5) }));
  return { deliveringRoles: [...deliveringRoles(services)], openingHours, staffHours: hours.staff_hours, staffExceptions: hours.staff_exceptions };
}

export type HoursFacts = Awaited<ReturnType<typeof loadHoursFacts>>;

/** A staff member's weekly hours (replacing any they had). */
export const saveWeeklyHours = (api: ApiClient, staff: number, weekly: WeeklyShift[]) =>
  unwrap(api.PATCH('/appointments/hours', { body: { staff_hours: [{ staff, weekly: weekly.map((w) => ({ weekday: w.weekday, starts: w.from, ends: w.to })) }] } }));

export const createStaffUser = async (api: ApiClient, values: Record<string, unknown>): Promise<InvitedUser> => (await createUser(api, values as never)) as InvitedUser;
