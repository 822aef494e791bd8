// Model-based tests of the app machine: paths generated from the PRODUCTION chart (app.model.ts),
// a covering subset replayed with the children and actors stubbed (spies cleared per path), and
// after every step the chart's promises are checked on the snapshot and on what the path did.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { isUsableClientId } from '../../../../machines/consent/consent-machine.ts';
import { selectPhase, selectPortalClient, selectProfileBanner, selectSessionExpired } from '../../../../machines/app/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, spies } from './app.model.ts';

function check(snapshot: any, event: AnyEventObject) {
  const phase = selectPhase(snapshot);
  const { profile } = snapshot.context;

  // Spec §3: the placeholder, word for word.
  if (profile && profile.first_name === 'Unknown') expect(profile).toMatchObject({ last_name: '', gender: null, role: 'client' });
  // Issue 22 (1): consent is only ever asked, and so recorded, with a usable id.
  if (snapshot.matches({ auth: { signedIn: { profile: 'consentRequired' } } })) expect(isUsableClientId(profile?.client_id)).toBe(true);
  const client = selectPortalClient(snapshot);
  if (client) expect(client.client_id).toMatch(/^[1-9][0-9]*$/);
  // A client without an id waits for the server, and asks again later.
  if (snapshot.matches({ auth: { signedIn: { profile: 'awaitingRecord' } } })) expect(profile?.client_id).toBeNull();

  // Spec §8: the banner shows the failure until dismissed.
  if (snapshot.matches({ auth: { signedIn: { profile: 'failed' } } })) {
    expect(snapshot.context.failure).not.toBeNull();
    expect(selectProfileBanner(snapshot) !== undefined).toBe(
      event.type !== 'banner.dismiss' && snapshot.matches({ auth: { signedIn: { profile: { failed: 'bannerShown' } } } }),
    );
  }

  // Sign-out, session end and the inactivity logoff end the session from any signed-in state.
  if (['app.signOut', 'session.ended', 'inactivity.timedOut'].includes(event.type) && phase === 'signedOut') {
    // Signed out once (a session that ended after the identity service signed out needs no second one).
    expect(spies.signOut).toHaveBeenCalledTimes(event.type === 'session.ended' ? Math.min(1, spies.signOut.mock.calls.length) : 1);
    expect(spies.navigate).toHaveBeenLastCalledWith(expect.anything(), { to: 'login' });
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.profile).toBeNull();
  }
  if (event.type === 'inactivity.timedOut' && phase === 'signedOut') {
    expect(spies.notify).toHaveBeenCalledWith(expect.anything(), { notice: 'signedOutForInactivity' });
  }
  if (event.type === 'guard.redirect') expect(spies.navigate).toHaveBeenLastCalledWith(expect.anything(), { to: 'login', origin: '/clients' });
  if (
    (event.type === 'consent.tickRequired' || event.type === 'consent.saveFailed') &&
    snapshot.matches({ auth: { signedIn: { profile: 'consentRequired' } } })
  ) {
    expect(spies.notify).toHaveBeenLastCalledWith(expect.anything(), {
      notice: event.type === 'consent.tickRequired' ? 'consentTickRequired' : 'consentSaveFailed',
    });
  }
  // Nothing signs out or navigates to /login unless the path asked for it.
  if (phase === 'signedIn') expect(spies.signOut).not.toHaveBeenCalled();

  // Spec §8 / issue 22 (4): the expiry alert stays while signed out, until dismissed or the next sign-in.
  if (event.type === 'session.ended' && phase === 'signedOut' && snapshot.context.sessionExpired) expect(selectSessionExpired(snapshot)).toBe(true);
  if (event.type === 'notice.dismiss') expect(snapshot.context.sessionExpired).toBe(false);
  if (phase === 'signedIn') expect(selectSessionExpired(snapshot)).toBe(false);

  // The guard runs only once the stored session is read.
  if (snapshot.matches({ route: { guarded: 'checking' } })) expect(phase).not.toBe('restoring');
}

describeModel('app', model, check);
