// @vitest-environment happy-dom
// The support desk chart's model paths replayed on both of its views (issue 33): the client's
// /user/support/{clientId} (the client, and a SUPER_ADMIN's read-only look) and the staff queue on
// a client's record; the real pages, hooks and adapter, the calls settling as each path says. The
// model's tickets carry only what the chart reads; the views read the contract's whole ticket, so
// each ticket a path's call answers is given the rest of it (no messages, no links), which the
// model's comparison does not look at. People open, reply, pick, filter, move and assign through
// the screens; what a screen does not offer (the client's page has no filter or close, a staff
// member's move the chart has no step for) is sent as is. After every step the screen shows the
// desk: the failure with its retry, the tickets, the open conversation, the refusal and the
// reasons beside their fields, what the server took, and the Send buttons waiting.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { deskSelectors as desk } from '../../../../machines/support/selectors.ts';
import { CATEGORY_LABELS } from '../../../../machines/support/support-rules.ts';
import { STAFF_STATUS_LABELS, SUPPORT_TEXTS as T } from '../../../../machines/support/support-texts.ts';
import { SupportQueueSection } from '../../../../src/features/support/support-queue.tsx';
import { SupportPage } from '../../../../src/features/support/support-page.tsx';
import { coveringPaths, type ModelPath, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './desk.model.ts';

const whole = (t: Record<string, unknown>) => ({
  category: 'billing',
  appointment: null,
  lab_order: null,
  messages: [],
  client_name: 'Meera Iyer',
  assignee: null,
  assignee_name: null,
  created_at: '2026-11-20T04:30:00Z',
  updated_at: '2026-11-20T04:30:00Z',
  ...t,
});
const withWholeTickets = (path: ModelPath): ModelPath => ({
  ...path,
  steps: path.steps.map(({ event, state }) => {
    if (!event.type.startsWith('xstate.done.actor.') || !event.output) return { event, state };
    const output = event.output as Record<string, unknown> & { results?: Record<string, unknown>[] };
    return { event: { ...event, output: output.results ? { ...output, results: output.results.map(whole) } : whole(output) }, state };
  }),
});
const paths = coveringPaths(model.machine, selectedPaths(model)).map(withWholeTickets);

async function click(button: HTMLElement | null | undefined): Promise<boolean> {
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}

async function choose(scope: HTMLElement, label: string, option: string) {
  await step(() => fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label })));
  await step(() => fireEvent.click(screen.getByRole('option', { name: option })));
}

function expectCommon(snapshot: any) {
  const mode = desk.mode(snapshot);
  const failed = mode === 'failed';
  expect(screen.queryByRole('button', { name: 'Try again' }) !== null, 'the retry').toBe(failed);
  if (failed) expect(screen.getByText(desk.message(snapshot)!)).toBeTruthy();
  return failed;
}

describeReplayOnView("the client's support page", {
  model,
  paths: paths.filter((p) => p.spec.name !== 'staff'),
  mount: (path, wrap) =>
    renderPage(wrap(<SupportPage />), {
      path: '/user/support/3',
      route: '/user/support/:clientId',
      role: path.spec.name === 'read-only' ? 'SUPER_ADMIN' : 'CLIENT',
      // The new-ticket form's appointments and lab orders: the client has none.
      answer: () => undefined,
    }),
  drive: async (event: AnyEventObject) => {
    switch (event.type) {
      case 'desk.retry':
        return click(screen.queryByRole('button', { name: 'Try again' }));
      case 'desk.select': {
        const card = document.querySelector<HTMLElement>(`[data-ticket="${event.id}"]`);
        return click(card && within(card).getByRole('button'));
      }
      case 'desk.create': {
        const section = screen.queryByRole('region', { name: T.newTicket });
        if (!section || within(section).getByRole('button', { name: T.send }).hasAttribute('disabled')) return false;
        await choose(section, T.category, CATEGORY_LABELS[event.draft.category as keyof typeof CATEGORY_LABELS]);
        fireEvent.change(within(section).getByRole('textbox', { name: T.subject }), { target: { value: event.draft.subject } });
        fireEvent.change(within(section).getByRole('textbox', { name: T.message }), { target: { value: event.draft.message } });
        await step(() => fireEvent.submit(section.querySelector('form')!));
        return true;
      }
      case 'desk.reply': {
        const conversation = document.querySelector<HTMLElement>('[data-conversation]');
        const form = conversation?.querySelector('form');
        if (!form || event.draft.internal) return false;
        fireEvent.change(within(form).getByRole('textbox', { name: T.reply }), { target: { value: event.draft.body } });
        await step(() => fireEvent.submit(form));
        return true;
      }
      default:
        // desk.query and desk.deselect: the client's page has no filter and no close.
        return false;
    }
  },
  expectScreen: (snapshot) => {
    if (expectCommon(snapshot)) return;
    const tickets = desk.tickets(snapshot);
    const firstLoad = desk.mode(snapshot) === 'loading' && tickets.length === 0;
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the skeleton').toBe(firstLoad);
    if (!firstLoad)
      expect([...document.querySelectorAll<HTMLElement>('[data-ticket]')].map((el) => Number(el.dataset.ticket))).toEqual(tickets.map((t) => t.id));
    const selected = desk.selected(snapshot);
    expect(document.querySelector<HTMLElement>('[data-conversation]')?.dataset.conversation, 'the conversation').toBe(
      selected ? String(selected.id) : undefined,
    );
    const readOnly = snapshot.context.readOnly;
    const section = screen.queryByRole('region', { name: T.newTicket });
    expect(section !== null, 'the new-ticket form').toBe(!readOnly);
    if (section) {
      expect(within(section).getByRole('button', { name: T.send }).hasAttribute('disabled'), 'Send waits').toBe(desk.pending(snapshot));
      const reasons = desk.fieldErrors(snapshot).subject;
      expect(section.querySelector('[name="subject"]')!.closest('.MuiFormControl-root')!.textContent, "the subject's reason").toContain(
        reasons?.join(' ') ?? '',
      );
    }
    const message = desk.message(snapshot);
    expect(
      [...document.querySelectorAll('.MuiAlert-colorError')].map((a) => a.textContent),
      'the refusal',
    ).toEqual(message ? [message] : []);
  },
});

