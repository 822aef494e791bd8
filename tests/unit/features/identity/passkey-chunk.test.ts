// /login's first screen downloads what src/main.tsx imports statically, and nothing of WebAuthn
// (issue 39): creating a passkey is a chunk of its own (identity-passkey-api.ts), and the passkey
// sign-in runs inside the sign-in calls' chunk (identity-flows-api.ts); both load only when used.
// Read from the sources' import statements (type-only imports load nothing).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => fs.existsSync(p) && fs.statSync(p).isFile()) ?? null;
}

/** The project's modules src/main.tsx loads before anything is imported on demand, and the packages they name. */
function firstScreen(): { modules: Set<string>; packages: Map<string, string[]> } {
  const modules = new Set<string>();
  const packages = new Map<string, string[]>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [statement, spec] of source.matchAll(STATIC_IMPORT)) {
      const local = resolveLocal(file, spec);
      if (local) visit(local);
      else packages.set(spec, [...(packages.get(spec) ?? []), `${path.relative(ROOT, file)}: ${statement.trim().split('\n')[0]}`]);
    }
  };
  visit(path.join(ROOT, 'src/main.tsx'));
  return { modules, packages };
}

describe('the /login first screen and WebAuthn', () => {
  const { modules, packages } = firstScreen();

  it('follows the entry through the sign-in component', () => {
    expect(modules.has(path.join(ROOT, 'src/features/identity/sign-in-screen.tsx'))).toBe(true);
    expect(modules.has(path.join(ROOT, 'machines/identity/authenticator-machine.ts'))).toBe(true);
  });

  it('leaves the passkey and sign-in calls out, to load on demand', () => {
    for (const file of ['identity-passkey-api.ts', 'identity-flows-api.ts', 'screens.tsx']) {
      expect(modules.has(path.join(ROOT, 'src/features/identity', file)), file).toBe(false);
    }
    const webAuthn = [...(packages.get('aws-amplify/auth') ?? [])].filter((line) => /WebAuthn|signIn\b|confirmSignIn/.test(line));
    expect(webAuthn).toEqual([]);
  });

  it('creates a passkey only through its own chunk, imported on demand', () => {
    const adapter = fs.readFileSync(path.join(ROOT, 'src/features/identity/identity-api.ts'), 'utf8');
    expect(adapter).toMatch(/import\(['"]\.\/identity-passkey-api\.ts['"]\)/);
    expect(fs.readFileSync(path.join(ROOT, 'src/features/identity/identity-passkey-api.ts'), 'utf8')).toMatch(
      /export \{ associateWebAuthnCredential \} from 'aws-amplify\/auth'/,
    );
  });
});
