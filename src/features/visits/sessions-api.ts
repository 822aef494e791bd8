// The portal's completed sessions (an adapter beside portal-api.ts): the client's completed and
// signed therapy sessions, without anything of the chart (GET visits/completed-sessions).
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { unwrap } from '../../lib/api-failure';

export type CompletedSession = components['schemas']['CompletedSession'];

export const loadCompletedSessions = (api: ApiClient, client: number) => unwrap(api.GET('/visits/completed-sessions', { params: { query: { client } } }));
