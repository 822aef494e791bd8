// `npm run bench:api`: the business API under load, never part of `npm test`.
// On each engine (PGlite; PostgreSQL too when DATABASE_URL is set) a fresh database gets 100,000
// users; autocannon (64 connections, a separate process) then drives
//   GET /api/v1/users/users?search=<term>&page_size=25   and   GET /api/v1/users/user-profiles/{id}
// each paired, in the same run and the same server, with a bare Fastify route running the same
// SQL with no authentication, validation or serialisation schema. The profile read's SQL includes
// its audit insert (findProfileAudited: the read and its audit entry in one statement), so the bare
// profile route writes the same audit row and the ratio compares like with like. Prints req/s, p50/p99 and
// the ratio API/bare. Targets on PostgreSQL (TARGETS below): the search at 0.8 or more of its bare
// route with p99 under 50 ms; the profile read at 0.6 or more of its bare route.
// Flags: --quick (short runs, 2,000 users), --json <file> (figures for `npm run bench`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { listExtras } from '../server/api/people/list-extras.ts';
import { findProfileAudited, listUsers } from '../server/api/people/data.ts';
import { insertUserWithProfile } from '../server/api/people/provision.ts';
import type { Engine } from '../server/db/database.ts';
import { createSignedInUser } from '../tests/support/identity.ts';
import { buildTestApp, type TestApp } from '../tests/support/test-app.ts';
import type { Figure } from './lib/figures.ts';
import { describeMachine, machineAtEnd, machineAtStart } from './lib/machine.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const USERS = quick ? 2_000 : 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 10));
const CONNECTIONS = 64;
const SEARCH = 'sharma';
const root = path.resolve(import.meta.dirname, '..');

/** Each endpoint's targets on PostgreSQL: ratio to its bare route, and p99 where one is set. */
const TARGETS = {
  search: { ratio: 0.8, p99Ms: 50 },
  profile: { ratio: 0.6, p99Ms: null },
} as const;
type EndpointKind = keyof typeof TARGETS;

const FIRST = [
  'Aarav',
  'Priya',
  'Rahul',
  'Ananya',
  'Vikram',
  'Diya',
  'Arjun',
  'Kavya',
  'Rohan',
  'Meera',
  'Karan',
  'Isha',
  'Nikhil',
  'Sneha',
  'Aditya',
  'Pooja',
  'Siddharth',
  'Riya',
  'Manoj',
  'Lakshmi',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Mehta',
  'Gupta',
  'Singh',
  'Kapoor',
  'Chopra',
  'Banerjee',
  'Das',
  'Menon',
  'Pillai',
  'Naidu',
  'Joshi',
  'Kulkarni',
  'Agarwal',
  'Bose',
  'Khan',
  'Fernandes',
  'Gill',
  'Sandhu',
  'Chatterjee',
  'Mukherjee',
  'Deshpande',
  'Qureshi',
  'Saxena',
  'Malhotra',
  'Bhatia',
  'Rao',
  'Hegde',
  'Kamath',
  'Shetty',
  'Pandey',
  'Mishra',
  'Tiwari',
  'Dubey',
];

