// npm start's renderer: one thread per operation (and one for the docs page and manifests), each with
// the facts of its operation only, so that preparing one (seconds, with a cold table cache) never holds
// requests for the others, nor the event loop that serves the answers already made. The main thread
// keeps the plan (route table, resolver) and answers the API index and routes.json itself.

import { Worker } from 'node:worker_threads';
import { EXPLORER_OPERATIONS } from '../core/build.ts';
import { OnDemand, SITE, type Renderer } from '../core/on-demand.ts';
import { resolve } from '../runtime/resolve.ts';
import { API_INDEX, type RouteTable } from '../runtime/routes.ts';
import type { Ask, Reply, ThreadData } from './render-thread.ts';
import type { SourceValues } from '../core/source-values.ts';
import { REGION_TABLES } from '../../sources/tables.ts';
import { threadScript, threadScriptMade } from './thread-script.ts';

/** One render thread: asks in order, answers by id. */
class RenderThread {
  private readonly worker: Promise<Worker>;
  private readonly pending = new Map<number, { ok: (text: string | null) => void; fail: (e: Error) => void }>();
  private next = 0;
  private drained: (() => void)[] = [];

  /** `heapMb`: its old generation's bound, if any (THREAD_HEAP_MB). */
  constructor(data: ThreadData, heapMb?: number) {
    const limits = heapMb ? { resourceLimits: { maxOldGenerationSizeMb: heapMb } } : {};
    const start = (script: URL) => this.started(new Worker(script, { workerData: data, ...limits }));
    const made = threadScriptMade();
    this.worker = made ? Promise.resolve(start(made)) : threadScript().then(start);
  }

  private started(worker: Worker): Worker {
    worker.on('message', (r: Reply) => {
      const p = this.pending.get(r.id)!;
      this.pending.delete(r.id);
      if ('error' in r) p.fail(new Error(r.error));
      else p.ok(r.text);
      this.settle();
    });
    // A thread that dies (out of memory, say) fails what it was asked; the pool starts a new one.
    worker.on('error', (e) => {
      this.alive = false; // an uncaught error (out of memory, say) ends the thread; a retry must not ask it
      this.failAll(e);
    });
    worker.on('exit', (code) => {
      this.alive = false;
      this.failAll(new Error(`its render thread stopped (exit code ${code})`));
    });
    return worker;
  }

  alive = true;

  /** Sends the route table to a thread started without it (before the main thread's plan was made). */
  give(table: RouteTable): void {
    void this.worker.then((w) => w.postMessage({ table } satisfies Ask));
  }

  /** When it was last asked (performance.now()). */
  asked = 0;

  ask(what: { read: string } | { prepare: string }): Promise<string | null> {
    this.asked = performance.now();
    const id = this.next++;
    return new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail });
      void this.worker.then((w) => w.postMessage({ id, ...what }));
    });
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.fail(e);
    this.pending.clear();
    this.settle();
  }

  private settle(): void {
    if (this.pending.size) return;
    for (const ok of this.drained.splice(0)) ok();
  }

  /** Whether it has nothing to answer: a thread may then be stopped without failing a request. */
  get idle(): boolean {
    return this.pending.size === 0;
  }

  /** Stops the thread once it has answered what it was asked. */
  async stop(): Promise<number> {
    if (this.pending.size) await new Promise<void>((ok) => this.drained.push(ok));
    return (await this.worker).terminate();
  }
}

/**
 * Operation threads kept at once, by default: each holds its operation's facts (of every prefecture, once
 * a few have been asked for) and its own copy of the tables they come from, so that with a thread for each
 * of the 75 operations npm start held 5.3–5.5 GB. Beyond the bound, the thread asked least recently and idle
 * is stopped (its memory with it); its operation is prepared again if asked again before the response cache
 * is whole. Two, as the machine has cores: with four, the server and its threads held 2.08 GB beside the
 * response cache's writer (issue 52).
 */
export const DEFAULT_THREADS = 2;

/**
 * An operation thread not asked for this long is stopped: its memory goes back to the response cache's
 * writer, whose largest operations come last, when a client has long moved on.
 */
