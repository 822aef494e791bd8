// @vitest-environment happy-dom
// The portal home's model paths replayed on /user/home/{clientId} (issue 33): the real route page,
// hook and adapter; the home's load and the visit's count settle as each path says. The client
// retries through the page's retry alert; after every step the page shows what the chart says:
// the skeleton until the data is in and the visit counted, the retry alert when either failed, and
// once ready the greeting, "Welcome" only on the client's first visit (never for a reader).
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { homeSelectors } from '../../../../machines/clients/selectors.ts';
import { PortalHomePage } from '../../../../src/app/routes/portal-home-page.tsx';
import { PORTAL_TEXT } from '../../../../src/features/clients/portal/texts.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { coveringPaths, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './home.model.ts';

const all = selectedPaths(model);
// The covering subset reaches "ready" only as a reader; the client's counted first visit ("Welcome")
// is a path of its own.
const welcomed = all.find((p) => p.spec.name === 'the client' && p.steps.at(-1)?.state.matches({ data: 'ready', visit: 'counted' }))!;

describeReplayOnView('the portal home', {
  model,
  paths: [...coveringPaths(model.machine, all), welcomed],
  mount: (path, wrap) =>
    renderPage(wrap(<PortalHomePage />), {
      path: '/user/home/7',
      route: '/user/home/:clientId',
      // The reader's spec counts no visit: a SUPER_ADMIN reading the client's portal.
      role: path.spec.name === 'a reader' ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    const retry = event.type === 'home.retry' && screen.queryByRole('button', { name: PAGE_FRAME_TEXT.retry });
    if (retry) await step(() => fireEvent.click(retry));
    return !!retry;
  },
  expectScreen: (snapshot) => {
    const mode = homeSelectors.mode(snapshot);
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the retry alert').toBe(mode === 'failed');
    expect(document.querySelector('[data-loading="home"]') !== null, 'the skeleton').toBe(mode === 'loading');
    const greeting = screen.queryByRole('heading', { level: 1 });
    if (mode === 'ready') {
      expect(greeting?.textContent).toBe(PORTAL_TEXT.greeting('Asha', homeSelectors.firstVisit(snapshot)));
      expect(screen.getByText(PORTAL_TEXT.consentMissing)).toBeTruthy();
    } else {
      expect(document.querySelector('[data-card="onboarding"]'), 'the home cards').toBeNull();
    }
  },
});
