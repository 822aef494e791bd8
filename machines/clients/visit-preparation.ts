// What a client reads and answers before an in-clinic therapy session or an intake call: the
// preparation steps per therapy and the screening questions staff would otherwise ask at check-in,
// kept as data (the clinic edits this list, not the views). The server takes the therapies listed
// here as the ones a client books online only from package credits.

export interface ScreeningQuestion {
  /** The key the answer is stored under with the appointment. */
  key: string;
  text: string;
}

export interface TherapyPreparation {
  /** What the client does before coming in. */
  steps: readonly string[];
  /** Yes/no questions asked before check-in; a "yes" is for staff to review, not a refusal. */
  screening: readonly ScreeningQuestion[];
}

const COMMON_SCREENING: readonly ScreeningQuestion[] = [
  { key: 'unwell_today', text: 'Do you have a fever, cold or any new illness today?' },
  { key: 'pregnant', text: 'Are you pregnant, or could you be?' },
  { key: 'medication_changes', text: 'Have you started or changed any medication since your last visit?' },
];

export const VISIT_PREPARATION: Readonly<Record<string, TherapyPreparation>> = {
  hbot: {
    steps: [
      'Wear 100% cotton clothing; the clinic can lend you a cotton gown.',
      'Do not apply lotions, creams, hair products, make-up or petroleum products (such as Vaseline) on the day.',
      'Leave battery-powered devices (phone, watch, hearing aid, fitness tracker) outside the chamber.',
      'Eat a light meal beforehand; if you are diabetic, bring your glucose meter.',
    ],
    screening: [
      ...COMMON_SCREENING,
      { key: 'ear_sinus', text: 'Do you have a blocked nose, sinus problem or ear pain today?' },
      { key: 'claustrophobia', text: 'Do you feel anxious in small, closed spaces?' },
      { key: 'implant', text: 'Do you have a pacemaker or another implanted device?' },
    ],
  },
  iv: {
    steps: [
      'Eat a meal within the two hours before your session.',
      'Drink plenty of water the day before and on the day; it makes the vein easier to find.',
      'Wear a top whose sleeves roll up above the elbow.',
    ],
    screening: [
      ...COMMON_SCREENING,
      { key: 'allergies', text: 'Do you have any allergies to medicines, vitamins or latex?' },
      { key: 'kidney_heart', text: 'Do you have kidney disease, liver disease or heart failure?' },
    ],
  },
  fir: {
    steps: [
      'Drink water before your session and bring a bottle with you.',
      'Do not drink alcohol on the day of your session.',
      'Avoid a heavy meal in the hour before.',
    ],
    screening: [
      ...COMMON_SCREENING,
      { key: 'implant', text: 'Do you have a pacemaker or an implanted defibrillator?' },
      { key: 'low_blood_pressure', text: 'Do you have low blood pressure or feel faint in the heat?' },
      { key: 'heart_condition', text: 'Do you have a heart condition, or take diuretics, beta-blockers or antihistamines?' },
      { key: 'bleeding_or_injury', text: 'Do you have a bleeding disorder, or a joint injury in the last 48 hours?' },
    ],
  },
  red_light: {
    steps: [
      'Come with clean skin: no sunscreen, lotion or make-up on the areas to be treated.',
      'Tell us about medicines that make you sensitive to light (some antibiotics, St John’s wort).',
    ],
    screening: [...COMMON_SCREENING, { key: 'light_sensitive', text: 'Do you take a medicine that makes your skin sensitive to light?' }],
  },
  pemf: {
    steps: ['Remove metal jewellery, watches and phones before the session.', 'Wear comfortable clothing.'],
    screening: [...COMMON_SCREENING, { key: 'implant', text: 'Do you have a pacemaker, cochlear implant or implanted pump?' }],
  },
};

/** The pre-call form of an intake call with a health coach or nurse. */
export const PRE_CALL_FORM: readonly ScreeningQuestion[] = [
  { key: 'reason', text: 'What would you like to talk about on this call?' },
  { key: 'current_concerns', text: 'Any health concerns or symptoms you would like us to know about?' },
  { key: 'medications', text: 'Which medicines or supplements do you take?' },
];

/** Therapies a client books online only from a package with a session left. */
export const CREDIT_THERAPIES: readonly string[] = Object.keys(VISIT_PREPARATION);

export const paidFromCredits = (therapy: string): boolean => CREDIT_THERAPIES.includes(therapy);

export const preparationFor = (therapy: string): TherapyPreparation | null => VISIT_PREPARATION[therapy] ?? null;

/** A video call's join link is given this long before its start. */
export const JOIN_OPENS_MINUTES = 10;

/** When the join link opens: 10 minutes before the start. */
export const joinOpensAt = (start: string): string => new Date(Date.parse(start) - JOIN_OPENS_MINUTES * 60_000).toISOString();

/** Whether the join link is given now: from 10 minutes before the start until the end. */
export const joinIsOpen = (start: string, end: string, now: number): boolean => now >= Date.parse(joinOpensAt(start)) && now < Date.parse(end);

/** The join link from the clinic's template (`{appointment}` replaced); none without a template. */
export function joinUrl(template: string | null | undefined, appointment: number): string | null {
  const t = (template ?? '').trim();
  return t ? t.replaceAll('{appointment}', String(appointment)) : null;
}
