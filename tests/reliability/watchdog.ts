// The fuzzer's watch over the server while it runs (issue 42): every request has a time bound
// (10 s; one without an answer by then is a hang, counted and failed like a 5xx), /healthz is
// asked every few hundred requests (it must answer 200 in time), and the process's RSS is
// sampled (growth past a bound fails the run: a request that builds an unbounded range shows
// here before the machine runs out of memory). A request that blocks the event loop forever
// cannot be timed from the same thread, so a watchdog thread does it: when one request has been
// in flight for a minute without the loop coming back, it writes the request to stderr and ends
// this test process, and the run fails instead of hanging.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const HANG_MS = Number(process.env.FUZZ_HANG_MS ?? 10_000);
/** Growth of RSS over the run that fails it (MiB). */
export const RSS_GROWTH_LIMIT_MIB = Number(process.env.FUZZ_RSS_GROWTH_MIB ?? 1536);
const HEALTH_EVERY = 250;
const BLOCKED_LOOP_MS = Number(process.env.FUZZ_BLOCKED_LOOP_MS ?? 60_000);
const LABEL_BYTES = 600;

export interface WatchReport {
  requests: number;
  fiveXx: number;
  hangs: number;
  healthChecks: number;
  healthFailures: number;
  rssStartMiB: number;
  rssPeakMiB: number;
  slowestMs: number;
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

// The watchdog thread: shared memory holds [in flight (0/1), heartbeat counter] and the label.
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const state = new Int32Array(workerData.state);
const label = new Uint8Array(workerData.label);
let last = -1, since = Date.now();
setInterval(() => {
  const beat = Atomics.load(state, 1);
  if (beat !== last || Atomics.load(state, 0) === 0) { last = beat; since = Date.now(); return; }
  if (Date.now() - since < workerData.blockedMs) return;
  const text = Buffer.from(label).toString('utf8').replace(/\\0+$/, '');
  fs.writeSync(2, '\\nFUZZ HANG: the server blocked its event loop for ' + Math.round((Date.now() - since) / 1000) + ' s on: ' + text + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, 1000);
`;

export class FuzzWatch {
  readonly hung: string[] = [];
  readonly unhealthy: string[] = [];
  private requests = 0;
  private fiveXx = 0;
  private healthChecks = 0;
  private slowestMs = 0;
  private readonly rssStart = process.memoryUsage().rss;
  private rssPeak = this.rssStart;
  private readonly state = new Int32Array(new SharedArrayBuffer(8));
  private readonly label = new Uint8Array(new SharedArrayBuffer(LABEL_BYTES));
  private readonly worker: Worker;

  constructor(private readonly app: FastifyInstance) {
    // No loaders (tsx) in the thread: it must start and run while the main thread is blocked.
    this.worker = new Worker(WATCHDOG_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { state: this.state.buffer, label: this.label.buffer, blockedMs: BLOCKED_LOOP_MS },
    });
    this.worker.unref();
  }

  /** One request under the time bound: its response, or null when it hung (counted). */
  async inject(options: InjectOptions, label: string): Promise<LightMyRequestResponse | null> {
    this.requests += 1;
    this.label.fill(0);
    this.label.set(Buffer.from(label).subarray(0, LABEL_BYTES));
    Atomics.add(this.state, 1, 1);
    Atomics.store(this.state, 0, 1);
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), HANG_MS);
    });
    try {
      const res = await Promise.race([this.app.inject(options), deadline]);
      const took = performance.now() - started;
      this.slowestMs = Math.max(this.slowestMs, took);
      // An answer after the bound (a loop that blocked, then finished) is a hang too.
      if (res === 'hung' || took > HANG_MS) {
        this.hung.push(`${label.slice(0, 300)} (${res === 'hung' ? 'no answer' : 'answered'} after ${Math.round(took)} ms)`);
        return res === 'hung' ? null : res;
      }
      if (res.statusCode >= 500) this.fiveXx += 1;
      return res;
    } finally {
      clearTimeout(timer);
      Atomics.store(this.state, 0, 0);
      Atomics.add(this.state, 1, 1);
      if (this.requests % HEALTH_EVERY === 0) await this.check(label);
    }
  }

  /** /healthz answers 200 in time, and RSS has not grown past the bound. */
  async check(after = 'the run'): Promise<void> {
    this.healthChecks += 1;
    const rss = process.memoryUsage().rss;
    this.rssPeak = Math.max(this.rssPeak, rss);
    if (mib(rss - this.rssStart) > RSS_GROWTH_LIMIT_MIB)
      this.unhealthy.push(`RSS grew ${mib(rss - this.rssStart)} MiB (limit ${RSS_GROWTH_LIMIT_MIB}) after ${after.slice(0, 200)}`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), HANG_MS);
    });
    const res = await Promise.race([this.app.inject({ method: 'GET', url: '/healthz' }), deadline]);
    clearTimeout(timer);
    if (!res || res.statusCode !== 200) this.unhealthy.push(`/healthz ${res ? res.statusCode : 'no answer'} after ${after.slice(0, 200)}`);
  }

  /** The 5xx answers this watch saw (the callers say which requests they were). */
  get serverErrors(): number {
    return this.fiveXx;
  }

  report(): WatchReport {
    return {
      requests: this.requests,
      fiveXx: this.fiveXx,
      hangs: this.hung.length,
      healthChecks: this.healthChecks,
      healthFailures: this.unhealthy.length,
      rssStartMiB: mib(this.rssStart),
      rssPeakMiB: mib(this.rssPeak),
      slowestMs: Math.round(this.slowestMs),
    };
  }

  /** One line for the run's output and the reliability table. */
  summary(): string {
    const r = this.report();
    return `${r.requests} requests, ${r.fiveXx} × 5xx, ${r.hangs} hangs (bound ${HANG_MS / 1000} s, slowest ${r.slowestMs} ms), /healthz ${r.healthChecks - r.healthFailures}/${r.healthChecks} healthy, RSS ${r.rssStartMiB} → peak ${r.rssPeakMiB} MiB`;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Writes the line to stdout whatever the reporter captures (the CI log keeps it). */
export function printWatch(line: string): void {
  fs.writeSync(1, `${line}\n`);
}
