// One Idempotency-Key per submission a person makes (server/http/idempotency.ts): a machine makes
// a key when a form is sent and sends the same key again when the same form is sent again after a
// failure (a retry, maybe of a write the server did receive), and a new one for anything changed.

/** 128 random bits as 32 hex digits (getRandomValues: also on plain-http origins, unlike randomUUID). */
export function newSubmissionKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether two drafts are the same submission: equal fields, the same files (by identity). */
export function sameSubmission(a: object, b: object): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length || x.some((item, i) => item !== y[i])) return false;
    } else if (x && y && typeof x === 'object' && typeof y === 'object') {
      if (!sameSubmission(x, y)) return false;
    } else if (x !== y) return false;
  }
  return true;
}

/** The key for sending `draft`: the last one's again when it is the same submission, else a new one. */
export function keyFor<T extends object>(last: { key: string; draft: T } | null, draft: T): { key: string; draft: T } {
  if (last && sameSubmission(last.draft, draft)) return last;
  return { key: newSubmissionKey(), draft };
}
