// Every path of the package chart, replayed on the production machine: a package is frozen only
// within its allowance, finished ones (expired, refunded, cancelled) take no verb, and only an
// active package's credits are usable; the status a package shows is read from its dates and
// credits (packageStatusOn).
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf } from '../../../../machines/lifecycle/lifecycle.ts';
import {
  creditsUsable,
  finished,
  freezable,
  PACKAGE_STATUSES,
  packageLifecycle,
  packageStatusOn,
  refundable,
  transferable,
  unfreezable,
} from '../../../../machines/appointments/package-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './package-lifecycle.model.ts';

describeModel('package lifecycle', model, (snapshot, event) => {
  if (snapshot.value === 'frozen' && event.type === 'package.freeze') expect(event.days).toBeLessThanOrEqual(event.allowance_left);
  if (snapshot.status === 'done') expect(nextSteps(packageLifecycle, snapshot.value, { extras: { days: 1, allowance_left: 9 } })).toEqual([]);
});

describe('package statuses', () => {
  it("are the chart's statuses", () => {
    expect(statusesOf(packageLifecycle)).toEqual([...PACKAGE_STATUSES]);
  });

  it('let only an active package be booked, frozen or transferred; active and frozen ones be refunded', () => {
    expect(PACKAGE_STATUSES.filter(creditsUsable)).toEqual(['active']);
    expect(PACKAGE_STATUSES.filter(freezable)).toEqual(['active']);
    expect(PACKAGE_STATUSES.filter(transferable)).toEqual(['active']);
    expect(PACKAGE_STATUSES.filter(unfreezable)).toEqual(['frozen']);
    expect(PACKAGE_STATUSES.filter(refundable)).toEqual(['active', 'frozen']);
    expect(PACKAGE_STATUSES.filter(finished)).toEqual(['expired', 'refunded', 'cancelled']);
  });

  it('read expiry, a freeze that is over and the credits left from the dates', () => {
    const base = { expires_on: '2026-12-31', sessions_left: 3, frozen_until: null };
    expect(packageStatusOn({ ...base, status: 'active' }, '2026-12-31')).toBe('active');
    expect(packageStatusOn({ ...base, status: 'active' }, '2027-01-01')).toBe('expired');
    expect(packageStatusOn({ ...base, status: 'frozen', frozen_until: '2026-06-10' }, '2026-06-10')).toBe('frozen');
    expect(packageStatusOn({ ...base, status: 'frozen', frozen_until: '2026-06-10' }, '2026-06-11')).toBe('active');
    expect(packageStatusOn({ ...base, status: 'active', sessions_left: 0 }, '2026-06-11')).toBe('used_up');
    expect(packageStatusOn({ ...base, status: 'used_up', sessions_left: 1 }, '2026-06-11')).toBe('active');
    expect(packageStatusOn({ ...base, status: 'awaiting_payment', expires_on: null }, '2030-01-01')).toBe('awaiting_payment');
    expect(packageStatusOn({ ...base, status: 'refunded' }, '2030-01-01')).toBe('refunded');
  });
});
