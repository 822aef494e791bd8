// The signed-in (or signing-in) application: version banner, session machine and the API
// client, the profile, the inactivity logoff, and the router that sends clients to their portal
// and staff to theirs. Rules live in the machines and the route table; this file wires them.
import { Box } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { RuntimeConfig } from '../../../openapi/runtime-config';
import { asRole, type Role } from '../../../machines/guard/roles';
import { profileMachine } from '../../../machines/profile/profile-machine';
import { sessionMachine } from '../../../machines/session/session-machine';
import { createApiClient } from '../../lib/api-client';
import { LoadingPage } from '../pages/loading-page';
import { UnauthorizedPage } from '../pages/unauthorized-page';
import { getHref, portalRoutes, safeReturnPath, staffRoutes } from '../paths';
import { pageFor } from '../routes';
import { SESSION_EXPIRED, SIGNED_OUT_FOR_INACTIVITY } from '../shell-text';
import { ConsentDialog } from './consent-dialog';
import { GuardedRoute } from './guarded-route';
import { InactivityWatch } from './inactivity-watch';
import { PortalLayout } from './portal-layout';
import { ProfileBanner } from './profile-banner';
import { loadOwnProfile } from './profile-loader';
import { createSessionPort } from './session-port';
import { type Shell, type ShellAuth, ShellContext, useShell } from './shell-context';
import { StaffLayout } from './staff-layout';
import { clearPrefetchedUsers, prefetchUsers } from './users-prefetch';
import { VersionBanner } from './version-banner';

/** What the sign-in component's useAuth() gives. */
export interface AuthInput {
  status: ShellAuth['status'];
  user: { username: string; sub: string; email: string; role: string | null } | null;
  signOut(): void;
}

const LOGIN_PATH = getHref('login');

async function readAccessToken(): Promise<string | null> {
  try {
    return (await fetchAuthSession()).tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

const refreshSession = fromPromise(async () => {
  const session = await fetchAuthSession({ forceRefresh: true });
  const token = session.tokens?.accessToken?.toString();
  if (!token) throw new Error('the session could not be refreshed');
  return token;
});

export function AppShell({ config, auth: authInput, loginPage }: { config: RuntimeConfig; auth: AuthInput; loginPage: ReactNode }) {
  const [, navigate] = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const latestAuth = useRef(authInput);
  useEffect(() => {
    latestAuth.current = authInput;
  }, [authInput]);

  const session = useActorRef(
    sessionMachine.provide({
      actors: { refreshSession },
      actions: {
        alertSessionExpired: () => enqueueSnackbar(SESSION_EXPIRED, { variant: 'error' }),
        endSession: () => latestAuth.current.signOut(),
        goToLogin: () => navigate(getHref('login'), { replace: true }),
      },
    }),
  );
  const api = useMemo(() => createApiClient({ baseUrl: config.apiBase, session: createSessionPort(session, readAccessToken) }), [config.apiBase, session]);
  useEffect(() => {
    if (authInput.status === 'authenticated') session.send({ type: 'session.started' });
  }, [authInput.status, session]);

  const auth: ShellAuth = useMemo(
    () => ({
      status: authInput.status,
      role: authInput.status === 'authenticated' ? asRole(authInput.user?.role) : null,
      user: authInput.user,
      signOut: () => authInput.signOut(),
    }),
    [authInput],
  );

  return (
    <Box data-app-ready="true">
      <VersionBanner />
      <ShellContext.Provider value={{ config, api, auth, profile: null }}>
        {auth.status === 'configuring' ? (
          <LoadingPage />
        ) : auth.status === 'authenticated' && auth.user ? (
          <SignedIn key={auth.user.sub} loginPage={loginPage} />
        ) : (
          <AppRoutes loginPage={loginPage} />
        )}
      </ShellContext.Provider>
    </Box>
  );
}

/** Everything that exists only while someone is signed in: their profile and the inactivity watch. */
function SignedIn({ loginPage }: { loginPage: ReactNode }) {
  const shell = useShell();
  const [, navigate] = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const { api, auth } = shell;
  const profile = useActorRef(
    profileMachine.provide({ actors: { loadProfile: fromPromise(() => loadOwnProfile(api)) } }),
    { input: { userId: auth.user!.sub } },
  );
  useEffect(() => {
    if (auth.role && auth.role !== 'CLIENT') prefetchUsers(api);
    return clearPrefetchedUsers;
  }, [api, auth.role]);
  const value: Shell = useMemo(() => ({ ...shell, profile: auth.role ? profile : null }), [shell, profile, auth.role]);
  return (
    <ShellContext.Provider value={value}>
      <ProfileBanner />
      <InactivityWatch
        onTimeout={() => {
          auth.signOut();
          enqueueSnackbar(SIGNED_OUT_FOR_INACTIVITY, { variant: 'info' });
          navigate(getHref('login'), { replace: true });
        }}
      />
      <AppRoutes loginPage={loginPage} />
    </ShellContext.Provider>
  );
}

// wouter's Switch renders whichever route matches at one position in the tree: every Route in a
// Switch has its own key so a Redirect is never reused (and skipped) for the next match.
function AppRoutes({ loginPage }: { loginPage: ReactNode }) {
  const { auth, config } = useShell();
  const from = new URLSearchParams(useSearch()).get('from');
  const [, navigate] = useLocation();
  const signOut = () => {
    auth.signOut();
    navigate(getHref('login'), { replace: true });
  };
  return (
    <Switch>
      <Route key="login" path={LOGIN_PATH}>
        {auth.status === 'authenticated' ? <Redirect replace to={auth.role ? safeReturnPath(from) : getHref('unauthorized')} /> : loginPage}
      </Route>
      <Route key="unauthorized" path={getHref('unauthorized')}>
        <UnauthorizedPage superAdminEmail={config.superAdminEmail} />
      </Route>
      <Route key="app">
        {auth.status !== 'authenticated' ? (
          // Not signed in: the guard sends every page to /login, remembering it.
          <GuardedRoute role={null} roles={[]}>
            {null}
          </GuardedRoute>
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
            <GuardedRoute key={key} role={role} roles={staffRoutes[key].roles}>
              <Page />
            </GuardedRoute>
          </Route>
        );
      })}
      <Route key="fallback">
        <Redirect replace to={getHref('home')} />
      </Route>
    </Switch>
  );
}

function PortalRoutes({ onSignOut }: { onSignOut: () => void }) {
  const { profile, auth } = useShell();
  const client = useSelector(profile ?? undefined, (s) => (s?.matches('loaded') ? s.context.profile : null));
  // A client whose profile has not loaded sees a spinner (spec §2).
  if (!client) return <LoadingPage label="Loading your profile" />;
  const clientId = client.client_id;
  const home = getHref('portalHome', { clientId });
  return (
    <PortalLayout clientId={clientId} onSignOut={onSignOut}>
      <ConsentDialog key={clientId} client={client} />
      <Switch>
        <Route key="home" path={getHref('home')}>
          <Redirect replace to={home} />
        </Route>
        {(Object.keys(portalRoutes) as Array<keyof typeof portalRoutes>).map((key) => {
          const Page = pageFor(key);
          return (
            <Route key={key} path={portalRoutes[key].path}>
              {(params: { clientId?: string }) =>
                params.clientId === clientId ? (
                  <GuardedRoute key={key} role={auth.role} roles={portalRoutes[key].roles}>
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
