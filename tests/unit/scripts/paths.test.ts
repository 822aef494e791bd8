// `npm run paths`: every machine under machines/ has a model (a tests/**/<name>.model.ts file
// exporting a MachineModel), and the figures and path list of a machine are those its tests run.
import { describe, expect, it } from 'vitest';
import { findMachines } from '../../../scripts/charts.ts';
import { figuresOf, findModels, pathsFileName, renderPaths } from '../../../scripts/paths.ts';

describe('npm run paths', () => {
  it('finds a model for every machine under machines/', async () => {
    const [machines, models] = await Promise.all([findMachines(), findModels()]);
    const modelled = new Set(models.map((m) => m.model.machine.id));
    expect(machines.filter((m) => !modelled.has(m.machine.id)).map((m) => m.file)).toEqual([]);
  });

  it("counts a machine's states, transitions and paths, and lists the replayed paths", async () => {
    const [machines, models] = await Promise.all([findMachines(), findModels()]);
    const consent = machines.find((m) => m.exportName === 'consentMachine')!;
    const figures = figuresOf(consent, models);
    expect(figures.states).toBe(7);
    expect(figures.transitions).toBe(8);
    expect(figures.generated.length).toBeGreaterThan(0);
    expect(figures.replayed).toEqual(figures.generated);
    expect(figures.onViews).toBe(0);
    const markdown = renderPaths(figures);
    expect(pathsFileName(consent)).toBe('consent--consentMachine.paths.md');
    expect(markdown).toContain(`- Generated paths: ${figures.generated.length}`);
    expect(markdown).toContain('- Replayed against the views: 0');
    expect(markdown.match(/^\d+\. /gm)).toHaveLength(figures.replayed.length);
  });
});
