// The import boundaries `npm run lint` enforces, tried with ESLint's own API on small sources
// placed (virtually) where the rule applies: each forbidden import is reported, and its allowed
// counterpart is not. Plus the import-cycle check that `npm run lint` runs after ESLint.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findCycles, projectCycles, runtimeImports } from '../../../scripts/import-cycles.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages
    .filter((m) => m.ruleId === 'boundaries/imports' || m.ruleId === 'no-restricted-globals' || m.fatal)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const FORBIDDEN: Array<[string, string, string, RegExp]> = [
  ['a machine importing React', 'machines/demo/demo-machine.ts', "import { useState } from 'react';", /machines\/ is pure: no React/],
  ['a machine importing MUI', 'machines/demo/demo-machine.ts', "import Button from '@mui/material/Button';", /machines\/ is pure: no React/],
  ['a machine importing src/', 'machines/demo/demo-machine.ts', "import { PATHS } from '../../src/app/paths.ts';", /machines\/ may not import src\//],
  ['a machine importing server/', 'machines/demo/demo-machine.ts', "import { db } from '../../server/db/database.ts';", /machines\/ may not import server\//],
  ['a machine importing openapi-fetch', 'machines/demo/demo-machine.ts', "import createClient from 'openapi-fetch';", /no network client \('openapi-fetch'\)/],
  ['a machine importing aws-amplify', 'machines/demo/demo-machine.ts', "import { signIn } from 'aws-amplify/auth';", /no network client \('aws-amplify\/auth'\)/],
  ['a machine importing the fetch wrapper', 'machines/demo/demo-machine.ts', "import { api } from '../../src/lib/api-client.ts';", /machines\/ may not import src\//],
  ['a machine importing another package', 'machines/demo/demo-machine.ts', "import { z } from 'zod';", /imports only xstate/],
  ['a machine calling fetch', 'machines/demo/demo-machine.ts', "export const load = () => fetch('/api');", /provide a network call as an actor/],
  ['a view importing aws-amplify', 'src/features/demo/demo-page.tsx', "import { fetchAuthSession } from 'aws-amplify/auth';", /only a feature's adapter module/],
  ['a view importing openapi-fetch', 'src/features/demo/demo-page.tsx', "import createClient from 'openapi-fetch';", /only a feature's adapter module/],
  ['a view importing the API client', 'src/features/demo/demo-section.tsx', "import { api } from '../../lib/api-client';", /uses the API client/],
  ['an app view importing aws-amplify', 'src/app/shell/demo-shell.tsx', "import { Hub } from 'aws-amplify/utils';", /only a feature's adapter module/],
  ['a feature importing another feature', 'src/features/demo/demo-page.tsx', "import { ClientsPage } from '../clients/clients-page';", /src\/features\/demo may not import another feature's files \(src\/features\/clients\)/],
  ['a feature re-exporting another feature', 'src/features/demo/index.ts', "export * from '../users/users-api';", /may not import another feature's files/],
  ['a feature lazily importing another feature', 'src/features/demo/demo-page.tsx', "export const page = () => import('../portal/home-page');", /may not import another feature's files/],
  ['a feature importing the shell', 'src/features/demo/demo-page.tsx', "import { useShell } from '../../app/shell/shell-context';", /only through src\/app\/port.ts and src\/app\/paths.ts/],
  ['a feature importing the app routes', 'src/features/demo/demo-page.tsx', "import { ROUTES } from '../../app/routes';", /only through src\/app\/port.ts/],
  ['server/ importing src/', 'server/api/demo.ts', "import { PATHS } from '../../src/app/paths.ts';", /server\/ may not import src\//],
];

const ALLOWED: Array<[string, string, string]> = [
  ['a machine importing xstate and another machine', 'machines/demo/demo-machine.ts', "import { setup } from 'xstate';\nimport { ROLES } from '../guard/roles.ts';"],
  ['an adapter importing aws-amplify and openapi-fetch', 'src/features/demo/demo-api.ts', "import { signIn } from 'aws-amplify/auth';\nimport createClient from 'openapi-fetch';\nimport { api } from '../../lib/api-client';"],
  ['src/lib importing openapi-fetch', 'src/lib/demo-client.ts', "import createClient from 'openapi-fetch';"],
  ['a view importing a type from aws-amplify', 'src/features/demo/demo-page.tsx', "import type { ResourcesConfig } from 'aws-amplify';"],
  ['a feature importing its own files, the port, paths and machines', 'src/features/demo/demo-page.tsx', "import { x } from './demo-api';\nimport { usePort } from '../../app/port';\nimport { PATHS } from '../../app/paths.ts';\nimport { m } from '../../../machines/demo/demo-machine.ts';"],
  ['the app importing a feature', 'src/app/routes-demo.tsx', "import { ClientsPage } from '../features/clients/clients-page';"],
  ['server/ importing machines/', 'server/api/demo.ts', "import { stepTo } from '../../machines/lifecycle/lifecycle.ts';"],
  ['a test importing anything', 'tests/unit/demo.test.ts', "import { useState } from 'react';\nimport { ClientsPage } from '../../src/features/clients/clients-page';"],
];

describe('npm run lint: import boundaries', () => {
  it.each(FORBIDDEN)('reports %s', async (_, file, code, message) => {
    const errors = await boundaryErrors(file, `${code}\nexport {};\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each(ALLOWED)('allows %s', async (_, file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

describe('npm run lint: import cycles', () => {
  it('finds runtime imports and skips type-only ones', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, f } from './e.ts';",
      "export * from './g.ts';",
      "import './side-effect.ts';",
      "const h = () => import('./h.ts');",
    ].join('\n');
    expect(runtimeImports(text).sort()).toEqual(['./a.ts', './e.ts', './g.ts', './h.ts', './side-effect.ts']);
  });

  it('finds a two-module cycle, a longer one and a self-import, and nothing in a tree', () => {
    const graph = new Map([
      ['auth.ts', ['mfa.ts']],
      ['mfa.ts', ['auth.ts']],
      ['routes.tsx', ['home.tsx']],
      ['home.tsx', ['links.ts']],
      ['links.ts', ['routes.tsx']],
      ['self.ts', ['self.ts']],
      ['leaf.ts', []],
      ['root.ts', ['leaf.ts', 'auth.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['auth.ts', 'mfa.ts'], ['home.tsx', 'links.ts', 'routes.tsx'], ['self.ts']]);
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('machines/, src/ and server/ have no import cycle', () => {
    expect(projectCycles()).toEqual([]);
  });
});
