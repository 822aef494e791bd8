import { describe, expect, it } from 'vitest';
import { computeX, createVerifier, formatTimestamp, g, k, N, padHex, parseA, parseTimestamp, serverEphemeral } from '../../../server/identity/srp.ts';

describe('SRP-6a helpers (Amplify-compatible)', () => {
  it("uses the RFC 3526 3072-bit group and Amplify's k", () => {
    expect(N.toString(16)).toMatch(/^ffffffffffffffffc90fdaa2/);
    expect(N.toString(16).length).toBe(768);
    expect(g).toBe(2n);
    expect(k.toString(16)).toBe('538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6');
  });

  it('pads hex the Java BigInteger way, not to the length of N', () => {
    expect(padHex(0x1n)).toBe('01');
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(0xf00n)).toBe('0f00');
  });

  it('formats TIMESTAMP without padding the day and parses it back', () => {
    const date = new Date(Date.UTC(2025, 7, 5, 9, 3, 7));
    expect(formatTimestamp(date)).toBe('Tue Aug 5 09:03:07 UTC 2025');
    expect(parseTimestamp('Tue Aug 5 09:03:07 UTC 2025')?.getTime()).toBe(date.getTime());
    expect(parseTimestamp('Tue Aug 05 09:03:07 UTC 2025')?.getTime()).toBe(date.getTime());
    expect(parseTimestamp('yesterday')).toBeNull();
    expect(parseTimestamp('Tue Foo 5 09:03:07 UTC 2025')).toBeNull();
  });

  it('refuses A that is zero modulo N, out of range or not hex', () => {
    expect(parseA('0')).toBeNull();
    expect(parseA(N.toString(16))).toBeNull();
    expect(parseA((N * 2n).toString(16))).toBeNull();
    expect(parseA('xyz')).toBeNull();
    expect(parseA('')).toBeNull();
    expect(parseA('abc123')).toBe(0xabc123n);
  });

  it('computes verifiers and B with OpenSSL that match BigInt arithmetic', async () => {
    const modPow = (b: bigint, e: bigint) => {
      let r = 1n;
      let base = b % N;
      let x = e;
      while (x > 0n) {
        if (x & 1n) r = (r * base) % N;
        base = (base * base) % N;
        x >>= 1n;
      }
      return r;
    };
    const { salt, verifier } = createVerifier('PoolName', 'user@example.com', 'Secret-Pass-1');
    const x = computeX('PoolName', 'user@example.com', 'Secret-Pass-1', salt);
    expect(BigInt(`0x${verifier}`)).toBe(modPow(g, x));
    const { b, B } = serverEphemeral(verifier);
    expect(B).toBe((k * BigInt(`0x${verifier}`) + modPow(g, b)) % N);
    // Ephemerals made ahead between calls: each is right and none is handed out twice.
    const seen = new Set([b]);
    for (let i = 0; i < 12; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = serverEphemeral(verifier);
      expect(next.B).toBe((k * BigInt(`0x${verifier}`) + modPow(g, next.b)) % N);
      expect(seen.has(next.b)).toBe(false);
      seen.add(next.b);
    }
  });
});
