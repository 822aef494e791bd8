// @vitest-environment happy-dom
// The reschedule sub-chart's model paths replayed on its picker (issue 33), as the lab desk shows it
// under the order being moved: the real desk, hook and adapter, the real sub-chart invoked by the
// desk chart, whose slot and move calls settle as each path says. The desk is first brought to the
// move of the model's order (its queue read at once, its Reschedule asked for); then staff pick
// slots and go back through the picker's buttons. After every step the picker shows the sub-chart:
// the spinner while slots load, a button per slot (only a free other slot can be picked, and none
// while the move is saved), the refusal, and once it has ended the desk without the picker.
import { fireEvent, screen, within } from '@testing-library/react';
import { type ReactNode, useContext, useMemo } from 'react';
import { expect } from 'vitest';
import { type AnyActorRef, type AnyStateMachine, fromPromise } from 'xstate';
import { labDeskMachine, toReschedule } from '../../../../machines/labs/lab-desk-machine.ts';
import { rescheduleSelectors } from '../../../../machines/labs/lab-selectors.ts';
import { rescheduleMachine } from '../../../../machines/labs/reschedule-machine.ts';
import { LAB_DESK_TEXT as T } from '../../../../src/features/labs/desk-texts.ts';
import { LabDesk } from '../../../../src/features/labs/lab-desk.tsx';
import { PageActorOverrideContext, type PageActorOverride } from '../../../../src/lib/page-actor.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { ORDER as DESK_ORDER } from './lab-desk.model.ts';
import { model, ORDER } from './reschedule.model.ts';

// The desk's order is the model's: the sub-chart's input (and so every snapshot) is the same.
expect(toReschedule(DESK_ORDER)).toEqual(ORDER);
const DESK = { orders: [DESK_ORDER], catalogue: [], collectors: [], pincodes: [] };

/**
 * Under the harness's override: the desk's chart reads the model's queue at once and invokes the
 * harness's copy of the sub-chart; once the desk is ready it moves the model's order (as its
 * Reschedule button would), and the sub-chart it invoked is the actor the path is replayed on.
 */
function DeskMovingTheOrder({ children }: { children: ReactNode }) {
  const harness = useContext(PageActorOverrideContext)!;
  const override = useMemo<PageActorOverride>(
    () => ({
      logic: (id, logic) =>
        id === labDeskMachine.id
          ? (logic.provide({
              actors: { loadDesk: fromPromise(async () => DESK), reschedule: harness.logic(rescheduleMachine.id, rescheduleMachine) },
            } as never) as AnyStateMachine)
          : undefined,
      attach: (id, desk) => {
        if (id !== labDeskMachine.id) return;
        let asked = false;
        const watch = desk.subscribe((s: any) => {
          if (!asked && s.matches('ready')) {
            asked = true;
            desk.send({ type: 'desk.reschedule', order: ORDER.id });
          }
          const child = (s.children as Record<string, AnyActorRef | undefined>).reschedule;
          if (child) {
            watch.unsubscribe();
            harness.attach(rescheduleMachine.id, child);
          }
        });
      },
    }),
    [harness],
  );
  return <PageActorOverrideContext.Provider value={override}>{children}</PageActorOverrideContext.Provider>;
}

const picker = () => document.querySelector<HTMLElement>(`[data-reschedule="${ORDER.id}"]`);
const slotButton = (start: string) => picker()?.querySelector<HTMLButtonElement>(`[data-new-slot="${start}"]`) ?? null;

describeReplayOnView('the lab order reschedule', {
  model,
  mount: (_, wrap) =>
    renderPage(wrap(<DeskMovingTheOrder>{<LabDesk client={7} catalogue={false} />}</DeskMovingTheOrder>), {
      path: '/labs',
      role: 'NURSE',
      answer: () => undefined,
    }),
  drive: async (event) => {
    const button = event.type === 'reschedule.pick' ? slotButton(event.start) : picker() && within(picker()!).queryByRole('button', { name: T.back });
    if (!button || button.hasAttribute('disabled')) return false;
    await step(() => fireEvent.click(button));
    return true;
  },
  expectScreen: (snapshot) => {
    const c = snapshot.context;
    const open = rescheduleSelectors.isOpen(snapshot);
    expect(picker() !== null, 'the picker').toBe(open);
    const refusal = screen.queryByRole('alert');
    if (!open) {
      // Ended: the desk says why when the slots could not be loaded, and nothing else.
      expect(refusal?.textContent ?? null, 'the reason').toBe(snapshot.output.message);
      return;
    }
    expect(refusal?.textContent ?? null, 'the refusal').toBe(c.message);
    const loading = rescheduleSelectors.isLoadingSlots(snapshot);
    expect(within(picker()!).queryByRole('progressbar') !== null, 'the spinner').toBe(loading);
    expect(within(picker()!).queryByText(T.noSlots) !== null, 'no slots').toBe(!loading && c.slots.length === 0);
    const choosing = rescheduleSelectors.isChoosing(snapshot);
    const shown = [...picker()!.querySelectorAll<HTMLButtonElement>('[data-new-slot]')];
    expect(shown.map((b) => [b.dataset.newSlot, !b.disabled])).toEqual(
      c.slots.map((s: { start: string; places_left: number }) => [s.start, choosing && s.places_left > 0 && s.start !== c.order.start]),
    );
    expect(within(picker()!).getByRole('button', { name: T.back }).hasAttribute('disabled'), 'Back waits').toBe(!choosing);
  },
});
