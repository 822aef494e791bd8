// Writes openapi/generated/openapi.json: the contract's YAML files (openapi/openapi.yaml and the
// domain files it refers to, openapi/domains/) bundled into one document, so a server start reads
// JSON instead of parsing 240 KB of YAML (server/api/contract.ts). Run by `npm run openapi:generate`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';
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
  return result.bundle.parsed;
}

/** The JSON `npm run openapi:generate` writes for the contract's YAML files. */
export async function contractJson(root?: string): Promise<string> {
  return `${JSON.stringify(await bundleContract(root), null, 1)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(CONTRACT_JSON_PATH, await contractJson());
}
