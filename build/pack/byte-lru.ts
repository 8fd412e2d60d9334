// The pack reader's caches of leaves and blocks: loaded values are charged their bytes, and the least
// recently used go first once the budget is passed. Only loaded values are shared, never a read in
// flight: on Cloudflare a promise belongs to the request that made it, and a request waiting on another
// request's read is cancelled as hung when that one ends first (Cloudflare's "script will never generate
// a response" errors; seen here as 10 answers of 500 in 6,300 under wrk, whose timeouts cancel requests).
// Concurrent misses each read, and the first to finish fills the cache.

export class ByteLru<V extends { length: number }> {
  private readonly entries = new Map<number, V>();
  bytes = 0;

  constructor(readonly budget: number) {}

  get size(): number {
    return this.entries.size;
  }

  async get(key: number, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = await load();
    if (!this.entries.has(key)) {
      this.entries.set(key, value);
      this.bytes += value.length;
      this.evict(key);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private evict(keep: number): void {
    for (const [key, v] of this.entries) {
      if (this.bytes <= this.budget) return;
      if (key === keep) continue;
      this.entries.delete(key);
      this.bytes -= v.length;
    }
  }
}
