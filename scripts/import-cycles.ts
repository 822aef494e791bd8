// `npm run lint` (after ESLint): fails when runtime imports form a cycle in machines/, src/ or
// server/. A cycle makes module initialisation order matter and usually means two layers know
// each other; type-only imports are erased at build time and are not counted. Regex-based on
// purpose: it reads every file once in well under a second (import/no-cycle took minutes).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['machines', 'src', 'server'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The runtime import specifiers of a module's text (static imports, re-exports, dynamic imports). */
export function runtimeImports(text: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    if (m[5]) {
      found.push(m[5]);
      continue;
    }
    if (m[2]) continue;
    // `import { type A, type B } from` imports nothing at run time either.
    const names = m[3].match(/^\{([^}]*)\}$/s)?.[1];
    if (names !== undefined && names.split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    found.push(m[4]);
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

function resolve(fromFile: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => known.has(c)) ?? null;
}

/** Cycles of a directed graph (Tarjan's strongly connected components with more than one node, or a self-loop). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return cycles;
}

/** The project's import graph (project-relative paths) and its cycles. */
export function projectCycles(root = ROOT): string[][] {
  const files = DIRS.flatMap((d) => sourceFiles(path.join(root, d)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(fs.readFileSync(file, 'utf8'))
      .map((s) => resolve(file, s, known))
      .filter((t): t is string => t !== null);
    graph.set(
      path.relative(root, file),
      targets.map((t) => path.relative(root, t)),
    );
  }
  return findCycles(graph);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cycles = projectCycles();
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' <-> ')}`);
  if (cycles.length) process.exit(1);
  console.log('import cycles: none');
}
