// The scheduling back office's forms (pure): when a resource, a package plan or a package sale may
// be sent, and what each sends. A resource of a kind not yet known brings the new kind's code
// (and, optionally, its label) with it; a plan's empty validity means it never expires.
import { hasText, isChosen } from '../rules/form-rules.ts';

/** The kind select's value that asks for a new kind (never a kind's code: codes are lower case words). */
export const NEW_RESOURCE_KIND = '__new__';

export interface ResourceForm {
  name: string;
  kind: string;
  newKind: string;
  newLabel: string;
}

export const EMPTY_RESOURCE_FORM: ResourceForm = { name: '', kind: '', newKind: '', newLabel: '' };

/** A name, and a new kind's code when the kind is a new one. */
export const canSaveResource = (form: ResourceForm): boolean => hasText(form.name) && (form.kind !== NEW_RESOURCE_KIND || hasText(form.newKind));

/** The resource as the contract takes it. */
export function resourceBody(form: ResourceForm): { name: string; kind: string; kind_label?: string } {
  const isNew = form.kind === NEW_RESOURCE_KIND;
  return {
    name: form.name.trim(),
    kind: isNew ? form.newKind.trim() : form.kind,
    ...(isNew && form.newLabel.trim() ? { kind_label: form.newLabel.trim() } : {}),
  };
}

export interface PlanForm {
  name: string;
  therapy: string;
  sessions: string;
  price_inr: string;
  validity_days: string;
  /** Issue 35: whether the holder's family may use its sessions, and the days in all it may be frozen. */
  shareable_in_family: boolean;
  freeze_allowance_days: string;
}

export const EMPTY_PLAN_FORM: PlanForm = {
  name: '',
  therapy: '',
  sessions: '10',
  price_inr: '0',
  validity_days: '180',
  shareable_in_family: false,
  freeze_allowance_days: '0',
};

/** The form for a plan being edited, or the empty one for a new plan. */
export function planForm(
  plan: {
    name: string;
    therapy: string;
    sessions: number;
    price_inr: number;
    validity_days: number | null;
    shareable_in_family: boolean;
    freeze_allowance_days: number;
  } | null,
): PlanForm {
  if (!plan) return EMPTY_PLAN_FORM;
  return {
    name: plan.name,
    therapy: plan.therapy,
    sessions: String(plan.sessions),
    price_inr: String(plan.price_inr),
    validity_days: plan.validity_days === null ? '' : String(plan.validity_days),
    shareable_in_family: plan.shareable_in_family,
    freeze_allowance_days: String(plan.freeze_allowance_days),
  };
}

/** A name and a therapy (the server checks the numbers and names any it refuses). */
export const canSavePlan = (form: PlanForm): boolean => hasText(form.name) && hasText(form.therapy);

/** The plan as the contract takes it: numbers as typed (an unreadable one is refused by name), no validity for an empty one. */
export function planBody(form: PlanForm) {
  return {
    name: form.name.trim(),
    therapy: form.therapy.trim(),
    sessions: Number(form.sessions),
    price_inr: Number(form.price_inr),
    validity_days: form.validity_days.trim() === '' ? null : Number(form.validity_days),
    shareable_in_family: form.shareable_in_family,
    // An empty allowance is none: the plan is never frozen.
    freeze_allowance_days: form.freeze_allowance_days.trim() === '' ? 0 : Number(form.freeze_allowance_days),
  };
}

/** A package is sold once a plan is picked. */
export const canSellPackage = (plan: string): boolean => isChosen(plan);
