// @vitest-environment happy-dom
// The portal membership card's model paths replayed on My packages' card: the real card, hook and
// adapter; the memberships read and the stop settle as each path says. The client stops a
// membership's renewal from its card, keeps it or confirms in the dialog, or loads the card again.
// After every step the card shows what the chart holds: the memberships, Stop renewal only where
// the chart takes it, the confirm dialog and its pending Stop, and the outcome said.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { MyMembershipCard } from '../../../../src/features/memberships/my-membership-card.tsx';
import { CARD_TEXT as T } from '../../../../src/features/memberships/texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './my-membership.model.ts';

const card = (id: number) => document.querySelector<HTMLElement>(`[data-my-membership="${id}"]`);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (root: HTMLElement | null, name: string) => (root ? (within(root).queryByRole('button', { name }) as HTMLButtonElement | null) : null);

describeReplayOnView('the portal’s membership card', {
  model,
  mount: (path, wrap) =>
    renderPage(wrap(<MyMembershipCard />), {
      path: '/user/packages/21',
      route: '/user/packages/:clientId',
      role: (path.spec.input as { readOnly: boolean }).readOnly ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    if (event.type === 'membership.retry') {
      const retry = screen.queryByRole('button', { name: T.retry });
      if (!retry) return false;
      await step(() => fireEvent.click(retry));
      return true;
    }
    if (event.type === 'membership.stopRenewal') {
      const stop = button(card(event.membership), T.stopRenewal);
      if (!stop) return false;
      await step(() => fireEvent.click(stop));
      return true;
    }
    if (event.type === 'membership.keep' || event.type === 'membership.confirmStop') {
      const choice = button(dialog(), event.type === 'membership.keep' ? T.keep : T.stopConfirm);
      if (!choice || choice.disabled) return false;
      await step(() => fireEvent.click(choice));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot: any) => {
    const { memberships, stopping, message } = snapshot.context;
    if (snapshot.matches('failed')) {
      expect(screen.getByText(T.loadFailed)).toBeTruthy();
      return;
    }
    const shown = [...document.querySelectorAll<HTMLElement>('[data-my-membership]')].map((el) => Number(el.dataset.myMembership));
    expect(shown, 'the memberships').toEqual(memberships.map((m: any) => m.id));
    for (const m of memberships)
      expect(button(card(m.id), T.stopRenewal) !== null, `Stop renewal on ${m.id}`).toBe(snapshot.can({ type: 'membership.stopRenewal', membership: m.id }));
    const open = snapshot.matches('confirming') || snapshot.matches('stopping');
    expect(dialog() !== null, 'the confirm').toBe(open);
    if (open) {
      expect(dialog()!.textContent).toContain(memberships.find((m: any) => m.id === stopping).plan_name);
      expect(button(dialog(), snapshot.matches('stopping') ? T.stopping : T.stopConfirm)!.disabled, 'Stop pending').toBe(snapshot.matches('stopping'));
    }
    const said = document.querySelector<HTMLElement>('[data-membership-message]');
    expect(said?.textContent ?? null, 'the outcome').toBe(message ? T[message as 'renewalStopped' | 'stopFailed'] : null);
  },
});
