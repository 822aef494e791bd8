// This device's unsent changes to a visit (src/features/visits/visit-drafts.ts): kept per user and
// visit, only what replaying needs, removed once saved, every user's removed at sign-out, and
// anything unreadable ignored rather than replayed.
import { describe, expect, it } from 'vitest';
import type { VisitChanges } from '../../../../machines/visits/visit-rebase.ts';
import { isVisitChanges, visitDrafts } from '../../../../src/features/visits/visit-drafts.ts';

/** The Web Storage API over a Map (the unit tests run without a browser). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const NOTES: VisitChanges = {
  fields: [{ section: 'vitals_before', key: 'systolic', was: '', now: '128' }],
  notes: { was: '', now: 'Headache' },
  events: [],
  adverse_events: [],
};
const ENTRY: VisitChanges = { fields: [], events: [{ at: '2026-11-26T10:00:00.000Z', text: 'Started' }], adverse_events: [] };

describe('unsent visit changes kept on this device', () => {
  it('reads back what was kept, for that user and that visit only', () => {
    const storage = new MemoryStorage();
    const drafts = visitDrafts(storage);
    drafts.write('nurse-a', 7, NOTES);
    drafts.write('nurse-a', 8, ENTRY);
    expect(drafts.read('nurse-a', 7)).toEqual(NOTES);
    expect(drafts.read('nurse-a', 8)).toEqual(ENTRY);
    expect(drafts.read('nurse-b', 7)).toBeNull();
    expect(drafts.read('nurse-a', 9)).toBeNull();
    // What is stored is the changes and nothing more: no name, no record, no token.
    expect(JSON.parse(storage.getItem(storage.key(0)!)!)).toEqual(NOTES);
  });

  it('the latest changes replace the earlier ones; nothing left to send removes the entry', () => {
    const storage = new MemoryStorage();
    const drafts = visitDrafts(storage);
    drafts.write('nurse-a', 7, ENTRY);
    drafts.write('nurse-a', 7, NOTES);
    expect(drafts.read('nurse-a', 7)).toEqual(NOTES);
    drafts.write('nurse-a', 7, null);
    expect(drafts.read('nurse-a', 7)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('sign-out removes every user’s kept changes and nothing else of the browser’s', () => {
    const storage = new MemoryStorage();
    storage.setItem('thrive.inactivity-timeout', '15');
    const drafts = visitDrafts(storage);
    drafts.write('nurse-a', 7, NOTES);
    drafts.write('nurse-b', 8, ENTRY);
    drafts.write('nurse-a', 9, ENTRY);
    drafts.forgetAll();
    expect(drafts.read('nurse-a', 7)).toBeNull();
    expect(drafts.read('nurse-b', 8)).toBeNull();
    expect(storage.length).toBe(1);
    expect(storage.getItem('thrive.inactivity-timeout')).toBe('15');
  });

  it('an entry that is not changes (damaged, another version) is removed, not replayed', () => {
    const storage = new MemoryStorage();
    const drafts = visitDrafts(storage);
    drafts.write('nurse-a', 7, NOTES);
    const key = storage.key(0)!;
    for (const bad of [
      '{',
      '"text"',
      '{"fields":[{"section":"client","key":"name","was":"","now":"x"}],"events":[],"adverse_events":[]}',
      '{"fields":[],"events":[]}',
    ]) {
      storage.setItem(key, bad);
      expect(drafts.read('nurse-a', 7)).toBeNull();
      expect(storage.getItem(key)).toBeNull();
    }
    expect(isVisitChanges(NOTES)).toBe(true);
    expect(isVisitChanges({ ...NOTES, notes: { was: 1, now: 'x' } })).toBe(false);
    expect(isVisitChanges({ ...ENTRY, ingredients: { was: [], now: [] } })).toBe(true);
  });

  it('no storage, or a storage that refuses: nothing is kept and nothing throws', () => {
    const none = visitDrafts(null);
    none.write('nurse-a', 7, NOTES);
    expect(none.read('nurse-a', 7)).toBeNull();
    none.forgetAll();
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const drafts = visitDrafts(refusing);
    expect(() => drafts.write('nurse-a', 7, NOTES)).not.toThrow();
    expect(drafts.read('nurse-a', 7)).toBeNull();
  });
});
