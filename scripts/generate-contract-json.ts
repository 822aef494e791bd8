// Writes openapi/generated/openapi.json: the contract's YAML files (openapi/openapi.yaml and the
// domain files it refers to, openapi/domains/) bundled into one document, so a server start reads
// JSON instead of parsing 240 KB of YAML (server/api/contract.ts). Run by `npm run openapi:generate`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';
import { parse } from 'yaml';
import { CONTRACT_JSON_PATH, CONTRACT_PATH } from '../server/api/contract.ts';

type Json = any;

/**
 * The contract as one document: every $ref to another file replaced by a component of the same
 * name (Redocly's bundler, the one openapi-typescript bundles the same files with for the types),
 * `#/components/...` references kept. `root` is openapi/openapi.yaml, or a staged copy's root.
 */
export async function bundleContract(root = CONTRACT_PATH): Promise<Json> {
  const result = await bundle({ ref: root, config: await createConfig({}), dereference: false });
  const problems = result.problems.map((p) => `${p.message} (${p.location.map((l) => `${l.source.absoluteRef}${l.pointer ?? ''}`).join(', ')})`);
  if (problems.length > 0) throw new Error(`the contract does not bundle:\n${problems.join('\n')}`);
  const missing = leftOut(root, result.bundle.parsed);
  if (missing.length > 0) throw new Error(`the contract's root leaves out:\n${missing.join('\n')}`);
  return result.bundle.parsed;
}

/**
 * What a domain file holds and the bundle does not: the bundler takes only what the root reaches,
 * so a path added to a domain file but not listed in the root, or a schema nothing refers to,
 * would otherwise vanish from the contract without a word.
 */
function leftOut(root: string, bundled: Json): string[] {
  const dir = path.join(path.dirname(root), 'domains');
  const missing: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const part = parse(fs.readFileSync(path.join(dir, file), 'utf8')) ?? {};
    for (const p of Object.keys(part.paths ?? {})) if (!bundled.paths?.[p]) missing.push(`domains/${file}: path ${p} (list it in openapi.yaml)`);
    for (const [type, named] of Object.entries<Json>(part.components ?? {})) {
      for (const name of Object.keys(named ?? {}))
        if (!bundled.components?.[type]?.[name]) missing.push(`domains/${file}: components.${type}.${name} (nothing refers to it)`);
    }
  }
  return missing;
}

/** The JSON `npm run openapi:generate` writes for the contract's YAML files. */
export async function contractJson(root?: string): Promise<string> {
  return `${JSON.stringify(await bundleContract(root), null, 1)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(CONTRACT_JSON_PATH, await contractJson());
}
