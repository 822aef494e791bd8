// Runs the one authenticator actor of the app (with the aws-amplify actors, or others in tests),
// forwards Hub 'auth' events to it, and offers `useAuth()` to the rest of the app.
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { authenticatorMachine } from '../../../machines/identity/authenticator-machine.ts';
import type { AuthenticatorConfig, InitialScreen } from '../../../machines/identity/config.ts';
import { type AuthStatus, selectStatus } from '../../../machines/identity/selectors.ts';
import { amplifyActors, configuredAuthenticatorConfig, listenToAuthEvents } from './identity-api.ts';

export type AuthenticatorRef = ActorRefFrom<typeof authenticatorMachine>;
type AuthenticatorActors = Parameters<typeof authenticatorMachine.provide>[0]['actors'];

const AuthActorContext = createContext<AuthenticatorRef | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  /** Defaults to the settings aws-amplify was configured with. */
  config?: AuthenticatorConfig;
  /** The first screen after setup (the component's `initialState`): sign in unless told otherwise. */
  initialScreen?: InitialScreen;
  /** Defaults to the aws-amplify implementations; tests pass fakes. */
  actors?: AuthenticatorActors;
}

export function AuthProvider({ children, config, initialScreen, actors }: AuthProviderProps) {
  // The machine and its input are read once: the actor lives as long as the app.
  const logic = useMemo(() => authenticatorMachine.provide({ actors: actors ?? amplifyActors }), [actors]);
  const actorRef = useActorRef(logic, {
    input: { config: config ?? configuredAuthenticatorConfig(), initialScreen },
  });
  // A subscription, not a data load: Hub events become machine events for as long as the actor lives.
  useEffect(() => listenToAuthEvents((event) => actorRef.send(event)), [actorRef]);
  return <AuthActorContext.Provider value={actorRef}>{children}</AuthActorContext.Provider>;
}

export function useAuthenticatorRef(): AuthenticatorRef {
  const ref = useContext(AuthActorContext);
  if (!ref) throw new Error('useAuth and the Authenticator need an <AuthProvider> above them');
  return ref;
}

export interface AuthState {
  status: AuthStatus;
  user: { username: string; sub: string; email: string; role: string } | null;
  signOut(): void;
}

export function useAuth(): AuthState {
  const ref = useAuthenticatorRef();
  const status = useSelector(ref, selectStatus);
  const user = useSelector(ref, (s) => s.context.user);
  return useMemo(
    () => ({
      status,
      user: status === 'authenticated' && user ? { username: user.username, sub: user.userId, email: user.email, role: user.role } : null,
      signOut: () => ref.send({ type: 'auth.signOut' }),
    }),
    [status, user, ref],
  );
}
