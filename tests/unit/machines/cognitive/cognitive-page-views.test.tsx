// @vitest-environment happy-dom
// The cognitive page's model paths replayed on /user/cognitive-assessment/{clientId} (issue 33):
// the real page, hook and adapter; the results' loads and the start settle as each path says. The
// client starts, resumes and retries through the page. The battery the page invokes is the real
// chart, on a small battery whose tasks are all saved (all-saved-battery.ts; its own paths are in
// battery-views.test.tsx): the client finishes it through the battery's own screen, which is how
// the page's `xstate.done.actor.battery` comes. After every step the page shows its chart's mode:
// the skeleton, the retry, the battery, or the intro with Start or Continue and the results.
import { fireEvent, screen, within } from '@testing-library/react';
import { type ReactNode, useContext, useMemo } from 'react';
import { expect } from 'vitest';
import { type AnyStateMachine, fromPromise } from 'xstate';
import { cognitivePageSelectors as page } from '../../../../machines/cognitive/selectors.ts';
import { CognitivePage } from '../../../../src/features/cognitive/cognitive-page.tsx';
import { COGNITIVE_TEXT as T } from '../../../../src/features/cognitive/texts.ts';
import { PageActorOverrideContext, type PageActorOverride } from '../../../../src/lib/page-actor.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { batteryShaped } from './all-saved-battery.ts';
import { DONE, SCORES, SMALL } from './battery.model.ts';
import { model } from './cognitive-page.model.ts';

const BATTERY = batteryShaped((input) => ({ ...input, battery: SMALL, run: { ...input.run, progress: { tasks: DONE } } })).provide({
  actors: { completeRun: fromPromise(async () => SCORES) },
});

/** Under the harness's override: the page's chart keeps the path's actors, but its battery is the real (all-saved) one. */
function RealBattery({ children }: { children: ReactNode }) {
  const harness = useContext(PageActorOverrideContext)!;
  const override = useMemo<PageActorOverride>(
    () => ({
      logic: (id, logic) => harness.logic(id, logic)?.provide({ actors: { battery: BATTERY } } as never) as AnyStateMachine | undefined,
      attach: harness.attach,
    }),
    [harness],
  );
  return <PageActorOverrideContext.Provider value={override}>{children}</PageActorOverrideContext.Provider>;
}

const button = (name: string) => screen.queryByRole('button', { name });

async function click(found: HTMLElement | null): Promise<boolean> {
  if (!found || found.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(found));
  return true;
}

describeReplayOnView('the cognitive assessment page', {
  model,
  mount: (path, wrap) =>
    renderPage(wrap(<RealBattery>{<CognitivePage />}</RealBattery>), {
      path: '/user/cognitive-assessment/7',
      route: '/user/cognitive-assessment/:clientId',
      role: path.spec.name === 'read-only' ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    switch (event.type) {
      case 'page.start':
        return click(button(T.start));
      case 'page.resume':
        return click(button(T.resume));
      case 'page.retry':
        return click(button(T.retry));
      case 'xstate.done.actor.battery': {
        // Every task is saved: the battery's intro offers Continue, and the run completes.
        const battery = document.querySelector<HTMLElement>('[data-battery]');
        return click(battery && within(battery).getByRole('button', { name: T.continue }));
      }
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const view = page.view(snapshot);
    expect(screen.queryByText(T.loadFailed) !== null, 'the retry').toBe(view === 'failed');
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the skeleton').toBe(view === 'loading');
    expect(document.querySelector('[data-battery]') !== null, 'the battery').toBe(view === 'taking');
    const offered = view === 'ready' || view === 'starting';
    expect(document.querySelector('[data-field="intro"]') !== null, 'the intro').toBe(offered);
    expect(button(T.resume) !== null, 'Continue today’s screening').toBe(offered && page.openRun(snapshot) !== null);
    expect(button(T.start)?.hasAttribute('disabled') ?? null, 'Start the screening').toBe(
      offered && page.openRun(snapshot) === null ? view === 'starting' : null,
    );
    const failure = page.failure(snapshot);
    if (offered && failure) expect(screen.getByText(failure)).toBeTruthy();
    const results = view === 'ready' || view === 'starting' || view === 'reading';
    expect(document.querySelector('[data-field="results"]') !== null, 'the results').toBe(results);
    if (results)
      expect([...document.querySelectorAll<HTMLElement>('[data-run]')].map((el) => Number(el.dataset.run))).toEqual(
        page.results(snapshot).runs.map((r) => r.id),
      );
  },
});
