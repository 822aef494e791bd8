// openapi/generated/api.ts is what the browser (openapi-fetch) and the server type against, and
// openapi/generated/openapi.json what the server reads its schemas from; both must be exactly what
// `npm run openapi:generate` makes from openapi/openapi.yaml today.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_JSON_PATH, contractJson } from '../../../server/api/contract.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('generated API types', () => {
  it('match openapi/openapi.yaml (run `npm run openapi:generate` after editing the contract)', () => {
    const fresh = execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), ['openapi/openapi.yaml'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const committed = fs.readFileSync(path.join(root, 'openapi/generated/api.ts'), 'utf8');
    expect(committed === fresh, 'openapi/generated/api.ts is stale: run npm run openapi:generate').toBe(true);
  });

  it('as JSON match openapi/openapi.yaml (run `npm run openapi:generate` after editing the contract)', () => {
    const committed = fs.readFileSync(CONTRACT_JSON_PATH, 'utf8');
    expect(committed === contractJson(), 'openapi/generated/openapi.json is stale: run npm run openapi:generate').toBe(true);
  });
});
