// Every path of the visit page chart, replayed on the production machine: a change is saved after
// a pause, never lost (no answer keeps it and tries again; a change during a save is saved after
// it), another device's change is shown as a conflict, a signed visit is locked, and a step saves
// what is on screen first; after a conflict what was typed here is replayed onto theirs; a doctor's override reads the visit again.
import { expect } from 'vitest';
import { visitFormSelectors as sel } from '../../../../machines/visits/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { CONFLICT, model, OFFLINE } from './visit-form.model.ts';

describeModel('therapy visit form', model, (snapshot, event) => {
  if (event.type === 'form.edit' && !['saving', 'conflict'].includes(sel.saveState(snapshot))) expect(sel.saveState(snapshot)).toBe('unsaved');
  // Typed during a conflict: kept on screen, not saved over the other device's version.
  if (event.type === 'form.edit' && snapshot.matches('conflict')) expect(sel.saveState(snapshot)).toBe('conflict');
  // Reloaded after a conflict: the change typed here is replayed onto theirs and saved again.
  if ((event as { output?: unknown }).output && snapshot.matches({ editing: 'unsaved' }) && sel.visit(snapshot)?.version === 1 && sel.form(snapshot).vitals_before.systolic === '130') expect(sel.kept(snapshot)).toEqual([]);
  if (event.type === 'form.edit') expect(sel.form(snapshot).vitals_before.systolic).toBe('130');
  const error = (event as { error?: unknown }).error;
  if (error === CONFLICT && snapshot.matches('conflict')) expect(sel.saveState(snapshot)).toBe('conflict');
  if (error === OFFLINE && snapshot.matches({ editing: 'offline' })) {
    expect(sel.saveState(snapshot)).toBe('offline');
    expect(sel.form(snapshot).vitals_before.systolic).toBe('130');
  }
  // Only a visit going by a screen can have it overridden; the override then reads the visit again.
  if (event.type === 'screen.override' && snapshot.matches('overriding')) expect(sel.visit(snapshot)?.screen?.id).toBe(11);
  if (event.type === 'screen.override' && !sel.visit(snapshot)?.screen) expect(snapshot.matches('overriding')).toBe(false);
  if (sel.visit(snapshot)?.status === 'signed' && !snapshot.hasTag('pending')) {
    expect(sel.isLocked(snapshot)).toBe(true);
    expect(sel.steps(snapshot)).toEqual([]);
  }
  if (snapshot.matches('editing') && sel.visit(snapshot)?.status === 'draft') expect(sel.steps(snapshot)).toEqual(['in_progress', 'aborted']);
});
