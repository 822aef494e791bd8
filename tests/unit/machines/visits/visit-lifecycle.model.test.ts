// Every path of the therapy visit chart, replayed on the production machine: each verb lands where
// the clinic expects, guarded verbs move only with what they need, a signed visit takes nothing
// but an addendum and an aborted one takes nothing at all.
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { EDITABLE_STATUSES, VISIT_STATUSES, visitAccepts, visitLifecycle } from '../../../../machines/visits/visit-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './visit-lifecycle.model.ts';

const LANDS: Record<string, string | null> = {
  'visit.start': 'in_progress',
  'visit.complete': 'completed',
  'visit.sign': 'signed',
  'visit.abort': 'aborted',
  'visit.edit': null,
  'visit.addendum': 'signed',
};

const EVERYTHING = { blockers: [], missing: [], signer_id: 3, reason: 'Fainted', text: 'Late entry' };

describeModel('therapy visit lifecycle', model, (snapshot, event) => {
  const lands = LANDS[event.type];
  if (lands) expect(snapshot.value).toBe(lands);
  if (event.type === 'visit.edit') expect(EDITABLE_STATUSES).toContain(snapshot.value);
  if (event.type === 'visit.start') expect(event.blockers).toEqual([]);
  if (event.type === 'visit.complete') expect(event.missing).toEqual([]);
  // Never completed or signed before its appointment's start (issue 32).
  if (event.type === 'visit.complete' || event.type === 'visit.sign') expect(event.before_appointment).not.toBe(true);
  if (event.type === 'visit.abort') expect(String(event.reason).trim()).not.toBe('');
  if (snapshot.value === 'signed' || snapshot.value === 'aborted') {
    expect(nextSteps(visitLifecycle, snapshot.value, { extras: EVERYTHING })).toEqual([]);
    expect(visitAccepts(snapshot.value, 'visit.edit', EVERYTHING)).toBe(false);
  }
});

describe('therapy visit statuses', () => {
  it("are the chart's statuses", () => {
    expect(statusesOf(visitLifecycle)).toEqual([...VISIT_STATUSES]);
  });

  it('take edits until signed, and addenda only once signed', () => {
    expect(EDITABLE_STATUSES).toEqual(['draft', 'in_progress', 'completed']);
    for (const status of VISIT_STATUSES) {
      expect(visitAccepts(status, 'visit.addendum', { text: 'Late entry' }), status).toBe(status === 'signed');
    }
    expect(visitAccepts('signed', 'visit.addendum', { text: '  ' })).toBe(false);
    expect(visitAccepts('locked', 'visit.edit')).toBe(false);
  });

  it('start only when nothing blocks, complete only when nothing is missing, sign only with a signer', () => {
    expect(stepTo(visitLifecycle, 'draft', 'in_progress')).toBeNull();
    expect(stepTo(visitLifecycle, 'draft', 'in_progress', { extras: { blockers: ['screening'] } })).toBeNull();
    expect(stepTo(visitLifecycle, 'draft', 'in_progress', { extras: { blockers: [] } })).toEqual({ event: 'visit.start', to: 'in_progress' });
    expect(stepTo(visitLifecycle, 'in_progress', 'completed', { extras: { missing: ['vitals_after'] } })).toBeNull();
    expect(stepTo(visitLifecycle, 'in_progress', 'completed', { extras: { missing: [] } })).toEqual({ event: 'visit.complete', to: 'completed' });
    expect(stepTo(visitLifecycle, 'completed', 'signed', { extras: { signer_id: 0 } })).toBeNull();
    expect(stepTo(visitLifecycle, 'completed', 'signed', { extras: { signer_id: 9 } })).toEqual({ event: 'visit.sign', to: 'signed' });
    expect(stepTo(visitLifecycle, 'draft', 'signed', { extras: EVERYTHING })).toBeNull();
  });

  it('abort only before completion, and only with a reason', () => {
    for (const status of VISIT_STATUSES) {
      const step = stepTo(visitLifecycle, status, 'aborted', { extras: { reason: 'Client unwell' } });
      expect(step !== null, status).toBe(status === 'draft' || status === 'in_progress');
    }
    expect(stepTo(visitLifecycle, 'draft', 'aborted', { extras: { reason: '' } })).toBeNull();
  });
});
