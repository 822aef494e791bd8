// @vitest-environment happy-dom
// The portal home's appointments: the upcoming-visits chart's model paths replayed on the home's
// appointments card (issue 33), the real section, hook and adapter; the list's loads, cancels,
// free starts and moves settle as each path says, and the list's own reload waits on the clock.
// The client cancels and reschedules from a visit's row, confirms or keeps in the dialog, picks a
// new start and retries through the card. After every step the card shows what the chart says:
// the rows with their actions (none for a reader, "contact the clinic" inside the late window),
// which dialog is open, the free starts, the notice and the refusal, held buttons while pending.
import { fireEvent, within } from '@testing-library/react';
import { expect } from 'vitest';
import { upcomingSelectors } from '../../../../machines/clients/booking-selectors.ts';
import { UpcomingSection } from '../../../../src/features/appointments/upcoming-section.tsx';
import { BOOKING_TEXT as T } from '../../../../src/features/appointments/portal-booking-texts.ts';
import { coveringPaths, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { shownDialog as dialog } from '../../../support/shown-dialog.ts';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './upcoming.model.ts';

const card = () => document.querySelector<HTMLElement>('[data-card="appointments"]')!;
const row = (id: number) => card().querySelector<HTMLElement>(`[data-appointment="${id}"]`);
const click = (el: HTMLElement | null | undefined) => (el ? step(() => fireEvent.click(el)).then(() => true) : false);

const all = selectedPaths(model);
// The covering subset never lists as a reader; a reader's loaded list (no actions on any row) is a path of its own.
const read = all.find((p) => p.spec.name === 'read-only' && p.steps.at(-1)?.state.matches('ready'))!;

describeReplayOnView('the home appointments', {
  model,
  paths: [...coveringPaths(model.machine, all), read],
  mount: (path, wrap) =>
    renderPage(wrap(<UpcomingSection clientId="21" />), {
      path: '/user/home/21',
      role: path.spec.name === 'read-only' ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    switch (event.type) {
      case 'upcoming.retry':
        return click(within(card()).queryByRole('button', { name: T.retry }));
      case 'upcoming.cancel':
        return click(row(event.id) && within(row(event.id)!).queryByRole('button', { name: T.cancel }));
      case 'upcoming.reschedule':
        return click(row(event.id) && within(row(event.id)!).queryByRole('button', { name: T.reschedule }));
      case 'upcoming.confirmCancel': {
        const open = dialog(T.cancelTitle);
        if (!open) return false;
        await step(() => fireEvent.change(within(open).getByLabelText(T.cancelReason, { exact: false }), { target: { value: event.reason } }));
        return click(within(open).getByRole('button', { name: T.confirmCancel }));
      }
      case 'upcoming.pickStart': {
        // The one free start the path offers, as the dialog shows it.
        const open = dialog(T.rescheduleTitle);
        const starts = open
          ? within(open)
              .queryAllByRole('button')
              .filter((b) => b.textContent !== T.back)
          : [];
        return click(starts.length === 1 ? starts[0] : null);
      }
      case 'upcoming.back':
        return click(
          (dialog(T.cancelTitle) && within(dialog(T.cancelTitle)!).getByRole('button', { name: T.keep })) ||
            (dialog(T.rescheduleTitle) && within(dialog(T.rescheduleTitle)!).getByRole('button', { name: T.back })),
        );
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const mode = upcomingSelectors.mode(snapshot);
    const pending = upcomingSelectors.isPending(snapshot);
    const message = upcomingSelectors.message(snapshot);
    const retry = within(card()).queryByRole('button', { name: T.retry, hidden: true });
    expect(retry !== null, 'the retry alert').toBe(mode === 'failed');
    if (mode === 'failed') expect(retry!.closest('[role="alert"]')!.textContent).toContain(message);
    expect(card().querySelector('[aria-busy="true"]') !== null, 'loading').toBe(mode === 'loading');
    const upcoming = upcomingSelectors.upcoming(snapshot);
    expect(
      [...card().querySelectorAll('[data-appointment]')].map((li) => Number(li.getAttribute('data-appointment'))),
      'the rows',
    ).toEqual(upcoming.map((a) => a.id));
    for (const a of upcoming) {
      // A dialog open hides the card from the accessibility tree (aria-hidden): its rows are still drawn.
      const inRow = within(row(a.id)!);
      const hidden = true;
      expect(inRow.queryByRole('button', { name: T.cancel, hidden }) !== null, `cancel on ${a.id}`).toBe(a.change === 'change');
      expect(inRow.queryByRole('button', { name: T.contactToCancel, hidden }) !== null, `contact on ${a.id}`).toBe(a.change === 'contact');
      if (a.change === 'change') expect(inRow.getByRole('button', { name: T.reschedule, hidden }).hasAttribute('disabled'), 'row actions held').toBe(pending);
    }
    const notice = upcomingSelectors.notice(snapshot);
    expect(within(card()).queryByText(T.cancelled) !== null, 'cancelled notice').toBe(notice === 'cancelled');
    expect(within(card()).queryByText(T.rescheduled) !== null, 'moved notice').toBe(notice === 'rescheduled');
    const cancelDialog = dialog(T.cancelTitle);
    const rescheduleDialog = dialog(T.rescheduleTitle);
    expect(cancelDialog !== null, 'the cancel dialog').toBe(upcomingSelectors.confirmingCancel(snapshot));
    expect(rescheduleDialog !== null, 'the reschedule dialog').toBe(upcomingSelectors.choosingStart(snapshot));
    if (cancelDialog) {
      expect(cancelDialog.textContent).toContain(upcomingSelectors.chosen(snapshot)!.service_name);
      expect(within(cancelDialog).getByRole('button', { name: T.confirmCancel }).hasAttribute('disabled')).toBe(pending);
    }
    if (rescheduleDialog) {
      const starts = within(rescheduleDialog)
        .queryAllByRole('button')
        .filter((b) => b.textContent !== T.back);
      expect(starts.length, 'the free starts').toBe(upcomingSelectors.starts(snapshot).length);
      if (message) expect(within(rescheduleDialog).getByRole('alert').textContent).toBe(message);
      expect(within(rescheduleDialog).getByRole('button', { name: T.back }).hasAttribute('disabled')).toBe(pending);
    } else if (mode === 'ready' && message) {
      expect(within(card()).getByText(message)).toBeTruthy();
    }
  },
});
