// `npm run charts`: renders every statechart exported from machines/** as a Mermaid
// stateDiagram-v2 in docs/statecharts/<folder>--<export>.md, plus an index, and as a
// self-contained file for Stately's visualiser, docs/statecharts/<folder>--<export>.stately.js
// (the configuration with guards, actions, actors and delays as named stubs; it imports only
// xstate, so it pastes as it is). Machines are found by scanning machines/, so a new machine
// needs no list. Unit tests render them again and fail when a committed file no longer matches
// its machine, or when a Stately file builds other states or transitions than its source.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const MACHINES_DIR = path.join(ROOT, 'machines');
export const CHARTS_DIR = path.join(ROOT, 'docs', 'statecharts');

function machineFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return machineFiles(full);
      return /\.ts$/.test(entry.name) && !/\.(test|spec)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    })
    .sort();
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'getInitialSnapshot' in value &&
    'provide' in value &&
    typeof (value as { transition?: unknown }).transition === 'function'
  );
}

export interface FoundMachine {
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

export async function findMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  for (const file of machineFiles(MACHINES_DIR)) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (isMachine(value)) found.push({ file: path.relative(ROOT, file), exportName, machine: value });
    }
  }
  // Export order differs between Node's module namespaces (sorted) and vitest's (as declared).
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.exportName.localeCompare(b.exportName));
}

/** A Mermaid-safe id for a state node: its path under the root, joined by '_'. */
function nodeId(node: AnyStateNode): string {
  return node.path.length ? node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_') : 'root';
}

function eventLabel(eventType: string): string {
  const done = eventType.match(/^xstate\.done\.actor\.(.+)$/);
  if (done) return `done ${done[1]}`;
  const error = eventType.match(/^xstate\.error\.actor\.(.+)$/);
  if (error) return `error ${error[1]}`;
  const after = eventType.match(/^xstate\.after\.(.+?)\./);
  if (after) return `after ${after[1]}`;
  return eventType || 'always';
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  if (typeof guard === 'function') return ` [${guard.name || 'guard'}]`;
  return ' [guard]';
}

function actionsLabel(actions: readonly unknown[] | undefined): string {
  const names = (actions ?? [])
    .map((a) => (typeof a === 'string' ? a : typeof a === 'object' && a && 'type' in a ? String((a as { type: unknown }).type) : ''))
    .filter((n) => n && !n.startsWith('xstate.'));
  return names.length ? ` / ${names.join(', ')}` : '';
}

function sanitize(label: string): string {
  return label.replace(/[;#:]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const edges: string[] = [];

  const renderNode = (node: AnyStateNode, indent: string) => {
    const id = nodeId(node);
    const children = Object.values(node.states) as AnyStateNode[];
    const notes: string[] = [];
    if (node.invoke.length) notes.push(`invoke ${node.invoke.map((i) => (typeof i.src === 'string' ? i.src : i.id)).join(', ')}`);
    if (node.tags.length) notes.push(`tags ${node.tags.join(', ')}`);
    if (node.type === 'final') notes.push('final');
    if (children.length) {
      lines.push(`${indent}state "${node.key}" as ${id} {`);
      if (node.type === 'parallel') {
        children.forEach((child, i) => {
          if (i > 0) lines.push(`${indent}  --`);
          renderNode(child, `${indent}  `);
        });
      } else {
        const initial = node.initial?.target?.[0];
        if (initial) lines.push(`${indent}  [*] --> ${nodeId(initial)}`);
        for (const child of children) renderNode(child, `${indent}  `);
      }
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${node.key}" as ${id}`);
    }
    for (const note of notes) lines.push(`${indent}${id} : ${sanitize(note)}`);

    for (const [eventType, candidates] of node.transitions) {
      for (const t of candidates) {
        const label = sanitize(`${eventLabel(eventType)}${guardLabel(t.guard)}${actionsLabel(t.actions as unknown[])}`);
        const targets = (t.target as AnyStateNode[] | undefined) ?? [node];
        for (const target of targets) edges.push(`${id} --> ${nodeId(target)} : ${label}`);
      }
    }
    for (const t of node.always ?? []) {
      const label = sanitize(`always${guardLabel(t.guard)}${actionsLabel(t.actions as unknown[])}`);
      for (const target of (t.target as AnyStateNode[] | undefined) ?? [node]) edges.push(`${id} --> ${nodeId(target)} : ${label}`);
    }
  };

  const root = machine.root;
  const initial = root.initial?.target?.[0];
  if (initial) lines.push(`  [*] --> ${nodeId(initial)}`);
  for (const child of Object.values(root.states) as AnyStateNode[]) renderNode(child, '  ');
  // Transitions declared on the root apply in every state.
  for (const [eventType, candidates] of root.transitions) {
    for (const t of candidates) {
      const label = sanitize(`${eventLabel(eventType)}${guardLabel(t.guard)}${actionsLabel(t.actions as unknown[])} (any state)`);
      for (const target of (t.target as AnyStateNode[] | undefined) ?? []) edges.push(`  [*] --> ${nodeId(target)} : ${label}`);
    }
  }
  return [...lines, ...edges.map((e) => (e.startsWith('  ') ? e : `  ${e}`))].join('\n');
}

export function chartFileName(found: FoundMachine): string {
  const folder = path.relative('machines', path.dirname(found.file)).replace(/[\\/]/g, '-') || 'machines';
  return `${folder}--${found.exportName}.md`;
}

export function renderChart(found: FoundMachine): string {
  return [
    `# ${found.exportName} (\`${found.machine.id}\`)`,
    '',
    `Generated by \`npm run charts\` from [\`${found.file}\`](../../${found.file}); do not edit by hand.`,
    '',
    '```mermaid',
    toMermaid(found.machine),
    '```',
    '',
  ].join('\n');
}

// ---- Stately's visualiser: one pasteable file per machine ----

const BUILT_IN_ACTION = /^xstate\.(\w+)$/;

/** A stub name for a guard as written in the source (named, parameterised or inline). */
export function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    const type = (guard as { type?: unknown }).type;
    if (typeof type === 'string') return type.replace(BUILT_IN_ACTION, '$1');
    return guard.name || 'inlineGuard';
  }
  return 'guard';
}

