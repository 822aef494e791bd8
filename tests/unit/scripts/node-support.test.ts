// The Node versions the project supports are said the same way in package.json's engines, the
// README a newcomer reads first, and CI's own check (issue 32): 20.19 or newer, tested on 20, 22
// LTS recommended.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

describe('supported Node versions', () => {
  const engines = JSON.parse(read('package.json')).engines.node as string;
  const minimum = /^>=(\d+)\.(\d+)\.\d+$/.exec(engines);

  it('package.json names a minimum', () => {
    expect(minimum).not.toBeNull();
  });

  it('the README says the same minimum, what CI tests and what is recommended, in its requirements', () => {
    const requirements = read('README.md').split('\nRequirements:')[1]?.slice(0, 800) ?? '';
    expect(requirements).toContain(`Node 20.19 or newer works and is what CI tests`);
    expect(`${minimum![1]}.${minimum![2]}`).toBe('20.19');
    expect(requirements).toContain('Node.js 22 LTS is recommended');
  });

  it('CI refuses a Node older than the minimum before installing', () => {
    const ci = read('.ci/run');
    expect(ci.indexOf('a<20||(a===20&&b<19)')).toBeGreaterThan(-1);
    expect(ci.indexOf('a<20||(a===20&&b<19)')).toBeLessThan(ci.indexOf('npm ci --no-audit'));
  });
});
