// What the staff record offers for an enrollment, read from its chart: the verbs allowed in its
// status (and the status each leads to), and the end date an ending step records.
import { nextSteps } from '../lifecycle/lifecycle.ts';
import { hasText, isChosen } from '../rules/form-rules.ts';
import { type EnrollmentStatus, enrollmentLifecycle } from './enrollment-lifecycle.ts';

export type EnrollmentVerb = 'pause' | 'resume' | 'complete' | 'cancel';

export interface EnrollmentStep {
  verb: EnrollmentVerb;
  to: EnrollmentStatus;
}

/** The verbs the chart allows from `status`, in chart order (none once ended). */
export function enrollmentSteps(status: string): EnrollmentStep[] {
  return nextSteps(enrollmentLifecycle, status).map((step) => ({
    verb: step.event.replace(/^enrollment\./, '') as EnrollmentVerb,
    to: step.to as EnrollmentStatus,
  }));
}

/** Whether a status ends the enrollment (a final state of the chart). */
export function isEnding(status: string): boolean {
  return enrollmentLifecycle.states[status]?.type === 'final';
}

/**
 * The end date an ending step records: the one already set, else today, but never before the
 * start (an enrollment cancelled before it began ends on its start date). Dates are YYYY-MM-DD.
 */
export function endDateOnEnding(enrollment: { start_date: string; end_date: string | null }, today: string): string {
  if (enrollment.end_date) return enrollment.end_date;
  return today < enrollment.start_date ? enrollment.start_date : today;
}

/** A client is enrolled once a program is picked (the start date comes filled in). */
export const canEnrol = (form: { program: string }): boolean => isChosen(form.program);

export type ProgramForm = {
  name: string;
  description: string;
  duration_weeks: string;
  price_inr: string;
};

export const EMPTY_PROGRAM_FORM: ProgramForm = { name: '', description: '', duration_weeks: '12', price_inr: '0' };

/** The form for a program being edited, or the empty one for a new program. */
export const programForm = (program: { name: string; description: string; duration_weeks: number; price_inr: number } | null): ProgramForm =>
  program
    ? { name: program.name, description: program.description, duration_weeks: String(program.duration_weeks), price_inr: String(program.price_inr) }
    : EMPTY_PROGRAM_FORM;

/** A program is saved with a name (the server checks the numbers and names any it refuses). */
export const canSaveProgram = (form: ProgramForm): boolean => hasText(form.name);
