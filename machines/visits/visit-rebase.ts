// When another device saved the visit first, what this device typed is not thrown away and theirs
// is not overwritten: this device's own changes (its form against the version it started from)
// are replayed onto the other device's version. A field both devices changed keeps the other
// device's value and is named, so the nurse sees what to look at again; log entries and adverse
// events this device added are appended to theirs.
import type { VisitForm } from './visit-form.ts';

export interface Rebased {
  form: VisitForm;
  /** Fields both devices changed, kept as the other device saved them (e.g. `vitals_before.systolic`, `notes`). */
  kept: string[];
  /** Whether anything of this device's is replayed (then it is saved again). */
  replayed: boolean;
}

type FieldSection = 'vitals_before' | 'vitals_after' | 'parameters';
const FIELD_SECTIONS: readonly FieldSection[] = ['vitals_before', 'vitals_after', 'parameters'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `mine` replayed onto `theirs`, both edited from `base`. */
export function rebaseForm(base: VisitForm, mine: VisitForm, theirs: VisitForm): Rebased {
  const kept: string[] = [];
  let replayed = false;
  const form: VisitForm = { ...theirs };
  for (const section of FIELD_SECTIONS) {
    const merged = { ...theirs[section] };
    const keys = new Set([...Object.keys(base[section]), ...Object.keys(mine[section])]);
    for (const key of keys) {
      const was = base[section][key] ?? '';
      const now = mine[section][key] ?? '';
      if (now === was) continue;
      const other = theirs[section][key] ?? '';
      if (other !== was && other !== now) {
        kept.push(`${section}.${key}`);
        continue;
      }
      if (other === now) continue;
      merged[key] = now;
      replayed = true;
    }
    form[section] = merged;
  }
  for (const whole of ['notes', 'ingredients'] as const) {
    if (same(mine[whole], base[whole]) || same(mine[whole], theirs[whole])) continue;
    if (!same(theirs[whole], base[whole])) {
      kept.push(whole);
      continue;
    }
    Object.assign(form, { [whole]: mine[whole] });
    replayed = true;
  }
  for (const list of ['events', 'adverse_events'] as const) {
    const known = new Set([...base[list], ...theirs[list]].map((e) => JSON.stringify(e)));
    const added = (mine[list] as unknown[]).filter((e) => !known.has(JSON.stringify(e)));
    if (added.length) {
      Object.assign(form, { [list]: [...theirs[list], ...added] });
      replayed = true;
    }
  }
  return { form, kept, replayed };
}

/**
 * What this device changed, and nothing else: the unsent changes a device keeps while it cannot
 * save (a reload, a closed tab). A field, the notes or the ingredients hold the value they were
 * changed from and the value typed; log entries and adverse events hold only the ones added.
 */
export interface VisitChanges {
  fields: Array<{ section: FieldSection; key: string; was: string; now: string }>;
  notes?: { was: string; now: string };
  ingredients?: { was: VisitForm['ingredients']; now: VisitForm['ingredients'] };
  events: VisitForm['events'];
  adverse_events: VisitForm['adverse_events'];
}

/** This device's changes of `mine` against `base` (null: nothing to save). */
export function changesOf(base: VisitForm, mine: VisitForm): VisitChanges | null {
  const changes: VisitChanges = { fields: [], events: [], adverse_events: [] };
  for (const section of FIELD_SECTIONS) {
    for (const key of new Set([...Object.keys(base[section]), ...Object.keys(mine[section])])) {
      const was = base[section][key] ?? '';
      const now = mine[section][key] ?? '';
      if (now !== was) changes.fields.push({ section, key, was, now });
    }
  }
  if (mine.notes !== base.notes) changes.notes = { was: base.notes, now: mine.notes };
  if (!same(mine.ingredients, base.ingredients)) changes.ingredients = { was: base.ingredients, now: mine.ingredients };
  for (const list of ['events', 'adverse_events'] as const) {
    const known = new Set((base[list] as unknown[]).map((e) => JSON.stringify(e)));
    (changes[list] as unknown[]) = (mine[list] as unknown[]).filter((e) => !known.has(JSON.stringify(e)));
  }
  const any = changes.fields.length || changes.notes || changes.ingredients || changes.events.length || changes.adverse_events.length;
  return any ? changes : null;
}

/**
 * Kept changes replayed onto the server's current version by the same rule as a conflict
 * (rebaseForm): the form they were typed on is `theirs` with the values they were changed from,
 * so a field the server changed since keeps the server's value and is named, never overwritten.
 */
export function replayChanges(changes: VisitChanges, theirs: VisitForm): Rebased {
  const base: VisitForm = {
    ...theirs,
    vitals_before: { ...theirs.vitals_before },
    vitals_after: { ...theirs.vitals_after },
    parameters: { ...theirs.parameters },
  };
  const mine: VisitForm = {
    ...theirs,
    vitals_before: { ...theirs.vitals_before },
    vitals_after: { ...theirs.vitals_after },
    parameters: { ...theirs.parameters },
  };
  for (const { section, key, was, now } of changes.fields) {
    base[section][key] = was;
    mine[section][key] = now;
  }
  if (changes.notes) {
    base.notes = changes.notes.was;
    mine.notes = changes.notes.now;
  }
  if (changes.ingredients) {
    base.ingredients = changes.ingredients.was;
    mine.ingredients = changes.ingredients.now;
  }
  mine.events = [...theirs.events, ...changes.events];
  mine.adverse_events = [...theirs.adverse_events, ...changes.adverse_events];
  return rebaseForm(base, mine, theirs);
}
