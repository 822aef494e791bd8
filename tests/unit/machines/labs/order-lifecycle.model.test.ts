// Every path of the lab order chart, replayed on the production machine: each verb lands in its
// status, guarded verbs move only with what they need, and a finished order takes no verb.
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { CANCELLABLE_STATUSES, LAB_ORDER_STATUSES, labOrderLifecycle } from '../../../../machines/labs/order-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './order-lifecycle.model.ts';

const LANDS: Record<string, string> = {
  'lab_order.assign': 'collector_assigned',
  'lab_order.collect': 'collected',
  'lab_order.process': 'processing',
  'lab_order.release_partial': 'partial',
  'lab_order.release': 'ready',
  'lab_order.cancel': 'cancelled',
};

const EVERYTHING = { collector_id: 7, resulted: 3, expected: 3 };

describeModel('lab order lifecycle', model, (snapshot, event) => {
  expect(snapshot.value).toBe(LANDS[event.type]);
  if (event.type === 'lab_order.assign') expect(event.collector_id).toBeGreaterThan(0);
  if (event.type === 'lab_order.release') expect(event.resulted).toBeGreaterThanOrEqual(event.expected);
  if (event.type === 'lab_order.release_partial') expect(event.resulted).toBeGreaterThan(0);
  if (snapshot.status === 'done') {
    expect(nextSteps(labOrderLifecycle, snapshot.value, { extras: EVERYTHING })).toEqual([]);
    expect(nextSteps(labOrderLifecycle, snapshot.value, { extras: { ...EVERYTHING, resulted: 1 } })).toEqual([]);
  }
});

describe('lab order statuses', () => {
  it("are the chart's statuses", () => {
    expect(statusesOf(labOrderLifecycle)).toEqual([...LAB_ORDER_STATUSES]);
  });

  it('cancel only before the sample is collected', () => {
    for (const status of LAB_ORDER_STATUSES) {
      const step = stepTo(labOrderLifecycle, status, 'cancelled');
      expect(step !== null, status).toBe(CANCELLABLE_STATUSES.includes(status));
    }
  });

  it('assign only with a collector, and release only as far as the results go', () => {
    expect(stepTo(labOrderLifecycle, 'booked', 'collector_assigned')).toBeNull();
    expect(stepTo(labOrderLifecycle, 'booked', 'collector_assigned', { extras: { collector_id: 0 } })).toBeNull();
    expect(stepTo(labOrderLifecycle, 'booked', 'collector_assigned', { extras: { collector_id: 4 } })).toEqual({
      event: 'lab_order.assign',
      to: 'collector_assigned',
    });
    expect(stepTo(labOrderLifecycle, 'processing', 'ready', { extras: { resulted: 2, expected: 3 } })).toBeNull();
    expect(stepTo(labOrderLifecycle, 'processing', 'partial', { extras: { resulted: 0, expected: 3 } })).toBeNull();
    // Partial results go out once one is entered, even when that is all of them (issue 32: a
    // one-marker test entered in full could not be released in part from processing).
    expect(stepTo(labOrderLifecycle, 'processing', 'partial', { extras: { resulted: 1, expected: 1 } })).toEqual({
      event: 'lab_order.release_partial',
      to: 'partial',
    });
    expect(stepTo(labOrderLifecycle, 'processing', 'partial', { extras: { resulted: 3, expected: 3 } })).toEqual({
      event: 'lab_order.release_partial',
      to: 'partial',
    });
    expect(stepTo(labOrderLifecycle, 'partial', 'ready', { extras: { resulted: 3, expected: 3 } })).toEqual({ event: 'lab_order.release', to: 'ready' });
    expect(stepTo(labOrderLifecycle, 'booked', 'ready', { extras: EVERYTHING })).toBeNull();
  });
});
