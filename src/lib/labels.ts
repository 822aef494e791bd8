// Stored codes as the words people read, in the clinic's country where that matters: "Phone", not
// "phone"; "PIN code" for an Indian clinic (the postal code's name follows the clinic's locale).
// Also the names a field built of two gives its halves.
import { clinicFormat } from './format.ts';

export const CONTACT_METHOD_LABELS: Record<string, string> = {
  phone: 'Phone',
  email: 'Email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

export function contactMethodLabel(method: string | null | undefined): string {
  if (!method) return '—';
  return CONTACT_METHOD_LABELS[method] ?? method;
}

const POSTAL_CODE_NAMES: Record<string, string> = { IN: 'PIN code', US: 'ZIP code', GB: 'Postcode', AU: 'Postcode' };

/** What the address form calls the postal code: "PIN code" in India. */
export function postalCodeLabel(): string {
  const region = clinicFormat().locale.split('-').pop()?.toUpperCase() ?? '';
  return POSTAL_CODE_NAMES[region] ?? 'Postal code';
}

/** The names of the two halves of a date with a time labelled `label` (src/lib/date-field.tsx's
 *  DateTimeFields): each field is named apart for a screen reader, and for the tests that type in them. */
export function dateTimeLabels(label: string): { date: string; time: string } {
  return { date: `${label} — date`, time: `${label} — time` };
}
