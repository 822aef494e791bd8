// Masking of a code destination (spec §9): an email keeps the first and last character of its
// local part; a phone number shows only its last 4 digits.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0]}${'*'.repeat(local.length - 1)}${domain}`;
  return `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}

/** A destination the identity service already masked (contains '*') is shown as it is. */
export function maskDestination(destination: string | undefined, medium?: string): string {
  if (!destination) return '';
  if (destination.includes('*')) return destination;
  if (medium === 'EMAIL' || destination.includes('@')) return maskEmail(destination);
  return maskPhone(destination);
}

/** An Aadhaar number as pages show it, even to its owner: only the last 4 digits ('—' when none). */
export function maskAadhaar(value: string | null | undefined): string {
  if (!value) return '—';
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? `XXXX XXXX ${digits.slice(-4)}` : value;
}
