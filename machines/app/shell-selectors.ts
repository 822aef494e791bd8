// What the shell's views read from the app's smaller charts (boot, consent, guard, inactivity,
// version, session), by name: views never read state names. A child chart's snapshot is
// undefined while the app has not started it; then nothing shows.
import type { SnapshotFrom } from 'xstate';
import type { consentMachine } from '../consent/consent-machine.ts';
import type { guardMachine } from '../guard/guard-machine.ts';
import type { inactivityMachine } from '../inactivity/inactivity-machine.ts';
import type { sessionMachine } from '../session/session-machine.ts';
import type { versionMachine } from '../version/version-machine.ts';
import type { bootMachine } from './boot-machine.ts';

type Boot = SnapshotFrom<typeof bootMachine>;

/** The boot screen: loading, or which failure it shows. */
export const selectBootScreen = (s: Boot): 'network' | 'configuration' | 'loading' =>
  s.matches('networkFailed') ? 'network' : s.matches('configurationFailed') ? 'configuration' : 'loading';

/** The runtime configuration once the boot chart has it, else null. */
export const selectBootConfig = (s: Boot): unknown => (s.matches('ready') ? s.context.config : null);

type Consent = SnapshotFrom<typeof consentMachine>;

/** The consent dialog is open (while the answer is saved too). */
export const selectConsentOpen = (s: Consent | undefined): boolean => !!s && (s.matches('asking') || s.matches('saving'));
/** The consent box is ticked (and stays so while saving). */
export const selectConsentTicked = (s: Consent | undefined): boolean => !!s && (s.matches({ asking: 'ticked' }) || s.matches('saving'));
export const selectConsentSaving = (s: Consent | undefined): boolean => !!s && s.hasTag('pending');

/** The inactivity warning shows. */
export const selectInactivityWarning = (s: SnapshotFrom<typeof inactivityMachine> | undefined): boolean => s?.matches('warning') ?? false;

/** A newer version of the app is out. */
export const selectUpdateAvailable = (s: SnapshotFrom<typeof versionMachine> | undefined): boolean => s?.matches('updateAvailable') ?? false;

/** The route guard lets the page show. */
export const selectRouteAllowed = (s: SnapshotFrom<typeof guardMachine> | undefined): boolean => s?.matches('allowed') ?? false;

type Session = SnapshotFrom<typeof sessionMachine>;

/** The session is not refreshing its tokens now. */
export const isSessionSettled = (s: Session): boolean => !s.matches('refreshing');
/** The session is active: its access token may be used. */
export const isSessionActive = (s: Session): boolean => s.matches('active');
