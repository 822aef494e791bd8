// openapi/generated/api.ts is what the browser (openapi-fetch) and the server type against, and
// openapi/generated/openapi.json what the server reads its schemas from; both must be exactly what
// `npm run openapi:generate` makes today from openapi/openapi.yaml and every domain file it refers
// to (openapi/domains/): both bundle the root, so a change to any part makes them stale.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractJson } from '../../../scripts/generate-contract-json.ts';
import { CONTRACT_JSON_PATH } from '../../../server/api/contract.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('generated API types', () => {
  it('match openapi/openapi.yaml and openapi/domains/ (run `npm run openapi:generate` after editing the contract)', () => {
    const fresh = execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), ['openapi/openapi.yaml'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const committed = fs.readFileSync(path.join(root, 'openapi/generated/api.ts'), 'utf8');
    expect(committed === fresh, 'openapi/generated/api.ts is stale: run npm run openapi:generate').toBe(true);
  });

  it('as JSON match openapi/openapi.yaml and openapi/domains/ (run `npm run openapi:generate` after editing the contract)', async () => {
    const committed = fs.readFileSync(CONTRACT_JSON_PATH, 'utf8');
    expect(committed === (await contractJson()), 'openapi/generated/openapi.json is stale: run npm run openapi:generate').toBe(true);
  });

  /** The contract's files copied aside, one domain file edited, bundled from the copy's root. */
  async function stagedContract(file: string, edit: (text: string) => string): Promise<string> {
    const staged = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
    try {
      fs.cpSync(path.join(root, 'openapi'), staged, { recursive: true });
      const part = path.join(staged, 'domains', file);
      fs.writeFileSync(part, edit(fs.readFileSync(part, 'utf8')));
      return await contractJson(path.join(staged, 'openapi.yaml'));
    } finally {
      fs.rmSync(staged, { recursive: true, force: true });
    }
  }

  it('are made from every domain file: a change to one shows in the bundle', async () => {
    const bundled = JSON.parse(await stagedContract('visits.yaml', (text) => text.replace(/(\n {4}StockLotCreate:\n)/, '$1      description: staged\n')));
    expect(bundled.components.schemas.StockLotCreate.description).toBe('staged');
  });

  it('refuse a domain file path the root does not list, and a schema nothing refers to', async () => {
    const unlisted = (text: string) =>
      text
        .replace(
          '\npaths:\n',
          "\npaths:\n  /visits/unlisted:\n    get:\n      operationId: unlistedVisits\n      responses:\n        '204': { description: None. }\n",
        )
        .replace('\n  schemas:\n', '\n  schemas:\n    Unreferenced: { type: object }\n');
    await expect(stagedContract('visits.yaml', unlisted)).rejects.toThrow(
      /path \/visits\/unlisted \(list it in openapi.yaml\)[\s\S]*components.schemas.Unreferenced/,
    );
  });
});
