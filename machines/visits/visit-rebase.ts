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
    (form as unknown as Record<string, unknown>)[whole] = mine[whole];
    replayed = true;
  }
  for (const list of ['events', 'adverse_events'] as const) {
    const known = new Set([...base[list], ...theirs[list]].map((e) => JSON.stringify(e)));
    const added = (mine[list] as unknown[]).filter((e) => !known.has(JSON.stringify(e)));
    if (added.length) {
      (form as unknown as Record<string, unknown[]>)[list] = [...theirs[list], ...added];
      replayed = true;
    }
  }
  return { form, kept, replayed };
}
