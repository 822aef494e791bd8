// @vitest-environment happy-dom
// The booking chart's model paths replayed on /user/book-test/{clientId} (issue 33): the real page,
// hook and adapter; the start, the pincode check, the slots, the hold and the order settle as each
// path says, and the hold runs out on the fake clock. The client types the pincode, checks it,
// ticks the test, picks the slot, adds, names and removes a family member, clears the address,
// reviews, confirms, goes back and books again through the page. After every step the page shows
// the chart's screen: one step's form at a time, the spinner while the server works, the held
// slot, the refusal, and the confirmation.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { bookTestSelectors as is } from '../../../../machines/labs/lab-selectors.ts';
import { BookTestPage } from '../../../../src/features/labs/book-test-page.tsx';
import { LABS_TEXT as T } from '../../../../src/features/labs/texts.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './book-test.model.ts';

/** The booking's part of the page ("My orders" below it is its own chart, replayed in my-orders-views). */
const booking = () => {
  const main = document.querySelector<HTMLElement>('[data-page="portal-book-test"]')!;
  const orders = main.querySelector('[data-my-orders]');
  return {
    buttons: (name: string) =>
      within(main)
        .queryAllByRole('button', { name })
        .filter((b) => !orders?.contains(b)),
    /** The warnings: the chart's message (the held slot and the payment note are notices). */
    warnings: () => [...main.querySelectorAll<HTMLElement>('.MuiAlert-colorWarning')].filter((a) => !orders?.contains(a)),
    spinner: () => within(main).queryAllByRole('progressbar', { name: T.bookTitle }).length > 0,
  };
};

async function click(button: HTMLElement | null | undefined): Promise<boolean> {
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}

async function type(field: HTMLElement | null, value: string): Promise<boolean> {
  // React sends no change for the value the field already has: the event is sent as is then.
  if (!field || (field as HTMLInputElement).value === value) return false;
  await step(() => fireEvent.change(field, { target: { value } }));
  return true;
}

const pincodeForm = () => screen.queryByRole('button', { name: T.check })?.closest('form') ?? null;
const peopleForm = () => screen.queryByRole('heading', { name: T.people })?.closest('form') ?? null;

