// The access guard's view: the app machine runs a `guard` child for the page on screen (spinner
// for 150 ms, then the page or a redirect); this renders the page once that guard allows it.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectGuard, selectRoute } from '../../../machines/app/selectors.ts';
import { selectRouteAllowed } from '../../../machines/app/shell-selectors.ts';
import { LoadingPage } from '../pages/loading-page.tsx';
import { useShell } from './shell-context.tsx';

export function GuardedRoute({ routeKey, children }: { routeKey: string; children: ReactNode }) {
  const { app } = useShell();
  const route = useSelector(app, selectRoute);
  const guard = useSelector(app, selectGuard);
  const allowed = useSelector(guard, selectRouteAllowed);
  // data-guard marks the moment the child route shows (end-to-end tests wait for it).
  return allowed && route?.key === routeKey ? (
    <div data-guard="allowed" style={{ display: 'contents' }}>
      {children}
    </div>
  ) : (
    <LoadingPage label="Checking access" />
  );
}
