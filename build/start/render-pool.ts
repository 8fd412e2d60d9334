// npm start's renderer: one thread per operation (and one for the docs page and manifests), each with
// the facts of its operation only, so that preparing one (seconds, with a cold table cache) never holds
// requests for the others, nor the event loop that serves the answers already made. The main thread
// keeps the plan (route table, resolver) and answers the API index and routes.json itself.

import { Worker } from 'node:worker_threads';
import { EXPLORER_OPERATIONS } from '../core/build.ts';
import { OnDemand, SITE, type Renderer } from '../core/on-demand.ts';
import { resolve } from '../runtime/resolve.ts';
import { API_INDEX } from '../runtime/routes.ts';
import type { Ask, Reply, ThreadData } from './render-thread.ts';
import type { SourceValues } from '../core/source-values.ts';
import type { Operation } from '../ops/operation.ts';
import type { TableName } from '../../sources/tables.ts';
import { threadScript } from './thread-script.ts';

/** One render thread: asks in order, answers by id. */
class RenderThread {
  private readonly worker: Promise<Worker>;
  private readonly pending = new Map<number, { ok: (text: string | null) => void; fail: (e: Error) => void }>();
  private next = 0;
  private drained: (() => void)[] = [];

  constructor(data: ThreadData) {
    this.worker = threadScript().then((script) => this.started(new Worker(script, { workerData: data })));
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
    worker.on('error', (e) => this.failAll(e));
    worker.on('exit', (code) => {
      this.alive = false;
      this.failAll(new Error(`its render thread stopped (exit code ${code})`));
    });
    return worker;
  }

  alive = true;

  ask(what: Omit<Ask, 'id'>): Promise<string | null> {
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
 * is whole.
 */
export const DEFAULT_THREADS = 4;

/** The files the main thread's renderer makes: none counts an operation's files or prepares its facts. */
const ON_MAIN = new Set([API_INDEX, '/routes.json', '/index.html', EXPLORER_OPERATIONS]);

/** The tables the main thread's plan has loaded (its region index): an operation that reads no other is answered there at once. */
const PLANNED: readonly TableName[] = ['prefectures', 'municipalities'];

/** The operations whose facts are the region masters alone (prefectures, cities: what every client asks for first). */
const onMainThread = (ops: readonly Operation[]) =>
  new Set(ops.filter((op) => op.needs.flat().every((t) => PLANNED.includes(t))).map((op) => op.route.path));

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
  ) {
    this.data = { values, table: main.plan.table };
    this.spare = new RenderThread(this.data);
    this.mastersOnMain = onMainThread(main.plan.operations);
  }

  private readonly mastersOnMain: Set<string>;

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
    const spare = this.spare;
    this.spare = undefined;
    await Promise.all([...this.threads.values(), ...(spare ? [spare] : [])].map((t) => t.stop()));
    this.threads.clear();
  }

  private closed = false;

  /** Asks the thread of `key`, started (or taken from the spare) when first asked. */
  private ask(key: string, what: Omit<Ask, 'id'>): Promise<string | null> {
    const known = this.threads.get(key);
    this.threads.delete(key);
    if (known?.alive) {
      this.threads.set(key, known); // the most recently asked, last
      return known.ask(what);
    }
    this.makeRoom();
    const t = this.spare?.alive ? this.spare : new RenderThread(this.data);
    this.spare = undefined;
    this.threads.set(key, t);
    const answer = t.ask(what);
    const nextSpare = () => {
      if (!this.closed && !this.spare) this.spare = new RenderThread(this.data);
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
