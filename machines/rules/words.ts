// The one place a stored code becomes the words people read (issue 32): a therapy ("hbot" ->
// "HBOT", "intake_call" -> "Intake call"), a choice ("soft" -> "Soft", "peripheral_iv" ->
// "Peripheral IV"), a yes/no, a field's path in a chart ("vitals_before.systolic" -> "Systolic BP
// before") and a person the clinic knows by name (never "Staff 69"). Every view and every server
// message that would show a code goes through here, so no page says `intake_call`.
import { THERAPY_FIELDS, type Therapy, THERAPIES, VITAL_FIELDS } from '../visits/therapy-fields.ts';

/** Codes whose words are not their letters with spaces: names, acronyms, fixed spellings. */
const WORDS: Record<string, string> = {
  // Therapies and services (a clinic may rename the visit therapies in the back office).
  iv: 'IV therapy',
  hbot: 'HBOT',
  pet: 'PET (PEMF)',
  red_light: 'Red light therapy',
  fir: 'FIR sauna',
  discovery: 'Discovery visit',
  intake_call: 'Intake call',
  // Resource kinds.
  hbot_chamber: 'HBOT chamber',
  iv_chair: 'IV chair',
  pemf_mat: 'PEMF mat',
  fir_cabin: 'FIR sauna cabin',
  // Choices.
  yes: 'Yes',
  no: 'No',
  peripheral_iv: 'Peripheral IV',
  led: 'LED',
  mT: 'mT',
  level: 'Device level',
  no_show: 'No-show',
  in_clinic: 'In clinic',
  non_vegetarian: 'Non-vegetarian',
  spo2: 'SpO₂',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  abha: 'ABHA',
  // Roles.
  SUPER_ADMIN: 'Super admin',
  ADMIN: 'Admin',
  NURSE: 'Nurse',
  DOCTOR: 'Doctor',
  RECEPTION: 'Reception',
  HEALTH_COACH: 'Health coach',
  NUTRITIONIST: 'Nutritionist',
  CLIENT: 'Client',
};

const NOTHING = '—';

/** A code as words, capitalised to start a label: "intake_call" -> "Intake call"; "—" for none. */
export function words(code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return NOTHING;
  const known = WORDS[code];
  if (known) return known;
  // Only a code is rewritten; a name or a unit ("Hydration plus", "µT") is already words.
  if (!/^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*$/.test(code)) return code;
  const spaced = code.replace(/_+/g, ' ');
  const lower = spaced === spaced.toUpperCase() ? spaced.toLowerCase() : spaced;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** A code as words inside a sentence: "checked_in" -> "checked in"; names and acronyms keep their capitals ("HBOT"). */
export function wordsInSentence(code: string | null | undefined): string {
  const w = words(code);
  return /^[A-Z][a-z]/.test(w) && !PROPER.has(code ?? '') ? w.charAt(0).toLowerCase() + w.slice(1) : w;
}

/** Words that keep their capital inside a sentence (names). */
const PROPER = new Set(['whatsapp']);

/** A yes/no answer: "Yes", "No", or "—" when not answered. */
export function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'Yes' : value === false ? 'No' : NOTHING;
}

/** A stored answer of any kind as words: booleans as Yes/No, codes as words, anything else as written. */
export function answerWords(value: unknown): string {
  if (typeof value === 'boolean') return yesNo(value);
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'string' && /^[a-z0-9]+(_[a-z0-9]+)+$/.test(value)) return words(value);
  return String(value);
}

/** A list of codes as words: "hbot, red_light" -> "HBOT, Red light therapy". */
export function listWords(codes: readonly string[]): string {
  return codes.length ? codes.map(words).join(', ') : NOTHING;
}

/** Someone the clinic knows by name; a person whose account is gone is still not a number. */
export function personName(name: string | null | undefined): string {
  return name?.trim() || 'A former staff member';
}

const PART_WORDS: Record<string, string> = { vitals_before: 'before', vitals_after: 'after' };

const SCREENING_WORDS: Record<string, string> = {
  missing: 'Contraindication screening not done',
  expired: 'Contraindication screening out of date',
  absolute: 'An absolute contraindication',
  needs_override: 'A doctor’s override for a contraindication',
};

function fieldLabel(key: string, therapy?: Therapy): string {
  const defs = [...VITAL_FIELDS, ...(therapy ? THERAPY_FIELDS[therapy] : THERAPIES.flatMap((t) => THERAPY_FIELDS[t]))];
  return defs.find((d) => d.key === key)?.label ?? (key === 'ingredients' ? 'Ingredients' : words(key));
}

/**
 * A chart's field path as its name on screen: "vitals_before.systolic" -> "Systolic BP before",
 * "parameters.chamber_type" -> "Chamber type", "screening.missing" -> "Contraindication screening
 * not done", "vitals_before.systolic.blocking" -> "Systolic BP before above the clinic's limit".
 */
export function fieldPathWords(path: string, therapy?: Therapy): string {
  const [part, key, flag] = path.split('.');
  if (part === 'screening' && key) return SCREENING_WORDS[key] ?? words(key);
  if (!key) return fieldLabel(part, therapy);
  const label = fieldLabel(key, therapy);
  const when = PART_WORDS[part];
  const named = when ? `${label} ${when}` : label;
  return flag === 'blocking' ? `${named} above the clinic’s limit` : named;
}

/** Several chart paths as one list: "Systolic BP before, Heart rate before". */
export function fieldPathList(paths: readonly string[], therapy?: Therapy): string {
  return paths.map((p) => fieldPathWords(p, therapy)).join(', ');
}
