// Build effects that write one archive file (the offline bundle's data file; the format is described
// in ../adapters/archive-reader.ts) instead of a folder of files. Bodies are appended to blocks as they
// come; a full block goes to a second thread, which compresses and writes it while the build renders
// the next (brotli takes about a minute of the full build), so memory holds a few blocks and the index,
// never the build. The same writes give the same bytes: no time, no randomness, blocks in order, and
// identical bodies (the many empty answers) are stored once, at their first write.

import { createHash } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { brotliCompressSync, constants } from 'node:zlib';
import { BUCKET, check, END, FOOTER_BYTES, HEADER_BYTES, INDEX_HEAD_BYTES, MAGIC, VERSION } from '../adapters/archive-reader.ts';
import type { BuildEffects } from './effects.ts';

export interface ArchiveOptions {
  /** Raw bytes gathered before a block is compressed (default 256 KB). */
  blockSize?: number;
  /** Brotli quality of the blocks (default 5: measured within 5% of quality 7's size in two thirds of its time). */
  quality?: number;
}

// state[] of the compressing thread: blocks handed over and not yet written; set once a write failed
// (the message follows on the port) or the archive was given up.
const QUEUED = 0;
const STOP = 1;
/** Blocks handed over and not yet written before write() waits: a few MB of bodies. */
const MAX_QUEUED = 16;

