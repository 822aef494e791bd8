// Every path of the membership chart, replayed on the production machine: it lapses or ends only
// once its period is over, a renewal is invoiced only while it runs, and a finished membership
// (lapsed, ended, cancelled) takes no verb.
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf } from '../../../../machines/lifecycle/lifecycle.ts';
import {
  givesBenefits,
  MEMBERSHIP_STATUSES,
  membershipLifecycle,
  renewalCancellable,
  saleCancellable,
} from '../../../../machines/memberships/membership-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './membership-lifecycle.model.ts';

describeModel('membership lifecycle', model, (snapshot, event) => {
  if (snapshot.value === 'lapsed' || snapshot.value === 'ended') expect(event.period_over).toBe(true);
  if (snapshot.value === 'renewal_due' && event.type === 'membership.invoice_renewal') expect(event.period_over).toBe(false);
  if (snapshot.status === 'done') {
    for (const period_over of [true, false]) expect(nextSteps(membershipLifecycle, snapshot.value, { extras: { period_over } })).toEqual([]);
  }
});

describe('membership statuses', () => {
  it("are the chart's statuses", () => {
    expect(statusesOf(membershipLifecycle)).toEqual([...MEMBERSHIP_STATUSES]);
  });

  it('give benefits while a paid period runs, cancel renewal while renewing, cancel a sale only unpaid', () => {
    expect(MEMBERSHIP_STATUSES.filter(givesBenefits)).toEqual(['active', 'renewal_due', 'cancelling']);
    expect(MEMBERSHIP_STATUSES.filter(renewalCancellable)).toEqual(['active', 'renewal_due']);
    expect(MEMBERSHIP_STATUSES.filter(saleCancellable)).toEqual(['awaiting_payment']);
  });
});
