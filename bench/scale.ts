// Scale: the clients-list search (GET /api/v1/users/users?search=...) as the client count grows
// from 1,000 to 1,000,000 on PostgreSQL. Clients are generated in SQL (generate_series) straight
// into a fresh database behind a real server; the searches go through the real API with a real
// SUPER_ADMIN token, the way a receptionist looks a client up: part of an email, the last seven
// digits of a phone number, or a full name (names repeat, as they do in a real clinic).
import pg from 'pg';
import { type BenchOptions, type Figure, percentile, round, type SectionResult } from './lib/figures.ts';
import { postgresAvailable } from './lib/servers.ts';

const FIRST = [
  'Asha',
  'Rahul',
  'Priya',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Rohan',
  'Ananya',
  'Siddharth',
  'Isha',
  'Karan',
  'Neha',
  'Aditya',
  'Pooja',
  'Manish',
  'Divya',
  'Nikhil',
  'Sneha',
  'Rajesh',
  'Lakshmi',
  'Suresh',
  'Fatima',
  'Imran',
  'Deepa',
  'Anil',
  'Gita',
  'Harish',
  'Jaya',
  'Kiran',
  'Leela',
  'Mohan',
  'Nisha',
  'Omkar',
  'Parvati',
  'Ravi',
  'Sunita',
  'Tarun',
  'Uma',
  'Varun',
  'Zara',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Gupta',
  'Khan',
  'Singh',
  'Das',
  'Menon',
  'Pillai',
  'Rao',
  'Joshi',
  'Kulkarni',
  'Desai',
  'Mehta',
  'Shah',
  'Bose',
  'Chatterjee',
  'Banerjee',
  'Mukherjee',
  'Kapoor',
  'Malhotra',
  'Chopra',
  'Bhat',
  'Hegde',
  'Shetty',
  'Naidu',
  'Chauhan',
  'Yadav',
  'Mishra',
  'Pandey',
  'Tiwari',
  'Saxena',
  'Agarwal',
  'Jain',
  'Thomas',
  'Fernandes',
  'Dsouza',
  'Qureshi',
  'Ansari',
  'Sethi',
];

const PHONE_MULTIPLIER = 7919; // prime, coprime with 10^8: every i below 10^8 gets its own number

/** The same formulas as the SQL below, so a query can name a client that exists. */
export function client(i: number) {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  const phone = `+9198${String((i * PHONE_MULTIPLIER) % 100_000_000).padStart(8, '0')}`;
  const email = `${first}.${last}${i}@example.test`.toLowerCase();
  return { first, last, phone, email };
}

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

export async function insertClients(db: pg.Client, from: number, to: number): Promise<void> {
  await db.query(`
    insert into users (sub, username, email, first_name, last_name, phone_number, role)
    select 'bench-client-' || i, e, e, f, l, p, 'CLIENT'
    from (
      select i,
        (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] as f,
        (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] as l,
        '+9198' || lpad(((i::bigint * ${PHONE_MULTIPLIER}) % 100000000)::text, 8, '0') as p
      from generate_series(${from}::bigint, ${to}::bigint) as i
    ) g, lateral (select lower(f || '.' || l || i || '@example.test') as e) m`);
}

const KINDS = ['email', 'phone', 'name'] as const;

/** A search term for the n-th query: an email fragment, phone digits or a full name, in turn. */
function term(n: number, count: number, random: () => number): string {
  const c = client(1 + Math.floor(random() * count));
  switch (n % 3) {
    case 0:
      return c.email.split('@')[0];
    case 1:
      return c.phone.slice(-7);
    default:
      return `${c.first} ${c.last}`;
  }
}

