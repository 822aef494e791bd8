// `npm run charts`: renders every statechart exported from machines/** as a Mermaid
// stateDiagram-v2 in docs/statecharts/<folder>--<export>.md, plus an index. A unit test renders
// them again and fails when a committed diagram no longer matches its machine.
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
  return found;
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

export function renderIndex(found: FoundMachine[]): string {
  return [
    '# Statecharts',
    '',
    'Every machine exported from `machines/`, drawn by `npm run charts` (Mermaid `stateDiagram-v2`).',
    '',
    ...found.map((f) => `- [${f.exportName}](./${chartFileName(f)}) — \`${f.file}\``),
    '',
  ].join('\n');
}

/** Every file `npm run charts` writes, by name, with its content. */
export async function renderAll(): Promise<Map<string, string>> {
  const found = await findMachines();
  const files = new Map<string, string>();
  for (const f of found) files.set(chartFileName(f), renderChart(f));
  files.set('README.md', renderIndex(found));
  return files;
}

async function main() {
  const files = await renderAll();
  fs.mkdirSync(CHARTS_DIR, { recursive: true });
  for (const name of fs.readdirSync(CHARTS_DIR)) {
    if (name.endsWith('.md') && !files.has(name)) fs.rmSync(path.join(CHARTS_DIR, name));
  }
  for (const [name, content] of files) fs.writeFileSync(path.join(CHARTS_DIR, name), content);
  console.log(`charts: wrote ${files.size - 1} diagrams and the index to ${path.relative(ROOT, CHARTS_DIR)}/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
