// `npm run paths`: every machine under machines/ has a model (a tests/**/<name>.model.ts file
// exporting a MachineModel), the figures and path list of a machine are those its tests run, and
// the committed .paths.md files are current: a stale or missing one fails here (fix: `npm run paths`),
// as the charts' freshness test does for the diagrams (tests/unit/scripts/charts.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHARTS_DIR, findMachines } from '../../../scripts/charts.ts';
import { allFigures, figuresOf, findModels, pathsFileName, renderAllPaths, renderPaths } from '../../../scripts/paths.ts';
import { quickCoverage, uncovered } from '../../support/model-paths.ts';

describe('npm run paths', () => {
  it('has written a current .paths.md for every machine under machines/ (run `npm run paths` after changing a machine or a model)', async () => {
    const files = renderAllPaths(await allFigures());
    const committed = fs.readdirSync(CHARTS_DIR).filter((name) => name.endsWith('.paths.md'));
    expect(committed.sort()).toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      expect(fs.readFileSync(path.join(CHARTS_DIR, name), 'utf8'), `docs/statecharts/${name} is stale`).toBe(content);
    }
  }, 120_000);

  it('finds a model for every machine under machines/', async () => {
    const [machines, models] = await Promise.all([findMachines(), findModels()]);
    const modelled = new Set(models.map((m) => m.model.machine.id));
    expect(machines.filter((m) => !modelled.has(m.machine.id)).map((m) => m.file)).toEqual([]);
  });

  it("counts a machine's states, transitions and paths, and lists the replayed paths", async () => {
    const machines = await findMachines();
    const models = await findModels();
    const consent = machines.find((m) => m.exportName === 'consentMachine')!;
    const figures = figuresOf(consent, models);
    expect(figures.states).toBe(7);
    expect(figures.transitions).toBe(8);
    // The generated paths, and the replayed subset of them, reach every state and take every transition.
    const reach = (paths: typeof figures.generated) =>
      uncovered(
        consent.machine,
        paths.map((p) => quickCoverage(consent.machine, p)),
      );
    expect(reach(figures.generated)).toEqual({ states: [], transitions: [] });
    expect(reach(figures.replayed)).toEqual({ states: [], transitions: [] });
    expect(figures.replayed).toEqual(figures.generated);
    expect(figures.onViews).toBe(0);
    const markdown = renderPaths(figures);
    expect(pathsFileName(consent)).toBe('consent--consentMachine.paths.md');
    expect(markdown).toContain(`- Generated paths: ${figures.generated.length}`);
    expect(markdown).toContain('- Replayed against the views: 0');
    expect(markdown.match(/^\d+\. /gm)).toHaveLength(figures.replayed.length);
  });
});
