// @vitest-environment happy-dom
// The invite chart's model paths replayed on /users (the route module, so scheduling's facts come
// from the appointments domain's real reads, answered here): a nurse (a role that delivers
// services) is invited and asked for her working hours, prefilled with the clinic's opening hours;
// a receptionist is invited and done. The chart's createUser and saveHours settle as each path
// says. The administrator opens the form, fills and submits it, cancels it, removes the prefilled
// row, saves the hours or leaves them for later through the page; other hours are sent as the
// rows' editor sends them (a changed weekday or time is one `invite.setHours` with the whole week).
// After every step the page shows the step the chart is in: the form (with the refusal and the
// email's reason), the hours dialog (its rows, its error, Save offered only when the chart can
// save, progress while saving), or neither.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { inviteSelectors } from '../../../../machines/staff/selectors.ts';
import { UsersPage } from '../../../../src/app/routes/users.tsx';
import { PERSON_TEXT } from '../../../../src/features/clients/person-fields.tsx';
import { CREATE_USER, HOURS_LATER, HOURS_TITLE, NEW_USER, SAVE_HOURS, SAVING_HOURS } from '../../../../src/features/clients/users-texts.ts';
import { fullName, ROLE_LABELS } from '../../../../src/lib/staff/format.ts';
import { coveringPaths, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { page, renderPage } from '../../features/discovery/render.tsx';
import { OPENING, model } from './invite.model.ts';

// The clinic's services (a nurse and a doctor deliver them) and its opening hours: the model's facts.
const SERVICES = [{ id: 1, name: 'HBOT session', delivered_by: ['NURSE', 'DOCTOR'], active: true }];
const HOURS = {
  clinic_hours: OPENING.map((h) => ({ weekday: h.weekday, opens: `${h.from}:00`, closes: `${h.to}:00` })),
  staff_hours: [],
  staff_exceptions: [],
};

// The covering paths, and the one that empties the week: the covering set takes storing a week
// once (a whole one), and an empty week is where Save must be withheld.
const selected = selectedPaths(model);
const emptied = selected.find((p) => p.steps.at(-1)?.event.type === 'invite.setHours' && p.steps.at(-1)!.event.weekly.length === 0)!;

// By their titles' ids, not by role and name: the grid makes the whole page's accessible names slow to compute.
const form = () => document.querySelector<HTMLElement>('[role="dialog"][aria-labelledby="new-user-title"]');
const hoursDialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-labelledby="hours-title"]');

async function type(label: string, value: string) {
  await step(() => fireEvent.change(within(form()!).getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } }));
}

describeReplayOnView('/users inviting a staff member', {
  model,
  paths: [...coveringPaths(model.machine, selected), emptied],
  mount: (_path, wrap) =>
    renderPage(wrap(<UsersPage />), {
      path: '/users',
      role: 'ADMIN',
      answer: (r) =>
        r.path === '/users/users'
          ? [200, page([])]
          : r.path === '/appointments/services'
            ? [200, SERVICES]
            : r.path === '/appointments/hours'
              ? [200, HOURS]
              : undefined,
    }),
  drive: async (event, _view, actor) => {
    const hours = hoursDialog();
    switch (event.type) {
      case 'invite.open': {
        const button = screen.getByRole('button', { name: NEW_USER });
        // Offered once scheduling's facts are in (who delivers services, the opening hours).
        expect(button.hasAttribute('disabled')).toBe(false);
        await step(() => fireEvent.click(button));
        return true;
      }
      case 'invite.submit': {
        if (!form()) return false;
        await type(PERSON_TEXT.firstName, 'Nila');
        await type(PERSON_TEXT.lastName, 'Varma');
        await type(PERSON_TEXT.email, 'nila@clinic.test');
        await step(() => fireEvent.mouseDown(within(form()!).getByRole('combobox', { name: /^Role/ })));
        await step(() => fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: ROLE_LABELS.NURSE })));
        await step(() => fireEvent.click(within(form()!).getByRole('button', { name: CREATE_USER })));
        return true;
      }
      case 'invite.cancel':
        if (!form()) return false;
        await step(() => fireEvent.click(within(form()!).getByRole('button', { name: 'Cancel' })));
        return true;
      case 'invite.setHours': {
        // An empty week is the one row removed (when one row is shown); any other week is sent.
        const rows = hours ? within(hours).queryAllByRole('button', { name: /^Remove / }) : [];
        if (event.weekly.length > 0 || rows.length !== 1 || actor.getSnapshot().context.weekly.length !== 1) return false;
        await step(() => fireEvent.click(rows[0]));
        return true;
      }
      case 'invite.saveHours': {
        const save = hours && within(hours).queryByRole('button', { name: SAVE_HOURS });
        if (!save || save.hasAttribute('disabled')) return false;
        await step(() => fireEvent.click(save));
        return true;
      }
      case 'invite.later':
        if (!hours) return false;
        await step(() => fireEvent.click(within(hours).getByRole('button', { name: HOURS_LATER })));
        return true;
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const editing = inviteSelectors.isEditing(snapshot);
    const asking = inviteSelectors.isAskingHours(snapshot);
    const pending = inviteSelectors.isPending(snapshot);
    expect(form() !== null, 'the person and role form').toBe(editing);
    expect(hoursDialog() !== null, 'the working hours dialog').toBe(asking);
    const error = inviteSelectors.error(snapshot);
    if (editing) {
      expect(within(form()!).queryByRole('alert')?.textContent ?? null, 'the refusal').toBe(error);
      const reason = inviteSelectors.fieldErrors(snapshot).email?.[0];
      const email = within(form()!).getByRole('textbox', { name: new RegExp(`^${PERSON_TEXT.email}`) });
      if (reason) expect(email.closest('.MuiFormControl-root')!.textContent, 'the email’s reason').toContain(reason);
      expect(within(form()!).queryByRole('button', { name: pending ? 'Creating…' : CREATE_USER }), 'the submit button').not.toBeNull();
    }
    if (asking) {
      const dialog = hoursDialog()!;
      const user = inviteSelectors.user(snapshot)!;
      expect(within(dialog).getByRole('heading').textContent, 'whose hours').toBe(HOURS_TITLE(fullName(user)));
      expect(within(dialog).queryAllByRole('button', { name: /^Remove / }).length, 'the week’s rows').toBe(inviteSelectors.weekly(snapshot).length);
      expect(within(dialog).queryByRole('alert')?.textContent ?? null, 'the failure').toBe(error);
      const save = within(dialog).getByRole('button', { name: pending ? SAVING_HOURS : SAVE_HOURS });
      expect(save.hasAttribute('disabled'), 'save offered').toBe(!inviteSelectors.canSaveHours(snapshot) || pending);
    }
  },
});
