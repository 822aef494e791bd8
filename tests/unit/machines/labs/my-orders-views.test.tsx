// @vitest-environment happy-dom
// The client's "My orders" chart's model paths replayed on "My orders" (the booking page's list,
// issue 33): the real component, hook and adapter; the list's loads and cancels settle as each path
// says. The client retries, cancels and reschedules through the cards' buttons. The reschedule
// sub-chart is the real one (real-reschedule.tsx): how it ends is driven through its picker, so the
// parent's `xstate.done.actor.reschedule` comes from the screen.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { myOrdersSelectors } from '../../../../machines/labs/lab-selectors.ts';
import { orderChangeable } from '../../../../machines/labs/my-orders-machine.ts';
import { MyOrders } from '../../../../src/features/labs/my-orders.tsx';
import { LABS_TEXT as T } from '../../../../src/features/labs/texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './my-orders.model.ts';
import { endReschedule, RealReschedule } from './real-reschedule.tsx';

const card = (order: number) => document.querySelector<HTMLElement>(`[data-order="${order}"]`);
const picker = () => document.querySelector<HTMLElement>('[data-reschedule]');

async function clickIn(container: HTMLElement | null, name: string | RegExp): Promise<boolean> {
  const button = container && within(container).queryByRole('button', { name });
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}

describeReplayOnView('my lab orders', {
  model,
  mount: (_, wrap) => {
    return renderPage(wrap(<RealReschedule>{<MyOrders clientId="7" />}</RealReschedule>), {
      path: '/user/book-test/7',
      role: 'CLIENT',
      answer: () => undefined,
    });
  },
  drive: async (event) => {
    switch (event.type) {
      case 'orders.retry':
        return clickIn(screen.queryByRole('alert')?.parentElement ?? null, T.retry);
      case 'orders.cancel':
        return clickIn(card(event.order), T.cancelOrder);
      case 'orders.reschedule':
        return clickIn(card(event.order), T.reschedule);
      case 'xstate.done.actor.reschedule':
        return endReschedule(event, T.back);
      default:
        // A pick or Back while the slots still load: the picker's buttons wait, the sub-chart ignores it.
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const c = snapshot.context;
    const failed = myOrdersSelectors.isFailed(snapshot);
    expect(screen.queryByText(T.ordersFailed) !== null, 'the retry alert').toBe(failed);
    expect(screen.queryByRole('progressbar', { name: T.myOrders }) !== null, 'the spinner').toBe(
      myOrdersSelectors.isLoading(snapshot) && c.orders.length === 0,
    );
    expect(
      [...document.querySelectorAll<HTMLElement>('[data-order]')].map((el) => [Number(el.dataset.order), el.dataset.status]),
      'the cards',
    ).toEqual(c.orders.map((o: { id: number; status: string }) => [o.id, o.status]));
    expect(screen.queryByText(T.noOrders) !== null, 'no orders').toBe(!myOrdersSelectors.isLoading(snapshot) && !failed && c.orders.length === 0);
    if (c.message) expect(screen.getByText(c.message).closest('[role="alert"]')).not.toBeNull();
    else expect(document.querySelector('.MuiAlert-colorWarning'), 'no refusal').toBeNull();
    for (const o of c.orders as Array<{ id: number; status: 'booked' }>) {
      const buttons = within(card(o.id)!).queryAllByRole('button', { name: new RegExp(`^(${T.reschedule}|${T.cancelOrder})$`) });
      expect(buttons.length, `order ${o.id}'s buttons`).toBe(orderChangeable(o.status) ? 2 : 0);
      for (const b of buttons) expect(b.hasAttribute('disabled'), `order ${o.id}'s buttons wait`).toBe(myOrdersSelectors.isBusy(snapshot));
    }
    // The picker is open under the order being moved, and only while it is moved.
    expect(picker()?.closest<HTMLElement>('[data-order]')?.dataset.order, 'the slot picker').toBe(
      snapshot.matches('rescheduling') ? String(c.moving.id) : undefined,
    );
  },
});