async function loadUsers(t: TestApp, count: number): Promise<void> {
  const db = t.database.db;
  const first = `{${FIRST.join(',')}}`;
  const last = `{${LAST.join(',')}}`;
  const batch = 20_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await sql`
      insert into users (sub, username, email, first_name, last_name, phone_number, role)
      select 'bench-' || g, 'bench-' || g,
             lower((${first}::text[])[1 + g % ${FIRST.length}]) || '.' || lower((${last}::text[])[1 + (g / 7) % ${LAST.length}]) || '.' || g || '@bench.example',
             (${first}::text[])[1 + g % ${FIRST.length}], (${last}::text[])[1 + (g / 7) % ${LAST.length}],
             '+9198' || lpad((g * 7919 % 100000000)::text, 8, '0'),
             case when g % 50 = 0 then 'NURSE' else 'CLIENT' end
      from generate_series(${from}::int, ${to}::int) as g`.execute(db);
    await sql`
      insert into user_profiles (user_id, city, health_goals)
      select id, 'Mumbai', '{"goal": "sleep better"}'::jsonb from users u
      where u.sub like 'bench-%' and not exists (select 1 from user_profiles p where p.user_id = u.id)`.execute(db);
  }
  await sql`analyze`.execute(db);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  // PGlite serves one query at a time, so 64 waiting connections queue for seconds: a long
  // timeout lets every request finish and count, instead of piling abandoned work on the next run.
  const argv = ['-c', String(CONNECTIONS), '-d', String(seconds), '-t', '120', '-j'];
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}=${v}`);
  argv.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/autocannon'), argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
    });
  });
}

function ratioText(api: Run, bare: Run): string {
  return api.rps > 0 && bare.rps > 0 ? (api.rps / bare.rps).toFixed(2) : 'n/a';
}

interface Pair {
  engine: Engine;
  kind: EndpointKind;
  endpoint: string;
  api: Run;
  bare: Run;
}

async function benchEngine(engine: Engine): Promise<Pair[]> {
  console.log(`\n[${engine}] building a fresh database with ${USERS.toLocaleString('en-IN')} users ...`);
  // The per-IP/per-token rate limits would turn a load test into a 429 test.
  const t = await buildTestApp(engine, { env: { API_RATE_LIMIT_PER_IP: '1000000000', API_RATE_LIMIT_PER_TOKEN: '1000000000' } });
  try {
    const profileId = Math.floor(USERS / 2);
    const db = t.database.db;
    let actor: { id: number; role: 'ADMIN' } | null = null;
    // The same SQL the API runs, with nothing around it.
    t.app.register(async (bare) => {
      bare.get('/bench/bare/users', async () => {
        const { count, rows } = await listUsers(db, { page: 1, pageSize: 25, search: SEARCH, isActive: true });
        const extras = await listExtras(
          db,
          rows.map((r) => r.id),
        );
        return { count, next: null, previous: null, results: rows.map((r) => ({ ...r, ...extras.get(r.id) })) };
      });
      // The real route's statement, audit insert included, as the signed-in admin.
      bare.get<{ Params: { id: string } }>('/bench/bare/user-profiles/:id', async (request) =>
        findProfileAudited(db, Number(request.params.id), { actor: actor!, action: 'profile.read', requestId: request.id, outcome: 'success' }),
      );
    });
    const started = Date.now();
    await loadUsers(t, USERS);
    console.log(`[${engine}] loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const signed = await createSignedInUser(t, { email: 'bench.admin@bench.example', role: 'ADMIN' });
    await t.database.db
      .transaction()
      .execute((trx) =>
        insertUserWithProfile(trx, { sub: signed.sub, username: signed.username, email: signed.email, first_name: 'Bench', last_name: 'Admin', role: 'ADMIN' }),
      );
    const admin = await db.selectFrom('users').select('id').where('sub', '=', signed.sub).executeTakeFirstOrThrow();
    actor = { id: admin.id as number, role: 'ADMIN' };
    const base = await t.listen();
    const auth = { authorization: `Bearer ${signed.accessToken}` };
    const check = await fetch(`${base}/api/v1/users/users?search=${SEARCH}&page_size=25`, { headers: auth });
    const body = (await check.json()) as { count: number };
    if (check.status !== 200) throw new Error(`API answered ${check.status}`);
    console.log(`[${engine}] search "${SEARCH}" matches ${body.count.toLocaleString('en-IN')} users`);
    const endpoints: Array<{ kind: EndpointKind; name: string; api: string; bare: string }> = [
      {
        kind: 'search',
        name: `GET users/users?search=${SEARCH}&page_size=25`,
        api: `${base}/api/v1/users/users?search=${SEARCH}&page_size=25`,
        bare: `${base}/bench/bare/users`,
      },
      {
        kind: 'profile',
        name: 'GET users/user-profiles/{id}',
        api: `${base}/api/v1/users/user-profiles/${profileId}`,
        bare: `${base}/bench/bare/user-profiles/${profileId}`,
      },
    ];
    const pairs: Pair[] = [];
    for (const e of endpoints) {
      await autocannon(e.api, auth, 2); // warm-up
      const api = await autocannon(e.api, auth, SECONDS);
      await autocannon(e.bare, {}, 2);
      const bare = await autocannon(e.bare, {}, SECONDS);
      pairs.push({ engine, kind: e.kind, endpoint: e.name, api, bare });
      console.log(
        `[${engine}] ${e.name}: API ${api.rps.toFixed(0)} req/s (p50 ${api.p50} ms, p99 ${api.p99} ms) | bare ${bare.rps.toFixed(0)} req/s (p50 ${bare.p50} ms, p99 ${bare.p99} ms) | ratio ${ratioText(api, bare)}`,
      );
      if (api.errors || api.non2xx || bare.errors || bare.non2xx)
        console.log(`[${engine}]   errors: API ${api.errors}/${api.non2xx} non-2xx, bare ${bare.errors}/${bare.non2xx}`);
    }
    return pairs;
  } finally {
    await t.close();
  }
}

