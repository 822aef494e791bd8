// A fixed window per key (action and client IP, or user), counted in the database: every
// instance sharing the database counts against the same limit, so a second instance behind the
// load balancer does not double what an attacker may try. The window follows the database's
// clock, the one clock all instances share. Keys are stored hashed (no IP address in clear).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export class RateLimiter {
  constructor(
    private readonly db: Db,
    /** Separates limiters whose keys could collide (per-IP actions, codes per user). */
    private readonly scope: string,
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one attempt for `key`; false once the window's allowance is spent. */
  async allow(key: string): Promise<boolean> {
    const hashed = createHash('sha256').update(`${this.scope}\n${key}`).digest('base64url');
    const seconds = this.windowMs / 1000;
    // One statement: concurrent attempts on any instance serialise on the row. In the update,
    // every expression reads the row as it was, so both CASEs test the same old window.
    const { rows } = await sql<{ hits: number }>`
      insert into identity.rate_limits as r (key, window_start, hits) values (${hashed}, now(), 1)
      on conflict (key) do update set
        hits = case when r.window_start <= now() - make_interval(secs => ${seconds}::float8) then 1 else r.hits + 1 end,
        window_start = case when r.window_start <= now() - make_interval(secs => ${seconds}::float8) then now() else r.window_start end
      returning hits`.execute(this.db);
    return rows[0].hits <= this.perWindow;
  }
}

/** Windows are an hour at most: a day-old row counts for nothing. */
export async function purgeRateLimits(db: Db): Promise<void> {
  await sql`delete from identity.rate_limits where window_start < now() - interval '1 day'`.execute(db);
}
