// Where a build's files go. The build core only calls write(); the disk effects stage everything in a
// sibling folder and swap it in whole on commit, so a failed or killed build never leaves a half-written
// dist behind and never touches the previous one.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rm, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { OutputError } from '../user-error.ts';

export interface BuildEffects {
  /** Writes a file at a dist-relative path such as /api/v1/prefectures/index.json. */
  write(path: string, body: string): void;
  commit(): void;
  abort(): void;
}

/** Keeps files in memory: for tests and for the golden-file checks. */
export class MemoryEffects implements BuildEffects {
  readonly files = new Map<string, string>();
  committed = false;
  write(path: string, body: string): void {
    if (this.files.has(path)) throw new Error(`file conflict: ${path} is written twice`);
    this.files.set(path, body);
  }
  commit(): void {
    this.committed = true;
  }
  abort(): void {
    this.files.clear();
  }
}

/** What a failed write reports (from a writer thread, or caught here). */
interface WriteFailure {
  message: string;
  code?: string;
  path?: string;
}

/** A failed write as one line that names the output file (not its staging copy) and what to do. */
export function writeFailure(f: WriteFailure, out: string, staging: string): OutputError {
  const target = f.path?.startsWith(staging) ? out + f.path.slice(staging.length) : (f.path ?? out);
  const file = shown(target);
  const shownOut = shown(out);
  const kept = existsSync(out) ? `the previous ${shownOut} is untouched` : `nothing was written to ${shownOut}`;
  const elsewhere = 'or build elsewhere with --out <dir>';
  switch (f.code) {
    case 'ENOSPC':
      return new OutputError(
        `no space left on the device writing ${file}: free some space, ${elsewhere}, and build again; ${kept}.`,
      );
    case 'EDQUOT':
      return new OutputError(
        `disk quota exceeded writing ${file}: free some of your quota, ${elsewhere}, and build again; ${kept}.`,
      );
    case 'EROFS':
      return new OutputError(
        `cannot write ${file}: the file system is read-only; build to a writable folder with --out <dir>; ${kept}.`,
      );
    case 'EACCES':
    case 'EPERM':
      return new OutputError(
        `permission denied writing ${file}: build to a folder you can write with --out <dir>, or fix the permissions of ${shown(dirname(out))}; ${kept}.`,
      );
    default:
      return new OutputError(`writing ${file} failed (${f.message}); ${kept}.`);
  }
}

