// Document numbers (CGST Rules 46(b), 49, 50, 53; India reference §1.3): at most 16 letters,
// digits, '-' and '/', unique within the financial year (April to March), consecutive in each
// series. A number is `PREFIX/YY-YY/NNNNN`: the series' prefix, the financial year and the
// counter, zero-padded to five digits. Pure; the server takes the counter from a locked row.

export const DOCUMENT_NUMBER = /^[A-Za-z0-9/-]{1,16}$/;
export const MAX_NUMBER_LENGTH = 16;
const SERIAL_DIGITS = 5;
/** A prefix that leaves room for `/YY-YY/` and five digits. */
export const MAX_PREFIX_LENGTH = MAX_NUMBER_LENGTH - '/26-27/'.length - SERIAL_DIGITS;
const PREFIX = /^[A-Za-z0-9-]+$/;

/** The financial year of a clinic-local date `YYYY-MM-DD`: "2026-27" for 1 April 2026 to 31 March 2027. */
export function financialYear(localDate: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(localDate);
  if (!match) throw new Error(`Not a date: ${localDate}`);
  const year = Number(match[1]);
  const start = Number(match[2]) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** "26-27" for "2026-27": the year as a number carries it. */
const shortYear = (fy: string) => fy.slice(2);

/** Why a series prefix is refused (for a 400), or null. */
export function prefixProblem(prefix: string): string | null {
  if (!PREFIX.test(prefix)) return 'Use letters, digits and - only.';
  if (prefix.length > MAX_PREFIX_LENGTH) return `At most ${MAX_PREFIX_LENGTH} characters, so a number like ${prefix}/26-27/00042 fits in ${MAX_NUMBER_LENGTH}.`;
  return null;
}

/** The document number for the `serial`th document of a series in a financial year; throws when it would not fit the 16 characters. */
export function documentNumber(prefix: string, fy: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1) throw new Error(`Not a serial: ${serial}`);
  if (!PREFIX.test(prefix)) throw new Error(`Not a series prefix: ${prefix}`);
  const number = `${prefix}/${shortYear(fy)}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
  if (!DOCUMENT_NUMBER.test(number)) throw new Error(`${number} is longer than ${MAX_NUMBER_LENGTH} characters`);
  return number;
}
