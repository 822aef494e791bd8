// The identity and business-API benchmarks belong to their modules (bench/identity.ts,
// bench/api.ts). The runner starts each as its own process — `node --import tsx bench/<name>.ts
// --json <file> [--quick]` — and takes its figures from that file:
//   { "figures": [{ name, value, unit, compared?: {label, value, unit}, target?, met?, note? }],
//     "notes"?: string[], "machine"?: MachineState (bench/lib/machine.ts) }
// A file in another shape is still shown: every numeric leaf becomes a figure named by its path.
// A missing script is reported as "not available"; nothing is ever made up in its place.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type BenchOptions, type Figure, isNumber, type SectionResult } from './lib/figures.ts';
import { describeMachine, type MachineState } from './lib/machine.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');

function flatten(value: unknown, prefix: string, out: Figure[]): void {
  if (isNumber(value)) out.push({ name: prefix, value, unit: '' });
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
}

function toFigures(json: unknown): { figures: Figure[]; notes: string[] } {
  const data = json as { figures?: unknown; notes?: unknown; machine?: MachineState };
  const measuredUnder = data?.machine?.commit ? [`measured under: ${describeMachine(data.machine)}`] : [];
  if (Array.isArray(data?.figures) && data.figures.every((f) => f && typeof f === 'object' && 'name' in f && 'value' in f)) {
    const figures = (data.figures as Figure[]).map((f) => ({ ...f, value: isNumber(f.value) ? f.value : null, unit: f.unit ?? '' }));
    return { figures, notes: [...(Array.isArray(data.notes) ? data.notes.map(String) : []), ...measuredUnder] };
  }
  const figures: Figure[] = [];
  flatten(json, '', figures);
  return { figures, notes: ['figures read from the numeric fields of the JSON the benchmark wrote'] };
}

export async function runExternal(
  name: 'api' | 'identity' | 'scheduling' | 'billing' | 'redemption',
  section: string,
  options: BenchOptions,
): Promise<SectionResult> {
  const started = Date.now();
  const script = path.join(projectRoot, 'bench', `${name}.ts`);
  if (!fs.existsSync(script)) {
    return {
      section,
      status: 'not available',
      figures: [],
      notes: [`bench/${name}.ts does not exist yet (npm run bench:${name}); no figures reported`],
      durationMs: 0,
    };
  }
  const jsonFile = path.join(options.workDir, `${name}.json`);
  const args = ['--import', 'tsx', script, '--json', jsonFile, ...(options.quick ? ['--quick'] : [])];
  const timeoutMs = options.quick ? 90_000 : 8 * 60_000;
  let output = '';
  const code = await new Promise<number | string>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve(`timed out after ${timeoutMs / 1000} s`);
    }, timeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk;
      for (const line of String(chunk).split('\n')) if (line.trim()) options.log(`  [${name}] ${line}`);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c ?? -1);
    });
  });
  const tail = output.trim().split('\n').slice(-15).join('\n');
  if (code !== 0) return { section, status: 'failed', figures: [], notes: [`bench/${name}.ts exited: ${code}`, tail], durationMs: Date.now() - started };
  if (!fs.existsSync(jsonFile)) {
    return {
      section,
      status: 'failed',
      figures: [],
      notes: [`bench/${name}.ts ran but wrote no JSON (it needs --json <file>)`, tail],
      durationMs: Date.now() - started,
    };
  }
  const { figures, notes } = toFigures(JSON.parse(fs.readFileSync(jsonFile, 'utf8')));
  return { section, status: 'ok', figures, notes, durationMs: Date.now() - started };
}