/** A path as the user gave it: relative to the working folder when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

const STAGING = '.staging-';
const PREVIOUS = '.previous-';

const BATCH_FILES = 256;
const MAX_PENDING_BATCHES = 64;

export class DiskEffects implements BuildEffects {
  readonly out: string;
  readonly staging: string;
  private readonly writers: { worker: Worker; channel: MessagePort }[] = [];
  private readonly state = new Int32Array(new SharedArrayBuffer(8));
  private batch: string[] = [];
  private next = 0;

  /**
   * @param precompress also write .gz and .br siblings of JSON files of 1 KB or more (for nginx's gzip_static).
   * @param fault for tests: each writer's writes after the first `after` fail with this errno code (a full disk cannot be made on demand).
   */
  constructor(out: string, options: { precompress?: boolean; fault?: { code: string; after: number } } = {}) {
    this.out = resolve(out);
    this.staging = `${this.out}${STAGING}${process.pid}`;
    try {
      recover(this.out);
      refuseForeign(this.out);
      rmSync(this.staging, { recursive: true, force: true });
      mkdirSync(dirname(this.staging), { recursive: true });
      mkdirSync(this.staging); // not recursive: a recursive mkdir reports a read-only file system as ENOENT
    } catch (e) {
      if (e instanceof OutputError || !(e as NodeJS.ErrnoException).code) throw e;
      throw writeFailure(e as NodeJS.ErrnoException, this.out, this.staging);
    }
    // File creation is kernel work that parallelizes across cores; rendering is cheap beside it.
    for (let i = 0; i < Math.max(1, availableParallelism()); i++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(new URL('./writer-worker.mjs', import.meta.url), {
        workerData: {
          shared: this.state.buffer,
          port: port2,
          precompress: options.precompress ?? false,
          fault: options.fault,
        },
        transferList: [port2],
      });
      worker.unref();
      this.writers.push({ worker, channel: port1 });
    }
  }

  write(path: string, body: string): void {
    this.batch.push(this.staging + path, body);
    if (this.batch.length >= 2 * BATCH_FILES) this.flush();
  }

  /** Hands the batch to the writer, waiting (synchronously) while it is too far behind. */
  private flush(): void {
    for (let n; (n = Atomics.load(this.state, 0)) >= MAX_PENDING_BATCHES; ) Atomics.wait(this.state, 0, n, 1000);
    this.check();
    if (this.batch.length === 0) return;
    Atomics.add(this.state, 0, 1);
    this.writers[this.next++ % this.writers.length]!.channel.postMessage(this.batch);
    this.batch = [];
  }

  private drain(): void {
    this.flush();
    for (let n; (n = Atomics.load(this.state, 0)) > 0; ) Atomics.wait(this.state, 0, n, 1000);
    this.check();
  }

  private check(): void {
    if (Atomics.load(this.state, 1) !== 0) {
      const failure = this.writers
        .map((w) => receiveMessageOnPort(w.channel)?.message as WriteFailure | undefined)
        .find((m) => m !== undefined);
      throw writeFailure(failure ?? { message: 'unknown error' }, this.out, this.staging);
    }
  }

  private stop(): void {
    for (const w of this.writers) {
      void w.worker.terminate();
      w.channel.close();
    }
  }

  /** Swaps the staging folder in: two renames on one file system; the old output is removed after. */
  commit(): void {
    this.drain();
    this.stop();
    const previous = `${this.out}${PREVIOUS}${process.pid}`;
    const hadPrevious = existsSync(this.out);
    try {
      if (hadPrevious) renameSync(this.out, previous);
      renameSync(this.staging, this.out);
    } catch (e) {
      if (hadPrevious && !existsSync(this.out) && existsSync(previous)) renameSync(previous, this.out);
      throw writeFailure(e as NodeJS.ErrnoException, this.out, this.staging);
    }
    if (hadPrevious) rm(previous, { recursive: true, force: true }, () => {});
  }

  abort(): void {
    this.stop();
    rmSync(this.staging, { recursive: true, force: true });
  }
}

/**
 * Cleans up after builds that were killed: staging folders of dead processes are removed, and if a
 * kill fell between the two renames of a swap, the previous output is put back.
 */
/** Clears what a killed writer of `out` left beside it: its staging copy, or the output it had moved aside. */
export function recover(out: string): void {
  const parent = dirname(out);
  if (!existsSync(parent)) return;
  const name = basename(out);
  for (const entry of readdirSync(parent)) {
    for (const mark of [STAGING, PREVIOUS]) {
      if (!entry.startsWith(name + mark)) continue;
      const pid = Number(entry.slice(name.length + mark.length));
      if (!Number.isInteger(pid) || alive(pid)) continue;
      const path = join(parent, entry);
      if (mark === PREVIOUS && !existsSync(out)) renameSync(path, out);
      else rmSync(path, { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The swap deletes the old output: only ever delete a folder that an earlier build wrote. */
function refuseForeign(out: string): void {
  if (!existsSync(out)) return;
  const entries = readdirSync(out);
  if (entries.length === 0) return;
  let generator: unknown;
  try {
    generator = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).generator?.name;
  } catch {
    generator = undefined;
  }
  if (generator !== 'regstat') {
    throw new OutputError(
      `${out} exists and was not written by regstat (no regstat manifest.json); a build replaces its output folder whole, so choose another --out or empty it first.`,
    );
  }
}
