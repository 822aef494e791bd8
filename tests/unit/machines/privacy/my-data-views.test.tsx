// @vitest-environment happy-dom
// The "Download my data" card's model paths replayed on the portal profile's card: the real card,
// hook and adapter; the exports read and the request settle as each path says. The client asks for
// their data, reads the list again, or loads the card again. After every step the card shows what
// the chart holds: the exports with their status, Download on a ready one, the ask-again line on one
// that could not be prepared, "Prepare my data" only
// where the chart takes it (pending while asking), and the outcome said.
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { MyDataCard } from '../../../../src/features/privacy/my-data-card.tsx';
import { EXPORT_STATUS, MY_DATA_TEXT as T } from '../../../../src/features/privacy/texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './my-data.model.ts';

const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

describeReplayOnView('the portal’s Download my data card', {
  model,
  mount: (path, wrap) =>
    renderPage(wrap(<MyDataCard />), {
      path: '/user/profile/21',
      route: '/user/profile/:clientId',
      role: (path.spec.input as { readOnly: boolean }).readOnly ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    const name = event.type === 'data.retry' ? T.retry : event.type === 'data.request' ? T.request : event.type === 'data.refresh' ? T.refresh : null;
    const target = name ? button(name) : null;
    if (!target || target.disabled) return false;
    await step(() => fireEvent.click(target));
    return true;
  },
  expectScreen: (snapshot: any) => {
    const { exports, message } = snapshot.context;
    if (snapshot.matches('failed')) {
      expect(screen.getByText(T.loadFailed)).toBeTruthy();
      return;
    }
    const shown = [...document.querySelectorAll<HTMLElement>('[data-my-export]')];
    expect(
      shown.map((el) => [Number(el.dataset.myExport), el.dataset.status]),
      'the exports',
    ).toEqual(exports.map((e: any) => [e.id, e.status]));
    for (const el of shown) {
      expect(el.textContent).toContain(EXPORT_STATUS[el.dataset.status as keyof typeof EXPORT_STATUS]);
      expect(el.querySelector('[data-download]') !== null, `Download on ${el.dataset.myExport}`).toBe(el.dataset.status === 'ready');
      expect(el.querySelector('[data-failed]')?.textContent ?? null, `ask again on ${el.dataset.myExport}`).toBe(
        el.dataset.status === 'failed' ? T.failed : null,
      );
    }
    const asking = snapshot.matches('requesting');
    const request = button(asking ? T.requesting : T.request);
    expect(request !== null, 'Prepare my data').toBe(snapshot.can({ type: 'data.request' }) || asking);
    if (request) expect(request.disabled, 'asking pending').toBe(asking);
    if (!snapshot.matches('loading')) expect(button(T.refresh) !== null, 'Check again').toBe(snapshot.can({ type: 'data.refresh' }));
    const said = document.querySelector<HTMLElement>('[data-my-data-message]');
    expect(said?.textContent ?? null, 'the outcome').toBe(message ? T[message as 'requested' | 'requestFailed'] : null);
  },
});
