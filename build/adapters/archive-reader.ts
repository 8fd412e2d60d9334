// The offline bundle's data file: every file of a dist in one file that serve.mjs reads by random
// access, so unpacking the bundle makes a handful of files instead of one inode per response (the
// full build has 2.3 million). Node builtins only: this module is bundled into serve.mjs, which runs
// with nothing installed. The writer is build/core/archive-effects.ts.
//
// Layout (integers little-endian):
//   header  16 bytes  MAGIC
//   blocks  brotli streams, each the concatenation of whole bodies (about 256 KB before compression:
//           small enough to decompress for one request in a fraction of a millisecond, large enough
//           for brotli to find the repetition between neighbouring responses)
//   index   one brotli stream, below
//   footer  32 bytes  index offset u64, index length u32, index raw length u32, index check u32,
//                     format version u32, END
// The index, decompressed: blockCount, entryCount, BUCKET, longest path (u32 each); per block its
// compressed length, raw length and check (u32 each); per bucket of BUCKET paths the offset of its
// first entry in the entries that follow (u32); the entries sorted by the bytes of their UTF-8 paths,
// each a varint count of bytes shared with the previous path (0 at a bucket's start), the varint
// length and bytes of the rest, and varint block, offset and length. A lookup is a binary search over
// the buckets' first paths and a scan of one bucket: the index loads as one buffer, with no per-path
// object: the full build's 832,000 paths load in 0.1 s into 53 MB.

import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, read, readSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync } from 'node:zlib';

export const MAGIC = 'REGSTAT-ARCHIVE\n';
export const END = 'RGSTEND\n';
export const VERSION = 1;
export const HEADER_BYTES = 16;
export const FOOTER_BYTES = 32;
export const BUCKET = 32;
export const INDEX_HEAD_BYTES = 16;

/** Guards against damage on disk, not against tampering: the first 4 bytes of a SHA-256. */
export const check = (bytes: Uint8Array): number => createHash('sha256').update(bytes).digest().readUInt32LE(0);

/** A damaged, truncated or foreign data file; the message says how to get a good one. */
export class ArchiveError extends Error {
  constructor(file: string, problem: string) {
    super(
      `${file} is not a usable regstat archive: ${problem}. Unpack the bundle again (tar xzf regstat.tar.gz), or write a new one (npm run bundle -- --dir dist --out regstat.tar.gz).`,
    );
    this.name = 'ArchiveError';
  }
}

const readAt = promisify(read);
const decompress = promisify(brotliDecompress);

/** Where a varint ended; module-level so the decoder allocates nothing per call. */
let after = 0;
function varint(buf: Buffer, at: number): number {
  let value = 0;
  for (let shift = 1; ; shift *= 128) {
    const byte = buf[at++]!;
    value += (byte & 127) * shift;
    if (byte < 128) break;
  }
  after = at;
  return value;
}

/** Whether bytes [from, to) of buf sort after key (a loop: Buffer#compare's argument checks cost more on short paths). */
function above(buf: Buffer, from: number, to: number, key: Buffer): boolean {
  for (let k = 0; from < to; from++, k++) {
    if (k === key.length) return true;
    if (buf[from] !== key[k]) return buf[from]! > key[k]!;
  }
  return false;
}

export interface ArchiveOptions {
  /** Bound on the decompressed blocks kept in memory (default 64 MB). */
  cacheBytes?: number;
}

export class Archive {
  readonly entries: number;
  private readonly fd: number;
  private readonly index: Buffer;
  private readonly blockCount: number;
  /** Per block: file offset, compressed length, raw length, check. */
  private readonly blockAt: Float64Array;
  private readonly buckets: number;
  private readonly bucketsAt: number;
  private readonly entriesAt: number;
  private readonly longest: number;
  private readonly cache = new Map<number, Promise<Buffer>>();
  private cached = 0;
  private readonly cacheBytes: number;

