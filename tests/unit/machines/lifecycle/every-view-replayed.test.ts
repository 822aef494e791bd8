// Every chart a screen runs has its model paths replayed on that screen (issue 33): a test under
// tests/unit/machines/ that renders (imports @testing-library/react) and imports the chart's model. The charts no
// screen runs are named below with where their paths are checked instead, so a new page chart
// without a replay fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { findMachines } from '../../../../scripts/charts.ts';

const MACHINE_TESTS = path.resolve(import.meta.dirname, '..');

/** Charts with no screen of their own, by machine id, and why. */
const NOT_A_SCREEN: Record<string, string> = {
  appointment: 'a lifecycle the server enforces (appointment-lifecycle.test.ts and the API tests)',
  waitlistEntry: 'a lifecycle the server enforces',
  waitlistOffer: 'a lifecycle the server enforces',
  billingDocument: 'a lifecycle the server enforces',
  tillDay: "a lifecycle the server enforces (the day's close page chart is replayed in billing/day-close-views.test.tsx)",
  package: 'a lifecycle the server enforces (package-lifecycle.model.test.ts and the API tests)',
  membership: 'a lifecycle the server enforces (membership-lifecycle.model.test.ts and the API tests)',
  dataExport: 'a lifecycle the server enforces (export-lifecycle.model.test.ts and the API tests)',
  cognitiveRun: 'a lifecycle the server enforces',
  prospect: 'a lifecycle the server enforces',
  enrollment: 'a lifecycle the server enforces',
  labOrder: 'a lifecycle the server enforces',
  ticket: 'a lifecycle the server enforces',
  therapyVisit: 'a lifecycle the server enforces',
  consent: "a child of the app chart: replayed through the shell's consent dialog in app/app-views.test.tsx",
  guard: 'a child of the app chart: replayed in app/app-views.test.tsx',
  inactivity: 'a child of the app chart: replayed in app/app-views.test.tsx',
  session: 'a child of the app chart: replayed in app/app-views.test.tsx',
  version: 'a child of the app chart: replayed in app/app-views.test.tsx',
};

function viewTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return viewTests(full);
    return entry.name.endsWith('.test.tsx') && readFileSync(full, 'utf8').includes("from '@testing-library/react'") ? [full] : [];
  });
}

/** The charts a rendering test replays: the machines of the models it imports. */
async function replayedCharts(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const file of viewTests(MACHINE_TESTS)) {
    for (const [, names, model] of readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from '(\.[^']+\.model\.ts)'/g)) {
      const mod = (await import(pathToFileURL(path.resolve(path.dirname(file), model)).href)) as Record<string, { machine?: AnyStateMachine }>;
      for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
        const machine = mod[name]?.machine;
        if (machine) ids.add(machine.id);
      }
    }
  }
  return ids;
}

it('every chart a screen runs is replayed on that screen', async () => {
  const replayed = await replayedCharts();
  const charts = await findMachines();
  const missing = charts.filter((c) => !replayed.has(c.machine.id) && !(c.machine.id in NOT_A_SCREEN)).map((c) => `${c.file} ${c.exportName}`);
  expect(missing).toEqual([]);
  // An exemption for a chart that no longer exists, or that now has a replay, goes.
  const ids = new Set(charts.map((c) => c.machine.id));
  expect(Object.keys(NOT_A_SCREEN).filter((id) => !ids.has(id) || replayed.has(id))).toEqual([]);
});
