// One render thread of npm start: the on-demand renderer for one operation (or the site files), made
// from the same command-line values as the main thread's and its route table, answering the pool's
// messages in order. Its facts live here, so preparing them never holds the main thread's event loop.

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { OnDemand } from '../core/on-demand.ts';
import type { RouteTable } from '../runtime/routes.ts';
import { buildOptionsFrom, type SourceValues } from '../core/source-values.ts';

export interface ThreadData {
  values: SourceValues;
  /** The main thread's route table; absent for a thread started before the main thread's plan, which is sent it later (Ask's `table`). */
  table?: RouteTable;
}

export type Ask = { id: number; read: string } | { id: number; prepare: string } | { table: RouteTable };
export type Reply = { id: number; text: string | null } | { id: number; error: string };

/**
 * On Linux a thread has a nice value of its own (/proc/thread-self names its id): preparing at nice 10,
 * a render thread yields the cores to the server's event loop when both want them. Elsewhere, or where
 * it is refused, the thread runs at the server's priority.
 */
function yieldToServer(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // no /proc, or not allowed: only the server's latency under load differs
  }
}

yieldToServer();
const { values, table } = workerData as ThreadData;
// Header-only tables were warned of by the main thread's plan; a thread does not repeat it.
const options = buildOptionsFrom(values, { eager: false });
let renderer = table && new OnDemand(options, table);
// A thread started beside the main thread's plan does, while it waits for the route table, what the
// sources' tables start from (the sample's population anchors), so that its first answer need not.
if (!renderer) options.sources.warm?.();

parentPort!.on('message', (ask: Ask) => {
  if ('table' in ask) {
    renderer = new OnDemand(options, ask.table);
    return;
  }
  if (!renderer) throw new Error('a render thread was asked before it was given the route table');
  let reply: Reply;
  try {
    if ('read' in ask) reply = { id: ask.id, text: renderer.read(ask.read) };
    else {
      renderer.prepare(ask.prepare);
      reply = { id: ask.id, text: null };
    }
  } catch (e) {
    reply = { id: ask.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