describeReplayOnView('the lab booking page', {
  model,
  mount: (_, wrap) =>
    renderPage(wrap(<BookTestPage />), {
      path: '/user/book-test/7',
      route: '/user/book-test/:clientId',
      role: 'CLIENT',
      // Only "My orders" below the booking reaches the network: the client has none yet.
      answer: (r) => (r.method === 'GET' && r.path === '/labs/orders' ? [200, []] : undefined),
    }),
  drive: async (event) => {
    const page = booking();
    switch (event.type) {
      case 'book.retry':
        return click(screen.queryByRole('button', { name: PAGE_FRAME_TEXT.retry }));
      case 'book.pincode':
        return type(pincodeForm() && within(pincodeForm()!).getByRole('textbox', { name: T.pincode }), event.value);
      case 'book.checkPincode': {
        const form = pincodeForm();
        if (!form || within(form).getByRole('button', { name: T.check }).hasAttribute('disabled')) return false;
        await step(() => fireEvent.submit(form));
        return true;
      }
      case 'book.toggle':
        return click(document.querySelector<HTMLElement>(`[data-item] input[type="checkbox"]`));
      case 'book.toSlots':
        return click(page.buttons(T.toSlots)[0]);
      case 'book.pick':
        return click(document.querySelector<HTMLElement>(`[data-slot="${event.start}"]`));
      case 'book.address':
        return type(peopleForm() && within(peopleForm()!).getByRole('textbox', { name: T.address }), event.value);
      case 'book.addPerson':
        return click(page.buttons(T.addPerson)[0]);
      case 'book.person': {
        const row = document.querySelector<HTMLElement>(`[data-person="${event.index}"]`);
        return type(row && within(row).getByRole('textbox', { name: T.name }), event.value);
      }
      case 'book.removePerson': {
        const row = document.querySelector<HTMLElement>(`[data-person="${event.index}"]`);
        return click(row && within(row).getByRole('button', { name: T.remove }));
      }
      case 'book.review': {
        const form = peopleForm();
        if (!form) return false;
        await step(() => fireEvent.submit(form));
        return true;
      }
      case 'book.confirm':
        return click(page.buttons(T.confirm)[0]);
      case 'book.back': {
        // One step's Back is on screen at a time.
        const backs = page.buttons(T.back);
        expect(backs.length, 'one Back').toBeLessThanOrEqual(1);
        return click(backs[0]);
      }
      case 'book.again':
        return click(page.buttons(T.bookAnother)[0]);
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const c = snapshot.context;
    const failed = is.isFailed(snapshot);
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the retry').toBe(failed);
    if (failed) return;
    const page = booking();
    expect(page.spinner(), 'the spinner').toBe(is.isLoading(snapshot) || is.isBusy(snapshot));
    if (is.isLoading(snapshot)) return;
    expect(
      page.warnings().map((a) => a.textContent),
      'the message',
    ).toEqual(c.message ? [c.message] : []);
    expect(pincodeForm() !== null, 'the pincode form').toBe(is.asksPincode(snapshot));
    if (is.asksPincode(snapshot)) {
      expect(within(pincodeForm()!).getByRole<HTMLInputElement>('textbox', { name: T.pincode }).value).toBe(c.pincode);
      expect(within(pincodeForm()!).getByRole('button', { name: T.check }).hasAttribute('disabled'), 'Check waits').toBe(is.isBusy(snapshot));
    }
    expect(screen.queryByRole('heading', { name: T.chooseTests }) !== null, 'the tests').toBe(is.picksTests(snapshot));
    if (is.picksTests(snapshot)) {
      expect(
        [...document.querySelectorAll<HTMLInputElement>('[data-item] input[type="checkbox"]')].map((box) => box.checked),
        'ticked tests',
      ).toEqual(c.catalogue.map((i: { id: number }) => c.chosen.includes(i.id)));
      expect(page.buttons(T.toSlots)[0].hasAttribute('disabled'), 'no slots without a test').toBe(c.chosen.length === 0);
    }
    expect(screen.queryByRole('heading', { name: T.chooseSlot }) !== null, 'the slots').toBe(is.picksSlot(snapshot));
    if (is.picksSlot(snapshot))
      expect([...document.querySelectorAll<HTMLElement>('[data-slot]')].map((b) => b.dataset.slot)).toEqual(c.slots.map((s: { start: string }) => s.start));
    expect(screen.queryByText(T.heldUntil('').trim().replace(/\.$/, ''), { exact: false }) !== null, 'the hold').toBe(
      is.holdsSlot(snapshot) && c.hold !== null,
    );
    expect(peopleForm() !== null, 'the people').toBe(is.asksPeople(snapshot));
    if (is.asksPeople(snapshot)) {
      expect(
        [...document.querySelectorAll<HTMLElement>('[data-person]')].map((row) => within(row).getByRole<HTMLInputElement>('textbox', { name: T.name }).value),
        'the family members',
      ).toEqual(c.people.filter((p: { self: boolean }) => !p.self).map((p: { name: string }) => p.name));
      expect(within(peopleForm()!).getByRole<HTMLTextAreaElement>('textbox', { name: T.address }).value).toBe(c.address);
    }
    expect(screen.queryByRole('heading', { name: T.review }) !== null, 'the review').toBe(is.reviews(snapshot));
    if (is.reviews(snapshot)) expect(page.buttons(T.confirm)[0].hasAttribute('disabled'), 'Confirm waits').toBe(is.isBusy(snapshot));
    expect(document.querySelector<HTMLElement>('[data-booked]')?.dataset.booked, 'the confirmation').toBe(is.isDone(snapshot) ? String(c.order.id) : undefined);
  },
});
