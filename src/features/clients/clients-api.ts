// The clients hub's calls: one page of clients for the grid's query, the program catalogue for
// the filter, and creating a client (POST users/users with role CLIENT).
import type { ListPage, ListQuery } from '../../../machines/staff/list-machine';
import type { ApiClient } from '../../lib/api-client';
import { profileValue } from '../../../machines/rules/profile-rules';
import { unwrap } from '../../lib/api-failure';
import { pageParams } from '../../lib/staff/list-query';

/** Grid column -> the server's `ordering` field. */
export const CLIENT_SORT_FIELDS: Record<string, string> = { name: 'last_name', email: 'email', date_joined: 'date_joined' };

export async function fetchClientsPage(api: ApiClient, q: ListQuery): Promise<ListPage> {
  const f = q.filters;
  const data = await unwrap(
    api.GET('/users/users', {
      params: {
        query: {
          role: 'CLIENT',
          ...pageParams(q),
          is_active: f.status === 'inactive' ? false : undefined,
          program: f.program ? Number(f.program) : undefined,
          consent: f.consent === 'yes' ? true : f.consent === 'no' ? false : undefined,
        },
      },
    }),
  );
  return { count: data.count, rows: data.results as ListPage['rows'] };
}

export async function fetchPrograms(api: ApiClient) {
  return unwrap(api.GET('/programs/programs', {}));
}

export interface NewClient {
  first_name: string;
  last_name: string;
  email: string;
  phone_number?: string;
  date_of_birth?: string;
  gender?: 'M' | 'F' | null;
}

export async function createClient(api: ApiClient, values: NewClient) {
  const phone = profileValue('phone_number', values.phone_number);
  const body = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    role: 'CLIENT' as const,
    ...(phone ? { phone_number: phone } : {}),
    ...(values.date_of_birth ? { date_of_birth: values.date_of_birth } : {}),
    ...(values.gender ? { gender: values.gender } : {}),
  };
  return unwrap(api.POST('/users/users', { body }));
}
