// Memory: the server process's resident set size right after start and after a load test on the
// business API, per engine. With PGlite the database runs inside the server process, so its
// memory is part of the figure; with PostgreSQL it is not (the database server is separate).
import autocannon from 'autocannon';
import { type BenchOptions, type Figure, round, type SectionResult } from './lib/figures.ts';
import { type Engine, postgresAvailable, rssMiB } from './lib/servers.ts';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runMemory(options: BenchOptions): Promise<SectionResult> {
  const started = Date.now();
  const section = 'Memory: server RSS per engine';
  const seconds = options.quick ? 3 : 20;
  const figures: Figure[] = [];
  const notes: string[] = [];
  const engines: Engine[] = ['pglite', 'postgres'];
  for (const engine of engines) {
    if (engine === 'postgres') {
      const unavailable = await postgresAvailable();
      if (unavailable) {
        notes.push(`PostgreSQL: not available (${unavailable})`);
        continue;
      }
    }
    const bench = await options.server(engine);
    const pid = bench.server.child.pid!;
    await settle(2000);
    const atStart = rssMiB(pid);
    options.log(`  ${engine}: ${round(atStart)} MiB after start; ${seconds} s of GET users/users...`);
    // The highest RSS during the load, sampled every 100 ms: a server must fit its machine at its
    // worst moment, not only once the load has ended.
    let peak = atStart;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
    }, 100);
    const result = await autocannon({
      url: `${bench.server.baseUrl}/api/v1/users/users?page_size=25`,
      connections: 10,
      duration: seconds,
      headers: { authorization: `Bearer ${bench.token}` },
    });
    clearInterval(sampler);
    const afterLoad = rssMiB(pid);
    peak = Math.max(peak, afterLoad);
    const ok = result['2xx'];
    if (result.non2xx > 0 || ok === 0) throw new Error(`${engine}: load test had ${result.non2xx} non-2xx answers and ${ok} 2xx`);
    figures.push({ name: `${engine}: RSS after start`, value: round(atStart), unit: 'MiB' });
    figures.push({
      name: `${engine}: peak RSS during API load`,
      value: round(peak),
      unit: 'MiB',
      compared: { label: 'after start', value: round(atStart), unit: 'MiB' },
    });
    figures.push({
      name: `${engine}: RSS after API load`,
      value: round(afterLoad),
      unit: 'MiB',
      compared: { label: 'after start', value: round(atStart), unit: 'MiB' },
      note: `${seconds} s, 10 connections, GET /api/v1/users/users: ${ok.toLocaleString('en-US')} requests, ${round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    });
  }
  notes.push(
    "RSS of the `npm start` process (VmRSS from /proc), serving the built app too. With PGlite the embedded database is inside that process; with PostgreSQL the database server's own memory is not counted.",
  );
  return { section, status: figures.length ? 'ok' : 'not available', figures, notes, durationMs: Date.now() - started };
}
