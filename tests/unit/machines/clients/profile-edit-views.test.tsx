// @vitest-environment happy-dom
// The profile editor's model paths replayed on /user/profile/{clientId} (issue 33): the real page,
// hook and adapter; the profile's load and save settle as each path says. The client edits,
// cancels, saves (submitting the form: the patch it sends is not kept, the chart stores what the
// save answers) and retries through the page; the sign-in email changing underneath is the email
// change's doing (sent as it would send it). After every step the page shows the chart's mode: the
// skeleton, the retry alert, the stored profile (with Edit only for the client), or the form with
// the server's reasons beside its fields; the saved notice, the sign-in email as stored.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { profileEditSelectors } from '../../../../machines/clients/selectors.ts';
import { ProfilePage } from '../../../../src/features/clients/portal/profile-page.tsx';
import { PORTAL_TEXT } from '../../../../src/features/clients/portal/texts.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './profile-edit.model.ts';

const form = () => screen.queryByRole('form', { name: 'Edit profile' });
const button = (name: string) => screen.queryByRole('button', { name });

describeReplayOnView('the profile page', {
  model,
  mount: (path, wrap) =>
    renderPage(wrap(<ProfilePage />), {
      path: '/user/profile/7',
      route: '/user/profile/:clientId',
      role: path.spec.name === 'read-only' ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    if (event.type === 'profile.save') {
      const found = form();
      if (found) await step(() => fireEvent.submit(found));
      return !!found;
    }
    const name = { 'profile.edit': PORTAL_TEXT.edit, 'profile.cancel': PORTAL_TEXT.cancel, 'profile.retry': PAGE_FRAME_TEXT.retry }[event.type];
    const found = name && button(name);
    if (found) await step(() => fireEvent.click(found));
    return !!found;
  },
  expectScreen: (snapshot) => {
    const mode = profileEditSelectors.mode(snapshot);
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the retry alert').toBe(mode === 'failed');
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the skeleton').toBe(mode === 'loading');
    expect(document.querySelector('[data-section="profile-view"]') !== null, 'the stored profile').toBe(mode === 'viewing' || mode === 'reading');
    expect(form() !== null, 'the form').toBe(mode === 'editing');
    expect(button(PORTAL_TEXT.edit) !== null, 'edit').toBe(mode === 'viewing');
    expect(screen.queryByText(PORTAL_TEXT.saved) !== null, 'the saved notice').toBe(profileEditSelectors.justSaved(snapshot));
    const profile = profileEditSelectors.profile(snapshot);
    if (profile) {
      expect(document.querySelector('[data-field="email"]')?.textContent, 'the sign-in email').toBe(profile.email);
      // Only the client may change it.
      expect(document.querySelector('[data-section="email-change"]') !== null, 'the email change').toBe(mode !== 'reading');
    }
    if (mode === 'editing') {
      const message = profileEditSelectors.message(snapshot);
      if (message) expect(within(form()!).getByRole('alert').textContent).toContain(message);
      for (const [field, reasons] of Object.entries(profileEditSelectors.fieldErrors(snapshot))) {
        expect(form()!.querySelector(`[name="${field}"]`)?.closest('.MuiFormControl-root')?.textContent).toContain(reasons[0]);
      }
      const pending = profileEditSelectors.isPending(snapshot);
      expect(button(PORTAL_TEXT.save)!.hasAttribute('disabled'), 'save held').toBe(pending);
      expect(button(PORTAL_TEXT.cancel)!.hasAttribute('disabled'), 'cancel held').toBe(pending);
    }
  },
});
