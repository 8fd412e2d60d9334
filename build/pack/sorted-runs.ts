// The pack writer's directory before it is sorted: every path with its body's place, in the order written.
// The full build's 4.2 million paths are 494 MB of UTF-8 (118 bytes each on average), which held in memory
// until the end made most of the writer's resident set beside its heap. So they are kept as an external
// sort keeps its input: gathered into a run of at most `runBytes`, sorted, written to a file beside the
// pack's staging file (front-coded: 16 bytes a path instead of 118), and merged back in order at the end.

import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';

/** A body's place as the writer knows it: block number, offset in the block, length. */
export type BodyPlace = readonly [block: number, offset: number, length: number];

/** Paths' bytes gathered before a run is sorted and written: the memory the paths take at most. */
export const RUN_BYTES = 32 << 20;

/** One entry of the merged directory: its path's bytes (valid until the next entry) and its body's place. */
interface SortedEntry {
  key: Uint8Array;
  place: BodyPlace;
}

export class SortedRuns {
  private fd: number | undefined;
  private readonly bytes: Buffer;
  private used = 0;
  /** Per path of the run: start and length in `bytes`, then the place (5 numbers). */
  private entries = new Uint32Array(5 * 4096);
  private inRun = 0;
  /** Each written run's [start, end) in the file. */
  private readonly runs: [number, number][] = [];
  private fileBytes = 0;
  count = 0;

  constructor(
    readonly file: string,
    private readonly runBytes = RUN_BYTES,
  ) {
    this.bytes = Buffer.allocUnsafeSlow(runBytes);
    this.fd = openSync(file, 'w+');
  }

  /** The paths' bytes held in memory now: at most `runBytes`, however many paths were pushed. */
  get heldBytes(): number {
    return this.used;
  }

  push(path: string, place: BodyPlace): void {
    const length = Buffer.byteLength(path);
    if (length > 0xffff) throw new Error(`a pack path is at most 65,535 bytes: ${path.slice(0, 80)}…`);
    if (length > this.runBytes) throw new Error(`a path is longer than a run (${this.runBytes} bytes)`);
    if (this.used + length > this.runBytes) this.writeRun();
    if (5 * this.inRun + 5 > this.entries.length) {
      const grown = new Uint32Array(2 * this.entries.length);
      grown.set(this.entries);
      this.entries = grown;
    }
    this.bytes.write(path, this.used, 'utf8');
    this.entries.set([this.used, length, ...place], 5 * this.inRun);
    this.used += length;
    this.inRun++;
    this.count++;
  }

  /** Every entry in the order of its path's bytes; a path pushed twice is a build fault. */
  *sorted(): Generator<SortedEntry> {
    if (this.inRun) this.writeRun();
    const cursors = this.runs.map(([from, to]) => new RunCursor(this.fd!, from, to)).filter((c) => c.next());
    const heap = new CursorHeap(cursors);
    const previous = { bytes: new Uint8Array(256), length: 0 };
    for (let top = heap.top(); top; top = heap.top()) {
      const { key } = top;
      if (previous.length && Buffer.compare(previous.bytes.subarray(0, previous.length), key) === 0)
        throw new Error(`file conflict: ${Buffer.from(key).toString('utf8')} is written twice`);
      if (key.length > previous.bytes.length) previous.bytes = new Uint8Array(2 * key.length);
      previous.bytes.set(key);
      previous.length = key.length;
      yield top;
      heap.advance();
    }
  }

