// SRP-6a as Amplify's client computes it (identity-reference §2): N is the RFC 3526 3072-bit
// group, g = 2, SHA-256, Java-style minimal hex padding, HKDF "Caldera Derived Key". Modular
// exponentiation runs in OpenSSL through node:crypto's Diffie-Hellman objects: generateKeys()
// gives g^e mod N and computeSecret(base) gives base^e mod N for a private exponent e.
import { createDiffieHellman, createHash, createHmac, getDiffieHellman, randomBytes, timingSafeEqual } from 'node:crypto';

const N_BUF = getDiffieHellman('modp15').getPrime();
export const N = BigInt(`0x${N_BUF.toString('hex')}`);
export const g = 2n;

export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if ('89abcdef'.includes(hex[0])) hex = `00${hex}`;
  return hex;
}

function toBuf(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return Buffer.from(hex, 'hex');
}

function fromBuf(buf: Buffer): bigint {
  return buf.length === 0 ? 0n : BigInt(`0x${buf.toString('hex')}`);
}

const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const hexBytes = (v: bigint) => Buffer.from(padHex(v), 'hex');

export const k = fromBuf(sha256(hexBytes(N), hexBytes(g)));

/** base^exp mod N through OpenSSL. base must lie in [2, N-2]. */
export function modPow(base: bigint, exp: bigint): bigint {
  const dh = createDiffieHellman(N_BUF, Buffer.from([2]));
  dh.setPrivateKey(toBuf(exp));
  if (base === g) {
    dh.generateKeys();
    return fromBuf(dh.getPublicKey());
  }
  return fromBuf(dh.computeSecret(toBuf(base)));
}

export function computeX(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = sha256(Buffer.from(`${poolName}${userId}:${password}`, 'utf8'));
  return fromBuf(sha256(hexBytes(BigInt(`0x${saltHex}`)), inner));
}

export interface SrpVerifier {
  salt: string;
  verifier: string;
}

export function createVerifier(poolName: string, userId: string, password: string): SrpVerifier {
  const salt = randomBytes(16).toString('hex');
  const v = modPow(g, computeX(poolName, userId, password, salt));
  return { salt, verifier: v.toString(16) };
}

/** Parses SRP_A (unpadded hex) and refuses A ≡ 0 (mod N) and out-of-range values. */
export function parseA(srpA: string): bigint | null {
  if (!/^[0-9a-fA-F]{1,1024}$/.test(srpA)) return null;
  const A = BigInt(`0x${srpA}`);
  if (A % N === 0n || A >= N || A < 2n || A === N - 1n) return null;
  return A;
}

// Server ephemerals (b, g^b mod N) made ahead, one per event-loop turn after a sign-in takes one:
// g^b depends on nothing the client sends, so InitiateAuth need not wait for its exponentiation.
// Each is used once, for one challenge, real or simulated alike.
const EPHEMERALS_AHEAD = 8;
const ephemerals: Array<{ b: bigint; gb: bigint }> = [];
let refillQueued = false;

function freshEphemeral(): { b: bigint; gb: bigint } {
  const b = fromBuf(randomBytes(32));
  return { b, gb: modPow(g, b) };
}

function refillEphemerals(): void {
  if (refillQueued || ephemerals.length >= EPHEMERALS_AHEAD) return;
  refillQueued = true;
  setImmediate(() => {
    refillQueued = false;
    ephemerals.push(freshEphemeral());
    refillEphemerals();
  });
}

export function serverEphemeral(verifierHex: string): { b: bigint; B: bigint } {
  const v = BigInt(`0x${verifierHex}`);
  for (;;) {
    const { b, gb } = ephemerals.pop() ?? freshEphemeral();
    refillEphemerals();
    const B = (k * v + gb) % N;
    if (B % N !== 0n) return { b, B };
  }
}

export function formatTimestamp(date: Date): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${days[date.getUTCDay()]} ${months[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(
    date.getUTCMinutes(),
  )}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/** Parses Amplify's TIMESTAMP (`ddd MMM D HH:mm:ss UTC YYYY`); null when malformed. */
export function parseTimestamp(value: string): Date | null {
  const m = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(value);
  if (!m || MONTHS[m[1]] === undefined) return null;
  return new Date(Date.UTC(Number(m[6]), MONTHS[m[1]], Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])));
}

/** Checks PASSWORD_CLAIM_SIGNATURE in constant time. */
export function verifyClaim(input: {
  poolName: string;
  userId: string;
  verifierHex: string;
  A: bigint;
  b: bigint;
  B: bigint;
  secretBlock: string;
  timestamp: string;
  signature: string;
}): boolean {
  const v = BigInt(`0x${input.verifierHex}`);
  const u = scramble(input.A, input.B);
  if (u === 0n) return false;
  const base = (input.A * modPow(v, u)) % N;
  if (base < 2n || base >= N - 1n) return false;
  const S = modPow(base, input.b);
  const expected = claimSignature(passwordKey(u, S), input.poolName, input.userId, input.secretBlock, input.timestamp);
  let given: Buffer;
  try {
    given = Buffer.from(input.signature, 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** u = H(padHex(A) ‖ padHex(B)). */
export function scramble(A: bigint, B: bigint): bigint {
  return fromBuf(sha256(hexBytes(A), hexBytes(B)));
}

/** HKDF-SHA256(salt = padHex(u), IKM = padHex(S), info = "Caldera Derived Key"), 16 bytes. */
export function passwordKey(u: bigint, S: bigint): Buffer {
  const prk = createHmac('sha256', hexBytes(u)).update(hexBytes(S)).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** HMAC-SHA256(K, poolName ‖ userId ‖ base64decode(SECRET_BLOCK) ‖ TIMESTAMP). */
export function claimSignature(key: Buffer, poolName: string, userId: string, secretBlock: string, timestamp: string): Buffer {
  return createHmac('sha256', key)
    .update(Buffer.from(poolName, 'utf8'))
    .update(Buffer.from(userId, 'utf8'))
    .update(Buffer.from(secretBlock, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest();
}
