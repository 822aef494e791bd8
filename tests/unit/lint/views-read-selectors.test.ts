// Views and hooks read a chart through its named selectors in machines/ (issue 33: "Views read named
// selectors, never state.value or .state strings"), so what a state means is said once, beside the
// chart, and a renamed state fails there rather than silently in a view.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../../src');

// A snapshot's state value or `matches` in a view or hook: the chart's own vocabulary leaking out.
const READS_STATES = [/\b(?:s|snap|snapshot|state)\.value\b/, /\.matches\(/];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

it('no view or hook reads a chart state by name', () => {
  const found = sourceFiles(SRC).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    // Only where a chart is read: a React state's `.value` elsewhere is not a chart's.
    if (!/from '(?:@xstate\/react|xstate)'/.test(text)) return [];
    return text.split('\n').flatMap((line, i) => (READS_STATES.some((p) => p.test(line)) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`] : []));
  });
  expect(found).toEqual([]);
});
