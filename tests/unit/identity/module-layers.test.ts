// The server's layers, as the imports show them: identity's sign-in steps do not know each other
// both ways, and the bearer-token hook (auth) knows tokens, never the API's data layer. Type-only
// imports count too: a cycle of types still ties the two modules' changes together.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every import specifier of a module, type-only ones included. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
}

describe('server module layers', () => {
  it('has no import between server/identity/auth.ts and mfa.ts in the mfa -> auth direction', () => {
    expect(importsOf('server/identity/mfa.ts')).not.toContain('./auth.ts');
  });

  it('keeps the bearer-token hook out of the API layer', () => {
    const imports = importsOf('server/auth/bearer.ts');
    expect(imports.filter((i) => i.includes('/api/'))).toEqual([]);
  });

  it('defines the roles once: policy and identity take them from machines/guard/roles.ts', () => {
    for (const file of ['server/api/policy.ts', 'server/identity/contracts.ts', 'server/db/schema.ts', 'server/auth/bearer.ts']) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/'NUTRITIONIST'/);
    }
    expect(importsOf('server/api/policy.ts')).toContain('../../machines/guard/roles.ts');
  });

  it('registers route modules from one table (server/api/routes.ts), none by hand in server/api/index.ts', () => {
    const text = fs.readFileSync(path.join(ROOT, 'server/api/index.ts'), 'utf8');
    expect(text.match(/await \w+Routes\(app/g) ?? []).toEqual([]);
    expect(text).toContain('for (const routes of ROUTE_MODULES) await routes(app, ctx);');
  });

  it('types the database: no Kysely<any> in server/', () => {
    const files = fs.readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const untyped = files.filter((f) => /Kysely<any>|Transaction<any>/.test(fs.readFileSync(path.join(ROOT, 'server', f), 'utf8')));
    expect(untyped).toEqual([]);
  });
});
