// latest.json and the markdown table: every figure beside what it is compared against and its
// target, with a verdict column.
import { type Figure, isNumber, type SectionResult } from './figures.ts';
import { describeMachine, type MachineState } from './machine.ts';

export interface BenchReport {
  mode: 'full' | 'quick';
  startedAt: string;
  durationS: number;
  /** The commit, date, cores and load average of the run; `reliable` is false above 1 per core. */
  machine: MachineState;
  sections: SectionResult[];
}

const fmt = (value: number | null, unit: string) => (isNumber(value) ? `${value.toLocaleString('en-US')} ${unit}`.trim() : 'not measured');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, '<br>');

function verdict(f: Figure): string {
  if (!f.target) return '';
  if (f.met === true) return 'met';
  if (f.met === false) return '**not met**';
  return 'not judged';
}

export function renderMarkdown(report: BenchReport): string {
  const lines = [
    `# Benchmark results (${report.mode} run)`,
    '',
    ...(report.machine.reliable ? [] : [`> **Unreliable run:** ${report.machine.reliability}. Do not quote these figures.`, '']),
    `Run ${report.startedAt}, ${report.durationS} s: ${describeMachine(report.machine)}. Produced by \`npm run bench${report.mode === 'quick' ? ' -- --quick' : ''}\` (bench/run.ts); the raw figures are in \`${report.mode === 'quick' ? 'quick' : 'latest'}.json\`.`,
    '',
  ];
  for (const s of report.sections) {
    lines.push(`## ${s.section}`, '');
    if (s.status !== 'ok') lines.push(`**${s.status}.**`, '');
    if (s.figures.length) {
      lines.push('| figure | value | compared with | target | verdict | notes |', '| --- | --- | --- | --- | --- | --- |');
      for (const f of s.figures) {
        const compared = f.compared ? `${f.compared.label}: ${fmt(f.compared.value, f.compared.unit)}` : '';
        lines.push(`| ${cell(f.name)} | ${cell(fmt(f.value, f.unit))} | ${cell(compared)} | ${cell(f.target ?? '')} | ${verdict(f)} | ${cell(f.note ?? '')} |`);
      }
      lines.push('');
    }
    for (const note of s.notes) {
      if (note.includes('\n')) lines.push('```', note, '```', '');
      else lines.push(`- ${note}`);
    }
    if (s.notes.length) lines.push('');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** The console form: one line per figure. */
export function renderText(s: SectionResult): string {
  const out = [`== ${s.section}: ${s.status} (${Math.round(s.durationMs / 1000)} s)`];
  for (const f of s.figures) {
    const compared = f.compared ? `  vs ${f.compared.label} ${fmt(f.compared.value, f.compared.unit)}` : '';
    const target = f.target ? `  target ${f.target}: ${verdict(f).replace(/\*/g, '')}` : '';
    out.push(`  ${f.name}: ${fmt(f.value, f.unit)}${compared}${target}${f.note ? `  (${f.note})` : ''}`);
  }
  for (const note of s.notes) out.push(`  ${note.replace(/\n/g, '\n  ')}`);
  return out.join('\n');
}
