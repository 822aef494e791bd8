// The scheduling back office's forms: when a resource, a package plan or a sale may be sent, and
// what each sends (the rules the views used to compute inline).
import { describe, expect, it } from 'vitest';
import {
  canSavePlan,
  canSaveResource,
  canSellPackage,
  EMPTY_PLAN_FORM,
  EMPTY_RESOURCE_FORM,
  NEW_RESOURCE_KIND,
  planBody,
  planForm,
  resourceBody,
} from '../../../../machines/appointments/setup-forms.ts';

describe('the new resource form', () => {
  it('waits for a name', () => {
    expect(canSaveResource({ ...EMPTY_RESOURCE_FORM, kind: 'hbot_chamber' })).toBe(false);
    expect(canSaveResource({ ...EMPTY_RESOURCE_FORM, name: '   ', kind: 'hbot_chamber' })).toBe(false);
    expect(canSaveResource({ ...EMPTY_RESOURCE_FORM, name: 'Chamber 2', kind: 'hbot_chamber' })).toBe(true);
  });

  it("waits for a new kind's code when the kind is new, and sends it with its label", () => {
    const form = { name: ' Cryo 1 ', kind: NEW_RESOURCE_KIND, newKind: '', newLabel: '' };
    expect(canSaveResource(form)).toBe(false);
    expect(canSaveResource({ ...form, newKind: '  ' })).toBe(false);
    expect(canSaveResource({ ...form, newKind: 'cryo_chamber' })).toBe(true);
    expect(resourceBody({ ...form, newKind: ' cryo_chamber ', newLabel: ' Cryo chamber ' })).toEqual({
      name: 'Cryo 1',
      kind: 'cryo_chamber',
      kind_label: 'Cryo chamber',
    });
    expect(resourceBody({ ...form, newKind: 'cryo_chamber', newLabel: ' ' })).toEqual({ name: 'Cryo 1', kind: 'cryo_chamber' });
  });

  it('sends a known kind as chosen, ignoring what was typed for a new one', () => {
    expect(resourceBody({ name: 'Chamber 2', kind: 'hbot_chamber', newKind: 'x', newLabel: 'y' })).toEqual({ name: 'Chamber 2', kind: 'hbot_chamber' });
  });
});

describe('the package plan form', () => {
  it('waits for a name and a therapy', () => {
    expect(canSavePlan(EMPTY_PLAN_FORM)).toBe(false);
    expect(canSavePlan({ ...EMPTY_PLAN_FORM, name: 'HBOT 10' })).toBe(false);
    expect(canSavePlan({ ...EMPTY_PLAN_FORM, therapy: 'hbot' })).toBe(false);
    expect(canSavePlan({ ...EMPTY_PLAN_FORM, name: 'HBOT 10', therapy: 'hbot' })).toBe(true);
  });

  it('opens on the plan being edited, and sends numbers with an empty validity as no expiry', () => {
    const plan = {
      name: 'HBOT 10',
      therapy: 'hbot',
      sessions: 10,
      price_inr: 25000,
      validity_days: null,
      shareable_in_family: true,
      freeze_allowance_days: 30,
    };
    expect(planForm(plan)).toEqual({
      name: 'HBOT 10',
      therapy: 'hbot',
      sessions: '10',
      price_inr: '25000',
      validity_days: '',
      shareable_in_family: true,
      freeze_allowance_days: '30',
    });
    expect(planForm(null)).toBe(EMPTY_PLAN_FORM);
    expect(planBody({ ...planForm(plan), name: ' HBOT 10 ' })).toEqual({ ...plan });
    expect(planBody(EMPTY_PLAN_FORM)).toEqual({
      name: '',
      therapy: '',
      sessions: 10,
      price_inr: 0,
      validity_days: 180,
      shareable_in_family: false,
      freeze_allowance_days: 0,
    });
  });

  it('sends an empty freeze allowance as none, and a typed one as typed (the server names one it refuses)', () => {
    expect(planBody({ ...EMPTY_PLAN_FORM, freeze_allowance_days: ' ' }).freeze_allowance_days).toBe(0);
    expect(planBody({ ...EMPTY_PLAN_FORM, freeze_allowance_days: '14' }).freeze_allowance_days).toBe(14);
    expect(planBody({ ...EMPTY_PLAN_FORM, freeze_allowance_days: 'x' }).freeze_allowance_days).toBeNaN();
  });
});

describe('selling a package', () => {
  it('waits for a plan to be picked', () => {
    expect(canSellPackage('')).toBe(false);
    expect(canSellPackage('3')).toBe(true);
  });
});
