// The committed files in docs/statecharts/ must match the machines under machines/: a stale or
// missing diagram or visualiser file fails here (fix: `npm run charts`). Each visualiser file is
// self-contained (imports only xstate) and builds a machine with the same states and
// transitions (events, guards, targets) as its source.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { CHARTS_DIR, findMachines, guardName, isChartFile, renderAll, statelyFileName, toMermaid } from '../../../scripts/charts.ts';
import { authenticatorMachine } from '../../../machines/identity/authenticator-machine.ts';

/** Every state node (id, type, initial child, tags) and every transition (source, event, candidate, guard, targets). */
function shape(machine: AnyStateMachine) {
  const states: string[] = [];
  const transitions: string[] = [];
  for (const node of getStateNodes(machine.root) as AnyStateNode[]) {
    states.push(`${node.id} ${node.type} initial=${node.initial?.target?.[0]?.id ?? '-'} tags=${node.tags.join(',')}`);
    const all: Array<[string, any[]]> = [...node.transitions, ['(always)', node.always ?? []]];
    for (const [eventType, candidates] of all) {
      candidates.forEach((t, i) => {
        const targets = (t.target as AnyStateNode[] | undefined)?.map((n) => n.id).join(',') ?? '(stay)';
        transitions.push(`${node.id} --${eventType}#${i} [${guardName(t.guard) ?? ''}]--> ${targets}`);
      });
    }
    for (const invoke of node.invoke) states.push(`${node.id} invokes ${invoke.id}`);
  }
  return { states: states.sort(), transitions: transitions.sort() };
}

describe('statechart diagrams and visualiser files', () => {
  it('are current for every machine under machines/ (run `npm run charts` after changing a machine)', async () => {
    const files = await renderAll();
    const committed = fs.readdirSync(CHARTS_DIR).filter(isChartFile);
    expect(committed.sort()).toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      expect(fs.readFileSync(path.join(CHARTS_DIR, name), 'utf8'), `docs/statecharts/${name} is stale`).toBe(content);
    }
  });

  it('finds the authenticator and draws all its states and transitions', async () => {
    const found = await findMachines();
    expect(found.map((f) => f.exportName)).toContain('authenticatorMachine');
    const diagram = toMermaid(authenticatorMachine);
    expect(diagram.startsWith('stateDiagram-v2')).toBe(true);
    for (const state of [
      'idle',
      'setup',
      'transition',
      'signIn',
      'signUp',
      'confirmSignUp',
      'confirmSignIn',
      'setupTotp',
      'forceNewPassword',
      'forgotPassword',
      'confirmResetPassword',
      'verifyUser',
      'confirmVerifyUser',
      'signOut',
      'authenticated',
    ]) {
      expect(diagram).toContain(`state "${state}"`);
    }
  });

  it('gives every machine a visualiser file that imports only xstate and builds the same states and transitions', async () => {
    const found = await findMachines();
    expect(found.length).toBeGreaterThan(10);
    for (const f of found) {
      const file = path.join(CHARTS_DIR, statelyFileName(f));
      const text = fs.readFileSync(file, 'utf8');
      const imports = [...text.matchAll(/^\s*import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
      expect(imports, statelyFileName(f)).toEqual(['xstate']);
      expect(text).not.toMatch(/\brequire\(/);
      const { machine } = (await import(pathToFileURL(file).href)) as { machine: AnyStateMachine };
      expect(shape(machine), `${statelyFileName(f)} differs from ${f.file}`).toEqual(shape(f.machine));
    }
  });

  // House style: the visualiser shows a guard or action by its name, so an inline one is an
  // anonymous stub there ("assign", "guard"); an invoke without an id gets a generated one
  // ("0.supportDesk.loading") that tests and charts would have to spell.
  it('names every guard, action and invoke of every machine', async () => {
    const anonymous: string[] = [];
    for (const { file, machine } of await findMachines()) {
      for (const node of [machine.root, ...getStateNodes(machine.root)] as any[]) {
        const transitions: any[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
        for (const t of transitions) {
          const on = `${file} ${node.id} on ${t.eventType || '(always)'}`;
          if (typeof t.guard === 'function') anonymous.push(`${on}: guard ${t.guard.type ?? t.guard.name}`);
          for (const a of t.actions ?? []) if (typeof a === 'function') anonymous.push(`${on}: action ${a.type ?? a.name}`);
        }
        // The written entry and exit (the node's own also hold the timers xstate adds for `after`).
        for (const key of ['entry', 'exit'] as const) {
          for (const a of [node.config[key] ?? []].flat()) if (typeof a === 'function') anonymous.push(`${file} ${node.id} ${key}: action ${a.type ?? a.name}`);
        }
        for (const invoke of node.invoke) if (/^\d+\./.test(invoke.id)) anonymous.push(`${file} ${node.id}: invoke ${invoke.src} without an id`);
      }
    }
    expect(anonymous).toEqual([]);
  });
});