  /** Closes and removes the file. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.file, { force: true });
  }

  /** Sorts the gathered paths and appends them to the file, front-coded: u16 shared, u16 rest, the rest, u32 × 3 place. */
  private writeRun(): void {
    const { bytes, entries } = this;
    const key = (i: number) => bytes.subarray(entries[5 * i], entries[5 * i]! + entries[5 * i + 1]!);
    const order = Array.from({ length: this.inRun }, (_, i) => i).sort((a, b) => Buffer.compare(key(a), key(b)));
    const out = Buffer.allocUnsafe(this.used + 16 * this.inRun);
    let at = 0;
    let prev: Uint8Array = new Uint8Array(0);
    for (const i of order) {
      const k = key(i);
      let shared = 0;
      while (shared < k.length && shared < prev.length && k[shared] === prev[shared]) shared++;
      at = out.writeUInt16LE(shared, at);
      at = out.writeUInt16LE(k.length - shared, at);
      at += k.copy(out, at, shared);
      for (let p = 2; p < 5; p++) at = out.writeUInt32LE(entries[5 * i + p]!, at);
      prev = k;
    }
    for (let done = 0; done < at; ) done += writeSync(this.fd!, out, done, at - done, this.fileBytes + done);
    this.runs.push([this.fileBytes, this.fileBytes + at]);
    this.fileBytes += at;
    this.used = 0;
    this.inRun = 0;
  }
}

/** Reads one sorted run back, a buffer at a time. */
class RunCursor {
  key = new Uint8Array(256);
  keyLength = 0;
  place: [number, number, number] = [0, 0, 0];
  private buf = Buffer.allocUnsafe(1 << 20);
  private at = 0;
  private end = 0;

  constructor(
    private readonly fd: number,
    private position: number,
    private readonly to: number,
  ) {}

  get current(): Uint8Array {
    return this.key.subarray(0, this.keyLength);
  }

  /** Moves to the next entry; false at the run's end. */
  next(): boolean {
    if (!this.fill(4)) {
      if (this.at < this.end) throw new Error('a run of the pack directory ends inside an entry');
      return false;
    }
    const shared = this.buf.readUInt16LE(this.at);
    const rest = this.buf.readUInt16LE(this.at + 2);
    if (!this.fill(4 + rest + 12)) throw new Error('a run of the pack directory ends inside an entry');
    if (shared + rest > this.key.length) {
      const grown = new Uint8Array(2 * (shared + rest));
      grown.set(this.key.subarray(0, shared));
      this.key = grown;
    }
    this.buf.copy(this.key, shared, this.at + 4, this.at + 4 + rest);
    this.keyLength = shared + rest;
    let p = this.at + 4 + rest;
    for (let i = 0; i < 3; i++, p += 4) this.place[i] = this.buf.readUInt32LE(p);
    this.at = p;
    return true;
  }

  /** Whether the buffer holds `n` more bytes of the run, reading on if it does not. */
  private fill(n: number): boolean {
    if (this.end - this.at >= n) return true;
    if (n > this.buf.length) this.buf = Buffer.concat([this.buf, Buffer.allocUnsafe(n)]);
    const left = this.end - this.at;
    this.buf.copy(this.buf, 0, this.at, this.end);
    const want = Math.min(this.buf.length - left, this.to - this.position);
    for (let got = 0; got < want; ) got += readSync(this.fd, this.buf, left + got, want - got, this.position + got);
    this.position += want;
    this.at = 0;
    this.end = left + want;
    return this.end >= n;
  }
}

/** The cursors by their current path, smallest first (a binary heap: the full build merges about 16 runs). */
class CursorHeap {
  constructor(private readonly items: RunCursor[]) {
    for (let i = (items.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  top(): { key: Uint8Array; place: BodyPlace } | undefined {
    const c = this.items[0];
    return c && { key: c.current, place: c.place };
  }

  /** The smallest cursor moves on (and leaves when its run ends). */
  advance(): void {
    const c = this.items[0]!;
    if (!c.next()) {
      const last = this.items.pop()!;
      if (!this.items.length) return;
      this.items[0] = last;
    }
    this.down(0);
  }

  private less(a: number, b: number): boolean {
    return Buffer.compare(this.items[a]!.current, this.items[b]!.current) < 0;
  }

  private down(i: number): void {
    for (const n = this.items.length; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (r < n && this.less(r, m)) m = r;
      if (m === i) return;
      [this.items[i], this.items[m]] = [this.items[m]!, this.items[i]!];
      i = m;
    }
  }
}