async function main(): Promise<void> {
  const machine = machineAtStart();
  console.log(describeMachine(machine));
  const engines: Engine[] = process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PGlite only (set it to add PostgreSQL).');
  const pairs: Pair[] = [];
  for (const engine of engines) pairs.push(...(await benchEngine(engine)));

  console.log(`\nBusiness API vs bare route, ${CONNECTIONS} connections, ${SECONDS} s each, ${USERS.toLocaleString('en-IN')} users`);
  console.log('engine    endpoint                                       API req/s  p50 ms  p99 ms   bare req/s  p50 ms  p99 ms   ratio');
  for (const p of pairs) {
    console.log(
      `${p.engine.padEnd(9)} ${p.endpoint.padEnd(46)} ${p.api.rps.toFixed(0).padStart(9)} ${String(p.api.p50).padStart(7)} ${String(p.api.p99).padStart(7)} ${p.bare.rps.toFixed(0).padStart(12)} ${String(p.bare.p50).padStart(7)} ${String(p.bare.p99).padStart(7)} ${ratioText(p.api, p.bare).padStart(7)}`,
    );
  }
  console.log(
    `Targets on PostgreSQL: search ratio >= ${TARGETS.search.ratio} and p99 < ${TARGETS.search.p99Ms} ms; profile ratio >= ${TARGETS.profile.ratio}.`,
  );

  if (jsonOut) {
    const figures: Figure[] = [];
    for (const p of pairs) {
      const pg = p.engine === 'postgres';
      const ratio = p.api.rps > 0 && p.bare.rps > 0 ? p.api.rps / p.bare.rps : null;
      const target = TARGETS[p.kind];
      figures.push({
        name: `${p.engine} ${p.endpoint} req/s`,
        value: p.api.rps,
        unit: 'req/s',
        compared: { label: 'bare route', value: p.bare.rps, unit: 'req/s' },
      });
      figures.push({
        name: `${p.engine} ${p.endpoint} ratio`,
        value: ratio,
        unit: 'x',
        ...(pg ? { target: `>= ${target.ratio}`, met: ratio === null ? null : ratio >= target.ratio } : {}),
      });
      figures.push({ name: `${p.engine} ${p.endpoint} p50`, value: p.api.p50, unit: 'ms', compared: { label: 'bare route', value: p.bare.p50, unit: 'ms' } });
      const p99Target = pg && target.p99Ms !== null ? { target: `< ${target.p99Ms} ms`, met: p.api.p99 < target.p99Ms } : {};
      figures.push({
        name: `${p.engine} ${p.endpoint} p99`,
        value: p.api.p99,
        unit: 'ms',
        compared: { label: 'bare route', value: p.bare.p99, unit: 'ms' },
        ...p99Target,
      });
    }
    const notes = [
      `${USERS} users, ${CONNECTIONS} connections, ${SECONDS} s per run; the bare profile route runs the real route's statement, audit insert included`,
    ];
    fs.writeFileSync(jsonOut, JSON.stringify({ machine: machineAtEnd(machine), figures, notes }, null, 2));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
