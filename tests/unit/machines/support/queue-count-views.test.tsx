// @vitest-environment happy-dom
// The queue count's model paths replayed on the back office nav item's badge (issue 33): the real
// badge and its navigation watch; the counts settle as each path says. The staff member moves
// between pages through the browser's history (the badge's own watch hears it), and after every
// step the badge shows the chart's count (none at all while it is 0).
import { act } from '@testing-library/react';
import { type ReactNode, useContext, useMemo } from 'react';
import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { queueCountSelectors } from '../../../../machines/support/selectors.ts';
import { SupportQueueBadge } from '../../../../src/app/shell/support-badge.tsx';
import { PageActorOverrideContext, type PageActorOverride } from '../../../../src/lib/page-actor.ts';
import { describeReplayOnView, settle } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model, START } from './queue-count.model.ts';

/** Under the harness's override: the count is the path's, but the badge keeps its own navigation watch. */
function OwnNavigationWatch({ children }: { children: ReactNode }) {
  const harness = useContext(PageActorOverrideContext)!;
  const override = useMemo<PageActorOverride>(
    () => ({
      logic: (id, logic) =>
        harness
          .logic(id, logic)
          ?.provide({ actors: { watchNavigation: (logic.implementations.actors as Record<string, unknown>).watchNavigation } } as never) as
          AnyStateMachine | undefined,
      attach: harness.attach,
    }),
    [harness],
  );
  return <PageActorOverrideContext.Provider value={override}>{children}</PageActorOverrideContext.Provider>;
}

const badge = () => document.querySelector<HTMLElement>('[data-testid="support-queue-count"] .MuiBadge-badge')!;

describeReplayOnView('the support queue badge', {
  model,
  mount: (_, wrap) => {
    // The page the staff member is on when the badge is first drawn: the model's start.
    window.history.replaceState(null, '', START);
    return renderPage(wrap(<OwnNavigationWatch>{<SupportQueueBadge>Back office</SupportQueueBadge>}</OwnNavigationWatch>), {
      path: START,
      role: 'ADMIN',
      answer: () => undefined,
    });
  },
  drive: async (event) => {
    if (event.type !== 'queue.navigated') return false;
    // Back or Forward in the browser: the history moves, then the browser says so.
    await act(async () => {
      window.history.pushState(null, '', event.place);
      window.dispatchEvent(new PopStateEvent('popstate'));
      await settle();
    });
    return true;
  },
  expectScreen: (snapshot) => {
    const count = queueCountSelectors.waiting(snapshot);
    expect(badge().classList.contains('MuiBadge-invisible'), 'the badge hidden').toBe(count === 0);
    if (count > 0) expect(badge().textContent, 'the count').toBe(String(count));
  },
});
