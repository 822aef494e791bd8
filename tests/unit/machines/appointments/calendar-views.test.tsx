// @vitest-environment happy-dom
// The calendar chart's model paths replayed on /appointments (issue 33): the real page (the clinic's
// setup from the stand-in server, the toolbar, filters, react-big-calendar, the refusal and failure
// alerts), its hook and adapter; each load and save settles as the path says. The clock reads the
// model's day (2026-03-04), so the page opens on the model's week. The desk changes view and
// columns with the toggles, steps to the next week, filters by status, opens an appointment by
// clicking it, dismisses a refusal and retries a failed load, all through the page. Sent to the
// actor as is: the drag (react-big-calendar measures the grid, which happy-dom does not lay out),
// a drop of an appointment not on the calendar, the side panel's reschedule and the reload that
// follows a booking or a status change (the panel's and the dialog's doing, replayed on their own).
// After every step the page shows the chart's state: the progress while loading or saving, the
// failure with Retry, the refusal with Dismiss, the toggles and filter as chosen, the appointments
// of the days shown, and the side panel for the one selected.
import { fireEvent, screen, within } from '@testing-library/react';
import { type ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { calendarSelectors, visibleAppointments } from '../../../../machines/appointments/selectors.ts';
import { AppointmentsPage } from '../../../../src/features/appointments/appointments-page.tsx';
import { PortalBookingsProvider } from '../../../../src/features/appointments/portal-bookings.tsx';
import {
  BY_RESOURCE,
  BY_STAFF,
  COLUMNS_LABEL,
  DAY,
  DISMISS,
  FILTER_STATUS,
  LOAD_FAILED,
  MOVE_REFUSED,
  NEXT,
  PANEL_LABEL,
  RETRY,
  STATUS_LABELS,
  VIEW_LABEL,
  WEEK,
} from '../../../../src/features/appointments/texts.ts';
import { clinicToday } from '../../../../src/lib/format.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage, type Sent } from '../../features/discovery/render.tsx';
import { model } from './calendar.model.ts';

const ZONE = 'Asia/Kolkata';
const HOURS = {
  time_zone: ZONE,
  // A short day (the model's times within it): react-big-calendar draws every slot of every day shown.
  slot_minutes: 60,
  clinic_hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '09:00:00', closes: '13:00:00' })),
  holidays: [],
  staff_hours: [],
  staff_exceptions: [],
};
const SERVICES = [{ id: 3, name: 'HBOT dive', therapy: 'hbot', duration_minutes: 60, delivered_by: ['NURSE'], active: true, resources_needed: [] }];
const RESOURCES = { resources: [{ id: 2, name: 'Chamber 2', kind: 'hbot_chamber', active: true }], kinds: [{ kind: 'hbot_chamber', label: 'HBOT chamber' }] };
// Nurse 5 is where the model's move drops the appointment.
const NURSES = { count: 2, next: null, previous: null, results: [4, 5].map((id) => ({ id, first_name: 'Nurse', last_name: `${id}`, role: 'NURSE' })) };

const answer = (r: Sent): [number, unknown] | undefined => {
  if (r.path === '/appointments/hours') return [200, HOURS];
  if (r.path === '/appointments/services') return [200, SERVICES];
  if (r.path === '/appointments/resources') return [200, RESOURCES];
  if (r.path === '/users/users') return [200, r.query.get('role') === 'NURSE' ? NURSES : { ...NURSES, count: 0, results: [] }];
  return undefined;
};

const click = (el: Element | null | undefined) => (el ? step(() => fireEvent.click(el)).then(() => true) : false);
// The side panel (a modal drawer) hides the rest of the page from the accessibility tree: still drawn.
const hidden = true;
const toggle = (group: string, name: string) => within(screen.getByRole('group', { name: group, hidden })).getByRole('button', { name, hidden });
const setup = { resources: RESOURCES.resources };

/** The page's Retry on a failed load (the side panel has its own, for its record). */
const pageRetry = () => screen.queryAllByRole('button', { name: RETRY, hidden }).find((b) => !b.closest('[data-testid="appointment-panel"]')) ?? null;

async function chooseStatus(status: string): Promise<boolean> {
  await step(() => fireEvent.mouseDown(screen.getByRole('combobox', { name: FILTER_STATUS })));
  return click(within(screen.getAllByRole('listbox').at(-1)!).getByRole('option', { name: STATUS_LABELS[status] }));
}

