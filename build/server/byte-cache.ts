// A map bounded by bytes rather than entries: each value states its size, the least recently used go
// first once over budget, and a value may grow (a compressed form made later) and be charged for it.

export class ByteCache<V> {
  private readonly map = new Map<string, { value: V; size: number }>();
  private used = 0;

  constructor(
    readonly limit: number,
    private readonly onEvict: () => void = () => {},
  ) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.map.size;
  }

  /** A hit moves the key to the young end (delete and set: Map keeps insertion order). */
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  /** Values larger than the whole budget are not kept (the caller still answers with them). */
  set(key: string, value: V, size: number): void {
    const old = this.map.get(key);
    if (old) {
      this.used -= old.size;
      this.map.delete(key);
    }
    if (size > this.limit) return;
    this.map.set(key, { value, size });
    this.used += size;
    this.trim();
  }

  /** A value that grows was just used (its compressed form was asked for): it becomes the youngest. */
  grow(key: string, by: number): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.map.set(key, e);
    e.size += by;
    this.used += by;
    this.trim();
  }

  clear(): void {
    this.map.clear();
    this.used = 0;
  }

  private trim(): void {
    if (this.used <= this.limit) return;
    this.onEvict();
    for (const [key, e] of this.map) {
      if (this.used <= this.limit) break;
      this.map.delete(key);
      this.used -= e.size;
    }
  }
}
