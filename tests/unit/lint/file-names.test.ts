// File names in src/ and machines/ are kebab-case (appointment-panel.tsx, heart-risk.ts): one
// spelling, so a module is found by its name and no import differs only in case between systems.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;

function names(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    return entry.isDirectory() ? [rel, ...names(rel)] : [rel];
  });
}

describe('file names', () => {
  it('every folder and file of src/ and machines/ is kebab-case', () => {
    const offenders = ['src', 'machines'].flatMap(names).filter((rel) => !KEBAB.test(path.basename(rel)));
    expect(offenders).toEqual([]);
  });

  it('the check refuses camelCase', () => {
    expect(KEBAB.test('heartRisk.ts')).toBe(false);
    expect(KEBAB.test('heart-risk.ts')).toBe(true);
  });
});
