// The application around the pages: it runs the app machine (machines/app: identity, profile,
// consent, session, inactivity, version and the access guard as one chart, its actors from
// app-api.ts) and renders its snapshot: the banners, the dialogs and the router that sends clients
// to their portal and staff to theirs. Navigation and toasts are the actions this view provides.
import { Box } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useMemo, useState } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import type { RuntimeConfig } from '../../../openapi/runtime-config.ts';
import type { Notice } from '../../../machines/app/app-machine.ts';
import { portalViewOf, selectPhase, selectPortalClient, selectRole, selectRoute, selectUser } from '../../../machines/app/selectors.ts';
import type { Role } from '../../../machines/guard/roles.ts';
import type { AuthenticatorRef } from '../../features/identity/shell.ts';
import { deferred } from '../deferred.tsx';
import { useNotify } from '../notify.ts';
import { LoadingPage } from '../pages/loading-page.tsx';
import { getHref, portalRoutes, safeReturnPath, staffRoutes } from '../paths.ts';
import { pageFor } from '../routes/index.tsx';
import { CONSENT_SAVE_FAILED, CONSENT_TICK_REQUIRED, SIGNED_OUT_FOR_INACTIVITY } from '../shell-text.ts';
import { type AppServices, createAppServices } from './app-api.ts';
import { GuardedRoute } from './guarded-route.tsx';
import { SessionExpiredAlert } from './session-expired-alert.tsx';
import { type Shell, type ShellAuth, ShellContext, useShell } from './shell-context.tsx';
import { VersionBanner } from './version-banner.tsx';

// What only a signed-in user (or /unauthorized) sees is one chunk loaded on demand (signed-in.ts):
// /login's first paint needs none of it.
const signedIn = () => import('./signed-in.ts');
const StaffLayout = deferred(async () => (await signedIn()).StaffLayout, <LoadingPage />);
const PortalLayout = deferred(async () => (await signedIn()).PortalLayout, <LoadingPage />);
const PortalReadOnly = deferred(async () => (await signedIn()).PortalReadOnly, <LoadingPage />);
const UnauthorizedPage = deferred(async () => (await signedIn()).UnauthorizedPage, <LoadingPage />);
const ConsentDialog = deferred(async () => (await signedIn()).ConsentDialog);
const ProfileBanner = deferred(async () => (await signedIn()).ProfileBanner);
const InactivityWarning = deferred(async () => (await signedIn()).InactivityWarning);
/** Loads the signed-in parts of the shell; tests that check the screen synchronously await it first. */
export const preloadSignedIn = () =>
  Promise.all([StaffLayout, PortalLayout, PortalReadOnly, UnauthorizedPage, ConsentDialog, ProfileBanner, InactivityWarning].map((c) => c.preload())).catch(
    () => {
      // Rendering tries again (and shows the failure the way any page chunk does).
    },
  );

const LOGIN_PATH = getHref('login');

const NOTICES: Record<Notice, { text: string; variant: 'warning' | 'error' | 'info' }> = {
  consentTickRequired: { text: CONSENT_TICK_REQUIRED, variant: 'warning' },
  consentSaveFailed: { text: CONSENT_SAVE_FAILED, variant: 'error' },
  signedOutForInactivity: { text: SIGNED_OUT_FOR_INACTIVITY, variant: 'info' },
};

const STATUS = { restoring: 'configuring', signedOut: 'unauthenticated', signedIn: 'authenticated' } as const;

export interface AppShellProps {
  config: RuntimeConfig;
  authenticator: AuthenticatorRef;
  loginPage: ReactNode;
  /** Defaults to the real adapters (app-api.ts); the model tests replay paths with their own. */
  services?: AppServices;
}

export function AppShell({ config, authenticator, loginPage, services: given }: AppShellProps) {
  const [, navigate] = useLocation();
  const notify = useNotify();
  const [services] = useState(() => given ?? createAppServices(config, authenticator));
  const app = useActorRef(
    services.logic.provide({
      actions: {
        navigate: (_, { to, origin }) => navigate(getHref(to, {}, origin ? { from: origin } : undefined), { replace: true }),
        notify: (_, { notice }) => notify(NOTICES[notice].text, NOTICES[notice].variant),
        preloadSignedIn: (_, { unlessOnLogin }) => {
          if (!unlessOnLogin || window.location.pathname !== LOGIN_PATH) void preloadSignedIn();
        },
      },
    }),
    { input: services.input },
  );
  services.attach(app);

  const phase = useSelector(app, selectPhase);
  const role = useSelector(app, selectRole);
  const user = useSelector(app, selectUser);
  const auth: ShellAuth = useMemo(() => ({ status: STATUS[phase], role, user, signOut: () => app.send({ type: 'app.signOut' }) }), [phase, role, user, app]);
  const shell: Shell = useMemo(() => ({ config, api: services.api, auth, app }), [config, services.api, auth, app]);

  return (
    <ShellContext.Provider value={shell}>
      <Box data-app-ready="true">
        <VersionBanner />
        {phase === 'restoring' ? (
          <LoadingPage />
        ) : (
          <>
            {phase === 'signedIn' && (
              <>
                <ProfileBanner />
                <InactivityWarning />
              </>
            )}
            <AppRoutes loginPage={loginPage} />
          </>
        )}
      </Box>
    </ShellContext.Provider>
  );
}

