// The one business-API client (openapi-fetch over the generated `paths`), with the session
// middleware of spec §7/§8: base `{host}/api/v1`, a `Bearer ` access token on every request
// (a missing or malformed one is replaced by the stored session's token), and on a 401/403 whose
// detail mentions an expired or invalid token, one refresh and one retry. The refresh itself,
// its sharing between concurrent failures and what happens when it fails belong to the session
// machine: this layer only asks the port and never toasts or navigates. No request timeout.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/generated/api';

export interface SessionPort {
  /** The stored session's access token (aws-amplify's fetchAuthSession), or null when signed out. */
  accessToken(): Promise<string | null>;
  /**
   * Reports that the server refused `token`; resolves to the token to retry with once the (shared)
   * refresh is over, or null when the session could not be refreshed.
   */
  tokenRejected(token: string | null): Promise<string | null>;
}

export type ApiClient = Client<paths>;

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function isWellFormedToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && JWT_SHAPE.test(token);
}

function bearerToken(header: string | null): string | null {
  if (!header) return null;
  return header.replace(/^Bearer\s+/i, '').trim() || null;
}

/** True for the answers that mean "your token", not "your role": spec §8. */
export async function isTokenProblem(response: Response): Promise<boolean> {
  if (response.status !== 401 && response.status !== 403) return false;
  try {
    const body = (await response.clone().json()) as { detail?: unknown };
    return typeof body.detail === 'string' && /expired|invalid/i.test(body.detail);
  } catch {
    return false;
  }
}

export function sessionMiddleware(session: SessionPort, fetchImpl: typeof fetch): Middleware {
  // A copy of each request as sent, for the one retry (a sent body cannot be read again).
  const sent = new Map<string, Request>();
  return {
    async onRequest({ request, id }) {
      let token = bearerToken(request.headers.get('authorization'));
      if (!isWellFormedToken(token)) token = await session.accessToken();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      sent.set(id, request.clone());
      return request;
    },
    async onResponse({ request, response, id }) {
      const copy = sent.get(id);
      sent.delete(id);
      // The retry goes straight to fetch, past this middleware: one retry, never a loop.
      if (!copy || !(await isTokenProblem(response))) return response;
      const fresh = await session.tokenRejected(bearerToken(request.headers.get('authorization')));
      if (!fresh) return response;
      const retry = new Request(copy, { headers: new Headers(copy.headers) });
      retry.headers.set('authorization', `Bearer ${fresh}`);
      return fetchImpl(retry);
    },
    onError({ id }) {
      sent.delete(id);
    },
  };
}

export function createApiClient(options: { baseUrl: string; session: SessionPort; fetch?: typeof fetch }): ApiClient {
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: fetchImpl as typeof fetch });
  client.use(sessionMiddleware(options.session, fetchImpl as typeof fetch));
  return client;
}
