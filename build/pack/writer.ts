// Build effects that write one pack (format: ./format.ts) instead of a folder of files:
// the offline bundle's data file and the edge's. Bodies are appended to blocks as they come; a full
// block goes to a second thread (compressor.mjs), which compresses and writes it while the build
// renders the next, so memory holds a few blocks and the directory, never the build. Identical bodies
// (the many empty answers) are stored once. The same writes give the same bytes: no time, no
// randomness, blocks in order, the directory sorted.

import { createHash } from 'node:crypto';
import { closeSync, ftruncateSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  encodeHead,
  encodeHeader,
  encodeLeaf,
  frameHead,
  HEAD_SPACE,
  HEADER_BYTES,
  DIGEST_BYTES,
  type PackHeader,
  type Place,
} from './format.ts';
import { recover, type BuildEffects } from '../core/effects.ts';

export interface PackOptions {
  /** Raw bytes gathered before a block is compressed. */
  blockBytes?: number;
  /** Brotli quality of the blocks. */
  quality?: number;
  /** Paths per leaf directory; doubled until the root fits the head. */
  leafEntries?: number;
}

/**
 * Sizes chosen on measurement (`npm run bench -- --parts pack-sizes`, docs/figures.md "Pack block and leaf sizes"):
 * a cold answer fetches the head, one leaf and one block, so both are kept small where that costs the
 * pack little. Blocks of 256 KiB at quality 6 keep the full pack within the 300 MiB that one `wrangler r2
 * object put` uploads: the full build's 3,776,109 responses (the same writes, repacked) took 325.1 MiB in
 * 128 KiB blocks at quality 5, 292.3 MiB in 256 KiB at 5, 286.0 MiB in 256 KiB at 6 (4 % more time than 5).
 */
export const PACK_DEFAULTS = { blockBytes: 256 << 10, quality: 6, leafEntries: 1024 } as const;

/** Blocks handed over and not yet written before write() waits: a few MB of bodies. */
const MAX_QUEUED = 16;
const QUEUED = 0;
const STOP = 1;

