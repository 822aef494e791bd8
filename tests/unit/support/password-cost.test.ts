// The cheap password hashes the test suites use are a test setting only: a production server
// refuses to start with it, and a hash made under either setting verifies under the other.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/identity/passwords.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('password hashing cost', () => {
  it('is lowered in the test suites through PASSWORD_HASH_COST=test', async () => {
    expect(process.env.PASSWORD_HASH_COST).toBe('test');
    expect(await hashPassword('Clinic-Pass-123')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('verifies a hash made with the production parameters', async () => {
    const production = await hash('Clinic-Pass-123', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(production, 'Clinic-Pass-123')).toBe(true);
    expect(await verifyPassword(production, 'Clinic-Pass-124')).toBe(false);
  });

  it('is refused by a production server', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', '-e', "import('./server/identity/passwords.ts').then(async (m) => console.log(await m.hashPassword('Clinic-Pass-123')))"],
        {
          cwd: root,
          env: { ...process.env, ...env },
          encoding: 'utf8',
        },
      );
    const refused = run({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('PASSWORD_HASH_COST=test is for the test suites only');
    const normal = run({ NODE_ENV: 'production', PASSWORD_HASH_COST: '' });
    expect(normal.status).toBe(0);
    expect(normal.stdout).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
