// Every benchmark result records the commit, the cores and the load it was measured under, and
// the front-end benchmark reads the built routes from the route table itself and names what each
// route's bytes are made of.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { partOf, routePages } from '../../../bench/frontend.ts';
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

describe('what a route is made of', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  it('names a module by its npm package, scoped or not, else by its source folder', () => {
    expect(partOf(`${root}/node_modules/@mui/x-data-grid/esm/DataGrid/DataGrid.js`)).toBe('@mui/x-data-grid');
    expect(partOf(`${root}/node_modules/react-dom/cjs/react-dom-client.production.js`)).toBe('react-dom');
    expect(partOf(`${root}/node_modules/.pnpm/x/node_modules/xstate/dist/x.js?commonjs-exports`)).toBe('xstate');
    expect(partOf(`${root}/src/features/clients/clients-grid.tsx`)).toBe('src/features/clients');
    expect(partOf(`${root}/machines/identity/authenticator-machine.ts`)).toBe('machines/identity');
    expect(partOf('\0vite/preload-helper.js')).toBe('(bundler runtime)');
  });
});
