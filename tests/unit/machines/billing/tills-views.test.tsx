// @vitest-environment happy-dom
// The tills chart's model paths replayed on the back office's Billing tab (its Tills section): the
// real section, hook and adapter; the list read and the saves settle as each path says. The
// administrator adds a till or renames one, types its name, saves or cancels. After every step the
// section shows what the chart holds: the tills (the first marked), the form and its name, the
// name's problem, the refusal, and Save offered only when the chart would take it.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { tillNameProblem } from '../../../../machines/billing/tills-machine.ts';
import { TillsSection } from '../../../../src/features/billing/billing-settings-tab.tsx';
import { TILLS_TEXT as L } from '../../../../src/features/billing/settings-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './tills.model.ts';

const section = () => document.querySelector<HTMLElement>('[data-billing-tills]');
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const nameInput = () => dialog()?.querySelector<HTMLInputElement>('[data-field="till-name"]') ?? null;
const button = (root: HTMLElement | null, name: string) => (root ? (within(root).queryByRole('button', { name }) as HTMLButtonElement | null) : null);

describeReplayOnView('the Billing tab’s tills', {
  model,
  mount: (_path, wrap) => renderPage(wrap(<TillsSection />), { path: '/backoffice', role: 'ADMIN', answer: () => undefined }),
  drive: async (event, _view, actor: any) => {
    const snapshot = actor.getSnapshot();
    if (event.type === 'tills.retry') {
      const retry = screen.queryByRole('button', { name: L.retry });
      if (!retry) return false;
      await step(() => fireEvent.click(retry));
      return true;
    }
    if (event.type === 'tills.add') {
      const add = button(section(), L.add);
      if (!add || add.disabled) return false;
      await step(() => fireEvent.click(add));
      return true;
    }
    if (event.type === 'tills.rename') {
      const till = snapshot.context.tills.find((t: any) => t.id === event.id);
      const rename = till ? button(section(), L.renameLabel(till.name)) : null;
      if (!rename || rename.disabled) return false;
      await step(() => fireEvent.click(rename));
      return true;
    }
    if (event.type === 'tills.name') {
      const input = nameInput();
      if (!input || input.disabled || input.value === event.value) return false;
      await step(() => fireEvent.change(input, { target: { value: event.value } }));
      return true;
    }
    if (event.type === 'tills.cancel') {
      const cancel = button(dialog(), L.cancel);
      if (!cancel || cancel.disabled) return false;
      await step(() => fireEvent.click(cancel));
      return true;
    }
    if (event.type === 'tills.save') {
      const save = button(dialog(), L.save);
      if (!save || save.disabled) return false;
      await step(() => fireEvent.click(save));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot: any) => {
    const { tills, editing, message } = snapshot.context;
    if (snapshot.matches('failed')) {
      expect(screen.getByText(L.loadFailed)).toBeTruthy();
      return;
    }
    if (snapshot.matches('loading') && tills.length === 0) return;
    const list = [...section()!.querySelectorAll<HTMLElement>('[data-till]')];
    expect(
      list.map((li) => li.getAttribute('data-till')),
      'the tills',
    ).toEqual(tills.map((t: any) => String(t.id)));
    if (tills.length) expect(list[0].textContent, 'the first marked').toContain(L.first);
    const open = snapshot.matches('editing') || snapshot.matches('saving');
    expect(dialog() !== null, 'the form').toBe(open);
    if (!open) return;
    expect(nameInput()!.value, 'the name').toBe(editing.name);
    const problem = tillNameProblem(editing, tills);
    if (editing.name !== '' && problem) expect(dialog()!.textContent, "the name's problem").toContain(problem);
    expect(dialog()!.querySelector('.MuiAlert-colorError')?.textContent ?? null, 'the refusal').toBe(message);
    const save = button(dialog(), snapshot.matches('saving') ? L.saving : L.save)!;
    expect(save.disabled, 'Save offered').toBe(!snapshot.can({ type: 'tills.save' }));
  },
});
