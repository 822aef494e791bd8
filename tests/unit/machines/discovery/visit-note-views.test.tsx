// @vitest-environment happy-dom
// The visit note chart's model paths replayed on /client/discovery/{clientId}/visit/{visitId}: the
// real page, hook and adapter; the chart's load, save and signature settle as each path says (a
// draft, a signed note, a refusal). The coach types the goals and the age, picks the outcome,
// saves, signs and retries through the page; after every step the page shows what the chart holds:
// the progress bar while loading, the load failure with its retry, the form's values, the refusal,
// the heart-risk estimate once the chart has one, Save and Sign offered as the chart allows, and a
// signed note locked (fields disabled, its notice, no buttons).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { noteSelectors } from '../../../../machines/discovery/selectors.ts';
import { DISCOVERY_TEXT as T, OUTCOME_LABELS } from '../../../../src/features/discovery/texts.ts';
import { VisitPage } from '../../../../src/features/discovery/visit-page.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './visit-note.model.ts';

const text = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
/** A select's value: the hidden input beside its combobox. */
const chosen = (label: string) => screen.getByRole('combobox', { name: label }).parentElement!.querySelector('input')!;
const button = (name: string) => screen.queryByRole('button', { name });
const page = () => document.querySelector('[data-page="discovery-visit"]');

describeReplayOnView('the discovery visit note', {
  model,
  mount: (_path, wrap) =>
    renderPage(wrap(<VisitPage />), {
      path: '/client/discovery/5/visit/9',
      route: '/client/discovery/:clientId/visit/:visitId',
      answer: (r) => (r.path === '/programs/programs' ? [200, [{ id: 3, name: 'Heart health', description: '', is_active: true }]] : undefined),
    }),
  drive: async (event) => {
    if (!page()) {
      const retry = event.type === 'note.retry' && button(T.retry);
      if (retry) await step(() => fireEvent.click(retry));
      return !!retry;
    }
    if (event.type === 'note.edit' && event.field === 'goals') {
      await step(() => fireEvent.change(text(T.visit.goals), { target: { value: event.value } }));
      return true;
    }
    if (event.type === 'note.heart' && event.field === 'age') {
      await step(() => fireEvent.change(text(T.visit.heart.age), { target: { value: event.value } }));
      return true;
    }
    if (event.type === 'note.edit' && event.field === 'outcome') {
      await step(() => fireEvent.mouseDown(screen.getByRole('combobox', { name: T.visit.outcome })));
      await step(() => fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: OUTCOME_LABELS[event.value as 'enrol'] })));
      return true;
    }
    const name = { 'note.save': T.visit.save, 'note.sign': T.visit.sign }[event.type as string];
    const found = name && button(name);
    if (!found || found.hasAttribute('disabled')) return false;
    await step(() => fireEvent.click(found));
    return true;
  },
  expectScreen: (snapshot) => {
    const failure = noteSelectors.loadFailure(snapshot);
    const note = noteSelectors.note(snapshot);
    if (failure) {
      expect(screen.getByRole('alert').textContent, 'the load failure').toContain(failure);
      expect(button(T.retry), 'retry').not.toBeNull();
      expect(page()).toBeNull();
      return;
    }
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the progress bar').toBe(noteSelectors.isLoading(snapshot) || !note);
    expect(page() !== null, 'the note').toBe(!noteSelectors.isLoading(snapshot) && note !== null);
    if (!page()) return;
    const form = noteSelectors.form(snapshot);
    const locked = noteSelectors.isLocked(snapshot);
    expect(text(T.visit.goals).value, 'goals').toBe(form.goals);
    expect(text(T.visit.heart.age).value, 'age').toBe(form.heart.age);
    expect(chosen(T.visit.outcome).value, 'outcome').toBe(form.outcome);
    expect(text(T.visit.goals).disabled, 'fields locked').toBe(locked);
    expect(document.querySelector('[data-field="locked"]') !== null, 'the locked notice').toBe(locked);
    const error = noteSelectors.error(snapshot);
    const refusal = screen.queryAllByRole('alert').find((a) => a.matches('.MuiAlert-colorError, .MuiAlert-standardError'));
    expect(refusal?.textContent ?? null, 'the refusal').toBe(error);
    expect(document.querySelector('[data-field="estimate"]') !== null, 'the estimate').toBe(noteSelectors.estimate(snapshot) !== null);
    if (locked) {
      expect(button(T.visit.save), 'no save once signed').toBeNull();
      expect(button(T.visit.sign), 'no signing once signed').toBeNull();
    } else {
      const busy = noteSelectors.isBusy(snapshot);
      expect(button(T.visit.save)!.hasAttribute('disabled'), 'save offered').toBe(busy);
      expect(button(T.visit.sign)!.hasAttribute('disabled'), 'sign offered').toBe(busy || !noteSelectors.canSign(snapshot));
    }
  },
});
