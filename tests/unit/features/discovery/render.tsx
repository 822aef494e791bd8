// Renders a staff page of discovery (or the clients hub) as the app would: the real page, its
// hooks, machines and adapter, the one openapi-fetch client, notistack and a router at `path`.
// Only the network is replaced: `answer` plays the server, and every request is recorded so a
// test can check what the view asked for (and what it never sent).
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ShellContext, type Shell } from '../../../../src/app/shell/shell-context.tsx';
import { createApiClient } from '../../../../src/lib/api-client.ts';

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The server's answer: [status, body] and any headers beyond its JSON type; undefined answers 404. */
type Answered = [number, unknown] | [number, unknown, Record<string, string>];
export type Answer = (request: Sent) => Answered | undefined | Promise<Answered | undefined>;

export function renderPage(
  page: ReactNode,
  options: { path: string; route?: string; answer: Answer; role?: Shell['auth']['role']; config?: Partial<Shell['config']> },
) {
  const sent: Sent[] = [];
  const fetchImpl = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry: Sent = {
      method: request.method,
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    sent.push(entry);
    const [status, body, headers = {}] = (await options.answer(entry)) ?? [404, { detail: 'Not found.' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  const api = createApiClient({
    baseUrl: 'http://clinic.test/api/v1',
    session: { accessToken: async () => 'token', tokenRejected: async () => null, accountDisabled: () => {} },
    fetch: fetchImpl as typeof fetch,
  });
  const shell = {
    api,
    config: (options.config ?? {}) as Shell['config'],
    auth: { status: 'authenticated', role: options.role ?? 'HEALTH_COACH', user: null, signOut: () => {} },
    app: {} as never,
  } as Shell;
  const location = memoryLocation({ path: options.path, record: true });
  const view = render(
    <ShellContext.Provider value={shell}>
      <SnackbarProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {options.route ? <Route path={options.route}>{page}</Route> : page}
        </Router>
      </SnackbarProvider>
    </ShellContext.Provider>,
  );
  return { ...view, sent, location };
}

/** A page of the contract's list shape. */
export const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
