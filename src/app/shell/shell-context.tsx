// What every screen of the signed-in app reads: the runtime configuration, the one API client,
// the signed-in identity and the app actor (the shell's chart, machines/app).
import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../../../openapi/runtime-config.ts';
import type { AppActor } from '../../../machines/app/app-machine.ts';
import type { Role } from '../../../machines/guard/roles.ts';
import type { ApiClient } from '../../lib/api-client.ts';

export interface ShellAuth {
  status: 'configuring' | 'unauthenticated' | 'authenticated';
  /** The role from the ID token's `custom:role`; null when absent or not a clinic role. */
  role: Role | null;
  user: { username: string; sub: string; email: string } | null;
  signOut(): Promise<void> | void;
}

export interface Shell {
  config: RuntimeConfig;
  api: ApiClient;
  auth: ShellAuth;
  app: AppActor;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the app shell');
  return shell;
}
