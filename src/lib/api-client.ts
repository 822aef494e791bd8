// The one business-API client (openapi-fetch over the generated `paths`), with the session
// middleware of spec §7/§8: base `{host}/api/v1`, a `Bearer ` access token on every request
// (a missing or malformed one is replaced by the stored session's token), and on a 401/403 that
// says the token expired or is invalid (the server's `code`, or else the spec's rule on the
// detail text), one refresh and one retry. A disabled account is reported without a refresh:
// no token can help it. The refresh itself,
// its sharing between concurrent failures and what happens when it fails belong to the session
// machine: this layer only asks the port and never toasts or navigates. No request timeout.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/generated/api.ts';

export interface SessionPort {
  /** The stored session's access token (aws-amplify's fetchAuthSession), or null when signed out. */
  accessToken(): Promise<string | null>;
  /**
   * Reports that the server refused `token`; resolves to the token to retry with once the (shared)
   * refresh is over, or null when the session could not be refreshed.
   */
  tokenRejected(token: string | null): Promise<string | null>;
  /** Reports that the server refused the account itself (`code: account_disabled`): the session ends. */
  accountDisabled(): void;
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

/** The machine-readable `code` the API sends beside `detail` on a 401 or 403. */
export const TOKEN_CODES = ['token_expired', 'token_invalid'] as const;
export const ACCOUNT_DISABLED = 'account_disabled';

/**
 * What a refused answer asks of the session: `refresh` for "your token" (expired or invalid),
 * `accountDisabled` for "your account", null for "your role" or anything else (spec §8). Without a
 * `code` (an older server), the detail text decides, as the spec says.
 */
export async function sessionProblem(response: Response): Promise<'refresh' | 'accountDisabled' | null> {
  if (response.status !== 401 && response.status !== 403) return null;
  let body: { code?: unknown; detail?: unknown };
  try {
    body = (await response.clone().json()) as typeof body;
  } catch {
    return null;
  }
  if (typeof body.code === 'string') {
    if ((TOKEN_CODES as readonly string[]).includes(body.code)) return 'refresh';
    if (body.code === ACCOUNT_DISABLED) return 'accountDisabled';
    return null;
  }
  return typeof body.detail === 'string' && /expired|invalid/i.test(body.detail) ? 'refresh' : null;
}

/** True for the answers that mean "your token", not "your role": spec §8. */
export async function isTokenProblem(response: Response): Promise<boolean> {
  return (await sessionProblem(response)) === 'refresh';
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
      if (!copy) return response;
      const problem = await sessionProblem(response);
      if (problem === 'accountDisabled') session.accountDisabled();
      if (problem !== 'refresh') return response;
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
