// Issue 33: "no function in server/ over 150 lines". A route module's closure that grows past it
// is split into per-sub-resource modules (server/api/appointments/*-routes.ts shows the shape).
// The lister reads the sources with the TypeScript parser, so it is checked here on small samples
// too: a test that passes because the lister finds nothing would catch nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { longFunctions, MAX_FUNCTION_LINES, serverLongFunctions } from '../../../scripts/long-functions.ts';

function sample(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-functions-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('the long-function lister', () => {
  it('finds a declared function, a nested route callback and an arrow over the limit, with their names and lengths', () => {
    const file = sample(
      'routes.ts',
      [
        'export async function routes(app: any) {',
        "  app.get('/things', async () => {",
        lines(5),
        '  });',
        lines(4),
        '}',
        'const helper = () => {',
        lines(8),
        '};',
        '// a comment with function f() { over many lines }',
      ].join('\n'),
    );
    const found = longFunctions([file], 6, path.dirname(file));
    expect(found.map((f) => [f.name, f.line, f.lines])).toEqual([
      ['routes', 1, 13],
      ['helper', 14, 10],
      ['(callback of app.get /things)', 2, 7],
    ]);
  });

  it('counts a function of exactly the limit as within it', () => {
    const file = sample('short.ts', ['function f() {', lines(4), '}'].join('\n'));
    expect(longFunctions([file], 6)).toEqual([]);
    expect(longFunctions([file], 5).map((f) => f.lines)).toEqual([6]);
  });
});

describe('server/', () => {
  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const over = serverLongFunctions().map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(over).toEqual([]);
  });
});
