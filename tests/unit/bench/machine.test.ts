// Every benchmark result records the commit, the cores and the load it was measured under, and
// the front-end benchmark reads the built routes from the route table itself.
import { describe, expect, it } from 'vitest';
import { routePages } from '../../../bench/frontend.ts';
import { machineAtEnd, machineAtStart } from '../../../bench/lib/machine.ts';
import { paths } from '../../../src/app/paths.ts';

describe('benchmark machine state', () => {
  it('records the commit, date, cores and load, and judges the load per core', () => {
    const m = machineAtEnd(machineAtStart());
    expect(m.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(m.cpus).toBeGreaterThan(0);
    expect(m.loadAtStart).toHaveLength(3);
    expect(typeof m.loadAtEnd).toBe('number');
    expect(m.reliable).toBe(m.loadAtStart[0] <= m.cpus);
    expect(Date.parse(m.date)).not.toBeNaN();
  });
});

describe('front-end benchmark routes', () => {
  it('reads every built page from the route table, with the module each loads on demand', () => {
    const pages = routePages();
    expect(pages.size).toBeGreaterThan(0);
    for (const [key, src] of pages) {
      expect(Object.keys(paths)).toContain(key);
      if (src !== null) expect(src).toMatch(/^src\/.+\.tsx?$/);
    }
    expect(pages.get('clients')).toBe('src/app/routes/clients.ts');
  });
});
