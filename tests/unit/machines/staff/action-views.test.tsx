// @vitest-environment happy-dom
// The staff action chart's model paths replayed on the New client dialog of the clients hub
// (/clients), one of the form dialogs src/lib/staff/form-dialog.tsx draws: the real page, hook and
// dialog; the chart's `perform` settles as each path says (the model's answers: created, or refused
// with the email's reason). The dialog opens from the page's button with no subject, as the hub
// opens it, and submits the values typed into its fields, so the model's events are the ones this
// dialog sends (the model's own subject and values are another dialog's). After every step the
// screen shows what the chart holds: the dialog open or closed, the refusal above the fields and
// the email's reason beside it, the submit button's progress, and the toast once created.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { actionSelectors } from '../../../../machines/staff/selectors.ts';
import { ClientsPage } from '../../../../src/features/clients/clients-page.tsx';
import { PERSON_TEXT } from '../../../../src/features/clients/person-fields.tsx';
import { CREATE_CLIENT, NEW_CLIENT, clientCreatedToast } from '../../../../src/features/clients/texts.ts';
import type { MachineModel } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { page, renderPage } from '../../features/discovery/render.tsx';
import { model } from './action.model.ts';

/** What the filled dialog submits (its fields as typed; no gender chosen). */
const TYPED = { first_name: 'Kavya', last_name: 'Rao', email: 'kavya@example.in', phone_number: '', date_of_birth: '', gender: null };
const CREATED = { id: 8, first_name: 'Kavya', last_name: 'Rao', email: 'kavya@example.in' };

const [spec] = model.specs;
const onDialog: MachineModel = {
  machine: model.machine,
  specs: [
    {
      events: [{ type: 'action.open', subject: null }, { type: 'action.cancel' }, { type: 'action.submit', values: TYPED }],
      outcomes: { perform: [{ output: CREATED }, spec.outcomes!.perform[1]] },
    },
  ],
};

// By its title's id, not by role and name: the grid makes the whole page's accessible names slow to compute.
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-labelledby="new-client-title"]');

async function type(label: string, value: string) {
  await step(() => fireEvent.change(within(dialog()!).getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } }));
}

describeReplayOnView('the New client dialog (staff action)', {
  model: onDialog,
  mount: (_path, wrap) =>
    renderPage(wrap(<ClientsPage />), {
      path: '/clients',
      answer: (r) => (r.path === '/users/users' ? [200, page([])] : r.path === '/programs/programs' ? [200, []] : undefined),
    }),
  drive: async (event) => {
    if (event.type === 'action.open') {
      await step(() => fireEvent.click(screen.getByRole('button', { name: NEW_CLIENT })));
      return true;
    }
    if (!dialog()) return false;
    if (event.type === 'action.cancel') {
      await step(() => fireEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' })));
      return true;
    }
    if (event.type === 'action.submit') {
      // Typed again after a refusal too: the dialog keeps what was typed, so this changes nothing then.
      await type(PERSON_TEXT.firstName, TYPED.first_name);
      await type(PERSON_TEXT.lastName, TYPED.last_name);
      await type(PERSON_TEXT.email, TYPED.email);
      await step(() => fireEvent.click(within(dialog()!).getByRole('button', { name: CREATE_CLIENT })));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const open = actionSelectors.isOpen(snapshot);
    expect(dialog() !== null, 'the dialog').toBe(open);
    if (open) {
      const error = actionSelectors.error(snapshot);
      const alert = within(dialog()!).queryByRole('alert');
      expect(alert?.textContent ?? null, 'the refusal').toBe(error);
      const email = within(dialog()!).getByRole('textbox', { name: new RegExp(`^${PERSON_TEXT.email}`) });
      const reason = actionSelectors.fieldErrors(snapshot).email?.[0];
      if (reason) expect(email.closest('.MuiFormControl-root')!.textContent, 'the email’s reason').toContain(reason);
      expect(email.getAttribute('aria-invalid'), 'the email marked').toBe(reason ? 'true' : 'false');
      const pending = actionSelectors.isPending(snapshot);
      const submit = within(dialog()!).getByRole('button', { name: pending ? 'Creating…' : CREATE_CLIENT });
      if (pending) expect(submit.hasAttribute('disabled'), 'submit waits').toBe(true);
    }
    // Created: the hub says so (its `notifyDone`), only once the dialog has closed on the answer.
    const toast = screen.queryByText(clientCreatedToast('Kavya Rao', CREATED.email)) !== null;
    if (toast) expect(open, 'a toast while the dialog is open').toBe(false);
    if (!open && snapshot.context.values.first_name && snapshot.context.error === null) expect(toast, 'the toast').toBe(true);
  },
});
