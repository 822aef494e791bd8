// @vitest-environment happy-dom
// The lab desk chart's model paths replayed on the back office's Labs tab (issue 33): the real desk
// with its catalogue and pincodes, hook and adapter; the queue's loads and each act settle as the
// path says. Staff retry, choose the collector and assign them, save a pincode and reschedule
// through the desk; the reschedule sub-chart is the real one (real-reschedule.tsx) and ends through
// its picker. After every step the desk shows the chart: the failure, the spinner on the first
// load, a card per order whose buttons wait while the desk is busy, the refusal, what the server
// took last, the pincodes, and the picker under the order being moved.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { deskCanCancel } from '../../../../machines/labs/lab-desk-machine.ts';
import { labDeskSelectors as is } from '../../../../machines/labs/lab-selectors.ts';
import { LAB_DESK_TEXT as T } from '../../../../src/features/labs/desk-texts.ts';
import { LabDesk } from '../../../../src/features/labs/lab-desk.tsx';
import { coveringPaths, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './lab-desk.model.ts';
import { endReschedule, RealReschedule } from './real-reschedule.tsx';

// The covering paths take each transition once, with whichever act came first; each kind of act the
// desk makes through its own form (a pincode, a result) is replayed too, ending where the act is sent.
const all = selectedPaths(model);
const actOf = (kind: string) => all.find((p) => p.steps.at(-1)?.event.type === 'desk.act' && p.steps.at(-1)?.event.act.kind === kind)!;
const paths = [...coveringPaths(model.machine, all), actOf('pincode'), actOf('result')];

const FAILED = 'The lab orders could not be loaded.';
const card = (order: number) => document.querySelector<HTMLElement>(`[data-order="${order}"]`);

async function click(button: HTMLElement | null | undefined): Promise<boolean> {
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}

/** Chooses the collector in the order's card, then assigns them (the button waits for a choice, and while the desk is busy). */
async function assignCollector(order: number, name: string): Promise<boolean> {
  const scope = card(order);
  const assign = scope && within(scope).queryByRole('button', { name: T.move.collector_assigned });
  if (!scope || !assign) return false;
  await step(() => fireEvent.mouseDown(within(scope).getByRole('combobox')));
  await step(() => fireEvent.click(screen.getByRole('option', { name })));
  expect(within(scope).getByRole('combobox').textContent, 'the collector chosen').toBe(name);
  return click(assign);
}

async function savePincode(pincode: { pincode: string; area: string; slot_capacity: number }): Promise<boolean> {
  const section = document.querySelector<HTMLElement>('[data-lab-pincodes]');
  if (!section) return false;
  const save = within(section).getByRole('button', { name: T.savePincode });
  if (save.hasAttribute('disabled')) return false;
  fireEvent.change(within(section).getByRole('textbox', { name: T.pincode }), { target: { value: pincode.pincode } });
  fireEvent.change(within(section).getByRole('textbox', { name: T.area }), { target: { value: pincode.area } });
  fireEvent.change(within(section).getByRole('textbox', { name: T.slotCapacity }), { target: { value: String(pincode.slot_capacity) } });
  return click(save);
}

describeReplayOnView('the lab desk', {
  model,
  paths,
  mount: (_, wrap) =>
    renderPage(wrap(<RealReschedule>{<LabDesk />}</RealReschedule>), {
      path: '/backoffice',
      role: 'ADMIN',
      // The desk's own reads are the path's; the catalogue's other calls are not made in these paths.
      answer: () => undefined,
    }),
  drive: async (event) => {
    switch (event.type) {
      case 'desk.retry':
        return click(screen.queryByText(FAILED) && screen.queryByRole('button', { name: 'Retry' }));
      case 'desk.reschedule':
        return click(card(event.order) && within(card(event.order)!).queryByRole('button', { name: T.reschedule }));
      case 'desk.act': {
        const act = event.act;
        // The model's collector (id 2) is the one the desk lists as Kavya Nair.
        if (act.kind === 'move' && act.to === 'collector_assigned' && act.collector === 2) return assignCollector(act.order, 'Kavya Nair');
        if (act.kind === 'pincode') return savePincode(act.pincode);
        // A result for a booked order: the desk offers result fields only once the order is processing.
        return false;
      }
      case 'xstate.done.actor.reschedule':
        return endReschedule(event, T.back);
      default:
        // desk.reload comes from the catalogue's edit dialog (no item in these paths); a pick or Back
        // while the slots still load is not offered (the picker's buttons wait).
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const c = snapshot.context;
    const failed = is.isFailed(snapshot);
    expect(screen.queryByText(FAILED) !== null, 'the failure').toBe(failed);
    if (failed) return;
    const busy = is.isBusy(snapshot);
    expect(screen.queryByRole('progressbar', { name: T.title }) !== null, 'the spinner').toBe(is.isLoading(snapshot) && c.orders.length === 0);
    expect(
      [...document.querySelectorAll<HTMLElement>('[data-order]')].map((el) => Number(el.dataset.order)),
      'the queue',
    ).toEqual(c.orders.map((o: { id: number }) => o.id));
    for (const o of c.orders) {
      const buttons = [T.reschedule, T.cancel].map((name) => within(card(o.id)!).queryByRole('button', { name }));
      if (deskCanCancel(o.status)) for (const b of buttons) expect(b!.hasAttribute('disabled'), `order ${o.id}'s buttons wait`).toBe(busy);
      else expect(buttons).toEqual([null, null]);
    }
    const warnings = [...document.querySelectorAll('.MuiAlert-colorWarning')].map((a) => a.textContent);
    expect(warnings, 'the refusal').toEqual(c.message ? [c.message] : []);
    const done = screen.queryByTestId('lab-desk-done')?.textContent ?? null;
    if (c.done?.kind === 'move') expect(done, 'what the server took').toBe(T.moved(c.done.order, T.status[c.done.to]));
    else if (c.done?.kind === 'result') expect(done).toContain(`${c.done.value}`);
    else expect(done).toBeNull();
    expect(
      [...document.querySelectorAll<HTMLElement>('[data-pincode]')].map((li) => li.dataset.pincode),
      'the pincodes',
    ).toEqual(c.pincodes.map((p: { pincode: string }) => p.pincode));
    expect(document.querySelector('[data-reschedule]')?.closest<HTMLElement>('[data-order]')?.dataset.order, 'the slot picker').toBe(
      snapshot.matches('rescheduling') ? String(c.moving.id) : undefined,
    );
  },
});