  /** Opens and checks the data file and loads its index; throws an ArchiveError when it is not whole. */
  static open(file: string, options: ArchiveOptions = {}): Archive {
    const fd = openSync(file, 'r');
    try {
      return new Archive(file, fd, options);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  private constructor(
    readonly file: string,
    fd: number,
    options: ArchiveOptions,
  ) {
    this.fd = fd;
    this.cacheBytes = options.cacheBytes ?? 64 << 20;
    const bad = (problem: string) => new ArchiveError(file, problem);
    const size = fstatSync(fd).size;
    if (size < HEADER_BYTES + FOOTER_BYTES) throw bad(`it has ${size} bytes, fewer than an empty archive (it is truncated)`);
    const header = this.readSync(0, HEADER_BYTES);
    if (header.toString('latin1') !== MAGIC) throw bad('it does not start with the regstat archive header');
    const footer = this.readSync(size - FOOTER_BYTES, FOOTER_BYTES);
    if (footer.toString('latin1', 24) !== END) throw bad('its end is missing (it is truncated, or was still being written)');
    const version = footer.readUInt32LE(20);
    if (version !== VERSION) throw bad(`it is of format version ${version}, and this serve.mjs reads version ${VERSION} (run the serve.mjs of its own bundle)`);
    const indexAt = Number(footer.readBigUInt64LE(0));
    const indexLength = footer.readUInt32LE(8);
    if (indexAt < HEADER_BYTES || indexAt + indexLength !== size - FOOTER_BYTES) throw bad('its footer does not match its size (it is truncated or damaged)');
    const packed = this.readSync(indexAt, indexLength);
    if (check(packed) !== footer.readUInt32LE(16)) throw bad('its index fails its check (it is damaged)');
    const index = (this.index = brotliDecompressSync(packed));
    if (index.length !== footer.readUInt32LE(12) || index.length < INDEX_HEAD_BYTES) throw bad('its index has the wrong length');
    this.blockCount = index.readUInt32LE(0);
    this.entries = index.readUInt32LE(4);
    if (index.readUInt32LE(8) !== BUCKET) throw bad('its index has an unknown bucket size');
    this.longest = index.readUInt32LE(12);
    this.buckets = Math.ceil(this.entries / BUCKET);
    this.bucketsAt = INDEX_HEAD_BYTES + 12 * this.blockCount;
    this.entriesAt = this.bucketsAt + 4 * this.buckets;
    if (this.entriesAt > index.length) throw bad('its index is shorter than its counts say');
    this.blockAt = new Float64Array(4 * this.blockCount);
    let at = HEADER_BYTES;
    for (let b = 0; b < this.blockCount; b++) {
      const packedLength = index.readUInt32LE(INDEX_HEAD_BYTES + 12 * b);
      this.blockAt.set([at, packedLength, index.readUInt32LE(INDEX_HEAD_BYTES + 12 * b + 4), index.readUInt32LE(INDEX_HEAD_BYTES + 12 * b + 8)], 4 * b);
      at += packedLength;
    }
    if (at !== indexAt) throw bad('its blocks do not add up to where its index starts');
  }

  private readSync(position: number, length: number): Buffer {
    const buf = Buffer.alloc(length);
    for (let done = 0; done < length; ) {
      const n = readSync(this.fd, buf, done, length - done, position + done);
      if (n === 0) throw new ArchiveError(this.file, 'it ended early while being read');
      done += n;
    }
    return buf;
  }

  /** The bytes of the file at a dist path such as /api/v1/prefectures/index.json, or null. Do not modify them: they are shared with the cache. */
  async get(path: string): Promise<Buffer | null> {
    const at = this.find(path);
    if (!at) return null;
    const [n, offset, length] = at;
    if (!(n < this.blockCount)) throw new ArchiveError(this.file, `its index names block ${n} of ${this.blockCount}`);
    const block = await this.block(n);
    if (offset + length > block.length) throw new ArchiveError(this.file, `its index points past the end of block ${n}`);
    return block.subarray(offset, offset + length);
  }

  has(path: string): boolean {
    return this.find(path) !== null;
  }

  /** Every path, in index order (by UTF-8 bytes). */
  *paths(): Generator<string> {
    const path = Buffer.alloc(this.longest);
    let at = this.entriesAt;
    for (let i = 0; i < this.entries; i++) {
      const shared = varint(this.index, at);
      const rest = varint(this.index, after);
      this.index.copy(path, shared, after, after + rest);
      at = after + rest;
      varint(this.index, at); // block, offset and length
      varint(this.index, after);
      varint(this.index, after);
      at = after;
      yield path.toString('utf8', 0, shared + rest);
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  /** [block, offset, length] of a path, or null. */
  private find(path: string): [number, number, number] | null {
    const key = Buffer.from(path);
    const { index } = this;
    // The last bucket whose first path is at most key.
    let lo = 0;
    let hi = this.buckets - 1;
    let bucket = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const first = this.entriesAt + index.readUInt32LE(this.bucketsAt + 4 * mid);
      varint(index, first); // 0 shared bytes at a bucket's start
      const length = varint(index, after);
      if (!above(index, after, after + length, key)) {
        bucket = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (bucket < 0) return null;
    // Front coding lets the scan compare only the bytes that can decide: `matched` bytes of key are
    // equal to the previous path, which sorts before key.
    let at = this.entriesAt + index.readUInt32LE(this.bucketsAt + 4 * bucket);
    let matched = 0;
    const end = Math.min(this.entries, (bucket + 1) * BUCKET);
    for (let i = bucket * BUCKET; i < end; i++) {
      const shared = varint(index, at);
      const rest = varint(index, after);
      const from = after;
      at = from + rest;
      // A path that keeps more of the previous one than key does sorts below key; one that keeps less, above.
      if (shared < matched) return null;
      let below = shared > matched;
      let equal = false;
      if (!below) {
        let j = from;
        while (j < at && matched < key.length && index[j] === key[matched]) (j++, matched++);
        if (j === at) {
          equal = matched === key.length;
          below = !equal;
        } else below = matched < key.length && index[j]! < key[matched]!;
        if (!below && !equal) return null;
      }
      const block = varint(index, at);
      const offset = varint(index, after);
      const length = varint(index, after);
      at = after;
      if (equal) return [block, offset, length];
    }
    return null;
  }

  /** A decompressed block, from the cache (least recently used goes first) or from disk. */
  private block(n: number): Promise<Buffer> {
    const hit = this.cache.get(n);
    if (hit) {
      this.cache.delete(n);
      this.cache.set(n, hit);
      return hit;
    }
    const raw = this.blockAt[4 * n + 2]!;
    const loading = this.load(n);
    this.cache.set(n, loading);
    this.cached += raw;
    loading.catch(() => {
      if (this.cache.get(n) === loading) this.forget(n);
    });
    for (const [old] of this.cache) {
      if (this.cached <= this.cacheBytes || old === n) break;
      this.forget(old);
    }
    return loading;
  }

  private forget(n: number): void {
    this.cache.delete(n);
    this.cached -= this.blockAt[4 * n + 2]!;
  }

  private async load(n: number): Promise<Buffer> {
    const [position, length, raw, sum] = this.blockAt.subarray(4 * n, 4 * n + 4) as unknown as [number, number, number, number];
    const packed = Buffer.alloc(length);
    for (let done = 0; done < length; ) {
      const { bytesRead } = await readAt(this.fd, packed, done, length - done, position + done);
      if (bytesRead === 0) throw new ArchiveError(this.file, `it ended early in block ${n}`);
      done += bytesRead;
    }
    if (check(packed) !== sum) throw new ArchiveError(this.file, `block ${n} fails its check (it is damaged)`);
    // One output chunk of the known size: the default 16 KB chunks made a read three times slower.
    const body = await decompress(packed, { chunkSize: Math.max(1024, raw) }).catch(() => {
      throw new ArchiveError(this.file, `block ${n} does not decompress`);
    });
    if (body.length !== raw) throw new ArchiveError(this.file, `block ${n} has the wrong length`);
    return body;
  }
}
