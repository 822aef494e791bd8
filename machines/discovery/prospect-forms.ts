// The discovery forms (pure): when a new prospect, a stage move, a call, a visit booking or a
// conversion may be sent, and what each sends. A stage move's missing reason or follow-up date is
// one rule for the board, the prospect page and the server (which refuses the move naming it).
import { hasText, isChosen } from '../rules/form-rules.ts';
import type { PipelineStage } from './pipeline-lifecycle.ts';
import { needsFollowUp, needsReason } from './pipeline-rules.ts';

export interface ProspectForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  source: string;
  referred_by: string;
  owner: string;
  next_action: string;
  next_action_on: string;
  interests: string;
  notes: string;
}

export const EMPTY_PROSPECT_FORM: ProspectForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  source: 'walk_in',
  referred_by: '',
  owner: '',
  next_action: '',
  next_action_on: '',
  interests: '',
  notes: '',
};

/**
 * A first name and a way to reach them (an email or a phone); once the server has warned of a
 * possible duplicate, only with "save anyway" ticked.
 */
export function canSaveProspect(form: ProspectForm, duplicate: { warned: boolean; confirmed: boolean }): boolean {
  return hasText(form.first_name) && (hasText(form.email) || hasText(form.phone)) && (!duplicate.warned || duplicate.confirmed);
}

/** The new prospect as the contract takes it: trimmed, empty contacts and dates as null, interests as a list. */
export function prospectBody(form: ProspectForm, confirmDuplicate: boolean) {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim() || null,
    phone: form.phone.trim() || null,
    source: form.source,
    referred_by: form.referred_by,
    owner: form.owner ? Number(form.owner) : null,
    next_action: form.next_action,
    next_action_on: form.next_action_on || null,
    interests: form.interests
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    notes: form.notes,
    ...(confirmDuplicate ? { confirm_duplicate: true } : {}),
  };
}

export interface MoveFields {
  reason?: string | null;
  nurture_on?: string | null;
}

/** What a move to `to` still lacks: a lost or not-a-fit prospect's reason, a nurtured one's follow-up date (null: nothing). */
export function moveMissing(to: PipelineStage, fields: MoveFields): 'reason' | 'nurture_on' | null {
  if (needsReason(to) && !hasText(fields.reason)) return 'reason';
  if (needsFollowUp(to) && !fields.nurture_on) return 'nurture_on';
  return null;
}

/** A move may be sent once a stage is picked and nothing it needs is missing. */
export const canSubmitMove = (to: PipelineStage | '', fields: MoveFields): boolean => to !== '' && moveMissing(to, fields) === null;

/** What a move sends beside its stage: the follow-up date, or the reason, when the stage asks for it. */
export function moveFields(
  to: PipelineStage,
  form: { reason: string; nurture_on: string },
): { nurture_on: string } | { reason: string } | Record<string, never> {
  if (needsFollowUp(to)) return { nurture_on: form.nurture_on };
  if (needsReason(to)) return { reason: form.reason };
  return {};
}

/** A call is logged with its summary. */
export const canLogCall = (summary: string): boolean => hasText(summary);

/** A discovery visit is booked once a service and one of its free times are picked. */
export const canBookVisit = (booking: { service: string; start: string }): boolean => isChosen(booking.service) && isChosen(booking.start);

export interface ConversionForm {
  email: string;
  program: string;
  start_date: string;
}

/** Converting needs the email the client will sign in with. */
export const canConvertWith = (form: ConversionForm): boolean => hasText(form.email);

/** The conversion as the contract takes it: the enrollment only when a program is picked. */
export function conversionBody(form: ConversionForm) {
  return { email: form.email.trim(), ...(form.program ? { program: Number(form.program), start_date: form.start_date } : {}) };
}
