// What every result file records about the run that produced it: the commit measured, when, and
// how busy the machine was. Other work on a 2-core machine skews every figure, so a run that
// starts with a 1-minute load average above 1 per core is marked unreliable, and its figures
// should not be quoted.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface MachineState {
  /** The commit measured; `dirty` when the working tree had uncommitted changes. */
  commit: string;
  dirty: boolean;
  date: string;
  cpus: number;
  node: string;
  platform: string;
  /** 1, 5 and 15-minute load averages when the run started. */
  loadAtStart: [number, number, number];
  /** The 1-minute load average when the run ended (the run's own work is part of it). */
  loadAtEnd?: number;
  /** false when the 1-minute load at the start was above 1 per core. */
  reliable: boolean;
  reliability: string;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];

/** The state of the machine now: call it when a run starts. */
export function machineAtStart(): MachineState {
  const cpus = os.availableParallelism?.() ?? os.cpus().length;
  const loadAtStart = load();
  const reliable = loadAtStart[0] <= cpus;
  return {
    commit: git(['rev-parse', 'HEAD']) ?? 'unknown',
    dirty: (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '',
    date: new Date().toISOString(),
    cpus,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    loadAtStart,
    reliable,
    reliability: reliable
      ? `reliable: 1-minute load ${loadAtStart[0]} at the start, at most 1 per core (${cpus} cores)`
      : `UNRELIABLE: 1-minute load ${loadAtStart[0]} at the start is above 1 per core (${cpus} cores); other work on the machine skews every figure`,
  };
}

/** The same state with the load at the end filled in: call it when the run ends. */
export function machineAtEnd(start: MachineState): MachineState {
  return { ...start, loadAtEnd: load()[0] };
}

/** One line for a console or a markdown header. */
export function describeMachine(m: MachineState): string {
  return `commit ${m.commit.slice(0, 12)}${m.dirty ? ' (with uncommitted changes)' : ''}, ${m.date}, ${m.cpus} cores, Node ${m.node}, load average ${m.loadAtStart.join('/')} (1/5/15 min) at the start${m.loadAtEnd !== undefined ? `, ${m.loadAtEnd} at the end` : ''}: ${m.reliability}`;
}
