// Aadhaar numbers: 12 digits whose last is a Verhoeff check digit. Stored sealed (AES-256-GCM
// under a key derived from the server secret), shown in full only to the client themself and
// masked to everyone else; the value never reaches a log line.
import { createSealer, resolveIdentitySecret } from '../../identity/secret.ts';
import type { ServerConfig } from '../../config.ts';

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** True when the digits (check digit last) pass the Verhoeff check. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const reversed = digits.split('').reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c][P[i % 8][Number(reversed[i])]];
  return c === 0;
}

/** The check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): number {
  let c = 0;
  const reversed = digits.split('').reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c][P[(i + 1) % 8][Number(reversed[i])]];
  return INV[c];
}

export const AADHAAR_INVALID = 'Must be 12 digits with a valid check digit.';

/** Aadhaar numbers never start with 0 or 1 (UIDAI). */
export function aadhaarValid(value: string): boolean {
  return /^[2-9][0-9]{11}$/.test(value) && verhoeffValid(value);
}

export function maskAadhaar(last4: string | null): string | null {
  return last4 ? `XXXX XXXX ${last4}` : null;
}

export interface AadhaarVault {
  seal(value: string): { sealed: string; last4: string };
  open(sealed: string): string;
}

const PURPOSE = 'business-api:aadhaar';

export function createAadhaarVault(config: ServerConfig): AadhaarVault {
  const sealer = createSealer(resolveIdentitySecret(config));
  return {
    seal: (value) => ({ sealed: sealer.seal(PURPOSE, value), last4: value.slice(-4) }),
    open: (sealed) => sealer.open(PURPOSE, sealed).toString('utf8'),
  };
}
