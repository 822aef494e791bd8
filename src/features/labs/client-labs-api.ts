// The client record's Labs section adapter: the client's lab orders and reports, read for staff.
import type { Report } from '../../../machines/labs/reports-machine';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';

export const loadClientReports = async (api: ApiClient, clientId: string): Promise<Report[]> => (await unwrap(api.GET('/labs/results', { params: { query: { client: Number(clientId) } } }))) as Report[];
