// A fixed window per key (action and client IP, or user), in memory: each instance limits what
// reaches it, which is what protects its CPU from argon2 and SRP floods and inboxes from codes.
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private lastSweep = Date.now();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
  ) {}

  allow(key: string, now = Date.now()): boolean {
    if (now - this.lastSweep > this.windowMs) {
      for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
      this.lastSweep = now;
    }
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= this.perWindow;
  }
}
