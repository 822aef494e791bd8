// The access guard's view: renders the guard machine (spinner for 150 ms, then the child route
// or a redirect). Redirects replace history and carry the origin in `?from=`.
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { guardMachine } from '../../../machines/guard/guard-machine';
import type { Role } from '../../../machines/guard/roles';
import { LoadingPage } from '../pages/loading-page';
import { getHref } from '../paths';

export function GuardedRoute({ role, roles, children }: { role: Role | null; roles: readonly Role[]; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const origin = search ? `${location}?${search}` : location;
  const guard = useActorRef(
    guardMachine.provide({
      actions: {
        redirectToLogin: (_, { origin: from }) => navigate(getHref('login', {}, { from }), { replace: true }),
        redirectToUnauthorized: (_, { origin: from }) => navigate(getHref('unauthorized', {}, { from }), { replace: true }),
      },
    }),
    { input: { role, allowedRoles: roles, origin } },
  );
  useEffect(() => {
    guard.send({ type: 'guard.roleChanged', role });
  }, [guard, role]);
  const allowed = useSelector(guard, (s) => s.matches('allowed'));
  // data-guard marks the moment the child route shows (end-to-end tests wait for it).
  return allowed ? (
    <div data-guard="allowed" style={{ display: 'contents' }}>
      {children}
    </div>
  ) : (
    <LoadingPage label="Checking access" />
  );
}