describeReplayOnView('the staff support queue', {
  model,
  paths: paths.filter((p) => p.spec.name === 'staff'),
  mount: (_, wrap) =>
    renderPage(wrap(<SupportQueueSection client={3} />), {
      path: '/clients/3',
      role: 'ADMIN',
      // Who is signed in (for "Assign to me"): staff member 4, as the model assigns.
      answer: (r) => (r.path === '/users/users/me' ? [200, { id: 4 }] : undefined),
    }),
  drive: async (event: AnyEventObject) => {
    const panel = document.querySelector<HTMLElement>('[data-queue-ticket]');
    switch (event.type) {
      case 'desk.retry':
        return click(screen.queryByRole('button', { name: 'Try again' }));
      case 'desk.select': {
        const row = document.querySelector<HTMLElement>(`.MuiDataGrid-row[data-id="${event.id}"] .MuiDataGrid-cell`);
        if (!row) return false;
        await step(() => fireEvent.click(row));
        return true;
      }
      case 'desk.query':
        await choose(document.querySelector('[data-section="support-queue"]')!, T.status, 'New and open');
        return true;
      case 'desk.reply': {
        const form = panel?.querySelector('form');
        if (!form) return false;
        fireEvent.change(within(form).getByRole('textbox', { name: T.reply }), { target: { value: event.draft.body } });
        const internal = within(form).getByRole<HTMLInputElement>('switch', { name: T.internalNote });
        if (internal.checked !== event.draft.internal) fireEvent.click(internal);
        await step(() => fireEvent.submit(form));
        return true;
      }
      case 'desk.move':
        return click(panel && within(panel).queryByRole('button', { name: STAFF_STATUS_LABELS[event.to as keyof typeof STAFF_STATUS_LABELS] }));
      case 'desk.assign':
        return event.assignee === 4 && click(panel && within(panel).queryByRole('button', { name: 'Assign to me' }));
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    if (expectCommon(snapshot)) return;
    const selected = desk.selected(snapshot);
    expect(document.querySelector<HTMLElement>('[data-queue-ticket]')?.dataset.queueTicket, 'the ticket').toBe(selected ? String(selected.id) : undefined);
    if (selected) {
      // The ticket's moves are the chart's steps for staff, and they wait, as "Assign to me" does, while the server works.
      const panel = document.querySelector<HTMLElement>('[data-queue-ticket]')!;
      const moves = desk.moves(snapshot).map((to) => within(panel).getByRole('button', { name: STAFF_STATUS_LABELS[to] }));
      for (const b of [...moves, within(panel).getByRole('button', { name: 'Assign to me' })])
        expect(b.hasAttribute('disabled'), `${b.textContent} waits`).toBe(desk.pending(snapshot));
    }
    const notice = desk.notice(snapshot);
    expect(screen.queryByTestId('support-done')?.textContent ?? null, 'what the server took').toBe(notice ? T.done[notice] : null);
    const message = desk.message(snapshot);
    expect(
      [...document.querySelectorAll('.MuiAlert-colorError')].map((a) => a.textContent),
      'the refusal',
    ).toEqual(message ? [message] : []);
    expect(screen.getByRole('combobox', { name: T.status }).textContent === 'New and open', 'the filter').toBe(
      desk.query(snapshot).status.join(',') === 'new,open',
    );
  },
});
