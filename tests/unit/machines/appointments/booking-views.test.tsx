// @vitest-environment happy-dom
// The booking chart's model paths replayed on the front desk's booking dialog (issue 33): the real
// dialog, hook and adapter, opened on a clicked slot; client search, availability and the booking
// settle as each path says, the search's pause waits on the clock. The desk types the search,
// picks the client from its list, chooses service and staff in their menus, picks a free time,
// ticks the series, writes notes, continues, books, goes back, retries and cancels in the dialog.
// What the dialog rightly does not offer is sent to the actor as is: a range to show and a step
// back from the details (the portal's, replayed on its pages), a client before any search lists
// one, a free time once a staff member is chosen (the dialog's pick keeps them; the path's drops
// them), and a time typed into the start fields. The portal's spec starts with no service or range,
// which no view does, so only the front desk's paths are replayed here.
// After every step the dialog shows the chart's step: the details with the chosen client, service,
// staff, free times and series; the summary; the booking under way; the conflict or failure; and
// Continue, Book, Back and Retry exactly when the step offers them.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { bookingSelectors } from '../../../../machines/appointments/selectors.ts';
import { BookingDialog } from '../../../../src/features/appointments/booking-dialog.tsx';
import {
  BACK,
  BOOK,
  BOOKING_CONFLICT,
  CANCEL,
  CHECKING,
  CLIENT_SEARCH,
  CONTINUE,
  NOTES,
  RETRY,
  SERIES,
  SERVICE,
  STAFF,
} from '../../../../src/features/appointments/texts.ts';
import { coveringPaths, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model, SLOT } from './booking.model.ts';

const SETUP = {
  hours: { time_zone: 'Asia/Kolkata', staff_hours: [{ staff: 4 }, { staff: 5 }, { staff: 7 }], staff_exceptions: [] },
  services: [{ id: 3, name: 'HBOT dive', therapy: 'hbot', duration_minutes: 60, delivered_by: ['NURSE'] }],
  resources: [
    { id: 1, name: 'Chamber 1', kind: 'hbot_chamber' },
    { id: 2, name: 'Chamber 2', kind: 'hbot_chamber' },
  ],
  kinds: [{ kind: 'hbot_chamber', label: 'HBOT chamber' }],
  staff: [
    { id: 4, name: 'Nurse Kavya', role: 'NURSE' },
    { id: 5, name: 'Nurse Ravi', role: 'NURSE' },
    { id: 7, name: 'Nurse Leela', role: 'NURSE' },
  ],
};

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).queryByRole('button', { name });
const click = (el: HTMLElement | null | undefined) => (el ? step(() => fireEvent.click(el)).then(() => true) : false);

/** Opens a select of the dialog and picks the option (the newest menu: a closed one may still be fading). */
async function choose(label: string, option: string): Promise<boolean> {
  const select = within(dialog()).queryByRole('combobox', { name: label });
  if (!select) return false;
  await step(() => fireEvent.mouseDown(select));
  const listbox = screen.getAllByRole('listbox').at(-1)!;
  return click(within(listbox).getByRole('option', { name: option }));
}

const paths = coveringPaths(
  model.machine,
  selectedPaths(model).filter((p) => p.spec.name === 'front desk'),
);

