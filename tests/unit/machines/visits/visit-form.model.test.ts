// Every path of the visit page chart, replayed on the production machine: a change is saved after
// a pause, never lost (no answer keeps it and tries again; a change during a save is saved after
// it), another device's change is shown as a conflict, a signed visit is locked, and a step saves
// what is on screen first.
import { expect } from 'vitest';
import { visitFormSelectors as sel } from '../../../../machines/visits/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { CONFLICT, model, OFFLINE } from './visit-form.model.ts';

describeModel('therapy visit form', model, (snapshot, event) => {
  if (event.type === 'form.edit' && sel.saveState(snapshot) !== 'saving') expect(sel.saveState(snapshot)).toBe('unsaved');
  if (event.type === 'form.edit') expect(sel.form(snapshot).vitals_before.systolic).toBe('130');
  const error = (event as { error?: unknown }).error;
  if (error === CONFLICT && snapshot.matches('conflict')) expect(sel.saveState(snapshot)).toBe('conflict');
  if (error === OFFLINE && snapshot.matches({ editing: 'offline' })) {
    expect(sel.saveState(snapshot)).toBe('offline');
    expect(sel.form(snapshot).vitals_before.systolic).toBe('130');
  }
  if (sel.visit(snapshot)?.status === 'signed' && !snapshot.hasTag('pending')) {
    expect(sel.isLocked(snapshot)).toBe(true);
    expect(sel.steps(snapshot)).toEqual([]);
  }
  if (snapshot.matches('editing') && sel.visit(snapshot)?.status === 'draft') expect(sel.steps(snapshot)).toEqual(['in_progress', 'aborted']);
});