export class PackEffects implements BuildEffects {
  readonly out: string;
  readonly staging: string;
  /** The finished pack's header, once committed. */
  header: PackHeader | undefined;
  private fd: number | undefined;
  private readonly o: Required<PackOptions>;
  private readonly worker: Worker;
  private readonly channel: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(8));
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private blockCount = 0;
  private readonly paths = new PathArena();
  /** Per entry: block number, offset in the block, length. */
  private places = new Uint32Array(3 * 4096);
  /** Entry of each distinct body, by the first 16 bytes of its SHA-256 as a short string (not the 44 of base64). */
  private readonly seen = new Map<string, number>();
  /** routes.json as written (the pack's head holds it). */
  table: Uint8Array = new Uint8Array(0);
  /** Raw bytes of the distinct bodies. */
  bytes = 0;

  constructor(out: string, options: PackOptions = {}) {
    this.out = resolve(out);
    recover(this.out); // a staging file of a killed writer would otherwise stay on disk for good
    this.staging = `${this.out}.staging-${process.pid}`;
    this.o = { ...PACK_DEFAULTS, ...options };
    this.fd = openSync(this.staging, 'w');
    const { port1, port2 } = new MessageChannel();
    this.channel = port1;
    this.worker = new Worker(new URL('./compressor.mjs', import.meta.url), {
      workerData: {
        port: port2,
        fd: this.fd,
        quality: this.o.quality,
        shared: this.state.buffer,
        position: HEAD_SPACE,
      },
      transferList: [port2],
    });
    this.worker.unref();
  }

  get files(): number {
    return this.paths.count;
  }

  /** Takes bytes as well as text, so that files copied from a dist are stored exactly as they are. */
  write(path: string, body: string | Uint8Array): void {
    if (this.fd === undefined) throw new Error(`${this.out}: write after commit or abort`);
    if (!path.startsWith('/')) throw new Error(`pack paths start with /: ${JSON.stringify(path)}`);
    const bytes =
      typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (path === '/routes.json') this.table = Uint8Array.from(bytes);
    const n = this.paths.count;
    if (3 * n + 3 > this.places.length) {
      const grown = new Uint32Array(2 * this.places.length);
      grown.set(this.places);
      this.places = grown;
    }
    this.paths.push(path);
    const digest = createHash('sha256').update(bytes).digest().toString('latin1', 0, 16);
    const same = this.seen.get(digest);
    if (same !== undefined) {
      this.places.copyWithin(3 * n, 3 * same, 3 * same + 3);
      return;
    }
    this.seen.set(digest, n);
    this.places.set([this.blockCount, this.pendingBytes, bytes.length], 3 * n);
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.bytes += bytes.length;
    if (this.pendingBytes >= this.o.blockBytes) this.flush();
  }

  commit(): void {
    if (this.fd === undefined) throw new Error(`${this.out}: commit after commit or abort`);
    this.flush();
    const blocks = this.drain();
    const blockAt: number[] = [];
    let position = HEAD_SPACE;
    for (let b = 0; b < this.blockCount; b++) (blockAt.push(position - HEAD_SPACE), (position += blocks[2 * b]!));
    const { keys, count, order } = this.sorted();
    const digest = createHash('sha256');
    for (let b = 0; b < this.blockCount; b++) digest.update(String(blocks[2 * b + 1]));
    const leavesAt = position;
    for (let leafEntries = this.o.leafEntries; ; leafEntries *= 2) {
      const leaves = this.writeLeaves(keys, count, order, leafEntries, blockAt, blocks, leavesAt);
      const head = encodeHead(this.table, leaves.firstKeys, leaves.lengths);
      const packed = compress(head, 9);
      if (HEADER_BYTES + 8 + packed.length > HEAD_SPACE) continue; // fewer, larger leaves until the root fits
      const id = createHash('sha256')
        .update(digest.digest())
        .update(head)
        .update(leaves.checks.join())
        .digest('hex')
        .slice(0, 2 * DIGEST_BYTES);
      const size = leavesAt + leaves.bytes;
      const header = {
        headLength: 8 + packed.length,
        size,
        blocksAt: HEAD_SPACE,
        leavesAt,
        leaves: leaves.lengths.length,
      };
      this.header = {
        version: 2,
        ...header,
        entries: count,
        blocks: this.blockCount,
        bodies: this.seen.size,
        rawBytes: this.bytes,
        leafEntries,
        blockBytes: this.o.blockBytes,
        digest: id,
      };
      const space = Buffer.alloc(HEAD_SPACE);
      space.set(encodeHeader(this.header), 0);
      space.set(frameHead(packed, head.length), HEADER_BYTES);
      space.set(packed, HEADER_BYTES + 8);
      writeAll(this.fd, space, 0);
      ftruncateSync(this.fd, size);
      break;
    }
    this.close();
    renameSync(this.staging, this.out);
  }

  abort(): void {
    if (this.fd !== undefined) {
      // The thread must be done with the file before it is closed: its number could be reused at once.
      Atomics.store(this.state, STOP, 1);
      this.wait(0);
      this.close();
    }
    rmSync(this.staging, { force: true });
  }

  /** The entries in the order of their paths' UTF-8 bytes, and the path of each rank; a path written twice is a build fault. */
  private sorted(): { keys: (rank: number) => Uint8Array; count: number; order: number[] } {
    const paths = this.paths;
    const order = Array.from({ length: paths.count }, (_, i) => i).sort((a, b) => paths.compare(a, b));
    for (let r = 1; r < order.length; r++)
      if (paths.compare(order[r]!, order[r - 1]!) === 0)
        throw new Error(`file conflict: ${paths.text(order[r]!)} is written twice`);
    return { keys: (rank) => paths.key(order[rank]!), count: order.length, order };
  }

  /** Writes the leaves from leavesAt; their first paths, frame lengths, checks and bytes. */
  private writeLeaves(
    keys: (rank: number) => Uint8Array,
    count: number,
    order: number[],
    leafEntries: number,
    blockAt: number[],
    blocks: number[],
    leavesAt: number,
  ) {
    const out = { firstKeys: [] as Uint8Array[], lengths: [] as number[], checks: [] as number[], bytes: 0 };
    for (let from = 0; from < count; from += leafEntries) {
      const to = Math.min(count, from + leafEntries);
      const places: Place[] = [];
      const leafKeys: Uint8Array[] = [];
      for (let r = from; r < to; r++) {
        leafKeys.push(keys(r));
        const i = order[r]!;
        const b = this.places[3 * i]!;
        places.push([blockAt[b]!, blocks[2 * b]!, this.places[3 * i + 1]!, this.places[3 * i + 2]!]);
      }
      const raw = encodeLeaf(leafKeys, places);
      const packed = compress(raw, this.o.quality);
      const head = frameHead(packed, raw.length);
      writeAll(this.fd!, Buffer.concat([head, packed]), leavesAt + out.bytes);
      out.firstKeys.push(leafKeys[0]!);
      out.lengths.push(head.length + packed.length);
      out.checks.push(head[0]! | (head[1]! << 8) | (head[2]! << 16) | (head[3]! << 24));
      out.bytes += head.length + packed.length;
    }
    return out;
  }

  private close(): void {
    void this.worker.terminate();
    this.channel.close();
    closeSync(this.fd!);
    this.fd = undefined;
  }

  /** Hands the gathered bodies to the compressing thread as one block. */
  private flush(): void {
    if (this.pending.length === 0) return;
    this.wait(MAX_QUEUED - 1);
    this.failed();
    // Its own memory (not the shared pool of small buffers), so that it can be transferred, not copied.
    const raw = Buffer.allocUnsafeSlow(this.pendingBytes);
    let at = 0;
    for (const b of this.pending) at += b.copy(raw, at);
    Atomics.add(this.state, QUEUED, 1);
    this.channel.postMessage(raw, [raw.buffer]);
    this.blockCount++;
    this.pending = [];
    this.pendingBytes = 0;
  }

  private wait(most: number): void {
    for (let n; (n = Atomics.load(this.state, QUEUED)) > most; ) Atomics.wait(this.state, QUEUED, n, 1000);
  }

  private failed(): void {
    if (Atomics.load(this.state, STOP) === 0) return;
    let message = 'unknown error';
    for (let m; (m = receiveMessageOnPort(this.channel)); ) {
      if (typeof m.message === 'string') {
        message = m.message;
        break;
      }
    }
    throw new Error(`writing ${this.staging} failed: ${message}`);
  }

  /** Waits for every block to be written; per block its frame length and check. */
  private drain(): number[] {
    this.wait(0);
    this.failed();
    const blocks: number[] = [];
    for (let m; (m = receiveMessageOnPort(this.channel)); ) blocks.push(...(m.message as number[]));
    if (blocks.length !== 2 * this.blockCount)
      throw new Error(`writing ${this.staging} failed: ${blocks.length / 2} of ${this.blockCount} blocks were written`);
    return blocks;
  }
}

