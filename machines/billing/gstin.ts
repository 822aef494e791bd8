// The GSTIN (India reference §1.9): two-digit State code, the holder's PAN, the registration number
// within the State, `Z`, and a check character computed by Luhn mod 36 over the first fourteen.
// Pure: the server refuses a GSTIN that fails here, and the views check as the person types.

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** GST State and Union Territory codes (§1.9), with their names as printed on a document. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (old)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

/** The State's name for a GST State code, or null for a code that names none. */
export function gstStateName(code: string): string | null {
  return Object.hasOwn(GST_STATES, code) ? GST_STATES[code] : null;
}

/** The check character for the first fourteen characters of a GSTIN (Luhn mod 36). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const p = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** Why a GSTIN is refused, in words for a 400, or null when it is well formed with a known State and the right check character. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'Enter 15 characters: State code, PAN, entity number, Z and a check character.';
  if (!gstStateName(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST State code.`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'The check character does not match: look for a mistyped character.';
  return null;
}

export const validGstin = (gstin: string): boolean => gstinProblem(gstin) === null;
