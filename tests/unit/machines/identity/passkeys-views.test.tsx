// @vitest-environment happy-dom
// The profile passkeys' model paths replayed on the card (issue 39), on the portal profile page and
// on the staff profile page as the app renders them: the real page, its hooks and the identity
// adapter; the identity service's calls settle as each path says. The user adds a passkey,
// asks to remove one, confirms or cancels in the dialog, and retries a failed read through the
// card. After every step the card shows the chart's mode: the skeleton, the failed read with its
// retry, "no passkeys", or each passkey with its name and when it was added and no rename; the
// confirmation dialog naming the passkey; the message or notice; buttons held while a call runs.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { passkeysSelectors } from '../../../../machines/identity/passkeys-selectors.ts';
import { PASSKEY_TEXTS, PROFILE_TEXTS } from '../../../../machines/identity/texts.ts';
import { ProfilePage } from '../../../../src/features/clients/portal/profile-page.tsx';
import { StaffProfilePage } from '../../../../src/features/identity/staff-profile-page.tsx';
import { formatDate } from '../../../../src/lib/format.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './passkeys.model.ts';
import type { ReactNode } from 'react';

const STORED = { client_id: 7, email: 'meera@x.test', first_name: 'Meera', last_name: 'Iyer', preferred_contact_method: 'EMAIL' };
const PASSKEYS_ALLOWED = {
  amplify: {
    version: '1.4' as const,
    auth: {
      aws_region: 'ap-south-1',
      user_pool_id: 'ap-south-1_test',
      user_pool_client_id: 'client',
      passwordless: {
        email_otp_enabled: false,
        sms_otp_enabled: false,
        web_authn: { relying_party_id: 'clinic.test', user_verification: 'required' as const },
      },
    },
  },
};
const card = () => document.querySelector<HTMLElement>('[data-section="passkeys"]')!;
// The open dialog hides the page from assistive technology, so the card is read whether hidden or not.
const button = (name: string) => within(card()).queryByRole('button', { name, hidden: true });
const dialog = () => screen.queryByRole('dialog', { name: PASSKEY_TEXTS.confirmTitle });

const portal =
  (config: object = PASSKEYS_ALLOWED, role: 'CLIENT' | 'SUPER_ADMIN' = 'CLIENT') =>
  (page: ReactNode) =>
    renderPage(page, {
      path: '/user/profile/7',
      route: '/user/profile/:clientId',
      role,
      config: config as never,
      answer: (r) => (r.method === 'GET' && r.path === '/users/user-profiles/7' ? [200, STORED] : undefined),
    });
const staff =
  (config: object = PASSKEYS_ALLOWED) =>
  (page: ReactNode) =>
    renderPage(page, { path: '/profile', role: 'NURSE', config: config as never, answer: () => undefined });

const PAGES = [
  ['the portal profile', <ProfilePage key="portal" />, portal()],
  ['the staff profile', <StaffProfilePage key="staff" />, staff()],
] as const;