/** A stub name for an action as written in the source (named, parameterised, built-in or inline). */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String((action as { type: unknown }).type);
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') return type.replace(BUILT_IN_ACTION, '$1');
    return action.name || 'inlineAction';
  }
  return 'action';
}

function actionRef(action: unknown): unknown {
  if (typeof action === 'object' && action !== null && 'type' in action) {
    const { type, params } = action as { type: unknown; params?: unknown };
    return params !== undefined && typeof params !== 'function' ? { type: String(type), params } : String(type);
  }
  return actionName(action);
}

function defaultId(machine: AnyStateMachine, node: AnyStateNode): string {
  return [machine.id, ...node.path].join('.');
}

interface Stubs {
  guards: Set<string>;
  actions: Set<string>;
  actors: Set<string>;
  delays: Map<string, number>;
}

function transitionConfig(t: any, stubs: Stubs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const targets = (t.target as AnyStateNode[] | undefined) ?? [];
  if (targets.length) out.target = targets.length === 1 ? `#${targets[0].id}` : targets.map((n) => `#${n.id}`);
  const guard = guardName(t.guard);
  if (guard) {
    stubs.guards.add(guard);
    out.guard = guard;
  }
  const actions = ((t.actions as unknown[]) ?? []).map((a) => {
    stubs.actions.add(actionName(a));
    return actionRef(a);
  });
  if (actions.length) out.actions = actions;
  if (t.reenter) out.reenter = true;
  return out;
}

function nodeConfig(machine: AnyStateMachine, node: AnyStateNode, stubs: Stubs): Record<string, unknown> {
  const c: Record<string, unknown> = {};
  if (node.path.length && node.id !== defaultId(machine, node)) c.id = node.id;
  if (node.type !== 'atomic' && node.type !== 'compound') c.type = node.type;
  if (node.type === 'history') c.history = (node as { history?: unknown }).history;
  const initial = node.initial?.target?.[0];
  if (node.type === 'compound' && initial) c.initial = initial.key;
  if (node.tags.length) c.tags = [...node.tags];
  if (node.description) c.description = node.description;
  const config = node.config as { entry?: unknown; exit?: unknown };
  for (const key of ['entry', 'exit'] as const) {
    const raw = config[key];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    if (list.length) {
      c[key] = list.map((a) => {
        stubs.actions.add(actionName(a));
        return actionRef(a);
      });
    }
  }
  const own = new Set<string>();
  if (node.invoke.length) {
    c.invoke = node.invoke.map((invoke: any) => {
      const src = typeof invoke.src === 'string' && !invoke.src.startsWith('xstate.invoke.') ? invoke.src : invoke.id;
      stubs.actors.add(src);
      const def: Record<string, unknown> = { id: invoke.id, src };
      for (const [key, eventType] of [
        ['onDone', `xstate.done.actor.${invoke.id}`],
        ['onError', `xstate.error.actor.${invoke.id}`],
      ]) {
        const ts = node.transitions.get(eventType);
        if (ts?.length) {
          own.add(eventType);
          def[key] = ts.map((t) => transitionConfig(t, stubs));
        }
      }
      return def;
    });
  }
  const doneState = `xstate.done.state.${node.id}`;
  const on: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [eventType, ts] of node.transitions) {
    if (own.has(eventType)) continue;
    const configs = ts.map((t) => transitionConfig(t, stubs));
    const delayed = eventType.match(/^xstate\.after\.(.+)\.[^.]*$/);
    if (eventType.startsWith('xstate.after.')) {
      const delay = String((ts[0] as { delay?: unknown }).delay ?? delayed?.[1]);
      if (Number.isNaN(Number(delay))) {
        const impl = (machine.implementations.delays as Record<string, unknown>)[delay];
        stubs.delays.set(delay, typeof impl === 'number' ? impl : 1000);
      }
      after[delay] = configs;
    } else if (eventType === doneState) {
      c.onDone = configs;
    } else {
      on[eventType] = configs;
    }
  }
  if (Object.keys(on).length) c.on = on;
  if (Object.keys(after).length) c.after = after;
  if (node.always?.length) c.always = node.always.map((t) => transitionConfig(t, stubs));
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length) c.states = Object.fromEntries(children.map((child) => [child.key, nodeConfig(machine, child, stubs)]));
  return c;
}

