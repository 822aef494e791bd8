// A fixed one-minute window per key (action and client IP), in memory: each instance limits
// what reaches it, which is what protects its CPU from argon2 and SRP floods.
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private lastSweep = Date.now();

  constructor(private readonly perMinute: number) {}

  allow(key: string, now = Date.now()): boolean {
    if (now - this.lastSweep > 60_000) {
      for (const [k, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(k);
      this.lastSweep = now;
    }
    const w = this.windows.get(key);
    if (!w || now - w.start >= 60_000) {
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= this.perMinute;
  }
}