/** Small deterministic generator: every run asks the same questions. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Measured {
  p50: number;
  p95: number;
  matches: number;
  byKind: string;
}

async function measure(baseUrl: string, token: string, count: number, queries: number): Promise<Measured> {
  const random = mulberry32(count);
  const ask = async (q: string) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/users/users?search=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { count: number };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`search ${JSON.stringify(q)} answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms, found: body.count };
  };
  for (let n = 0; n < 20; n++) await ask(term(n, count, random)); // warm caches and the JIT
  const samples: number[] = [];
  const kinds: number[][] = KINDS.map(() => []);
  let matches = 0;
  for (let n = 0; n < queries; n++) {
    const r = await ask(term(n, count, random));
    samples.push(r.ms);
    kinds[n % 3].push(r.ms);
    if (r.found > 0) matches++;
  }
  const byKind = KINDS.map((k, i) => `${k} p50 ${round(percentile(kinds[i], 50), 1)} / p95 ${round(percentile(kinds[i], 95), 1)} ms`).join(', ');
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), matches, byKind };
}

function curve(points: Array<{ size: number; p50: number; p95: number }>): string {
  const max = Math.max(...points.map((p) => p.p95));
  return points
    .map(
      (p) =>
        `${p.size.toLocaleString('en-US').padStart(9)} clients | ${'#'.repeat(Math.max(1, Math.round((p.p95 / max) * 40))).padEnd(40)} p50 ${round(p.p50)} ms, p95 ${round(p.p95)} ms`,
    )
    .join('\n');
}

export async function runScale(options: BenchOptions): Promise<SectionResult> {
  const started = Date.now();
  const section = 'Scale: clients-list search (PostgreSQL)';
  const unavailable = await postgresAvailable();
  if (unavailable) return { section, status: 'not available', figures: [], notes: [unavailable], durationMs: Date.now() - started };
  const sizes = options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000, 1_000_000];
  const queries = 200;
  const bench = await options.server('postgres');
  const db = new pg.Client({ connectionString: bench.databaseUrl! });
  await db.connect();
  const points: Array<Measured & { size: number; insertS: number }> = [];
  try {
    const indexes = await db.query<{ indexdef: string }>(`select indexdef from pg_indexes where tablename = 'users'`);
    const trigram = indexes.rows.filter((r) => /gin_trgm_ops/.test(r.indexdef)).map((r) => r.indexdef);
    let inserted = 0;
    for (const size of sizes) {
      const t0 = Date.now();
      // In steps of 100,000 so no single statement holds a huge transaction.
      while (inserted < size) {
        const next = Math.min(size, inserted + 100_000);
        await insertClients(db, inserted + 1, next);
        inserted = next;
      }
      await db.query('vacuum analyze users');
      const insertS = (Date.now() - t0) / 1000;
      options.log(`  ${size.toLocaleString('en-US')} clients (loaded in ${round(insertS)} s): ${queries} searches...`);
      const m = await measure(bench.server.baseUrl, bench.token, size, queries);
      points.push({ size, ...m, insertS });
      options.log(`    p50 ${round(m.p50)} ms, p95 ${round(m.p95)} ms, ${m.matches}/${queries} found (${m.byKind})`);
    }
    const at = (size: number) => points.find((p) => p.size === size);
    const base = at(10_000)!;
    const figures: Figure[] = points.map((p) => ({
      name: `search p50 / p95 at ${p.size.toLocaleString('en-US')} clients`,
      value: round(p.p95, 2),
      unit: 'ms (p95)',
      compared: p.size === 10_000 ? undefined : { label: 'p95 at 10,000', value: round(base.p95, 2), unit: 'ms' },
      note: `p50 ${round(p.p50, 2)} ms; by kind: ${p.byKind}; ${p.matches}/${queries} searches found their client; data loaded in ${round(p.insertS)} s`,
      ...(p.size === 1_000_000 ? { target: '<= 2x p95 at 10,000', met: p.p95 <= 2 * base.p95 } : {}),
    }));
    const biggest = points.at(-1)!;
    if (biggest.size !== 1_000_000) {
      figures.push({
        name: `p95 ratio ${biggest.size.toLocaleString('en-US')} / 1,000`,
        value: round(biggest.p95 / points[0].p95, 2),
        unit: 'x',
        note: 'quick mode: the 1,000,000 target is judged only in a full run',
      });
    } else {
      figures.push({
        name: 'p95 ratio 1,000,000 / 10,000',
        value: round(biggest.p95 / base.p95, 2),
        unit: 'x',
        target: '<= 2x',
        met: biggest.p95 <= 2 * base.p95,
      });
    }
    return {
      section,
      status: 'ok',
      figures,
      notes: [
        `Each size: ${queries} searches one after another (after 20 warm-up searches), in turn part of an email, the last 7 digits of a phone number, or a full name; latency measured by the caller over HTTP with a real SUPER_ADMIN token. Generated rows are users (role CLIENT) only; the list does not read profiles.`,
        `Search indexes found on users: ${trigram.length ? trigram.join('; ') : 'none (no trigram index)'}`,
        `Curve (p95):\n${curve(points)}`,
      ],
      durationMs: Date.now() - started,
    };
  } finally {
    await db.end().catch(() => {});
  }
}
