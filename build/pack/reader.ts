// Reads a pack (format: ./format.ts) through a range source: a local file for the
// offline bundle, an R2 object or any URL that honours Range for the edge. Opening costs one read
// (the head: header, route table, root directory); a file then costs at most a leaf and a block, and
// none once both are cached. Nothing reads or decompresses the whole directory. Every frame is checked,
// so a damaged, truncated or replaced pack fails with a PackError, never with wrong bytes.
// node:zlib is in Node and, with the nodejs_compat flag, in Cloudflare's workerd.

import { brotliDecompress, brotliDecompressSync } from 'node:zlib';
import {
  decodeHead,
  decodeHeader,
  HEAD_SPACE,
  HEADER_BYTES,
  leafEntries,
  leafFind,
  leafOf,
  unframe,
  type PackHeader,
  type Root,
} from './format.ts';
import { ByteLru } from './byte-lru.ts';
import { PackError } from '../user-error.ts';

/** Where a pack's bytes come from (one driver per file in ./range-sources/). */
export interface RangeSource {
  /** The pack as the operator named it (a file, a URL without its query, a bucket and key), for messages. */
  readonly name: string;
  /** Bytes [offset, offset + length) of the pack (fewer only where it ends) and its size as the source sees it. */
  read(offset: number, length: number): Promise<{ bytes: Uint8Array; size: number }>;
  close?(): void | Promise<void>;
}

/** What to do about a bad pack, for whoever runs the reader. */
const REWRITE_ADVICE = 'Write it again (npm run bundle) and copy or upload it whole.';

interface ReaderOptions {
  /** Bound on the decompressed blocks kept (default 32 MB). */
  blockCacheBytes?: number;
  /**
   * Bound on the directory leaves kept as read (compressed, default 32 MB: every leaf of the full build),
   * so that a warm lookup reads the block alone; a fifth of it keeps leaves decompressed.
   */
  leafCacheBytes?: number;
  /** The sentence every PackError ends with. */
  advice?: string;
  /** Decompression on a thread (Node) or inline (workerd, which has no thread pool). */
  inline?: boolean;
}

export interface ReadStats {
  /** Range reads made, and the bytes they brought. */
  reads: number;
  bytes: number;
}

export class Pack {
  readonly stats: ReadStats = { reads: 0, bytes: 0 };
  private readonly blocks: ByteLru<Uint8Array>;
  /** Leaves as read and checked (compressed), and the most used of them decompressed. */
  private readonly leafFrames: ByteLru<Uint8Array>;
  private readonly leaves: ByteLru<Uint8Array>;
  private readonly encoder = new TextEncoder();

  /** Reads and checks the head; throws a PackError when the pack is not whole or not a pack. */
  static async open(source: RangeSource, o: ReaderOptions = {}): Promise<Pack> {
    const bad = (problem: string) => new PackError(source.name, problem, o.advice ?? REWRITE_ADVICE);
    const { bytes, size } = await source.read(0, HEAD_SPACE);
    const header = decodeHeader(bytes);
    if (typeof header === 'string') throw bad(bytes.length === 0 ? 'it is empty' : header);
    if (size !== header.size)
      throw bad(
        `it has ${size} bytes and its header says ${header.size} (${size < header.size ? 'it is truncated' : 'something was appended'})`,
      );
    if (HEADER_BYTES + header.headLength > bytes.length)
      throw bad('its head does not fit the space its format gives it');
    const pack = new Pack(source, header, o, bad);
    const raw = await pack.inflate(bytes.subarray(HEADER_BYTES, HEADER_BYTES + header.headLength), 'its head');
    pack.root = decodeHead(raw, header.leavesAt);
    if (pack.root.firstKeys.length !== header.leaves)
      throw bad('its root directory does not list the leaves its header counts');
    pack.stats.reads = 1;
    pack.stats.bytes = bytes.length;
    return pack;
  }

  private root!: Root;

  private constructor(
    readonly source: RangeSource,
    readonly header: PackHeader,
    private readonly o: ReaderOptions,
    private readonly bad: (problem: string) => PackError,
  ) {
    this.blocks = new ByteLru(o.blockCacheBytes ?? 32 << 20);
    const leafBytes = o.leafCacheBytes ?? 32 << 20;
    this.leafFrames = new ByteLru(leafBytes);
    this.leaves = new ByteLru(leafBytes / 5);
  }

  get entries(): number {
    return this.header.entries;
  }

