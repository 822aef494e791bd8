// The benchmark table: every figure shows its comparison, its target and a verdict; a missing
// measurement is shown as such, never as a number.
import { describe, expect, it } from 'vitest';
import { isNumber, percentile } from '../../../bench/lib/figures.ts';
import { type BenchReport, renderMarkdown, renderText } from '../../../bench/lib/report.ts';

const report: BenchReport = {
  mode: 'full',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationS: 10,
  machine: {
    commit: '0123456789abcdef0123',
    dirty: false,
    date: '2026-01-01T00:00:00.000Z',
    cpus: 2,
    node: 'v20',
    platform: 'linux x64',
    loadAtStart: [1.5, 1, 0.5],
    loadAtEnd: 2,
    reliable: true,
    reliability: 'reliable: 1-minute load 1.5 at the start, at most 1 per core (2 cores)',
  },
  sections: [
    {
      section: 'Front end',
      status: 'ok',
      durationMs: 1000,
      figures: [
        {
          name: '/login transfer',
          value: 240.5,
          unit: 'KiB',
          compared: { label: 'reference', value: 267.5, unit: 'KiB' },
          target: '<= 0.8x reference',
          met: false,
          note: 'a | b',
        },
        { name: 'home performance', value: null, unit: '/ 100', target: '>= 95', met: null },
        { name: 'login accessibility', value: 100, unit: '/ 100', target: '100', met: true },
      ],
      notes: ['one note', 'curve\nline 2'],
    },
    { section: 'Identity', status: 'not available', durationMs: 0, figures: [], notes: ['bench/identity.ts does not exist yet'] },
  ],
};

describe('benchmark report', () => {
  const md = renderMarkdown(report);

  it('prints each figure beside its comparison, target and verdict', () => {
    expect(md).toContain('| /login transfer | 240.5 KiB | reference: 267.5 KiB | <= 0.8x reference | **not met** | a \\| b |');
    expect(md).toContain('| login accessibility | 100 / 100 |  | 100 | met |  |');
  });

  it('states the commit, the cores and the machine load the figures were taken under', () => {
    expect(md).toContain('commit 0123456789ab, 2026-01-01T00:00:00.000Z, 2 cores, Node v20, load average 1.5/1/0.5 (1/5/15 min) at the start, 2 at the end');
    expect(md).not.toContain('Unreliable run');
  });

  it('marks a run taken with load above 1 per core as unreliable', () => {
    const busy = renderMarkdown({ ...report, machine: { ...report.machine, loadAtStart: [3.2, 2, 1], reliable: false, reliability: 'UNRELIABLE: load' } });
    expect(busy).toContain('> **Unreliable run:** UNRELIABLE: load. Do not quote these figures.');
  });

  it('shows a missing measurement as not measured and its target as not judged', () => {
    expect(md).toContain('| home performance | not measured |  | >= 95 | not judged |  |');
    expect(renderText(report.sections[0])).toContain('home performance: not measured');
  });

  it('marks a benchmark that is not available and keeps multi-line notes as code blocks', () => {
    expect(md).toContain('## Identity\n\n**not available.**');
    expect(md).toContain('```\ncurve\nline 2\n```');
  });
});

describe('percentile and numbers', () => {
  it('uses the nearest-rank percentile', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile([7], 99)).toBe(7);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('counts only finite values as numbers', () => {
    expect([1, 0, Number.NaN, Number.POSITIVE_INFINITY, null, '1'].map(isNumber)).toEqual([true, true, false, false, false, false]);
  });
});
