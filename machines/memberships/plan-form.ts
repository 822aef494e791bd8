// A membership plan as the back office's form holds it (issue 35; docs/memberships.md): the name,
// the fee typed in rupees, the period, auto-renewal, the active switch, the tax data like a
// product's (SAC code, one of the clinic's GST rates, exempt) and the benefits (sessions of a
// service included each period; a percentage off a service, or off everything). What may be saved
// and the body sent are said here once; the server checks the same again (400 with the field).
import { codeProblem, paiseToRupees, rateProblem, rupeesToPaise } from '../billing/settings-form.ts';
import { PLAN_FORM_TEXTS as T } from './plan-form-texts.ts';

export type PlanPeriod = 'monthly' | 'yearly';
export type BenefitKind = 'included' | 'discount';

/** One benefit row: `service` '' is every service (a discount only); `amount` the sessions or the percent as typed. */
export interface BenefitRow {
  kind: BenefitKind;
  service: string;
  amount: string;
}

export interface PlanForm {
  name: string;
  fee: string;
  period: PlanPeriod;
  auto_renew: boolean;
  active: boolean;
  code: string;
  gst_rate_bp: number;
  exempt: boolean;
  benefits: BenefitRow[];
}

/** A plan's own fields, as the contract names them (the benefits differ between reading and sending). */
interface PlanFields {
  name: string;
  fee_paise: number;
  period: PlanPeriod;
  auto_renew: boolean;
  active: boolean;
  code: string | null;
  gst_rate_bp: number;
  exempt: boolean;
}

/** A plan as the server returns it (the fields the form reads). */
export interface PlanLike extends PlanFields {
  benefits: Array<{ kind: BenefitKind; service: number | null; sessions: number | null; percent: number | null }>;
}

/** The body of createMembershipPlan / updateMembershipPlan. */
export interface PlanBody extends PlanFields {
  benefits: Array<{ kind: BenefitKind; service?: number; sessions?: number; percent?: number }>;
}

export type PlanField = 'name' | 'fee' | 'code' | 'gst_rate_bp' | 'benefits';

/** A new plan: monthly, renewing, active, at the clinic's first rate. */
export function emptyPlanForm(rates: readonly number[]): PlanForm {
  return { name: '', fee: '', period: 'monthly', auto_renew: true, active: true, code: '', gst_rate_bp: rates[0] ?? 0, exempt: false, benefits: [] };
}

/** The form of a plan to edit, or a new one. */
export function planForm(plan: PlanLike | null, rates: readonly number[]): PlanForm {
  if (!plan) return emptyPlanForm(rates);
  return {
    name: plan.name,
    fee: paiseToRupees(plan.fee_paise),
    period: plan.period,
    auto_renew: plan.auto_renew,
    active: plan.active,
    code: plan.code ?? '',
    gst_rate_bp: plan.gst_rate_bp,
    exempt: plan.exempt,
    benefits: plan.benefits.map((b) => ({
      kind: b.kind,
      service: b.service === null ? '' : String(b.service),
      amount: String((b.kind === 'included' ? b.sessions : b.percent) ?? ''),
    })),
  };
}

const WHOLE = /^[0-9]+$/;

/** Why a benefit row is refused, or null. */
export function benefitProblem(row: BenefitRow): string | null {
  if (row.kind === 'included' && row.service === '') return T.includedNeedsService;
  const n = WHOLE.test(row.amount.trim()) ? Number(row.amount.trim()) : NaN;
  if (row.kind === 'included') return n >= 1 && n <= 1000 ? null : T.sessions;
  return n >= 1 && n <= 100 ? null : T.percent;
}

/** The form's problems by field; empty when it may be saved. */
export function planProblems(form: PlanForm, rates: readonly number[]): Partial<Record<PlanField, string>> {
  const out: Partial<Record<PlanField, string>> = {};
  if (!form.name.trim()) out.name = T.name;
  else if (form.name.trim().length > 120) out.name = T.nameLength;
  const fee = rupeesToPaise(form.fee);
  if (fee === null || fee < 100) out.fee = T.fee;
  const code = codeProblem(form.code);
  if (code) out.code = code;
  const rate = rateProblem(form.gst_rate_bp, rates);
  if (rate) out.gst_rate_bp = rate;
  const row = form.benefits.map(benefitProblem).find((p) => p !== null);
  if (row) out.benefits = row;
  else {
    const keys = form.benefits.map((b) => `${b.kind}:${b.service}`);
    if (new Set(keys).size !== keys.length) out.benefits = T.onceEach;
  }
  return out;
}

export const canSavePlan = (form: PlanForm, rates: readonly number[]): boolean => Object.keys(planProblems(form, rates)).length === 0;

/** The body of createMembershipPlan / updateMembershipPlan (benefits replace the plan's). */
export function planBody(form: PlanForm): PlanBody {
  return {
    name: form.name.trim(),
    fee_paise: rupeesToPaise(form.fee) ?? 0,
    period: form.period,
    auto_renew: form.auto_renew,
    active: form.active,
    code: form.code.trim() === '' ? null : form.code.trim(),
    gst_rate_bp: form.gst_rate_bp,
    exempt: form.exempt,
    benefits: form.benefits.map((b) => {
      const amount = Number(b.amount.trim());
      const service = b.service === '' ? {} : { service: Number(b.service) };
      return b.kind === 'included' ? { kind: b.kind, ...service, sessions: amount } : { kind: b.kind, ...service, percent: amount };
    }),
  };
}

/** A new benefit row: a session of the first service included, or (no service) a discount off everything. */
export function newBenefit(kind: BenefitKind, firstService: string): BenefitRow {
  return kind === 'included' ? { kind, service: firstService, amount: '1' } : { kind, service: '', amount: '10' };
}