for (const [where, page, render] of PAGES)
  describeReplayOnView(`the passkeys on ${where}`, {
    model,
    mount: (_, wrap) => render(wrap(page)),
    drive: async (event) => {
      let found: HTMLElement | null = null;
      if (event.type === 'passkeys.retry') found = button(PASSKEY_TEXTS.retry);
      if (event.type === 'passkeys.add') found = button(PASSKEY_TEXTS.add);
      if (event.type === 'passkeys.remove') {
        const listed = passkeyRows().find((row) => row.dataset.id === event.credentialId);
        found = listed ? within(listed).getByRole('button', { hidden: true }) : null;
      }
      if (event.type === 'passkeys.confirmRemove' && dialog()) found = within(dialog()!).getByRole('button', { name: PASSKEY_TEXTS.confirmRemove });
      if (event.type === 'passkeys.cancelRemove' && dialog()) found = within(dialog()!).getByRole('button', { name: PASSKEY_TEXTS.cancel });
      // Every step a person takes is taken on the card; only a passkey the list no longer shows goes to the chart as sent.
      if (!found && event.type.startsWith('passkeys.') && event.type !== 'passkeys.remove') throw new Error(`${event.type}: nothing on the card to do it with`);
      if (found) await step(() => fireEvent.click(found));
      return !!found;
    },
    expectScreen: (snapshot) => {
      const mode = passkeysSelectors.mode(snapshot);
      const pending = passkeysSelectors.isPending(snapshot);
      expect(card(), 'the card, passkeys being allowed').not.toBeNull();
      expect(card().querySelector('[aria-busy="true"]') !== null, 'the skeleton').toBe(mode === 'loading');
      expect(within(card()).queryByText(PASSKEY_TEXTS.loadFailed) !== null, 'the failed read').toBe(mode === 'failed');
      expect(within(card()).queryByText(PASSKEY_TEXTS.empty) !== null, 'no passkeys').toBe(mode === 'empty');
      const rows = passkeyRows();
      expect(rows.length, 'one row a passkey').toBe(mode === 'list' ? passkeysSelectors.passkeys(snapshot).length : 0);
      if (mode === 'list') {
        for (const [i, passkey] of passkeysSelectors.passkeys(snapshot).entries()) {
          expect(rows[i].textContent).toContain(passkey.name || PASSKEY_TEXTS.unnamed);
          if (passkey.createdAt) expect(rows[i].textContent).toContain(PASSKEY_TEXTS.created(formatDate(passkey.createdAt)));
          expect(within(rows[i]).getByRole('button', { hidden: true }).hasAttribute('disabled'), 'remove held').toBe(pending);
        }
      }
      // Cognito has no rename: none is offered.
      expect(within(card()).queryByRole('button', { name: /rename/i, hidden: true })).toBeNull();
      const add = button(PASSKEY_TEXTS.add);
      expect(add !== null, 'add offered').toBe(mode === 'list' || mode === 'empty');
      if (add) expect(add.hasAttribute('disabled'), 'add held').toBe(pending);
      // The confirmation names the passkey; its buttons held while the removal is sent.
      const removing = passkeysSelectors.removing(snapshot);
      expect(dialog() !== null, 'the confirmation').toBe(passkeysSelectors.isConfirming(snapshot));
      if (removing) {
        expect(dialog()!.textContent).toContain(PASSKEY_TEXTS.confirmBody(removing.name || PASSKEY_TEXTS.unnamed));
        expect(within(dialog()!).getByRole('button', { name: PASSKEY_TEXTS.confirmRemove }).hasAttribute('disabled')).toBe(pending);
      }
      const alerts = within(card())
        .queryAllByRole('alert', { hidden: true })
        .map((a) => a.textContent ?? '');
      const message = passkeysSelectors.message(snapshot);
      const notice = passkeysSelectors.notice(snapshot);
      const expected = [notice, message, mode === 'failed' ? PASSKEY_TEXTS.loadFailed + PASSKEY_TEXTS.retry : null].filter(Boolean);
      expect(alerts).toEqual(expected);
    },
  });

function passkeyRows(): HTMLElement[] {
  const list = within(card()).queryByRole('list', { name: PASSKEY_TEXTS.listLabel, hidden: true });
  return list ? within(list).queryAllByRole('listitem', { hidden: true }) : [];
}

describe('where the passkeys card is offered', () => {
  afterEach(cleanup);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const cardShown = () => document.querySelector('[data-section="passkeys"]') !== null;

  it('on neither profile when /config.json allows no passkeys', async () => {
    const withoutPasskeys = {
      amplify: { version: '1.4', auth: { ...PASSKEYS_ALLOWED.amplify.auth, passwordless: { email_otp_enabled: true, sms_otp_enabled: false } } },
    };
    portal(withoutPasskeys)(<ProfilePage />);
    expect(await screen.findByText('Meera Iyer')).toBeTruthy();
    expect(cardShown()).toBe(false);
    cleanup();
    staff(withoutPasskeys)(<StaffProfilePage />);
    await settled();
    expect(screen.getByRole('heading', { name: PROFILE_TEXTS.title })).toBeTruthy();
    expect(cardShown()).toBe(false);
  });

  it("not to a SUPER_ADMIN reading a client's portal: the passkeys would be the admin's own", async () => {
    portal(PASSKEYS_ALLOWED, 'SUPER_ADMIN')(<ProfilePage />);
    expect(await screen.findByText('Meera Iyer')).toBeTruthy();
    expect(cardShown()).toBe(false);
  });
});
