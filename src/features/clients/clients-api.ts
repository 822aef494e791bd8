// The clients hub's calls: one page of clients for the grid's query, the program catalogue for
// the filter, and creating a client (POST users/users with role CLIENT).
import type { components } from '../../../openapi/generated/api';
import type { ListPage, ListQuery } from '../../../machines/staff/list-machine';
import type { ApiClient } from '../../lib/api-client';
import { profileValue } from '../../../machines/rules/profile-rules';
import { unwrap } from '../../lib/api-failure';
import { pageParams } from '../../lib/staff/list-query';

export type ClientStatus = components['schemas']['ClientStatus'];
const CLIENT_STATUSES: readonly string[] = ['prospective', 'active', 'inactive', 'archived'] satisfies ClientStatus[];
const isClientStatus = (value: string | undefined): value is ClientStatus => value !== undefined && CLIENT_STATUSES.includes(value);

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
          // 'deactivated' is the sign-in removed (is_active), apart from the clinic's client status.
          is_active: f.status === 'deactivated' ? false : undefined,
          status: isClientStatus(f.status) ? f.status : undefined,
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
