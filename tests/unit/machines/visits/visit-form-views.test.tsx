// @vitest-environment happy-dom
// The visit page chart's model paths replayed on /client/pet/{clientId}/visit/{visitId}: the real
// page, hook and adapter (a doctor signed in, so the screening override is offered); the chart's
// load, saves, steps, screening, copy, addendum and the device's kept changes settle as each path
// says, with the model's answers (a draft needing a doctor's override, a save read before any
// screening, a started visit, a signed one; a 409, no answer, a 5xx, a refusal) written out whole
// as the contract answers a visit, so the page can draw them; what the model's replay compares of
// them (status, version, the form's systolic and notes) is the model's. The autosave and retry
// timers run on the fake clock.
//
// Through the page: the systolic and the notes typed, an event and an adverse event added, the
// step the draft offers (Start session: the model's step is one a draft does not offer, and the
// chart holds the step asked without reading it), Copy last settings, Record screening, the
// doctor's override, an addendum, Reload after a conflict and Retry after a failed load. Sent as
// their sources send them: a recipe and a lot (an IV visit's fields; a PET visit has none), and
// the browser's "back online" (the chart's connection watcher is the path's, not the window's).
//
// After every step the page shows what the chart holds: the progress bar while the first load
// runs, the load failure with Retry, the visit's status, the save state's words, the conflict with
// Reload, the other device's kept fields, the refusal, the typed values, the events and adverse
// events, the steps offered (held while busy or saving), the form locked once signed, and the
// addenda of a signed visit.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { visitFormSelectors as sel } from '../../../../machines/visits/selectors.ts';
import { DEFAULT_THERAPY_SETTINGS } from '../../../../machines/visits/visit-settings.ts';
import { VISIT_TEXT as T } from '../../../../src/features/visits/texts.ts';
import { PetVisitPage } from '../../../../src/features/visits/visit-page.tsx';
import { coveringWalks, type MachineModel, type ModelSpec, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { visitRecord } from '../../features/visits/visit-record.ts';
import { DRAFT, SAVED, SIGNED, STARTED, model } from './visit-form.model.ts';

/** The model's visit as GET visits/therapy-visits/{id} answers it: its own fields over a whole record. */
const whole = (v: Record<string, any>, more: Record<string, unknown>) =>
  visitRecord('pet', { ...v, started_at: null, ...more, header: { ...visitRecord('pet').header } });
const AS_PAGE = new Map<unknown, unknown>([
  [DRAFT, whole(DRAFT, { screening: 'needs_override', screen: { id: 11, result: 'relative', answers: {}, override_reason: null } })],
  [SAVED, whole(SAVED, { screening: 'missing', screen: null })],
  [STARTED, whole(STARTED, { screening: 'clear', screen: null, started_at: '2026-11-26T05:00:00Z' })],
  [SIGNED, whole(SIGNED, { screening: 'clear', screen: null, signed_at: '2026-11-26T06:00:00Z', signed_by: 3 })],
]);

const onPage: MachineModel = {
  ...model,
  specs: model.specs.map((spec): ModelSpec => ({
    ...spec,
    events: (spec.events as AnyEventObject[]).map((e) => (e.type === 'visit.move' ? { type: 'visit.move', to: 'in_progress' } : e)),
    outcomes: Object.fromEntries(
      Object.entries(spec.outcomes!).map(([src, outcomes]) => [
        src,
        outcomes.map((o) => ('output' in o && AS_PAGE.has(o.output) ? { output: AS_PAGE.get(o.output) } : o)),
      ]),
    ),
  })),
};

const visitPage = () => document.querySelector<HTMLElement>('[data-page="therapy-visit"]');
const part = (name: string) => document.querySelector<HTMLElement>(`[data-section="${name}"]`)!;
const field = (name: string) => document.querySelector<HTMLElement>(`[data-field="${name}"]`);
const systolic = () => part('vitals_before').querySelector<HTMLInputElement>('input[data-field="systolic"]')!;
const notes = () => field('notes') as HTMLTextAreaElement;
const stepButtons = () => [...document.querySelectorAll<HTMLButtonElement>('.visit-actions button')];

async function type(scope: HTMLElement, label: string, value: string) {
  await step(() => fireEvent.change(within(scope).getByRole('textbox', { name: label }), { target: { value } }));
}

/** Clicks the enabled button named `name` in `scope`; false when the page does not offer it. */
async function click(scope: HTMLElement | null, name: string): Promise<boolean> {
  const button = scope && within(scope).queryByRole('button', { name });
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}

describeReplayOnView('the therapy visit page', {
  model: onPage,
  // Walks, not covering paths: the same states and transitions in 17 renders and 142 steps where
  // the paths took 45 and 254 (the suite's slowest replay; docs/benchmarks.md).
  paths: coveringWalks(onPage.machine, selectedPaths(onPage)),
  mount: (_path, wrap) => {
    // Every path on the fake clock: one that ends with a change waiting for its autosave would race it.
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    return renderPage(wrap(<PetVisitPage />), {
      path: '/client/pet/9/visit/5',
      route: '/client/pet/:clientId/visit/:visitId',
      role: 'DOCTOR',
      answer: (r) =>
        r.path === '/visits/therapy-settings'
          ? [200, DEFAULT_THERAPY_SETTINGS]
          : r.path === '/visits/stock-lots' || r.path === '/visits/iv-recipes'
            ? [200, []]
            : undefined,
    });
  },
  drive: async (event) => {
    const page = visitPage();
    if (!page) return event.type === 'visit.reload' && click(document.body, T.retry);
    const editable = !systolic().disabled;
    switch (event.type) {
      case 'form.edit':
        // The same value typed again is no change to a text field (React sends none); the chart
        // counts the model's second edit as one, so that one is sent as the field would send it.
        if (!editable || event.section !== 'vitals_before' || event.field !== 'systolic' || systolic().value === event.value) return false;
        await step(() => fireEvent.change(systolic(), { target: { value: event.value } }));
        return true;
      case 'form.notes':
        if (!editable) return false;
        await step(() => fireEvent.change(notes(), { target: { value: event.value } }));
        return true;
      case 'form.addEvent':
        if (!within(part('events')).queryByRole('textbox', { name: T.eventText })) return false;
        await type(part('events'), T.eventText, event.entry.text);
        return click(part('events'), T.addEvent);
      case 'form.addAdverse': {
        const adverse = part('adverse_events');
        if (!within(adverse).queryByRole('textbox', { name: T.adverse.type })) return false;
        await type(adverse, T.adverse.type, event.entry.type);
        await type(adverse, T.adverse.action, event.entry.action);
        await type(adverse, T.adverse.outcome, event.entry.outcome);
        return click(adverse, T.adverse.add);
      }
      case 'visit.move':
        return click(document.querySelector('.visit-actions'), T.steps[event.to]);
      case 'visit.copyLast':
        return click(part('parameters'), T.copyLast);
      case 'screen.record':
        return click(part('screening'), T.recordScreening);
      case 'screen.override': {
        const reason = within(part('screening')).queryByRole('textbox', { name: T.screenOverrideReason });
        if (!reason) return false;
        await step(() => fireEvent.change(reason, { target: { value: event.reason } }));
        return click(part('screening'), T.screenOverride);
      }
      case 'visit.addendum': {
        const addenda = document.querySelector<HTMLElement>('[data-section="addenda"]');
        if (!addenda) return false;
        await type(addenda, T.addendum, event.text);
        return click(addenda, T.addAddendum);
      }
      case 'visit.reload':
        return click(field('conflict'), T.reload);
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const failure = sel.loadFailure(snapshot);
    if (failure) {
      expect(visitPage(), 'no visit after a failed load').toBeNull();
      expect(screen.getByRole('alert').textContent, 'the load failure').toContain(failure);
      expect(within(screen.getByRole('alert')).queryByRole('button', { name: T.retry }), 'retry').not.toBeNull();
      return;
    }
    const visit = sel.visit(snapshot) as Record<string, any> | null;
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the progress bar').toBe(sel.isLoading(snapshot) || !visit);
    expect(visitPage() !== null, 'the visit').toBe(!sel.isLoading(snapshot) && visit !== null);
    if (!visitPage()) return;
    const locked = sel.isLocked(snapshot);
    const saveState = sel.saveState(snapshot);
    const busy = sel.isBusy(snapshot);
    const form = sel.form(snapshot);
    expect(visitPage()!.getAttribute('data-status'), 'the status').toBe(visit!.status);
    expect(field('save-state')!.textContent, 'the save state').toBe(locked ? '' : T.save[saveState]);
    const conflict = field('conflict');
    expect(conflict !== null, 'the conflict').toBe(saveState === 'conflict');
    if (conflict) expect(conflict.textContent).toContain(sel.error(snapshot) ?? '');
    const kept = sel.kept(snapshot);
    expect(field('kept')?.textContent ?? null, 'the other device’s values kept').toBe(kept.length > 0 ? T.keptTheirs(kept) : null);
    const error = sel.error(snapshot);
    expect(field('error')?.textContent ?? null, 'the refusal').toBe(error && saveState !== 'conflict' ? error : null);
    expect(systolic().value, 'systolic').toBe(form.vitals_before.systolic ?? '');
    expect(systolic().disabled, 'the form locked').toBe(locked);
    expect(notes().value, 'notes').toBe(form.notes);
    expect(within(part('events')).queryAllByText(/ — /).length, 'the events').toBe(form.events.length);
    expect(part('adverse_events').querySelectorAll('p.MuiTypography-body2').length, 'the adverse events').toBe(form.adverse_events.length);
    const steps = sel.steps(snapshot);
    expect(
      stepButtons().map((b) => b.textContent),
      'the steps offered',
    ).toEqual(steps.map((to) => T.steps[to]));
    for (const b of stepButtons().filter((b) => b.textContent !== T.steps.aborted))
      expect(b.disabled, `${b.textContent} held`).toBe(busy || saveState === 'saving');
    if (!locked) expect(within(part('parameters')).getByRole('button', { name: T.copyLast }).hasAttribute('disabled'), 'copy held').toBe(busy);
    expect(document.querySelector('[data-section="addenda"]') !== null, 'the addenda').toBe(visit!.status === 'signed');
  },
});
