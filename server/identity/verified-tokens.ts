// Access tokens this process has recently verified in full (signature, claims, live family,
// enabled user), so a burst of calls with one token (a page load, GetUser polling) costs one
// check instead of one signature check and one database read each.
//
// Revocation rule: any change to a user or their sessions made through this process (sign-out,
// revocation, disable, delete, password or attribute change) calls userChanged(sub) once it is
// written, and every remembered token of that user is refused from then on. A change made by
// another instance sharing the database is seen here once the entry ages out, after
// VERIFIED_TOKEN_TTL_MS at most. Only successes are remembered, never past the token's `exp`.

export const VERIFIED_TOKEN_TTL_MS = 5_000;
const MAX_ENTRIES = 4096;

// One change counter per bucket of users, shared by every service in the process: an entry is
// good only while its user's bucket has not moved since the database read that made it. Buckets
// keep the memory fixed; two users sharing one only cost each other a fresh check.
const BUCKETS = 4096;
const changes = new Uint32Array(BUCKETS);

function bucket(sub: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < sub.length; i++) h = Math.imul(h ^ sub.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

/** Forgets every remembered token of `sub`; call it after the change is committed. */
export function userChanged(sub: string): void {
  const b = bucket(sub);
  changes[b] = (changes[b] + 1) >>> 0;
}

/** Where the user's bucket stands; take it before reading the database, pass it to remember(). */
export function changeMark(sub: string): number {
  return changes[bucket(sub)];
}

interface Entry<T> {
  value: T;
  sub: string;
  mark: number;
  until: number;
}

export class VerifiedTokens<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly ttlMs = VERIFIED_TOKEN_TTL_MS) {}

  recall(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= Date.now() || changes[bucket(entry.sub)] !== entry.mark) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a verified token until the TTL or its expiry, unless its user changed since `mark`. */
  remember(token: string, sub: string, mark: number, expiresAtMs: number, value: T): void {
    if (changes[bucket(sub)] !== mark) return;
    const until = Math.min(Date.now() + this.ttlMs, expiresAtMs);
    if (until <= Date.now()) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { value, sub, mark, until });
  }
}
