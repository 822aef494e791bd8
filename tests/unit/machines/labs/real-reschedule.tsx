// The reschedule sub-chart as the two charts that invoke it (My orders, the lab desk) run it in a
// view replay: the page's chart keeps the path's actors, but its `reschedule` child is the real
// sub-chart, so the picker under the order shows (the harness would make every actor a promise,
// which the picker cannot read). How the sub-chart ends, the parent's
// `xstate.done.actor.reschedule`, is then driven through the picker: another slot picked and
// moved, Back, or slots that fail to load. Its own paths are replayed in reschedule-views.test.tsx.
import { fireEvent, within } from '@testing-library/react';
import { type ReactNode, useContext, useMemo } from 'react';
import { expect } from 'vitest';
import { type AnyEventObject, type AnyStateMachine, fromPromise } from 'xstate';
import { rescheduleMachine } from '../../../../machines/labs/reschedule-machine.ts';
import { PageActorOverrideContext, type PageActorOverride } from '../../../../src/lib/page-actor.ts';
import { step } from '../../../support/page-replay.tsx';

/** The sub-chart's own calls, settled by `endReschedule` as the picker is used. */
const calls: Array<{ src: string; resolve(v: unknown): void; reject(e: unknown): void }> = [];
const call = (src: string) => fromPromise(() => new Promise((resolve, reject) => calls.push({ src, resolve, reject })));
const take = (src: string) => {
  const index = calls.findLastIndex((c) => c.src === src);
  expect(index, `the reschedule sub-chart called ${src}`).toBeGreaterThanOrEqual(0);
  return calls.splice(index, 1)[0];
};

/** The slots the sub-chart is given: the order's own slot and a free other one. */
export const SLOTS = [
  { start: '2026-12-01T01:30:00Z', places_left: 1 },
  { start: '2026-12-02T01:30:00Z', places_left: 2 },
];

export function RealReschedule({ children }: { children: ReactNode }) {
  const harness = useContext(PageActorOverrideContext)!;
  const override = useMemo<PageActorOverride>(() => {
    calls.length = 0;
    return {
      logic: (id, logic) =>
        harness.logic(id, logic)?.provide({
          actors: { reschedule: rescheduleMachine.provide({ actors: { loadSlots: call('loadSlots'), moveOrder: call('moveOrder') } } as never) },
        } as never) as AnyStateMachine | undefined,
      attach: harness.attach,
    };
  }, [harness]);
  return <PageActorOverrideContext.Provider value={override}>{children}</PageActorOverrideContext.Provider>;
}

/** Ends the sub-chart the way `event` (its done event, with its outcome) says, through the picker labelled `back` for Back. */
export async function endReschedule(event: AnyEventObject, back: string): Promise<boolean> {
  const { moved, message } = event.output as { moved: boolean; message: string | null };
  if (message !== null) {
    await step(() => take('loadSlots').reject(new Error(message)));
    return true;
  }
  await step(() => take('loadSlots').resolve(SLOTS));
  const picker = document.querySelector<HTMLElement>('[data-reschedule]')!;
  if (moved) {
    await step(() => fireEvent.click(picker.querySelector(`[data-new-slot="${SLOTS[1].start}"]`)!));
    await step(() => take('moveOrder').resolve(undefined));
    return true;
  }
  await step(() => fireEvent.click(within(picker).getByRole('button', { name: back })));
  return true;
}
