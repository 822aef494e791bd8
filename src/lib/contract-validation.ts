// Form validation from the contract itself: the validators generated from openapi.yaml
// (scripts/generate-portal-validators.ts), so the portal refuses exactly what the API refuses.
// Errors come back keyed by field path ("goals.0.description"), with the API's wording.
import { dateRefusal } from '../../machines/rules/calendar-dates.ts';
import * as validators from '../../openapi/generated/portal-validators.js';
import { BLANK_REASON, VISIBLE_TEXT_PATTERN } from '../../machines/rules/visible-text.ts';

export type ContractSchema = 'ProfilePatch' | 'HealthGoals' | 'ClientStory' | 'LifestyleHistory' | 'FamilyHistory' | 'ThriveCheckCreate';
export type FieldErrors = Record<string, string[]>;

type AjvError = NonNullable<validators.PortalValidate['errors']>[number];

function fieldOf(e: AjvError): string {
  const pointer = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra = (e.params.missingProperty ?? e.params.additionalProperty) as string | undefined;
  if (extra) return pointer ? `${pointer}.${extra}` : extra;
  return pointer || 'body';
}

function reasonOf(e: AjvError): string {
  if (e.keyword === 'required') return 'This field is required.';
  if (e.keyword === 'additionalProperties') return 'Unknown field.';
  const date = dateRefusal(e.keyword, e.params);
  if (date) return date;
  if (e.keyword === 'pattern' && e.params.pattern === VISIBLE_TEXT_PATTERN) return BLANK_REASON;
  const allowed = e.params.allowedValues as unknown[] | undefined;
  return `${e.message ?? 'is invalid'}`.replace(/^must/, 'Must') + (allowed ? `: ${allowed.join(', ')}` : '');
}

/** The field errors of `value` against the contract's schema `name`; empty when valid. */
export function contractErrors(name: ContractSchema, value: unknown): FieldErrors {
  const validate = validators[name];
  if (validate(value)) return {};
  const errors: FieldErrors = {};
  // anyOf alternatives report every branch; the "empty object" branch is never what the client meant.
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'anyOf' || e.keyword === 'maxProperties') continue;
    const field = fieldOf(e);
    const list = errors[field] ?? (errors[field] = []);
    const reason = reasonOf(e);
    if (!list.includes(reason)) list.push(reason);
  }
  if (Object.keys(errors).length === 0) errors.body = ['Is invalid.'];
  return errors;
}
