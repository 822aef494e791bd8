// A page chart's model paths replayed on its real view (issue 33), as the app and sign-in charts
// are: the page is rendered as the app renders it (its hooks, adapter, MUI), but its chart's
// invoked actors are settled by the path (through `PageActorOverrideContext`, the one seam
// `usePageActor` has). Each step is done through the screen where a person would do it (`drive`),
// or sent as the adapter or a timer would; after every step the actor's snapshot must be the one
// the path predicts, and `expectScreen` checks the screen shows what that snapshot says.
//
// Paths: a covering subset of the model's selected paths (every state and transition the full set
// takes), so a page replays in a few dozen renders rather than hundreds; or, where a page's renders
// dominate the suite, its covering walks (`coveringWalks`): the same guarantee in fewer, longer paths.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act, cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyStateMachine } from 'xstate';
import { PageActorOverrideContext, type PageActorOverride } from '../../src/lib/page-actor.ts';
import { coveringPaths, deferredActors, delayFor, type MachineModel, type ModelPath, selectedPaths, serialize } from './model-paths.ts';

// Dialogs, menus and popovers open and close at once, so a closed one is gone within the step
// that closed it (the screen is checked right after every step).
const NO_MOTION = createTheme({
  components: {
    MuiDialog: { defaultProps: { transitionDuration: 0 } },
    MuiPopover: { defaultProps: { transitionDuration: 0 } },
    MuiMenu: { defaultProps: { transitionDuration: 0 } },
  },
});

export interface PageReplay<TView> {
  model: MachineModel;
  /** Renders the real page; `wrap` puts the override around it (inside the shell's providers is fine). */
  mount(path: ModelPath, wrap: (page: ReactNode) => ReactNode): TView;
  /** Does the step through the screen as a person would; resolves false to have it sent to the actor. */
  drive?(event: AnyEventObject, view: TView, actor: AnyActorRef): Promise<boolean> | boolean;
  /** The screen shows what the snapshot says. */
  expectScreen(snapshot: any, view: TView): void;
  /** The paths to replay (default: a covering subset of the selected paths). */
  paths?: ModelPath[];
}

/** Lets React and the promises settle: one macrotask, on the fake clock when a path runs on it. */
export const settle = () => (vi.isFakeTimers() ? vi.advanceTimersByTimeAsync(0) : new Promise((resolve) => setTimeout(resolve, 0)));

/** Runs `fn` inside act and lets the screen settle. */
export async function step(fn: () => unknown): Promise<void> {
  await act(async () => {
    await fn();
    await settle();
  });
}

export function describeReplayOnView<TView>(name: string, replay: PageReplay<TView>) {
  const machine: AnyStateMachine = replay.model.machine;
  const paths = replay.paths ?? coveringPaths(machine, selectedPaths(replay.model));

  describe(`${name}: model paths replayed on the view`, () => {
    afterEach(() => {
      cleanup();
      vi.useRealTimers();
    });

    it('has paths to replay', () => expect(paths.length).toBeGreaterThan(0));

    // A walk (coveringWalks) is several paths' steps in one render: its time grows with its steps.
    const timeout = Math.max(30_000, 5_000 * Math.max(...paths.map((p) => p.steps.length)));
    it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout }, async (_, path) => {
      // A path that waits on a timer runs on the fake clock from the start, so the page's timers are fake too;
      // and its Date: a delay computed from the time (`Date.now()`) is the same when the chart schedules it
      // and when the path waits it out, as in the model's own replay.
      if (path.steps.some((s) => s.event.type.startsWith('xstate.after.')))
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      const leaf = deferredActors(machine);
      let actor: AnyActorRef | null = null;
      const override: PageActorOverride = {
        // The page's own copy keeps the actions the view provides; only the invoked actors become the path's.
        logic: (id, logic) => (id === machine.id ? (logic.provide({ actors: leaf.actors } as never) as AnyStateMachine) : undefined),
        attach: (id, a) => {
          if (id === machine.id) actor = a;
        },
      };
      const view = replay.mount(path, (page) => (
        <ThemeProvider theme={NO_MOTION}>
          <PageActorOverrideContext.Provider value={override}>{page}</PageActorOverrideContext.Provider>
        </ThemeProvider>
      ));
      await act(settle);
      expect(actor, `the page made no ${machine.id} actor through usePageActor`).not.toBeNull();
      const page = actor as unknown as AnyActorRef;
      replay.expectScreen(page.getSnapshot(), view);
      for (const { event, state } of path.steps) {
        if (event.type.startsWith('xstate.after.')) {
          const ms = delayFor(machine, event.type, page.getSnapshot().context);
          await act(async () => {
            await vi.advanceTimersByTimeAsync(ms);
          });
        } else if (!(await replay.drive?.(event, view, page))) {
          await step(() => {
            if (!leaf.settle(event)) page.send(event);
          });
          // A settled actor's answer renders a macrotask later than a sent event would, so a dialog it
          // closes starts its (zero-length) exit then: one more turn lets it go before the screen is checked.
          await act(settle);
        }
        const same = path.spec.serializeState ?? serialize;
        expect(same(page.getSnapshot()), `after ${event.type}`).toBe(same(state));
        replay.expectScreen(page.getSnapshot(), view);
      }
    });
  });
}
