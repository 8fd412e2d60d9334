// Build effects that write one pack (format: ./format.ts) instead of a folder of files:
// the offline bundle's data file and the edge's. Bodies are appended to blocks as they come; a full
// block goes to a second thread (compressor.mjs), which compresses and writes it while the build
// renders the next, so memory holds a few blocks, never the build; the directory waits in sorted runs on
// disk (sorted-runs.ts) until it is merged at the end. Identical bodies (the many empty answers) are stored once. The same writes give the same bytes: no time, no
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
import { BodyIndex } from './body-index.ts';
import { RUN_BYTES, SortedRuns } from './sorted-runs.ts';

export interface PackOptions {
  /** Raw bytes gathered before a block is compressed. */
  blockBytes?: number;
  /** Brotli quality of the blocks. */
  quality?: number;
  /** Paths per leaf directory; doubled until the root fits the head. */
  leafEntries?: number;
  /** Paths' bytes held in memory before they are sorted and written beside the pack (sorted-runs.ts). */
  runBytes?: number;
}

/**
 * Sizes chosen on measurement (`npm run bench -- --parts pack-sizes`, docs/figures.md "Pack block and leaf sizes"):
 * a cold answer fetches the head, one leaf and one block, so both are kept small where that costs the
 * pack little. Blocks of 256 KiB at quality 6 keep the full pack within the 300 MiB that one `wrangler r2
 * object put` uploads: the full build's 3,776,109 responses (the same writes, repacked) took 325.1 MiB in
 * 128 KiB blocks at quality 5, 292.3 MiB in 256 KiB at 5, 286.0 MiB in 256 KiB at 6 (4 % more time than 5).
 */
export const PACK_DEFAULTS = { blockBytes: 256 << 10, quality: 6, leafEntries: 1024, runBytes: RUN_BYTES } as const;

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
  /** Every path written with its body's place, sorted at the end. */
  private readonly runs: SortedRuns;
  /** Each distinct body's place. */
  private readonly bodies = new BodyIndex();
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
    recover(`${this.out}.runs`);
    this.runs = new SortedRuns(`${this.out}.runs.staging-${process.pid}`, this.o.runBytes);
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
    return this.runs.count;
  }

  /** The paths' bytes held in memory now: at most `runBytes`, however many files were written. */
  get heldPathBytes(): number {
    return this.runs.heldBytes;
  }

  /** Takes bytes as well as text, so that files copied from a dist are stored exactly as they are. */
  write(path: string, body: string | Uint8Array): void {
    if (this.fd === undefined) throw new Error(`${this.out}: write after commit or abort`);
    if (!path.startsWith('/')) throw new Error(`pack paths start with /: ${JSON.stringify(path)}`);
    const bytes =
      typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (path === '/routes.json') this.table = Uint8Array.from(bytes);
    const digest = createHash('sha256').update(bytes).digest();
    const same = this.bodies.placeOf(digest);
    if (same) {
      this.runs.push(path, same);
      return;
    }
    const place = [this.blockCount, this.pendingBytes, bytes.length] as const;
    this.bodies.add(digest, place);
    this.runs.push(path, place);
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
    const count = this.runs.count;
    const digest = createHash('sha256');
    for (let b = 0; b < this.blockCount; b++) digest.update(String(blocks[2 * b + 1]));
    const leavesAt = position;
    for (let leafEntries = this.o.leafEntries; ; leafEntries *= 2) {
      const leaves = this.writeLeaves(leafEntries, blockAt, blocks, leavesAt);
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
        bodies: this.bodies.size,
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
    this.runs.close();
    rmSync(this.staging, { force: true });
  }

  /** Writes the leaves from leavesAt, merging the sorted runs; their first paths, frame lengths, checks and bytes. */
  private writeLeaves(leafEntries: number, blockAt: number[], blocks: number[], leavesAt: number) {
    const out = { firstKeys: [] as Uint8Array[], lengths: [] as number[], checks: [] as number[], bytes: 0 };
    let keys: Uint8Array[] = [];
    let places: Place[] = [];
    const leaf = () => {
      const raw = encodeLeaf(keys, places);
      const packed = compress(raw, this.o.quality);
      const head = frameHead(packed, raw.length);
      writeAll(this.fd!, Buffer.concat([head, packed]), leavesAt + out.bytes);
      out.firstKeys.push(keys[0]!);
      out.lengths.push(head.length + packed.length);
      out.checks.push(head[0]! | (head[1]! << 8) | (head[2]! << 16) | (head[3]! << 24));
      out.bytes += head.length + packed.length;
      keys = [];
      places = [];
    };
    for (const { key, place } of this.runs.sorted()) {
      const [b, offset, length] = place;
      keys.push(Uint8Array.from(key)); // the merge reuses its buffers
      places.push([blockAt[b]!, blocks[2 * b]!, offset, length]);
      if (keys.length === leafEntries) leaf();
    }
    if (keys.length) leaf();
    return out;
  }

  private close(): void {
    this.runs.close();
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
