// What the shell reads from an app snapshot. Views never read state names: they ask these.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isUsableClientId } from '../consent/consent-machine.ts';
import type { Role } from '../guard/roles.ts';
import type { appChildren, appMachine, ProfileLoadFailure, ProfileSummary } from './app-machine.ts';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** restoring: the stored session is being read; then signed out or signed in. */
export function selectPhase(s: AppSnapshot): 'restoring' | 'signedOut' | 'signedIn' {
  if (s.matches({ auth: 'restoring' })) return 'restoring';
  return s.matches({ auth: 'signedIn' }) ? 'signedIn' : 'signedOut';
}

export const selectRole = (s: AppSnapshot) => s.context.role;
export const selectUser = (s: AppSnapshot) => s.context.user;

/** The signed-in user's name for the menu (the placeholder's 'Unknown' included), or null before the profile loads. */
export function selectDisplayName(s: AppSnapshot): string | null {
  const p = s.context.profile;
  return p ? `${p.first_name} ${p.last_name}`.trim() : null;
}

/** The §8 banner's failure while it shows (not dismissed); undefined otherwise. */
export function selectProfileBanner(s: AppSnapshot): { failure: ProfileLoadFailure | null } | undefined {
  return s.matches({ auth: { signedIn: { profile: { failed: 'bannerShown' } } } }) ? { failure: s.context.failure } : undefined;
}

/** The client whose portal shows: once their profile is in (consent asked or given) and has a usable id. */
export function selectPortalClient(s: AppSnapshot): (ProfileSummary & { client_id: string }) | null {
  const p = s.context.profile;
  const settled = s.matches({ auth: { signedIn: { profile: 'consentRequired' } } }) || s.matches({ auth: { signedIn: { profile: 'ready' } } });
  return settled && p && isUsableClientId(p.client_id) ? (p as ProfileSummary & { client_id: string }) : null;
}

/** Spec §8: 'Your session has expired. Please log in again.' stays on /login until dismissed or the next sign-in. */
export const selectSessionExpired = (s: AppSnapshot) => s.context.sessionExpired && !s.matches({ auth: 'signedIn' });

export const selectRoute = (s: AppSnapshot) => s.context.route;

/**
 * How the viewer sees the portal page of `clientId` (spec §6: SUPER_ADMIN passes every guarded
 * route, /user/* included): the client themself uses it ('own'); a SUPER_ADMIN sees another
 * client's portal read-only, since its writes would act as that client ('readOnly'); a client on
 * someone else's id is sent to their own ('redirect'). Any other role never gets past the guard.
 */
export function portalViewOf(role: Role | null, ownClientId: string | null, clientId: string): 'own' | 'readOnly' | 'redirect' {
  if (role === 'CLIENT') return ownClientId === clientId ? 'own' : 'redirect';
  return 'readOnly';
}

// The named children, for the views that render them.
export const selectConsent = (s: AppSnapshot) => s.children.consent as ActorRefFrom<(typeof appChildren)['consent']> | undefined;
export const selectGuard = (s: AppSnapshot) => s.children.guard as ActorRefFrom<(typeof appChildren)['guard']> | undefined;
export const selectInactivity = (s: AppSnapshot) => s.children.inactivity as ActorRefFrom<(typeof appChildren)['inactivity']> | undefined;
export const selectVersion = (s: AppSnapshot) => s.children.version as ActorRefFrom<(typeof appChildren)['version']> | undefined;