const IDLE_MS = 60_000;

/**
 * A render thread's old generation, in MB: left to grow, each of the 4 threads let V8 take far more than its
 * operation's facts hold (the server with its threads reached 2.8 GB). An operation that needs more is
 * prepared again in a thread without the bound, once (RenderPool.ask), and the log says so.
 */
const THREAD_HEAP_MB = 512;

/** Whether a thread failed for want of heap (its bound was too small for its operation). */
const outOfMemory = (e: unknown) => (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

/** The files the main thread's renderer makes: none counts an operation's files or prepares its facts. */
const ON_MAIN = new Set([API_INDEX, '/routes.json', '/index.html', EXPLORER_OPERATIONS]);

/**
 * The operations whose facts are the region masters alone (prefectures, cities: what every client asks for
 * first): the main thread's plan has loaded them (its region index), so they are answered there at once.
 */
const onMainThread = (ops: OnDemand['plan']['operations']) =>
  new Set(ops.filter((op) => op.needs.flat().every((t) => REGION_TABLES.includes(t))).map((op) => op.route.path));

interface PoolOptions {
  /** The old generation of each render thread, in MB (THREAD_HEAP_MB). */
  heapMb?: number;
  /** Where the pool says what it does beside answering (an operation that outgrew the bound). */
  log?: (line: string) => void;
  /** An operation thread idle this long is stopped (IDLE_MS). */
  idleMs?: number;
  /** A thread started before the plan was made (earlyThread), taken as the first spare. */
  spare?: RenderThread;
}

/**
 * A render thread started before the main thread makes its plan (1–2 s on a cold start): it loads its
 * modules and warms the sources meanwhile, and the pool takes it as its spare and sends it the route table.
 * Its script is made first, so that the thread starts now rather than when the plan lets the event loop run.
 */
export async function earlyThread(values: SourceValues): Promise<RenderThread> {
  await threadScript();
  return new RenderThread({ values }, THREAD_HEAP_MB);
}

export class RenderPool implements Renderer {
  /** Operation threads by key, the most recently asked last. */
  private readonly threads = new Map<string, RenderThread>();
  private readonly data: ThreadData;
  /**
   * A thread started ahead, its modules loaded and its plan made (most of a second), taken by the next
   * operation first asked for; the next spare starts once that operation has answered, so that it does
   * not take the other core from the preparation.
   */
  private spare: RenderThread | undefined;

  /** `main`: the main thread's renderer of the same values, for the plan and the files that need no facts. */
  constructor(
    values: SourceValues,
    private readonly main: OnDemand,
    private readonly maxThreads = DEFAULT_THREADS,
    { heapMb = THREAD_HEAP_MB, log = () => {}, spare, idleMs = IDLE_MS }: PoolOptions = {},
  ) {
    this.data = { values, table: main.plan.table };
    this.heapMb = heapMb;
    this.log = log;
    spare?.give(main.plan.table);
    this.spare = spare ?? new RenderThread(this.data, heapMb);
    this.mastersOnMain = onMainThread(main.plan.operations);
    this.idleTimer = setInterval(() => this.stopIdle(idleMs), Math.min(idleMs, 10_000)).unref();
  }

  private readonly idleTimer: NodeJS.Timeout;

  /** Stops the operation threads asked nothing for `idleMs` (the spare stays: it holds no facts). */
  private stopIdle(idleMs: number): void {
    const now = performance.now();
    for (const [key, t] of this.threads) {
      if (!t.idle || now - t.asked < idleMs) continue;
      this.threads.delete(key);
      void t.stop();
    }
  }

  private readonly mastersOnMain: Set<string>;
  private readonly heapMb: number;
  private readonly log: (line: string) => void;

  get plan() {
    return this.main.plan;
  }

  read(path: string): string | null | Promise<string | null> {
    // What the plan alone gives, made by this thread at once whatever the others do: the docs page (its
    // examples checked by the resolver: 26 ms for the whole country, 60 ms for --prefs 1 where the examples'
    // Tokyo is out of scope and each operation's files are listed, measured cold) and the explorer's list.
    if (ON_MAIN.has(path)) return this.main.read(path);
    if (!path.startsWith('/api/')) return this.ask(SITE, { read: path });
    // Only a canonical file path is a file; which operation's it is decides the thread.
    const r = resolve(this.main.plan.routes, path, '');
    if (r.kind !== 'file' || r.path !== path || !r.op) return null;
    if (this.mastersOnMain.has(r.op.path)) return this.main.read(path);
    return this.ask(r.op.path, { read: path });
  }

  /**
   * Prepares every operation, then the site files, one thread at a time (the other core stays with the
   * server), and says how long it took: after it no first answer waits for facts.
   */
  async warmUp(log: (line: string) => void): Promise<void> {
    const t0 = performance.now();
    const keys = [...this.main.plan.table.operations.filter((o) => !o.unavailable).map((o) => o.path), SITE];
    for (const key of keys) {
      try {
        await this.ask(key, { prepare: key });
      } catch (e) {
        log(`regstat: preparing ${key} failed: ${(e as Error).message}`);
      }
    }
    log(
      `regstat: warm-up done: ${keys.length - 1} operations and the docs page ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }

  /** How many render threads have been started for operations and are running (the spare not counted). */
  get threadCount(): number {
    return [...this.threads.values()].filter((t) => t.alive).length;
  }

  /** Stops every thread once it has answered what it was asked. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.idleTimer);
    const spare = this.spare;
    this.spare = undefined;
    await Promise.all([...this.threads.values(), ...(spare ? [spare] : [])].map((t) => t.stop()));
    this.threads.clear();
  }

  private closed = false;

  /** Operations whose facts outgrew THREAD_HEAP_MB: their threads run without the bound. */
  private readonly unbounded = new Set<string>();

  /** Asks the thread of `key`, started (or taken from the spare) when first asked; asked again in a thread without a heap bound if its bound was too small. */
  private async ask(key: string, what: { read: string } | { prepare: string }): Promise<string | null> {
    try {
      return await this.askThread(key, what);
    } catch (e) {
      if (!outOfMemory(e) || this.unbounded.has(key)) throw e;
      this.unbounded.add(key);
      this.log(`regstat: ${key} needs more than ${this.heapMb} MB of heap; its thread runs without that bound now`);
      return this.askThread(key, what);
    }
  }

  /** Asks the thread of `key`: its own while alive, else the spare or a new one (the least recently asked idle ones stopped first). */
  private askThread(key: string, what: { read: string } | { prepare: string }): Promise<string | null> {
    const known = this.threads.get(key);
    this.threads.delete(key);
    if (known?.alive) {
      this.threads.set(key, known); // the most recently asked, last
      return known.ask(what);
    }
    this.makeRoom();
    const bounded = !this.unbounded.has(key);
    const t =
      this.spare?.alive && bounded ? this.spare : new RenderThread(this.data, bounded ? this.heapMb : undefined);
    if (t === this.spare) this.spare = undefined;
    this.threads.set(key, t);
    const answer = t.ask(what);
    // The next spare starts once this thread has answered, so as not to take the other core from it.
    const nextSpare = () => {
      if (!this.closed && !this.spare) this.spare = new RenderThread(this.data, this.heapMb);
    };
    answer.then(nextSpare, nextSpare);
    return answer;
  }

  /** Stops the least recently asked idle threads until a new one keeps within the bound (busy ones are left to finish). */
  private makeRoom(): void {
    for (const [key, t] of this.threads) {
      if (this.threadCount < this.maxThreads) return;
      if (t.alive && !t.idle) continue;
      this.threads.delete(key);
      void t.stop();
    }
  }
}

/** The renderer a server keeps while npm start hands its answers over from the threads to the response cache. */
export class Handover implements Renderer {
  constructor(private current: Renderer) {}

  get plan() {
    return this.current.plan;
  }

  read(path: string): string | null | Promise<string | null> {
    return this.current.read(path);
  }

  /** Answers from `next` from now on; both give the same bytes, so no client can tell. */
  switchTo(next: Renderer): void {
    this.current = next;
  }
}
