// `npm run bench`: every benchmark in one run, written to bench/results/latest.json and
// latest.md. `npm run bench -- --quick` runs each for a few seconds and checks only that it
// produces numbers (CI), writing quick.json/quick.md instead. `--only a,b` runs some sections
// (frontend, frontend-calendar, lighthouse, scale, memory, api, identity, scheduling, billing, redemption).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BenchOptions, isNumber, type SectionResult } from './lib/figures.ts';
import { describeMachine, machineAtEnd, machineAtStart } from './lib/machine.ts';
import { waitForQuietMachine } from './lib/settle.ts';
import { type BenchReport, renderMarkdown, renderText } from './lib/report.ts';
import { type BenchServer, type Engine, startBenchServer } from './lib/servers.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const only = onlyArg ? new Set(onlyArg.split(',')) : null;

type Section = { key: string; title: string; run: (o: BenchOptions) => Promise<SectionResult> };

const sections: Section[] = [
  // The front end first: servers started later serve the build it made (no rebuild per server).
  { key: 'frontend', title: 'Front end: transfer per route', run: async (o) => (await import('./frontend.ts')).runFrontend(o) },
  // Memory next: it measures the shared servers right after their start, before others load them.
  { key: 'memory', title: 'Memory: server RSS', run: async (o) => (await import('./memory.ts')).runMemory(o) },
  // Sections other modules add (bench/frontend-calendar.ts: a calendar week view) run on the build
  // the front end made, after the memory section (they load the shared servers); a module not
  // written yet is "not available".
  {
    key: 'frontend-calendar',
    title: 'Front end: calendar week view',
    run: (o) => optionalSection('frontend-calendar', 'runFrontendCalendar', 'Front end: calendar week view', o),
  },
  { key: 'lighthouse', title: 'Front end: Lighthouse (mobile)', run: async (o) => (await import('./lighthouse.ts')).runLighthouse(o) },
  { key: 'scale', title: 'Scale: clients-list search (PostgreSQL)', run: async (o) => (await import('./scale.ts')).runScale(o) },
  { key: 'api', title: 'Business API (bench:api)', run: async (o) => (await import('./external.ts')).runExternal('api', 'Business API (bench:api)', o) },
  {
    key: 'identity',
    title: 'Identity (bench:identity)',
    run: async (o) => (await import('./external.ts')).runExternal('identity', 'Identity (bench:identity)', o),
  },
  {
    key: 'scheduling',
    title: 'Scheduling on PostgreSQL (bench:scheduling)',
    run: async (o) => (await import('./external.ts')).runExternal('scheduling', 'Scheduling on PostgreSQL (bench:scheduling)', o),
  },
  {
    key: 'billing',
    title: 'Invoice issuing on PostgreSQL (bench:billing)',
    run: async (o) => (await import('./external.ts')).runExternal('billing', 'Invoice issuing on PostgreSQL (bench:billing)', o),
  },
  {
    key: 'redemption',
    title: 'Package credits at check-in on PostgreSQL (bench:redemption)',
    run: async (o) => (await import('./external.ts')).runExternal('redemption', 'Package credits at check-in on PostgreSQL (bench:redemption)', o),
  },
  {
    key: 'billing-reports',
    title: 'Billing reports and GSTR-1 on PostgreSQL (200,000 invoices)',
    run: async (o) => (await import('./billing-reports.ts')).runBillingReports(o),
  },
];

/**
 * A section in its own module that may not exist yet: `bench/<name>.ts` exporting
 * `<exportName>(options: BenchOptions): Promise<SectionResult>`. It gets the same options as every
 * section (options.distDir is the build the front-end section made; options.server the shared
 * servers).
 */
async function optionalSection(name: string, exportName: string, title: string, o: BenchOptions): Promise<SectionResult> {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  if (!fs.existsSync(file))
    return { section: title, status: 'not available', figures: [], notes: [`bench/${name}.ts does not exist yet; no figures reported`], durationMs: 0 };
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const run = module[exportName];
  if (typeof run !== 'function') throw new Error(`bench/${name}.ts does not export ${exportName}(options)`);
  return (run as (o: BenchOptions) => Promise<SectionResult>)(o);
}

/** A section counts as producing numbers when it ran and every figure it reported is a number. */
function problems(s: SectionResult): string[] {
  if (s.status === 'failed') return [`${s.section}: failed`];
  if (s.status !== 'ok') return [];
  if (s.figures.length === 0) return [`${s.section}: no figures`];
  return s.figures.filter((f) => !isNumber(f.value)).map((f) => `${s.section}: "${f.name}" is not a number`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const machine = machineAtStart();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-'));
  const servers = new Map<Engine, Promise<BenchServer>>();
  const server = (engine: Engine) => {
    if (!servers.has(engine)) servers.set(engine, startBenchServer(engine, { env: options.distDir ? { DIST_DIR: options.distDir } : {} }));
    return servers.get(engine)!;
  };
  const options: BenchOptions = { quick, workDir, log: (m) => console.log(m), server };
  const results: SectionResult[] = [];
  console.log(`benchmarks, ${quick ? 'quick' : 'full'} mode; ${describeMachine(machine)}`);
  try {
    for (const s of sections) {
      if (only && !only.has(s.key)) continue;
      console.log(`\n-- ${s.title}`);
      // A quick run only checks that every section produces numbers; its figures are not quoted.
      const quiet = quick ? null : await waitForQuietMachine();
      const startedAt =
        quiet &&
        `section started at 1-minute load ${quiet.load} after waiting ${quiet.waitedS} s for the machine to settle${quiet.settled ? '' : ' (it did not: other work was running)'}`;
      if (startedAt) console.log(`   ${startedAt}`);
      const t0 = Date.now();
      let result: SectionResult;
      try {
        result = await s.run(options);
      } catch (error) {
        result = {
          section: s.title,
          status: 'failed',
          figures: [],
          notes: [`error: ${(error as Error).stack ?? error}`.slice(0, 4000)],
          durationMs: Date.now() - t0,
        };
      }
      if (startedAt) result.notes.push(startedAt);
      results.push(result);
      console.log(renderText(result));
    }
  } finally {
    for (const started of servers.values()) await started.then((s) => s.stop()).catch(() => {});
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const report: BenchReport = {
    mode: quick ? 'quick' : 'full',
    startedAt: new Date(started).toISOString(),
    durationS: Math.round((Date.now() - started) / 1000),
    machine: machineAtEnd(machine),
    sections: results,
  };
  const outDir = path.join(import.meta.dirname, 'results');
  const base = quick ? 'quick' : only ? 'partial' : 'latest';
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, `${base}.md`), renderMarkdown(report));
  const found = results.flatMap(problems);
  console.log(`\nwrote bench/results/${base}.json and ${base}.md in ${report.durationS} s`);
  if (!report.machine.reliable) console.log(`WARNING: ${report.machine.reliability}`);
  const missing = results.filter((r) => r.status === 'not available').map((r) => r.section);
  if (missing.length) console.log(`NOT AVAILABLE: ${missing.join('; ')}`);
  if (found.length) {
    console.error(`BENCH FAILED:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  console.log('BENCH OK: every benchmark that ran produced numbers');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