/**
 * The paths written, as UTF-8 in one growing buffer with each one's start and length: the full build's 3.8
 * million paths as strings (and as a Buffer each while sorting) held about a gigabyte of the writer's heap.
 */
class PathArena {
  private bytes = Buffer.allocUnsafeSlow(1 << 20);
  private used = 0;
  private spans = new Uint32Array(2 * 4096);
  count = 0;

  push(path: string): void {
    const most = 3 * path.length;
    if (this.used + most > this.bytes.length) this.bytes = grow(this.bytes, this.used + most, this.used);
    if (2 * this.count + 2 > this.spans.length) this.spans = grow(this.spans, 2 * this.count + 2, 2 * this.count);
    const n = this.bytes.write(path, this.used, 'utf8');
    this.spans[2 * this.count] = this.used;
    this.spans[2 * this.count + 1] = n;
    this.used += n;
    this.count++;
  }

  key(i: number): Uint8Array {
    const at = this.spans[2 * i]!;
    return this.bytes.subarray(at, at + this.spans[2 * i + 1]!);
  }

  text(i: number): string {
    return Buffer.from(this.key(i)).toString('utf8');
  }

  /** Path i against path j, bytewise, as Buffer.compare orders them. */
  compare(i: number, j: number): number {
    const [a, b] = [this.spans[2 * i]!, this.spans[2 * j]!];
    return this.bytes.compare(this.bytes, b, b + this.spans[2 * j + 1]!, a, a + this.spans[2 * i + 1]!);
  }
}

/** A copy of `array`'s first `used` items in one at least twice as large and at least `need` long. */
function grow<T extends Buffer | Uint32Array>(array: T, need: number, used: number): T {
  const size = Math.max(need, 2 * array.length);
  const out = (array instanceof Buffer ? Buffer.allocUnsafeSlow(size) : new Uint32Array(size)) as T;
  out.set(array.subarray(0, used));
  return out;
}

/** Brotli for text; the head, read by every cold reader, at a higher quality. */
function compress(raw: Uint8Array, quality: number): Buffer {
  return brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}
