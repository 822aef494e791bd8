// The desk's package steps (issue 35): offered only where the lifecycle chart allows the step and
// the server lets the role take it; a freeze until a day fits the allowance left as the chart's
// guard says; a refund's estimate is the pro-rata share of the invoice; a family's shared packages.
import { describe, expect, it } from 'vitest';
import { PACKAGE_STATUSES, type PackageStatus } from '../../../../machines/appointments/package-lifecycle.ts';
import { allowanceLeft, freezeUntil, keepsFamilies, packageSteps, refundEstimatePaise, sharedWith } from '../../../../machines/appointments/package-desk.ts';

const pkg = (status: PackageStatus, allowance = 30, used = 0) => ({ status, freeze_allowance_days: allowance, frozen_days_used: used, invoice: { id: 1 } });

describe('the steps offered on a package', () => {
  it('follows the chart: freeze and transfer when active, unfreeze when frozen, refund when active or frozen', () => {
    const offered = Object.fromEntries(PACKAGE_STATUSES.map((s) => [s, packageSteps(pkg(s), 'ADMIN')]));
    expect(offered.active).toEqual({ freeze: true, unfreeze: false, transfer: true, refund: true });
    expect(offered.frozen).toEqual({ freeze: false, unfreeze: true, transfer: false, refund: true });
    for (const s of ['awaiting_payment', 'used_up', 'expired', 'refunded', 'cancelled'] as const) {
      expect(offered[s], s).toEqual({ freeze: false, unfreeze: false, transfer: false, refund: false });
    }
  });

  it('offers no freeze once the allowance is used up, or when the plan allows none', () => {
    expect(packageSteps(pkg('active', 30, 30), 'ADMIN').freeze).toBe(false);
    expect(packageSteps(pkg('active', 0), 'ADMIN').freeze).toBe(false);
    expect(allowanceLeft(pkg('active', 30, 12))).toBe(18);
    expect(allowanceLeft(pkg('active', 10, 12))).toBe(0);
  });

  it('offers no refund of a package sold on no invoice (given by hand, or a free plan)', () => {
    expect(packageSteps({ ...pkg('active'), invoice: null }, 'ADMIN')).toEqual({ freeze: true, unfreeze: false, transfer: true, refund: false });
  });

  it('offers each step to the roles the server admits: transfer to admins, refund to the billing roles', () => {
    expect(packageSteps(pkg('active'), 'RECEPTION')).toEqual({ freeze: true, unfreeze: false, transfer: false, refund: true });
    expect(packageSteps(pkg('active'), 'SUPER_ADMIN')).toEqual({ freeze: true, unfreeze: false, transfer: true, refund: false });
    expect(packageSteps(pkg('active'), 'NURSE')).toEqual({ freeze: false, unfreeze: false, transfer: false, refund: false });
    expect(packageSteps(pkg('active'), null)).toEqual({ freeze: false, unfreeze: false, transfer: false, refund: false });
    expect(keepsFamilies('RECEPTION')).toBe(true);
    expect(keepsFamilies('DOCTOR')).toBe(false);
  });
});

describe('a freeze until a day', () => {
  it('counts today and the last day, and fits while within the allowance left', () => {
    expect(freezeUntil('2026-03-10', '2026-03-10', 5)).toEqual({ days: 1, fits: true });
    expect(freezeUntil('2026-03-10', '2026-03-14', 5)).toEqual({ days: 5, fits: true });
    expect(freezeUntil('2026-03-10', '2026-03-15', 5)).toEqual({ days: 6, fits: false });
    expect(freezeUntil('2026-02-27', '2026-03-01', 3)).toEqual({ days: 3, fits: true });
  });

  it('does not take a day before today, nor one not yet whole', () => {
    expect(freezeUntil('2026-03-10', '2026-03-09', 5)).toEqual({ days: 0, fits: false });
    expect(freezeUntil('2026-03-10', '', 5)).toEqual({ days: 0, fits: false });
    expect(freezeUntil('2026-03-10', '2026-03-10', 0).fits).toBe(false);
  });
});

describe("a refund's estimate", () => {
  it('is the share of the invoice for the credits left, half up to the paisa', () => {
    const invoice = { total_paise: 5310000, number: 'INV-1' };
    expect(refundEstimatePaise({ sessions_left: 10, sessions_total: 10, invoice })).toBe(5310000);
    expect(refundEstimatePaise({ sessions_left: 7, sessions_total: 10, invoice })).toBe(3717000);
    expect(refundEstimatePaise({ sessions_left: 1, sessions_total: 3, invoice: { total_paise: 100 } })).toBe(33);
    expect(refundEstimatePaise({ sessions_left: 1, sessions_total: 8, invoice: { total_paise: 4 } })).toBe(1);
    expect(refundEstimatePaise({ sessions_left: 0, sessions_total: 10, invoice })).toBe(0);
    expect(refundEstimatePaise({ sessions_left: 5, sessions_total: 10, invoice: null })).toBe(0);
  });
});

describe("a family's shared packages", () => {
  const p = (id: number, status: PackageStatus, shareable: boolean, left = 5) => ({ id, status, shareable_in_family: shareable, sessions_left: left });
  it('lists the other members’ shareable packages usable now, naming their holder', () => {
    const members = [
      { id: 1, name: 'Kavya Iyer', packages: [p(10, 'active', true)] },
      { id: 2, name: 'Ravi Iyer', packages: [p(20, 'active', true), p(21, 'active', false), p(22, 'frozen', true), p(23, 'active', true, 0)] },
      { id: 3, name: 'Anu Iyer', packages: [p(30, 'awaiting_payment', true), p(31, 'active', true, 2)] },
    ];
    expect(sharedWith(1, members).map((s) => [s.holder, s.pkg.id])).toEqual([
      ['Ravi Iyer', 20],
      ['Anu Iyer', 31],
    ]);
    expect(sharedWith(1, [])).toEqual([]);
  });
});
