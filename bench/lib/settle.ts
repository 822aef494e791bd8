// A section's own work (a build, Lighthouse's Chromium, a load generator) keeps the 1-minute load
// average high for a minute or more after it ends, and the next section's figures then come from
// a busy machine (the API and identity sections of a full run used to start at load 2.1-2.3 on 2
// cores and were marked unreliable). Between sections the runner waits for the load to fall back.
import os from 'node:os';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Settled {
  waitedS: number;
  load: number;
  /** false when the wait ran out before the load fell below the threshold. */
  settled: boolean;
}

/**
 * Waits until the 1-minute load average is at most `perCore` per core, or `maxWaitS` seconds have
 * passed. The load average decays with a one-minute time constant, so from 2 per core to 0.5 takes
 * about 80 s.
 */
export async function waitForQuietMachine({ perCore = 0.5, maxWaitS = 180, pollS = 5 } = {}): Promise<Settled> {
  const cpus = os.availableParallelism?.() ?? os.cpus().length;
  const threshold = perCore * cpus;
  const started = Date.now();
  let load = os.loadavg()[0];
  while (load > threshold && Date.now() - started < maxWaitS * 1000) {
    await sleep(pollS * 1000);
    load = os.loadavg()[0];
  }
  return { waitedS: Math.round((Date.now() - started) / 1000), load: Math.round(load * 100) / 100, settled: load <= threshold };
}
