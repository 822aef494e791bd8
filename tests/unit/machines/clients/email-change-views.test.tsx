// @vitest-environment happy-dom
// The sign-in email change's model paths replayed on the profile page's email card (issue 33): the
// real page, its hooks and adapter; the identity service's calls settle as each path says. The
// client types the new address and sends the code, types the code and confirms, resends, and
// closes the notice through the card, and cancels a code once sent through its Cancel button. After
// every step the card shows the chart's
// mode: the new-address form, the code form naming where the code went, or the changed notice (and
// the profile's sign-in email is then the new one); the service's refusal; buttons held meanwhile.
import { fireEvent, within } from '@testing-library/react';
import { expect } from 'vitest';
import { emailChangeSelectors } from '../../../../machines/clients/selectors.ts';
import { ProfilePage } from '../../../../src/features/clients/portal/profile-page.tsx';
import { PORTAL_TEXT } from '../../../../src/features/clients/portal/texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './email-change.model.ts';

const STORED = { client_id: 7, email: 'meera@x.test', first_name: 'Meera', last_name: 'Iyer', preferred_contact_method: 'EMAIL' };
const card = () => document.querySelector<HTMLElement>('[data-section="email-change"]')!;
const startForm = () => within(card()).queryByRole('form', { name: PORTAL_TEXT.changeEmail });
const codeForm = () => within(card()).queryByRole('form', { name: 'Confirm email' });
const button = (name: string) => within(card()).queryByRole('button', { name });

describeReplayOnView('the sign-in email change', {
  model,
  mount: (_, wrap) =>
    renderPage(wrap(<ProfilePage />), {
      path: '/user/profile/7',
      route: '/user/profile/:clientId',
      role: 'CLIENT',
      answer: (r) => (r.method === 'GET' && r.path === '/users/user-profiles/7' ? [200, STORED] : undefined),
    }),
  drive: async (event) => {
    if (event.type === 'email.start' && startForm()) {
      await step(() => fireEvent.change(within(startForm()!).getByLabelText('New email'), { target: { value: event.email } }));
      await step(() => fireEvent.submit(startForm()!));
      return true;
    }
    if (event.type === 'email.confirm' && codeForm()) {
      await step(() => fireEvent.change(within(codeForm()!).getByLabelText('Code'), { target: { value: event.code } }));
      await step(() => fireEvent.submit(codeForm()!));
      return true;
    }
    const name = { 'email.resend': PORTAL_TEXT.resendCode, 'email.cancel': PORTAL_TEXT.cancel, 'email.done': 'OK' }[event.type];
    const found = name && button(name);
    if (found) await step(() => fireEvent.click(found));
    return !!found;
  },
  expectScreen: (snapshot) => {
    const mode = emailChangeSelectors.mode(snapshot);
    const pending = emailChangeSelectors.isPending(snapshot);
    expect(startForm() !== null, 'the new-address form').toBe(mode === 'idle');
    expect(codeForm() !== null, 'the code form').toBe(mode === 'code');
    expect(within(card()).queryByText(PORTAL_TEXT.emailChanged) !== null, 'the changed notice').toBe(mode === 'changed');
    const message = emailChangeSelectors.message(snapshot);
    const alerts = within(card())
      .queryAllByRole('alert')
      .map((a) => a.textContent);
    if (message) expect(alerts).toContain(message);
    else expect(alerts.filter((a) => a !== PORTAL_TEXT.emailChanged + 'OK')).toEqual([]);
    // While the code is asked for; otherwise it waits only on the address typed.
    if (mode === 'idle' && pending) expect(button(PORTAL_TEXT.sendCode)!.hasAttribute('disabled'), 'send held').toBe(true);
    if (mode === 'code') {
      expect(codeForm()!.textContent).toContain(PORTAL_TEXT.codeSent(emailChangeSelectors.destination(snapshot) ?? ''));
      expect(button(PORTAL_TEXT.confirmCode)!.hasAttribute('disabled'), 'confirm held').toBe(pending);
      expect(button(PORTAL_TEXT.resendCode)!.hasAttribute('disabled'), 'resend held').toBe(pending);
      expect(button(PORTAL_TEXT.cancel)!.hasAttribute('disabled'), 'cancel held').toBe(pending);
    }
    // Once changed, the profile shows the new sign-in email (the chart told the profile's).
    if (mode === 'changed') expect(card().querySelector('[data-field="email"]')?.textContent).toBe('meera.new@x.test');
  },
});
