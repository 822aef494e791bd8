// The back office's membership plan form (machines/memberships/plan-form.ts): what may be saved,
// the body sent (fee in paise, benefits as the contract wants them), a plan read back into the
// form; and the desk's actions per status and role (desk-rules.ts), read from the lifecycle chart.
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_STATUSES } from '../../../../machines/memberships/membership-lifecycle.ts';
import { deskActions, maySell, readsMemberships } from '../../../../machines/memberships/desk-rules.ts';
import { canSavePlan, emptyPlanForm, newBenefit, type PlanForm, planBody, planForm, planProblems } from '../../../../machines/memberships/plan-form.ts';
import { PLAN_FORM_TEXTS as T } from '../../../../machines/memberships/plan-form-texts.ts';

const RATES = [500, 1800];
const filled = (over: Partial<PlanForm> = {}): PlanForm => ({ ...emptyPlanForm(RATES), name: 'Wellness', fee: '1500.50', ...over });

describe('membership plan form', () => {
  it('starts monthly, renewing, active, at the first rate, with no benefits, and cannot be saved empty', () => {
    expect(emptyPlanForm(RATES)).toEqual({
      name: '',
      fee: '',
      period: 'monthly',
      auto_renew: true,
      active: true,
      code: '',
      gst_rate_bp: 500,
      exempt: false,
      benefits: [],
    });
    expect(planProblems(emptyPlanForm(RATES), RATES)).toEqual({ name: T.name, fee: T.fee });
  });

  it('sends the fee in paise, a blank code as null, included sessions and a discount on everything', () => {
    const form = filled({
      code: ' 999722 ',
      gst_rate_bp: 1800,
      period: 'yearly',
      benefits: [
        { kind: 'included', service: '7', amount: '4' },
        { kind: 'discount', service: '', amount: '10' },
        { kind: 'discount', service: '7', amount: '25' },
      ],
    });
    expect(canSavePlan(form, RATES)).toBe(true);
    expect(planBody(form)).toEqual({
      name: 'Wellness',
      fee_paise: 150050,
      period: 'yearly',
      auto_renew: true,
      active: true,
      code: '999722',
      gst_rate_bp: 1800,
      exempt: false,
      benefits: [
        { kind: 'included', service: 7, sessions: 4 },
        { kind: 'discount', percent: 10 },
        { kind: 'discount', service: 7, percent: 25 },
      ],
    });
    expect(planBody(filled()).code).toBeNull();
  });

  it('refuses a fee under ₹1, a bad code, a rate the clinic does not offer, and bad benefits', () => {
    expect(planProblems(filled({ fee: '0.99' }), RATES).fee).toBe(T.fee);
    expect(planProblems(filled({ fee: '12.345' }), RATES).fee).toBe(T.fee);
    expect(planProblems(filled({ code: '12' }), RATES).code).toBeTruthy();
    expect(planProblems(filled({ gst_rate_bp: 1200 }), RATES).gst_rate_bp).toBeTruthy();
    expect(planProblems(filled({ name: 'x'.repeat(121) }), RATES).name).toBe(T.nameLength);
    expect(planProblems(filled({ benefits: [{ kind: 'included', service: '', amount: '2' }] }), RATES).benefits).toBe(T.includedNeedsService);
    expect(planProblems(filled({ benefits: [{ kind: 'included', service: '3', amount: '0' }] }), RATES).benefits).toBe(T.sessions);
    expect(planProblems(filled({ benefits: [{ kind: 'included', service: '3', amount: '1.5' }] }), RATES).benefits).toBe(T.sessions);
    expect(planProblems(filled({ benefits: [{ kind: 'discount', service: '', amount: '101' }] }), RATES).benefits).toBe(T.percent);
    const twice = filled({
      benefits: [
        { kind: 'discount', service: '', amount: '5' },
        { kind: 'discount', service: '', amount: '10' },
      ],
    });
    expect(planProblems(twice, RATES).benefits).toBe(T.onceEach);
    // A service may be both included and discounted: each once per kind.
    const both = filled({
      benefits: [
        { kind: 'included', service: '3', amount: '2' },
        { kind: 'discount', service: '3', amount: '10' },
      ],
    });
    expect(canSavePlan(both, RATES)).toBe(true);
  });

  it('reads a plan back into the form as it was sent', () => {
    const plan = {
      name: 'Gold',
      fee_paise: 250000,
      period: 'monthly' as const,
      auto_renew: false,
      active: false,
      code: null,
      gst_rate_bp: 1800,
      exempt: true,
      benefits: [
        { kind: 'included' as const, service: 4, sessions: 2, percent: null },
        { kind: 'discount' as const, service: null, sessions: null, percent: 15 },
      ],
    };
    const form = planForm(plan, RATES);
    expect(form).toEqual({
      name: 'Gold',
      fee: '2500',
      period: 'monthly',
      auto_renew: false,
      active: false,
      code: '',
      gst_rate_bp: 1800,
      exempt: true,
      benefits: [
        { kind: 'included', service: '4', amount: '2' },
        { kind: 'discount', service: '', amount: '15' },
      ],
    });
    expect(planBody(form)).toMatchObject({
      fee_paise: 250000,
      auto_renew: false,
      active: false,
      exempt: true,
      benefits: [{ service: 4, sessions: 2 }, { percent: 15 }],
    });
    expect(planForm(null, RATES)).toEqual(emptyPlanForm(RATES));
  });

  it('adds an included session of the first service, or a discount on everything', () => {
    expect(newBenefit('included', '9')).toEqual({ kind: 'included', service: '9', amount: '1' });
    expect(newBenefit('discount', '9')).toEqual({ kind: 'discount', service: '', amount: '10' });
  });
});

describe('the desk’s actions on a membership', () => {
  it('RECEPTION and ADMIN sell; SUPER_ADMIN and other staff do not', () => {
    expect(['RECEPTION', 'ADMIN'].every(maySell)).toBe(true);
    expect(['SUPER_ADMIN', 'NURSE', 'CLIENT', null].some(maySell)).toBe(false);
    expect(['RECEPTION', 'ADMIN', 'SUPER_ADMIN'].every(readsMemberships)).toBe(true);
    expect(['NURSE', 'DOCTOR', 'HEALTH_COACH', 'CLIENT', null].some(readsMemberships)).toBe(false);
  });

  it('cancel a sale only awaiting payment, stop renewal only while active or renewal is due, as the chart allows', () => {
    const table = Object.fromEntries(MEMBERSHIP_STATUSES.map((s) => [s, deskActions(s, 'RECEPTION')]));
    expect(table).toEqual({
      awaiting_payment: { cancelSale: true, cancelRenewal: false },
      active: { cancelSale: false, cancelRenewal: true },
      renewal_due: { cancelSale: false, cancelRenewal: true },
      cancelling: { cancelSale: false, cancelRenewal: false },
      lapsed: { cancelSale: false, cancelRenewal: false },
      ended: { cancelSale: false, cancelRenewal: false },
      cancelled: { cancelSale: false, cancelRenewal: false },
    });
    expect(MEMBERSHIP_STATUSES.map((s) => deskActions(s, 'SUPER_ADMIN'))).toEqual(MEMBERSHIP_STATUSES.map(() => ({ cancelSale: false, cancelRenewal: false })));
  });
});
