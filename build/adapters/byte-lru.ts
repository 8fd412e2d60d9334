// The pack reader's caches of leaves and blocks: loads in flight are shared (two requests for one block
// read it once), loaded values are charged their bytes, and the least recently used go first once the
// budget is passed. A failed load is forgotten, so the next request tries again.

export class ByteLru<V extends Promise<{ length: number }>> {
  private readonly entries = new Map<number, { value: V; cost: number }>();
  bytes = 0;

  constructor(readonly budget: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: number, load: () => V): V {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: load(), cost: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (v) => {
        if (this.entries.get(key) !== entry) return;
        entry.cost = v.length;
        this.bytes += v.length;
        this.evict(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private evict(keep: number): void {
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.budget) return;
      if (key === keep) continue;
      this.entries.delete(key);
      this.bytes -= e.cost;
    }
  }
}
