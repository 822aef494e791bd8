// The one catalogue that turns a refused field into a sentence a person can act on. The server's
// `errors` map stays machine-readable (the field's path and the contract rule it broke, e.g.
// `abha_number: Must match pattern "^[0-9]{14}$"`), and so does the browser's own check against
// the contract; every failure passes through here once (ApiFailure), so every form says "ABHA
// number has 14 digits." and never the pattern. A reason already written for people (the
// server's own rules: "A user with this email already exists.") is kept as it is.
import type { FieldErrors } from '../../machines/rules/failure.ts';
import { postalCodeLabel } from './labels.ts';
import { words, wordsInSentence } from '../../machines/rules/words.ts';

/** What each field is called on screen. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  email: 'Email',
  phone_number: 'Phone number',
  alternate_phone: 'Alternate phone',
  alternate_email: 'Alternate email',
  preferred_contact_method: 'Preferred contact method',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  city: 'City',
  state: 'State',
  country: 'Country',
  occupation: 'Occupation',
  organization: 'Organization',
  emergency_contact_name: 'Emergency contact name',
  emergency_contact_relation: 'Emergency contact relation',
  emergency_contact_number: 'Emergency contact number',
  abha_number: 'ABHA number',
  aadhar_number: 'Aadhaar number',
  role: 'Role',
  phone: 'Phone',
  super_admin_email: 'Super administrator email',
  dial_code: 'Phone dial code',
  locale: 'Dates and numbers',
  name: 'Name',
  description: 'Description',
  price_inr: 'Price',
  duration_weeks: 'Duration (weeks)',
  start_date: 'Start date',
  end_date: 'End date',
  notes: 'Notes',
  signed_on: 'Signed on',
  reason: 'Reason',
};

const PHONE_FIELDS = new Set(['phone_number', 'alternate_phone', 'emergency_contact_number', 'phone']);

/** Sentences for a broken pattern, by field: the rule in words rather than the expression. */
const PATTERN_SENTENCES: Record<string, (label: string) => string> = {
  abha_number: () => 'ABHA number has 14 digits.',
  aadhar_number: () => 'Aadhaar number has 12 digits.',
  zipcode: (label) => `${label} is 3 to 10 letters or digits (an Indian PIN code has 6 digits).`,
  dial_code: (label) => `${label} is a + and up to 4 digits, for example +91.`,
  appointment_duration: () => 'Appointment length is hours, minutes and seconds, for example 00:30:00.',
};

const FORMAT_SENTENCES: Record<string, (label: string) => string> = {
  email: (label) => `${label} is not an email address, for example name@example.com.`,
  date: (label) => `${label} is not a date.`,
  'date-time': (label) => `${label} is not a date and time.`,
  uri: (label) => `${label} is not a web address.`,
};

/** The on-screen name of a field path ("goals.0.description" → "Description"). */
export function fieldLabel(field: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  if (last === 'zipcode') return postalCodeLabel();
  if (FIELD_LABELS[last]) return FIELD_LABELS[last];
  return last.trim() ? words(last) : 'This field';
}

/** One refused field's reason as a sentence. */
export function fieldSentence(field: string, reason: string): string {
  const label = fieldLabel(field);
  const last = field.split('.').pop() ?? field;
  if (reason === 'This field is required.') return `${label} is required.`;
  if (reason === 'Unknown field.') return `${label} cannot be changed here.`;
  if (/^Must match pattern/.test(reason)) {
    if (PATTERN_SENTENCES[last]) return PATTERN_SENTENCES[last](label);
    if (PHONE_FIELDS.has(last)) return `${label} is the country code and number, digits only, for example +91 98123 45678.`;
    return `${label} is not in the expected form.`;
  }
  const format = /^Must match format "([^"]+)"/.exec(reason);
  if (format) return (FORMAT_SENTENCES[format[1]] ?? ((l: string) => `${l} is not in the expected form.`))(label);
  const most = /^Must NOT have more than (\d+) (characters|items)/.exec(reason);
  if (most) return `${label} can be at most ${most[1]} ${most[2]}.`;
  const least = /^Must NOT have fewer than (\d+) (characters|items)/.exec(reason);
  if (least) return least[1] === '1' ? `${label} cannot be empty.` : `${label} needs at least ${least[1]} ${least[2]}.`;
  const oneOf = /^Must be equal to one of the allowed values: (.*)$/.exec(reason);
  // The values in words ("non vegetarian", not the code non_vegetarian).
  if (oneOf) return `${label}: choose one of ${oneOf[1].split(', ').map(wordsInSentence).join(', ')}.`;
  if (/^Must be (integer|number)/.test(reason)) return `${label} must be a number.`;
  const bound = /^Must be (>=|>|<=|<) (-?[\d.]+)/.exec(reason);
  if (bound) return `${label} must be ${{ '>=': 'at least', '>': 'more than', '<=': 'at most', '<': 'less than' }[bound[1]]} ${bound[2]}.`;
  if (/^Must be (string|boolean|object|array|null)/.test(reason) || /^Must be equal to constant/.test(reason)) return `${label} is not a valid value.`;
  // Written for people already: the field's name in front unless the sentence has it.
  if (/^Must /.test(reason)) return `${label} ${reason[0].toLowerCase()}${reason.slice(1)}`;
  return reason;
}

/** Every field's reasons as sentences (same fields, same order). */
export function readableFieldErrors(errors: FieldErrors): FieldErrors {
  const readable: FieldErrors = {};
  for (const [field, reasons] of Object.entries(errors)) readable[field] = [...new Set(reasons.map((r) => fieldSentence(field, r)))];
  return readable;
}

/** The banner above a refused form: the sentences of the fields it names. */
export function refusalSummary(errors: FieldErrors): string | null {
  const sentences = Object.values(readableFieldErrors(errors)).flat();
  return sentences.length ? [...new Set(sentences)].join(' ') : null;
}
