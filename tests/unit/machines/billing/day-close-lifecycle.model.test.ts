// Every path of the till day chart, replayed on the production machine: a day is closed only from
// a count, and a closed day takes no verb (no money, no recount).
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { closable, countable, dayCloseLifecycle, TILL_DAY_STATUSES, takesMoney } from '../../../../machines/billing/day-close-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './day-close-lifecycle.model.ts';

describeModel('till day lifecycle', model, (snapshot, event) => {
  if (snapshot.value === 'closed') expect(event.type).toBe('day.close');
  if (snapshot.status === 'done') expect(nextSteps(dayCloseLifecycle, snapshot.value)).toEqual([]);
});

describe('till day statuses', () => {
  it("are the chart's statuses", () => {
    expect(statusesOf(dayCloseLifecycle)).toEqual([...TILL_DAY_STATUSES]);
  });

  it('take money and counts until closed, and close only when counted', () => {
    expect(TILL_DAY_STATUSES.filter(takesMoney)).toEqual(['open', 'counted']);
    expect(TILL_DAY_STATUSES.filter(countable)).toEqual(['open', 'counted']);
    expect(TILL_DAY_STATUSES.filter(closable)).toEqual(['counted']);
  });

  it('never reopens a closed day nor closes one not counted', () => {
    expect(stepTo(dayCloseLifecycle, 'closed', 'open')).toBeNull();
    expect(stepTo(dayCloseLifecycle, 'closed', 'counted')).toBeNull();
    expect(stepTo(dayCloseLifecycle, 'open', 'closed')).toBeNull();
  });
});
