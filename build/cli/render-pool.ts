// npm start's renderer: one thread per operation (and one for the docs page and manifests), each with
// the facts of its operation only, so that preparing one (seconds, with a cold table cache) never holds
// requests for the others, nor the event loop that serves the answers already made. The main thread
// keeps the plan (route table, resolver) and answers the API index and routes.json itself.

import { Worker } from 'node:worker_threads';
import { OnDemand, SITE, type Renderer } from '../core/on-demand.ts';
import { resolve } from '../runtime/resolve.ts';
import { API_INDEX } from '../runtime/routes.ts';
import type { Ask, Reply, ThreadData } from './render-thread.ts';
import type { SourceValues } from './source-options.ts';

/** One render thread: asks in order, answers by id. */
class RenderThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { ok: (text: string | null) => void; fail: (e: Error) => void }>();
  private next = 0;
  private drained: (() => void)[] = [];

  constructor(data: ThreadData) {
    this.worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: data });
    this.worker.on('message', (r: Reply) => {
      const p = this.pending.get(r.id)!;
      this.pending.delete(r.id);
      if ('error' in r) p.fail(new Error(r.error));
      else p.ok(r.text);
      this.settle();
    });
    // A thread that dies (out of memory, say) fails what it was asked; the pool starts a new one.
    this.worker.on('error', (e) => this.failAll(e));
    this.worker.on('exit', (code) => {
      this.alive = false;
      this.failAll(new Error(`its render thread stopped (exit code ${code})`));
    });
  }

  alive = true;

  ask(what: Omit<Ask, 'id'>): Promise<string | null> {
    const id = this.next++;
    return new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail });
      this.worker.postMessage({ id, ...what });
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

  /** Stops the thread once it has answered what it was asked. */
  async stop(): Promise<number> {
    if (this.pending.size) await new Promise<void>((ok) => this.drained.push(ok));
    return this.worker.terminate();
  }
}

export class RenderPool implements Renderer {
  private readonly threads = new Map<string, RenderThread>();
  private readonly data: ThreadData;

  /** `main`: the main thread's renderer of the same values, for the plan and the files that need no facts. */
  constructor(
    values: SourceValues,
    private readonly main: OnDemand,
  ) {
    this.data = { values, table: main.plan.table };
  }

  get plan() {
    return this.main.plan;
  }

  read(path: string): string | null | Promise<string | null> {
    if (path === API_INDEX || path === '/routes.json') return this.main.read(path);
    if (!path.startsWith('/api/')) return this.thread(SITE).ask({ read: path });
    // Only a canonical file path is a file; which operation's it is decides the thread.
    const r = resolve(this.main.plan.routes, path, '');
    if (r.kind !== 'file' || r.path !== path || !r.op) return null;
    return this.thread(r.op.path).ask({ read: path });
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
        await this.thread(key).ask({ prepare: key });
      } catch (e) {
        log(`regstat: preparing ${key} failed: ${(e as Error).message}`);
      }
    }
    log(`regstat: warm-up done: ${keys.length - 1} operations and the docs page ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  /** How many render threads have been started and are running. */
  get threadCount(): number {
    return [...this.threads.values()].filter((t) => t.alive).length;
  }

  /** Stops every thread once it has answered what it was asked. */
  async close(): Promise<void> {
    await Promise.all([...this.threads.values()].map((t) => t.stop()));
    this.threads.clear();
  }

  private thread(key: string): RenderThread {
    let t = this.threads.get(key);
    if (!t?.alive) this.threads.set(key, (t = new RenderThread(this.data)));
    return t;
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
