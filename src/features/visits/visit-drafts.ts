// This device's unsent changes to a therapy visit, kept in the browser's localStorage so that a
// reload, a closed tab or a dropped connection loses nothing typed (issue 17). One entry per
// signed-in user and visit, holding only what replaying needs (visit-rebase.ts `VisitChanges`:
// the fields changed with the value they were changed from, entries added); it is removed as soon
// as the server has everything, and every entry is removed at sign-out (a shared clinic computer:
// this is health data). The visit chart (machines/visits/visit-form-machine.ts) never touches the
// storage: visit-hooks.ts provides these calls as its `readDraft` actor and `storeDraft` action.
import type { VisitChanges } from '../../../machines/visits/visit-rebase.ts';

const PREFIX = 'thrive.visit-draft.v1:';

export interface VisitDrafts {
  /** The changes `user` kept for `visit` on this device, or null (none, or unreadable: then removed). */
  read(user: string, visit: number): VisitChanges | null;
  /** Keeps `changes` for `user` and `visit`; null removes them (all saved). */
  write(user: string, visit: number, changes: VisitChanges | null): void;
  /** Removes every kept change of every user (sign-out). */
  forgetAll(): void;
}

const keyOf = (user: string, visit: number) => `${PREFIX}${encodeURIComponent(user)}:${visit}`;

const isPair = (v: unknown, of: (x: unknown) => boolean) =>
  !!v && typeof v === 'object' && of((v as { was?: unknown }).was) && of((v as { now?: unknown }).now);
const isText = (x: unknown) => typeof x === 'string';
const SECTIONS = ['vitals_before', 'vitals_after', 'parameters'];

/** A stored value that is a VisitChanges (anything else, e.g. written by another version, is not replayed). */
export function isVisitChanges(value: unknown): value is VisitChanges {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  if (!Array.isArray(c.fields) || !Array.isArray(c.events) || !Array.isArray(c.adverse_events)) return false;
  const fieldsOk = c.fields.every(
    (f) => isPair(f, isText) && SECTIONS.includes((f as { section?: unknown }).section as string) && isText((f as { key?: unknown }).key),
  );
  const notesOk = c.notes === undefined || isPair(c.notes, isText);
  const ingredientsOk = c.ingredients === undefined || isPair(c.ingredients, Array.isArray);
  return fieldsOk && notesOk && ingredientsOk;
}

/** The browser's localStorage, or null where there is none or it may not be used (private modes, tests). */
function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function visitDrafts(storage: Storage | null = browserStorage()): VisitDrafts {
  const remove = (key: string) => {
    try {
      storage?.removeItem(key);
    } catch {}
  };
  return {
    read(user, visit) {
      if (!storage) return null;
      const key = keyOf(user, visit);
      let raw: string | null;
      try {
        raw = storage.getItem(key);
      } catch {
        return null;
      }
      if (raw === null) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isVisitChanges(parsed)) return parsed;
      } catch {}
      remove(key);
      return null;
    },
    write(user, visit, changes) {
      const key = keyOf(user, visit);
      if (changes === null) return remove(key);
      try {
        storage?.setItem(key, JSON.stringify(changes));
      } catch {
        // Full or refused: the changes stay on screen and in the queue of saves all the same.
      }
    },
    forgetAll() {
      if (!storage) return;
      const keys: string[] = [];
      try {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (key?.startsWith(PREFIX)) keys.push(key);
        }
      } catch {
        return;
      }
      keys.forEach(remove);
    },
  };
}

/** At sign-out: no visit's unsent changes stay on this computer. */
export const forgetVisitDrafts = () => visitDrafts().forgetAll();
