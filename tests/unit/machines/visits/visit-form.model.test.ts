// Every path of the visit page chart, replayed on the production machine: a change is saved after
// a pause, never lost (no answer or a 5xx keeps it, on screen and on the device, and tries again;
// a change during a save is saved after it), another device's change is shown as a conflict, a
// signed visit is locked, and a step saves what is on screen first; after a conflict what was typed
// here is replayed onto theirs; changes this device kept from before (a reload, a closed tab) are
// replayed onto the version read by the same rule and saved, never over a newer server value; a
// doctor's override reads the visit again.
import { describe, expect, it } from 'vitest';
import { visitFormSelectors as sel } from '../../../../machines/visits/selectors.ts';
import { retryDelay } from '../../../../machines/visits/visit-form-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { CONFLICT, KEPT, model, OFFLINE, STALE, storeDraft, UNAVAILABLE } from './visit-form.model.ts';

/** What the chart last asked the device to keep (undefined: it asked nothing yet). */
const lastKept = () => (storeDraft.mock.lastCall?.[1] as { changes: unknown } | undefined)?.changes;

describeModel('therapy visit form', model, (snapshot, event) => {
  const state = sel.saveState(snapshot);
  // A change is typed: it waits for a pause (or, while a save waits to be tried again, for that try).
  if (event.type === 'form.edit' && !['saving', 'conflict', 'offline', 'retrying'].includes(state)) expect(state).toBe('unsaved');
  // Typed during a conflict: kept on screen, not saved over the other device's version.
  if (event.type === 'form.edit' && snapshot.matches('conflict')) expect(state).toBe('conflict');
  // Reloaded after a conflict: the change typed here is replayed onto theirs and saved again.
  if (
    (event as { output?: unknown }).output &&
    snapshot.matches({ editing: 'unsaved' }) &&
    sel.visit(snapshot)?.version === 1 &&
    sel.form(snapshot).vitals_before.systolic === '130'
  )
    expect(sel.kept(snapshot)).toEqual([]);
  if (event.type === 'form.edit') {
    expect(sel.form(snapshot).vitals_before.systolic).toBe('130');
    // Every change is kept on the device at once (what was changed from and to), in every state.
    expect(lastKept()).toMatchObject({ fields: expect.arrayContaining([{ section: 'vitals_before', key: 'systolic', was: expect.any(String), now: '130' }]) });
  }
  // Everything on screen is on the server: nothing stays on the device.
  if ((event as { output?: unknown }).output && snapshot.matches({ editing: 'saved' }) && storeDraft.mock.calls.length) expect(lastKept()).toBeNull();
  const error = (event as { error?: unknown }).error;
  if (error === CONFLICT && snapshot.matches('conflict')) expect(state).toBe('conflict');
  // No answer or a 5xx: the changes stay on screen and on the device; the save is tried again.
  if (error === OFFLINE && snapshot.matches({ editing: 'offline' })) expect(state).toBe('offline');
  // A 5xx on an autosave is tried again; on a step's save it is shown (the step is asked again).
  if (error === UNAVAILABLE) expect(state).toBe(snapshot.matches({ editing: 'refused' }) ? 'refused' : 'retrying');
  if (error === UNAVAILABLE && state === 'refused') expect(sel.error(snapshot)).toBe(UNAVAILABLE.message);
  if (state === 'offline' || state === 'retrying') {
    expect(snapshot.context.attempts).toBeGreaterThan(0);
    expect(lastKept()).not.toBeNull();
    expect(sel.form(snapshot).vitals_before.systolic === '130' || sel.form(snapshot).notes === 'typed offline').toBe(true);
  }
  if (event.type === 'connection.online') expect(snapshot.matches({ editing: 'saving' })).toBe(true);
  // Kept from before: notes typed offline are replayed onto the visit as read, kept and saved.
  if ((event as { output?: unknown }).output === KEPT) {
    expect(snapshot.matches({ editing: 'unsaved' })).toBe(true);
    expect(sel.form(snapshot).notes).toBe('typed offline');
    expect(sel.kept(snapshot)).toEqual([]);
    expect(lastKept()).toEqual({ fields: [], notes: { was: '', now: 'typed offline' }, events: [], adverse_events: [] });
  }
  // Kept from before, but the server has a newer value of that field: the server's stays and is named; nothing is saved.
  if ((event as { output?: unknown }).output === STALE) {
    expect(snapshot.matches({ editing: 'saved' })).toBe(true);
    expect(sel.form(snapshot).vitals_before.systolic).toBe('120');
    expect(sel.kept(snapshot)).toEqual(['vitals_before.systolic']);
    expect(lastKept()).toBeNull();
  }
  // The device storage unreadable: the visit as read.
  if (event.type === 'xstate.error.actor.readDraft') {
    expect(snapshot.matches({ editing: 'saved' })).toBe(true);
    expect(storeDraft).not.toHaveBeenCalled();
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

describe('trying a failed save again', () => {
  it('waits 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
