// The discovery visit note as a form: the fields as the note page edits them (seeded from the
// stored note), what a save sends, and the quick heart-risk estimate of what is typed (the thrive
// check's own scoring; the server scores the saved input again).
import { calculateHeartRisk, heartRiskErrors, type HeartRiskInput, type HeartRiskResult } from '../rules/heart-risk.ts';

/** The stored note, as far as the note page needs it. */
export interface VisitNote {
  status: 'draft' | 'signed';
  signed_at: string | null;
  goals: string;
  health_and_lifestyle: string;
  barriers: string;
  heart_risk: { input: Record<string, string> } | null;
  recommended_program: number | null;
  recommended_therapies: string[];
  outcome: string | null;
}

export interface NoteForm {
  goals: string;
  health_and_lifestyle: string;
  barriers: string;
  heart: HeartRiskInput;
  recommended_program: string;
  recommended_therapies: string;
  outcome: string;
}

export type NoteField = Exclude<keyof NoteForm, 'heart'>;
export type HeartField = keyof HeartRiskInput;

export const EMPTY_HEART: HeartRiskInput = {
  sex: 'female',
  age: '',
  hdl_cholesterol: '',
  total_cholesterol: '',
  smoker: 'no',
  diabetic: 'no',
  treats_hypertension: 'no',
  systolic_bp: '',
};

export const EMPTY_FORM: NoteForm = {
  goals: '',
  health_and_lifestyle: '',
  barriers: '',
  heart: EMPTY_HEART,
  recommended_program: '',
  recommended_therapies: '',
  outcome: '',
};

export function formOf(note: VisitNote): NoteForm {
  return {
    goals: note.goals,
    health_and_lifestyle: note.health_and_lifestyle,
    barriers: note.barriers,
    heart: note.heart_risk ? { ...EMPTY_HEART, ...note.heart_risk.input } : EMPTY_HEART,
    recommended_program: note.recommended_program ? String(note.recommended_program) : '',
    recommended_therapies: note.recommended_therapies.join(', '),
    outcome: note.outcome ?? '',
  };
}

const NUMBERS: HeartField[] = ['age', 'hdl_cholesterol', 'total_cholesterol', 'systolic_bp'];

/** The estimate of what is typed, once every number is there and readable; else null. */
export function estimateOf(form: NoteForm): HeartRiskResult | null {
  if (NUMBERS.some((k) => String(form.heart[k]).trim() === '')) return null;
  if (Object.keys(heartRiskErrors(form.heart)).length > 0) return null;
  return calculateHeartRisk(form.heart);
}

/** What a save sends (PATCH discovery/visits/{id}); an unfinished estimate is not sent. */
export function valuesOf(form: NoteForm) {
  return {
    goals: form.goals,
    health_and_lifestyle: form.health_and_lifestyle,
    barriers: form.barriers,
    heart_risk: estimateOf(form) ? Object.fromEntries(Object.entries(form.heart).map(([k, x]) => [k, String(x)])) : null,
    recommended_program: form.recommended_program ? Number(form.recommended_program) : null,
    recommended_therapies: form.recommended_therapies
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    outcome: form.outcome || null,
  };
}

export type NoteValues = ReturnType<typeof valuesOf>;