  get digest(): string {
    return this.header.digest;
  }

  /** routes.json as the pack holds it, read with the head; null when the pack holds none. */
  get table(): Uint8Array | null {
    return this.root.table.length ? this.root.table : null;
  }

  /** The bytes of the file at a dist path such as /api/v1/prefectures/index.json, or null. Shared with the cache: do not modify. */
  async get(path: string, stats?: ReadStats): Promise<Uint8Array | null> {
    const key = this.encoder.encode(path);
    const n = leafOf(this.root, key);
    if (n < 0) return null;
    const place = leafFind(await this.leaf(n, stats), key);
    if (!place) return null;
    const [block, blockLength, offset, length] = place;
    const body = await this.block(block, blockLength, stats);
    if (offset + length > body.length) throw this.bad(`its directory points past the end of the block at ${block}`);
    return body.subarray(offset, offset + length);
  }

  /**
   * That the pack answers, for /healthz: its routes.json read as any file is (leaf and block read and
   * checked, unless cached) must be the copy its head holds. Throws a PackError saying what is wrong.
   */
  async check(stats?: ReadStats): Promise<void> {
    const file = await this.get('/routes.json', stats);
    const table = this.table;
    let same = !!file && !!table && file.length === table.length;
    for (let i = 0; same && i < file!.length; i++) same = file![i] === table![i];
    if (!same) throw this.bad('its routes.json does not read back as its head holds it');
  }

  async has(path: string): Promise<boolean> {
    const key = this.encoder.encode(path);
    const n = leafOf(this.root, key);
    return n >= 0 && leafFind(await this.leaf(n), key) !== null;
  }

  /** Every path, in directory order (by UTF-8 bytes). */
  async *paths(): AsyncGenerator<string> {
    const decoder = new TextDecoder();
    for (let n = 0; n < this.root.firstKeys.length; n++)
      for (const [key] of leafEntries(await this.leaf(n))) yield decoder.decode(key);
  }

  close(): void | Promise<void> {
    return this.source.close?.();
  }

  private leaf(n: number, stats?: ReadStats): Promise<Uint8Array> {
    return this.leaves.get(n, async () => {
      const frame = await this.leafFrames.get(n, () =>
        this.read(this.root.leafAt[n]!, this.root.leafLength[n]!, `leaf ${n}`, stats),
      );
      return this.inflate(frame, `leaf ${n}`);
    });
  }

  private block(at: number, length: number, stats?: ReadStats): Promise<Uint8Array> {
    return this.blocks.get(at, () => this.frame(this.header.blocksAt + at, length, `the block at ${at}`, stats));
  }

  /** A frame read, checked and decompressed. */
  private async frame(offset: number, length: number, what: string, stats?: ReadStats): Promise<Uint8Array> {
    return this.inflate(await this.read(offset, length, what, stats), what);
  }

  /** A frame's bytes, read whole from a pack of the size its header says (inflate checks them). */
  private async read(offset: number, length: number, what: string, stats?: ReadStats): Promise<Uint8Array> {
    const { bytes, size } = await this.source.read(offset, length);
    for (const s of stats ? [this.stats, stats] : [this.stats]) (s.reads++, (s.bytes += bytes.length));
    if (size !== this.header.size)
      throw this.bad(`it changed while being read (it has ${size} bytes, its header says ${this.header.size})`);
    if (bytes.length !== length) throw this.bad(`it ended early in ${what} (it is truncated)`);
    return bytes;
  }

  private async inflate(frame: Uint8Array, what: string): Promise<Uint8Array> {
    const f = unframe(frame);
    if (!f) throw this.bad(`${what} fails its check (it is damaged)`);
    let raw: Uint8Array;
    try {
      // One output chunk of the known size: the default 16 KB chunks made a read three times slower.
      const options = { chunkSize: Math.max(1024, f.rawLength) };
      raw = this.o.inline ? brotliDecompressSync(f.packed, options) : await inflateOnThread(f.packed, options);
    } catch {
      throw this.bad(`${what} does not decompress`);
    }
    if (raw.length !== f.rawLength) throw this.bad(`${what} has the wrong length`);
    return raw;
  }
}

function inflateOnThread(packed: Uint8Array, options: { chunkSize: number }): Promise<Uint8Array> {
  return new Promise((ok, fail) => brotliDecompress(packed, options, (e, out) => (e ? fail(e) : ok(out))));
}
