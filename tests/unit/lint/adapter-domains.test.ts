// Each domain's adapter calls its own domain's operations and no other's (issue 33: "one adapter
// per domain"): what another domain's data a screen needs comes through that domain's public entry.
// Which contract file (openapi/domains/*.yaml) belongs to which front-end domain is written here by
// hand, so a call to another domain's operation, or an operation outside any adapter, fails.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// The contract files each front-end domain owns. The audit trail and the programs have no screens
// of their own: the client record reads the one, the back office's programs section the other.
const OWNED: Record<string, string[]> = {
  appointments: ['appointments'],
  billing: ['billing'],
  clients: ['people', 'audit'],
  'clinic-settings': ['clinic', 'programs'],
  cognitive: ['cognitive'],
  discovery: ['discovery'],
  identity: [],
  labs: ['labs'],
  memberships: ['memberships'],
  privacy: ['privacy'],
  support: ['support'],
  thrive: ['thrive'],
  visits: ['visits'],
};

// Contract files no screen of the app calls: the FHIR API is read by other health systems.
const FOR_OTHER_SYSTEMS = ['fhir'];

/** Contract path -> the domain file (without .yaml) that lists it. */
function contractFiles(): Map<string, string> {
  const dir = path.join(ROOT, 'openapi/domains');
  const owner = new Map<string, string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    for (const match of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^ {2}(\/\S*):\s*$/gm)) owner.set(match[1], file.replace(/\.yaml$/, ''));
  }
  return owner;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

interface CallSite {
  file: string;
  method: string;
  path: string;
}

function callSites(): CallSite[] {
  return sourceFiles(path.join(ROOT, 'src')).flatMap((full) =>
    [...fs.readFileSync(full, 'utf8').matchAll(/\.(GET|POST|PUT|PATCH|DELETE)\(\s*'(\/[^']*)'/g)].map((m) => ({
      file: path.relative(ROOT, full).split(path.sep).join('/'),
      method: m[1],
      path: m[2],
    })),
  );
}

const domainOf = (file: string) => file.match(/^src\/features\/([^/]+)\//)?.[1] ?? null;

describe("each adapter calls only its own domain's operations", () => {
  const owner = contractFiles();
  const sites = callSites();

  it('finds the call sites and every contract file has an owner or is the shared one', () => {
    expect(sites.length).toBeGreaterThan(100);
    const files = new Set(owner.values());
    const owned = new Set([...Object.values(OWNED).flat(), ...FOR_OTHER_SYSTEMS]);
    expect([...files].filter((f) => !owned.has(f)).sort()).toEqual([]);
  });

  it('every call names an operation of the contract', () => {
    expect(sites.filter((s) => !owner.has(s.path)).map((s) => `${s.file}: ${s.method} ${s.path}`)).toEqual([]);
  });

  it("no adapter calls another domain's operation, and nothing outside a domain calls one", () => {
    const crossing = sites
      .filter((s) => {
        const domain = domainOf(s.file);
        return domain === null || !(OWNED[domain] ?? []).includes(owner.get(s.path) ?? '');
      })
      .map((s) => `${s.file}: ${s.method} ${s.path} (${owner.get(s.path)})`);
    const operations = new Set(sites.map((s) => `${s.method} ${s.path}`));
    console.log(`[adapters] ${sites.length} API call sites for ${operations.size} operations; ${crossing.length} cross-domain`);
    expect(crossing).toEqual([]);
  });
});