describeReplayOnView('the booking dialog', {
  model,
  paths,
  mount: (_, wrap) =>
    renderPage(wrap(<BookingDialog setup={SETUP as never} slot={SLOT} onClose={() => {}} onBooked={() => {}} />), {
      path: '/appointments',
      role: 'RECEPTION',
      answer: () => undefined,
    }),
  drive: async (event, _, actor) => {
    const s = actor.getSnapshot();
    const details = bookingSelectors.step(s) === 'details';
    switch (event.type) {
      case 'booking.searchClients': {
        const search = details && within(dialog()).queryByRole('combobox', { name: CLIENT_SEARCH });
        if (!search) return false;
        await step(() => fireEvent.change(search, { target: { value: event.text } }));
        return true;
      }
      case 'booking.selectClient': {
        const option = screen.queryAllByRole('option').find((o) => o.textContent === event.client.label);
        return details && click(option);
      }
      case 'booking.selectService':
        return details && choose(SERVICE, SETUP.services.find((x) => x.id === event.service)!.name);
      case 'booking.selectStaff':
        return details && choose(STAFF, SETUP.staff.find((x) => x.id === event.staff)!.name);
      case 'booking.pickSlot': {
        if (!details || s.context.staff !== null || event.slot.staff) return false;
        const times = screen.queryByTestId('free-times');
        const at = Date.parse(event.slot.start);
        const offer = s.context.offers.findIndex((o: { start: string }) => Date.parse(o.start) === at);
        return offer >= 0 && !!times && click(within(times).queryAllByRole('button')[offer]);
      }
      case 'booking.setSeries': {
        const box = details && (within(dialog()).getByRole('checkbox', { name: SERIES }) as HTMLInputElement);
        if (!box) return false;
        if ((event.series !== null) !== box.checked) return click(box);
        if (!event.series) return false;
        await step(() => fireEvent.change(within(dialog()).getByRole('spinbutton'), { target: { value: String(event.series.count) } }));
        return true;
      }
      case 'booking.setNotes': {
        if (!details) return false;
        await step(() => fireEvent.change(within(dialog()).getByRole('textbox', { name: NOTES }), { target: { value: event.notes } }));
        return true;
      }
      case 'booking.next':
        return click(button(CONTINUE));
      case 'booking.back':
        return click(button(BACK));
      case 'booking.submit':
        return click(button(BOOK));
      case 'booking.retry':
        return click(button(RETRY));
      case 'booking.cancel':
        return click(button(CANCEL));
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const stepShown = bookingSelectors.step(snapshot);
    const details = stepShown === 'details' || stepShown === 'slot';
    const summary = stepShown === 'confirm' || stepShown === 'booking' || stepShown === 'failed';
    expect(within(dialog()).queryByRole('combobox', { name: SERVICE }) !== null, 'the details').toBe(details);
    expect(dialog().querySelector('dl') !== null, 'the summary').toBe(summary);
    expect(within(dialog()).queryByRole('progressbar', { name: 'Booking' }) !== null, 'booking under way').toBe(stepShown === 'booking');
    expect(within(dialog()).queryByText(BOOKING_CONFLICT, { exact: false }) !== null, 'the conflict').toBe(stepShown === 'conflict');
    expect(button(CONTINUE) !== null, 'continue').toBe(stepShown === 'details');
    if (stepShown === 'details') expect(button(CONTINUE)!.hasAttribute('disabled'), 'continue held').toBe(!bookingSelectors.canContinue(snapshot));
    expect(button(BOOK) !== null, 'book').toBe(stepShown === 'confirm' || stepShown === 'booking');
    if (button(BOOK)) expect(button(BOOK)!.hasAttribute('disabled'), 'book held').toBe(stepShown === 'booking');
    expect(button(BACK) !== null, 'back').toBe(stepShown === 'confirm' || stepShown === 'conflict' || stepShown === 'failed');
    expect(button(RETRY) !== null, 'retry').toBe(stepShown === 'failed');
    const error = bookingSelectors.error(snapshot);
    if (error && (details || stepShown === 'failed' || stepShown === 'conflict')) expect(dialog().textContent).toContain(error);
    if (summary) {
      const dl = dialog().querySelector('dl')!;
      expect(dl.textContent).toContain(bookingSelectors.client(snapshot)?.label ?? '');
      expect(dl.textContent).toContain(SETUP.staff.find((x) => x.id === bookingSelectors.staff(snapshot))?.name ?? '');
    }
    if (details) {
      expect(within(dialog()).queryByText(CHECKING) !== null, 'checking availability').toBe(bookingSelectors.isCheckingAvailability(snapshot));
      const client = bookingSelectors.client(snapshot);
      if (client) expect((within(dialog()).getByRole('combobox', { name: CLIENT_SEARCH }) as HTMLInputElement).value).toBe(client.label);
      const service = bookingSelectors.service(snapshot);
      expect(within(dialog()).getByRole('combobox', { name: SERVICE }).textContent).toBe(SETUP.services.find((x) => x.id === service)?.name ?? '​');
      expect(within(dialog()).queryByRole('combobox', { name: STAFF }) !== null, 'the staff menu').toBe(service !== null);
      expect((within(dialog()).getByRole('checkbox', { name: SERIES }) as HTMLInputElement).checked, 'the series').toBe(
        bookingSelectors.series(snapshot) !== null,
      );
      if (!bookingSelectors.isCheckingAvailability(snapshot) && service !== null) {
        const shown = screen.queryByTestId('free-times') ? within(screen.getByTestId('free-times')).getAllByRole('button').length : 0;
        const listed = bookingSelectors.freeTimes(snapshot).length || (bookingSelectors.nextFreeDay(snapshot)?.offers.length ?? 0);
        expect(shown, 'the free times').toBe(listed);
      }
    }
  },
});