// Plain JavaScript: a worker starts without the TypeScript loader. Its check is check() of the reader.
const COMPRESSOR = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { brotliCompressSync, constants } = require('node:zlib');
const { port, fd, params, shared } = workerData;
const state = new Int32Array(shared);
let position = workerData.position;
port.on('message', (raw) => {
  if (Atomics.load(state, ${STOP}) === 0) {
    try {
      const packed = brotliCompressSync(raw, { params: { ...params, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
      for (let done = 0; done < packed.length; ) done += writeSync(fd, packed, done, packed.length - done, position + done);
      position += packed.length;
      port.postMessage([packed.length, raw.length, createHash('sha256').update(packed).digest().readUInt32LE(0)]);
    } catch (e) {
      port.postMessage(String((e && e.message) || e));
      Atomics.store(state, ${STOP}, 1);
    }
  }
  Atomics.sub(state, ${QUEUED}, 1);
  Atomics.notify(state, ${QUEUED});
});
`;

export class ArchiveEffects implements BuildEffects {
  readonly out: string;
  readonly staging: string;
  private fd: number | undefined;
  private readonly blockSize: number;
  private readonly quality: number;
  private readonly worker: Worker;
  private readonly channel: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(8));
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private blockCount = 0;
  private readonly paths: string[] = [];
  /** Per entry: block, offset in the block, length. */
  private places = new Uint32Array(3 * 4096);
  private readonly seen = new Map<string, number>();
  /** Raw bytes of the distinct bodies; with `files`, the figures of a finished archive. */
  bytes = 0;

  constructor(out: string, options: ArchiveOptions = {}) {
    this.out = resolve(out);
    this.staging = `${this.out}.staging-${process.pid}`;
    this.blockSize = options.blockSize ?? 256 << 10;
    this.quality = options.quality ?? 5;
    this.fd = openSync(this.staging, 'w');
    writeAll(this.fd, Buffer.from(MAGIC, 'latin1'), 0);
    const { port1, port2 } = new MessageChannel();
    this.channel = port1;
    this.worker = new Worker(COMPRESSOR, {
      eval: true,
      workerData: { port: port2, fd: this.fd, params: params(this.quality), shared: this.state.buffer, position: HEADER_BYTES },
      transferList: [port2],
    });
    this.worker.unref();
  }

  get files(): number {
    return this.paths.length;
  }

  /** Takes bytes as well as text, so that files copied from a dist are stored exactly as they are. */
  write(path: string, body: string | Uint8Array): void {
    if (this.fd === undefined) throw new Error(`${this.out}: write after commit or abort`);
    if (!path.startsWith('/')) throw new Error(`archive paths start with /: ${JSON.stringify(path)}`);
    const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const n = this.paths.length;
    if (3 * n + 3 > this.places.length) {
      const grown = new Uint32Array(2 * this.places.length);
      grown.set(this.places);
      this.places = grown;
    }
    this.paths.push(path);
    const digest = createHash('sha256').update(bytes).digest('base64');
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
    if (this.pendingBytes >= this.blockSize) this.flush();
  }

  commit(): void {
    if (this.fd === undefined) throw new Error(`${this.out}: commit after commit or abort`);
    this.flush();
    const blocks = this.drain();
    let position = HEADER_BYTES;
    for (let b = 0; b < blocks.length; b += 3) position += blocks[b]!;
    const raw = this.index(blocks);
    const packed = brotliCompressSync(raw, { params: { ...params(this.quality), [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const footer = Buffer.alloc(FOOTER_BYTES);
    footer.writeBigUInt64LE(BigInt(position), 0);
    footer.writeUInt32LE(packed.length, 8);
    footer.writeUInt32LE(raw.length, 12);
    footer.writeUInt32LE(check(packed), 16);
    footer.writeUInt32LE(VERSION, 20);
    footer.write(END, 24, 'latin1');
    writeAll(this.fd, Buffer.concat([packed, footer]), position);
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

  /** Waits for every block to be written; per block its compressed length, raw length and check. */
  private drain(): number[] {
    this.wait(0);
    this.failed();
    const blocks: number[] = [];
    for (let m; (m = receiveMessageOnPort(this.channel)); ) blocks.push(...(m.message as number[]));
    if (blocks.length !== 3 * this.blockCount)
      throw new Error(`writing ${this.staging} failed: ${blocks.length / 3} of ${this.blockCount} blocks were written`);
    return blocks;
  }

  /** The index, uncompressed: paths sorted by their UTF-8 bytes, front-coded in buckets. */
  private index(blocks: number[]): Buffer {
    const keys = this.paths.map((p) => Buffer.from(p));
    const order = keys.map((_, i) => i).sort((a, b) => Buffer.compare(keys[a]!, keys[b]!));
    const entries = new Grower();
    const bucketStarts: number[] = [];
    let previous = Buffer.alloc(0);
    let longest = 0;
    order.forEach((i, rank) => {
      const key = keys[i]!;
      if (rank > 0 && previous.equals(key)) throw new Error(`file conflict: ${this.paths[i]} is written twice`);
      let shared = 0;
      if (rank % BUCKET === 0) bucketStarts.push(entries.length);
      else while (shared < key.length && shared < previous.length && key[shared] === previous[shared]) shared++;
      entries
        .varint(shared)
        .varint(key.length - shared)
        .bytes(key.subarray(shared));
      entries
        .varint(this.places[3 * i]!)
        .varint(this.places[3 * i + 1]!)
        .varint(this.places[3 * i + 2]!);
      longest = Math.max(longest, key.length);
      previous = key;
    });
    const head = Buffer.alloc(INDEX_HEAD_BYTES + 4 * blocks.length + 4 * bucketStarts.length);
    [this.blockCount, keys.length, BUCKET, longest, ...blocks, ...bucketStarts].forEach((v, k) => head.writeUInt32LE(v, 4 * k));
    return Buffer.concat([head, entries.done()]);
  }
}

/** Brotli for text at a quality; the index is compressed as the blocks are (quality 9 measured no smaller). */
const params = (quality: number) => ({ [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT });

function writeAll(fd: number, bytes: Buffer, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** A byte buffer that doubles as it fills. */
class Grower {
  private buf = Buffer.alloc(1 << 16);
  length = 0;
  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const grown = Buffer.alloc(Math.max(2 * this.buf.length, this.length + n));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }
  varint(value: number): this {
    this.room(8);
    for (; value >= 128; value = Math.floor(value / 128)) this.buf[this.length++] = value % 128 | 128;
    this.buf[this.length++] = value;
    return this;
  }
  bytes(b: Buffer): this {
    this.room(b.length);
    this.length += b.copy(this.buf, this.length);
    return this;
  }
  done(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}