/** The machine as one file for Stately's visualiser: `setup` with named stubs, then its configuration. */
export function toStately(found: FoundMachine): string {
  const { machine } = found;
  const stubs: Stubs = { guards: new Set(), actions: new Set(), actors: new Set(), delays: new Map() };
  const config = { id: machine.id, ...nodeConfig(machine, machine.root, stubs), context: {} };
  const indent = (text: string) => text.replace(/\n/g, '\n  ');
  const entries = (names: Iterable<string>, value: string) =>
    [...names]
      .sort()
      .map((n) => `    ${JSON.stringify(n)}: ${value},`)
      .join('\n');
  return [
    `// ${found.exportName} (\`${machine.id}\`) for Stately's visualiser: paste this whole file at https://stately.ai/viz.`,
    `// Generated by \`npm run charts\` from ${found.file}; do not edit by hand. Guards, actions, actors and`,
    '// delays are named stubs here: their real implementations (and the context) live in the source.',
    "import { fromPromise, setup } from 'xstate';",
    '',
    'export const machine = setup({',
    '  guards: {',
    entries(stubs.guards, '() => true'),
    '  },',
    '  actions: {',
    entries(stubs.actions, '() => {}'),
    '  },',
    '  actors: {',
    entries(stubs.actors, 'fromPromise(async () => undefined)'),
    '  },',
    '  delays: {',
    [...stubs.delays]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([n, ms]) => `    ${JSON.stringify(n)}: ${ms},`)
      .join('\n'),
    '  },',
    `}).createMachine(${indent(JSON.stringify(config, null, 2))});`,
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

export function statelyFileName(found: FoundMachine): string {
  return chartFileName(found).replace(/\.md$/, '.stately.js');
}

export function renderIndex(found: FoundMachine[]): string {
  return [
    '# Statecharts',
    '',
    'Every machine exported from `machines/`, drawn by `npm run charts` (Mermaid `stateDiagram-v2`).',
    '',
    "Each machine also has a `.stately.js` file that pastes as it is into Stately's visualiser",
    '(https://stately.ai/viz), and `npm run paths` writes its model-test paths to a `.paths.md` file.',
    '',
    ...found.map(
      (f) =>
        `- [${f.exportName}](./${chartFileName(f)}) — \`${f.file}\` ([visualiser file](./${statelyFileName(f)}), [paths](./${chartFileName(f).replace(/\.md$/, '.paths.md')}))`,
    ),
    '',
  ].join('\n');
}

/** The files in docs/statecharts/ that `npm run charts` owns. */
export function isChartFile(name: string): boolean {
  return (name.endsWith('.md') && !name.endsWith('.paths.md')) || name.endsWith('.stately.js');
}

/** Every file `npm run charts` writes, by name, with its content. */
export async function renderAll(): Promise<Map<string, string>> {
  const found = await findMachines();
  const files = new Map<string, string>();
  for (const f of found) {
    files.set(chartFileName(f), renderChart(f));
    files.set(statelyFileName(f), toStately(f));
  }
  files.set('README.md', renderIndex(found));
  return files;
}

async function main() {
  const files = await renderAll();
  fs.mkdirSync(CHARTS_DIR, { recursive: true });
  for (const name of fs.readdirSync(CHARTS_DIR)) {
    // The .paths.md files belong to `npm run paths`.
    if (isChartFile(name) && !files.has(name)) fs.rmSync(path.join(CHARTS_DIR, name));
  }
  for (const [name, content] of files) fs.writeFileSync(path.join(CHARTS_DIR, name), content);
  console.log(`charts: wrote ${(files.size - 1) / 2} diagrams, as many visualiser files and the index to ${path.relative(ROOT, CHARTS_DIR)}/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