function Staffed({ children }: { children: ReactNode }) {
  return <PortalBookingsProvider>{children}</PortalBookingsProvider>;
}

describeReplayOnView('the appointments calendar', {
  model,
  mount: (path, wrap) => {
    // The clinic's clock at the model's day (Date only; the page's timers stay real).
    vi.setSystemTime(new Date('2026-03-04T06:00:00Z'));
    expect(clinicToday(Date.now(), ZONE)).toBe((path.spec.input as { date: string }).date);
    return renderPage(<Staffed>{wrap(<AppointmentsPage />)}</Staffed>, { path: '/appointments', role: 'RECEPTION', answer });
  },
  drive: async (event, _, actor) => {
    const s = actor.getSnapshot();
    switch (event.type) {
      case 'calendar.setView':
        // The view already shown is no choice on its toggle (pressed again, it stays): sent as is.
        return event.view !== s.context.view && click(toggle(VIEW_LABEL, event.view === 'day' ? DAY : WEEK));
      case 'calendar.setColumns':
        return event.columns !== s.context.columns && click(toggle(COLUMNS_LABEL, event.columns === 'resource' ? BY_RESOURCE : BY_STAFF));
      case 'calendar.setDate':
        // The model steps a week on from its day: the toolbar's Next, in the week view.
        return s.context.view === 'week' && event.date === '2026-03-11' && s.context.date === '2026-03-04' && click(screen.getByRole('button', { name: NEXT }));
      case 'calendar.setFilter':
        return event.name === 'status' && chooseStatus(String(event.value));
      case 'calendar.select':
        return click(document.querySelector(`[data-appointment="${event.id}"]`)?.closest('.rbc-event'));
      case 'calendar.dismiss':
        return click(screen.queryByTestId('move-refused') && within(screen.getByTestId('move-refused')).getByRole('button', { name: DISMISS }));
      case 'calendar.retry':
        return click(pageRetry());
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const busy = calendarSelectors.isLoading(snapshot) || calendarSelectors.isSaving(snapshot);
    expect(screen.queryByRole('progressbar', { name: 'Loading', hidden }) !== null, 'progress').toBe(busy);
    const failure = calendarSelectors.failure(snapshot);
    const retry = pageRetry();
    expect(retry !== null, 'the failure').toBe(failure !== null);
    if (failure) expect(retry!.closest('[role="alert"]')!.textContent).toContain(`${LOAD_FAILED} ${failure}`);
    const refusal = calendarSelectors.refusal(snapshot);
    expect(screen.queryByTestId('move-refused') !== null, 'the refusal').toBe(refusal !== null);
    if (refusal) expect(screen.getByTestId('move-refused').textContent).toContain(`${MOVE_REFUSED} ${refusal.message}`);
    expect(toggle(VIEW_LABEL, calendarSelectors.view(snapshot) === 'day' ? DAY : WEEK).getAttribute('aria-pressed')).toBe('true');
    expect(toggle(COLUMNS_LABEL, calendarSelectors.columns(snapshot) === 'resource' ? BY_RESOURCE : BY_STAFF).getAttribute('aria-pressed')).toBe('true');
    const status = calendarSelectors.filters(snapshot).status;
    expect(screen.getByRole('combobox', { name: FILTER_STATUS, hidden }).textContent).toBe(status ? STATUS_LABELS[status] : '\u200b');
    // The appointments of the days shown, filtered, the one being saved where it was dropped.
    const { dateFrom, dateTo } = calendarSelectors.range(snapshot);
    const shown = visibleAppointments(snapshot.context, (id) => setup.resources.find((r) => r.id === id)?.kind).filter((a) => {
      const day = clinicToday(Date.parse(a.start), ZONE);
      return day >= dateFrom && day <= dateTo;
    });
    const drawn = [...document.querySelectorAll('[data-testid="appointments-calendar"] [data-appointment]')].map((e) =>
      Number(e.getAttribute('data-appointment')),
    );
    expect(drawn.sort(), 'the appointments drawn').toEqual(shown.map((a) => a.id).sort());
    expect(screen.queryByRole('region', { name: PANEL_LABEL }) !== null, 'the side panel').toBe(calendarSelectors.selected(snapshot) !== null);
  },
});
