// File names in src/, machines/, server/, tests/, scripts/ and bench/ are kebab-case
// (appointment-panel.tsx, heart-risk.ts): one spelling, so a module is found by its name and no
// import differs only in case between systems. Migrations keep their numbered snake-case names
// (server/db/migrations/NNNN_name.ts): the database records each by that name.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;
const MIGRATION = /^server\/db\/migrations\/\d{4}_[a-z0-9_]+\.ts$/;
const DIRS = ['src', 'machines', 'server', 'tests', 'scripts', 'bench'];

function names(dir: string): string[] {
  // Dot files (.gitkeep) and what the tools write (node_modules, results) are not source.
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      return entry.isDirectory() ? [rel, ...names(rel)] : [rel];
    });
}

describe('file names', () => {
  it('every folder and file of src/, machines/, server/, tests/, scripts/ and bench/ is kebab-case', () => {
    const offenders = DIRS.flatMap(names).filter((rel) => !KEBAB.test(path.basename(rel)) && !MIGRATION.test(rel.split(path.sep).join('/')));
    expect(offenders).toEqual([]);
  });

  it('the check refuses camelCase', () => {
    expect(KEBAB.test('heartRisk.ts')).toBe(false);
    expect(KEBAB.test('heart-risk.ts')).toBe(true);
  });
});
