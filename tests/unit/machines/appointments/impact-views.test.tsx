// @vitest-environment happy-dom
// The impact chart's model paths replayed on a staff member's hours in the scheduling back office
// (issue 33): the real panel (StaffHours, as the Staff hours tab shows it for the member chosen),
// its hook and adapter; the preview, the save and the cancellations settle as each path says. The
// administrator saves the weekly hours (the panel holds the model's change: Monday 14:00–20:00),
// then in the impact dialog keeps the appointments, cancels them with the reason typed, or drops
// the change. This tab never starts over by itself (the services tab does, when another service
// is opened), so `change.dismiss` is sent as is. After every step the panel shows what the chart
// says: Save held and "Checking…" while pending, the dialog with the affected appointments while
// deciding, the refusal (the field named), and the saved toast with the cancellations counted.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { impactSelectors } from '../../../../machines/appointments/impact-selectors.ts';
import { StaffHours } from '../../../../src/features/appointments/scheduling/staff-hours-tab.tsx';
import {
  CANCEL_AND_NOTIFY,
  CANCEL_REASON_LABEL,
  CANCELLED_TOO,
  DROP_CHANGE,
  IMPACT_INTRO,
  IMPACT_TITLE,
  KEEP_AS_EXCEPTIONS,
  STAFF_HOURS_SAVED,
} from '../../../../src/features/appointments/scheduling/texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { shownDialog } from '../../../support/shown-dialog.ts';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './impact.model.ts';

const MEMBER = { id: 4, name: 'Dr Meera Rao', role: 'DOCTOR' };
const HOURS = { time_zone: 'Asia/Kolkata', staff_hours: [{ staff: 4, weekday: 1, starts: '14:00:00', ends: '20:00:00' }], staff_exceptions: [] };
const SAVE = 'Save weekly hours';
const CHECKING = 'Checking…';

const dialog = () => shownDialog(IMPACT_TITLE);
const click = (el: HTMLElement | null | undefined) => (el ? step(() => fireEvent.click(el)).then(() => true) : false);
let savedBefore = 0;

describeReplayOnView('the impact check on staff hours', {
  model,
  mount: (_, wrap) => {
    savedBefore = 0;
    return renderPage(wrap(<StaffHours member={MEMBER as never} hours={HOURS as never} reload={() => {}} />), {
      path: '/admin/scheduling',
      role: 'SUPER_ADMIN',
      answer: () => undefined,
    });
  },
  drive: async (event) => {
    switch (event.type) {
      case 'change.save': {
        const save = screen.queryByRole('button', { name: SAVE });
        return !dialog() && !!save && !save.hasAttribute('disabled') && click(save);
      }
      case 'impact.keep':
        return click(dialog() && within(dialog()!).getByRole('button', { name: KEEP_AS_EXCEPTIONS }));
      case 'impact.abandon':
        return click(dialog() && within(dialog()!).getByRole('button', { name: DROP_CHANGE }));
      case 'impact.cancelAppointments': {
        if (!dialog()) return false;
        await step(() => fireEvent.change(within(dialog()!).getByLabelText(CANCEL_REASON_LABEL), { target: { value: event.reason } }));
        return click(within(dialog()!).getByRole('button', { name: CANCEL_AND_NOTIFY }));
      }
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const pending = impactSelectors.isPending(snapshot);
    const save = screen.getByRole('button', { name: pending ? CHECKING : SAVE, hidden: true });
    expect(save.hasAttribute('disabled'), 'save held').toBe(pending);
    const deciding = impactSelectors.deciding(snapshot);
    expect(dialog() !== null, 'the impact dialog').toBe(deciding !== null);
    if (deciding) {
      expect(dialog()!.textContent).toContain(IMPACT_INTRO(deciding.total));
      expect(within(dialog()!).getAllByRole('listitem')).toHaveLength(deciding.appointments.length);
    }
    const error = impactSelectors.error(snapshot);
    const [field, reasons] = Object.entries(impactSelectors.fieldErrors(snapshot))[0] ?? [];
    const alert = screen.queryAllByRole('alert', { hidden: true }).find((a) => !a.closest('.notistack-SnackbarContainer, [role="presentation"]'));
    expect(alert?.textContent ?? null, 'the refusal').toBe(error ? (field ? `${field}: ${reasons!.join(' ')}` : error) : null);
    // Saved: the toast names the member, and how many appointments were cancelled when some were.
    if (impactSelectors.isSaved(snapshot) && !error) {
      const cancelled = snapshot.context.reason ? snapshot.context.impact.appointments.length : 0;
      expect(screen.getAllByText(STAFF_HOURS_SAVED(MEMBER.name) + (cancelled ? CANCELLED_TOO(cancelled) : '')).length).toBeGreaterThan(savedBefore);
      savedBefore = screen.getAllByText(STAFF_HOURS_SAVED(MEMBER.name) + (cancelled ? CANCELLED_TOO(cancelled) : '')).length;
    }
  },
});