// wouter's Switch renders whichever route matches at one position in the tree: every Route in a
// Switch has its own key so a Redirect is never reused (and skipped) for the next match.
function AppRoutes({ loginPage }: { loginPage: ReactNode }) {
  const { auth, config, app } = useShell();
  const from = new URLSearchParams(useSearch()).get('from');
  const route = useSelector(app, selectRoute);
  const signOut = () => app.send({ type: 'app.signOut' });
  const staff = auth.status === 'authenticated' && auth.role !== null && auth.role !== 'CLIENT';
  return (
    <Switch>
      <Route key="login" path={LOGIN_PATH}>
        {auth.status === 'authenticated' ? (
          <Redirect replace to={auth.role ? safeReturnPath(from) : getHref('unauthorized')} />
        ) : (
          <>
            <SessionExpiredAlert />
            {loginPage}
          </>
        )}
      </Route>
      <Route key="unauthorized" path={getHref('unauthorized')}>
        {staff ? (
          // Spec §2: the top navigation bar shows for all non-client roles.
          <StaffLayout role={auth.role} onSignOut={signOut}>
            <UnauthorizedPage superAdminEmail={config.superAdminEmail} onSignOut={signOut} hasHome />
          </StaffLayout>
        ) : auth.status === 'authenticated' ? (
          <UnauthorizedPage superAdminEmail={config.superAdminEmail} onSignOut={signOut} hasHome={auth.role !== null} />
        ) : (
          <UnauthorizedPage superAdminEmail={config.superAdminEmail} />
        )}
      </Route>
      <Route key="app">
        {auth.status !== 'authenticated' ? (
          // Not signed in: the guard sends every page to /login, remembering it.
          <GuardedRoute routeKey={route?.key ?? ''}>{null}</GuardedRoute>
        ) : auth.role === 'CLIENT' ? (
          <PortalRoutes onSignOut={signOut} />
        ) : (
          <StaffLayout role={auth.role} onSignOut={signOut}>
            <StaffRoutes role={auth.role} />
          </StaffLayout>
        )}
      </Route>
    </Switch>
  );
}

function StaffRoutes({ role }: { role: Role | null }) {
  return (
    <Switch>
      <Route key="home" path={getHref('home')}>
        <Redirect replace to={role ? getHref('clients') : getHref('unauthorized')} />
      </Route>
      {(Object.keys(staffRoutes) as Array<keyof typeof staffRoutes>).map((key) => {
        const Page = pageFor(key);
        return (
          <Route key={key} path={staffRoutes[key].path}>
            <GuardedRoute key={key} routeKey={key}>
              <Page />
            </GuardedRoute>
          </Route>
        );
      })}
      {/* Spec §6: the portal's guard lets a SUPER_ADMIN through (read-only) and sends other staff to /unauthorized. */}
      {(Object.keys(portalRoutes) as Array<keyof typeof portalRoutes>).map((key) => (
        <Route key={key} path={portalRoutes[key].path}>
          {(params: { clientId?: string }) =>
            portalViewOf(role, null, params.clientId ?? '') === 'readOnly' ? <PortalReadOnly routeKey={key} clientId={params.clientId ?? ''} /> : null
          }
        </Route>
      ))}
      <Route key="fallback">
        <Redirect replace to={getHref('home')} />
      </Route>
    </Switch>
  );
}

function PortalRoutes({ onSignOut }: { onSignOut: () => void }) {
  const { app } = useShell();
  const client = useSelector(app, selectPortalClient);
  // A client whose profile has not loaded sees a spinner (spec §2).
  if (!client) return <LoadingPage label="Loading your profile" />;
  const clientId = client.client_id;
  const home = getHref('portalHome', { clientId });
  return (
    <PortalLayout clientId={clientId} onSignOut={onSignOut}>
      <ConsentDialog client={client} />
      <Switch>
        <Route key="home" path={getHref('home')}>
          <Redirect replace to={home} />
        </Route>
        {(Object.keys(portalRoutes) as Array<keyof typeof portalRoutes>).map((key) => {
          const Page = pageFor(key);
          return (
            <Route key={key} path={portalRoutes[key].path}>
              {(params: { clientId?: string }) =>
                portalViewOf('CLIENT', clientId, params.clientId ?? '') === 'own' ? (
                  <GuardedRoute key={key} routeKey={key}>
                    <Page />
                  </GuardedRoute>
                ) : (
                  // Another client's id: their own page instead.
                  <Redirect key={params.clientId} replace to={getHref(key, { clientId })} />
                )
              }
            </Route>
          );
        })}
        <Route key="fallback">
          <Redirect replace to={home} />
        </Route>
      </Switch>
    </PortalLayout>
  );
}
