// seed:demo ends by naming the real first administrator, and refuses a busy data directory with one line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureLine, firstAdministratorLines } from '../../../scripts/seed-demo-report.ts';
import { acquireDataDirLock } from '../../../server/db/data-dir-lock.ts';

describe('seed:demo closing lines', () => {
  it("names the database's first SUPER_ADMIN and how they sign in", () => {
    expect(firstAdministratorLines({ email: 'owner@clinic.in', waitingForFirstSignIn: true }, 'owner@clinic.in')).toEqual([
      "The first administrator (SUPER_ADMIN) is owner@clinic.in: sign in with the temporary password printed on the server's first start, then choose a new one.",
    ]);
    expect(firstAdministratorLines({ email: 'owner@clinic.in', waitingForFirstSignIn: false }, 'OWNER@clinic.in')).toEqual([
      'The first administrator (SUPER_ADMIN) is owner@clinic.in: sign in with the password they chose.',
    ]);
  });

  it('says so when ADMIN_EMAIL is not who the database was first started with', () => {
    const lines = firstAdministratorLines({ email: 'admin@clinic.local', waitingForFirstSignIn: false }, 'owner@clinic.in');
    expect(lines.at(-1)).toBe('(ADMIN_EMAIL is owner@clinic.in, but this database was first started with admin@clinic.local.)');
  });
});

describe('seed:demo on a data directory in use', () => {
  it('is one line naming the directory and what to do, no stack trace', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-lock-'));
    // Another live process (this test's parent) holds the lock.
    fs.writeFileSync(path.join(dir, 'server.pid'), String(process.ppid));
    let thrown: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      thrown = error;
    }
    const line = failureLine(thrown);
    expect(line).toMatch(new RegExp(`^seed:demo: DATA_DIR ${dir} is in use by process ${process.ppid}`));
    expect(line).toContain('Stop the server');
    expect(line).not.toContain('\n');
    expect(failureLine(new Error('disk full'))).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
