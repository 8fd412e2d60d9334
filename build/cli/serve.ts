// npm run serve -- [--dir dist] [--port 3000] [--host 127.0.0.1] [--workers 1|<n>|auto] [--errors status|resas]

import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Renderer } from '../core/on-demand.ts';
import type { ErrorMode } from '../runtime/errors.ts';
import { syntheticNotice } from '../runtime/data-kind.ts';
import { scopeNotice } from '../runtime/scope-notice.ts';
import { createApiServer, readTable } from '../server/node.ts';
import { fail } from './fail.ts';
import {
  DIST_OPTION,
  parseCacheBytes,
  parsePort,
  runCommand,
  SERVER_OPTIONS,
  type CommandSpec,
} from './source-options.ts';
import { UsageError } from '../user-error.ts';
import { parseErrorMode } from '../core/error-mode.ts';

export const SERVE_COMMAND = {
  name: 'npm run serve',
  summary:
    'Serves a built dist through the resolver: the query form of the original API, compositions, ETags, gzip and CORS.',
  options: {
    dir: DIST_OPTION,
    ...SERVER_OPTIONS,
    workers: {
      type: 'string',
      default: '1',
      value: '<n>|auto',
      help: 'processes sharing the port (auto: one per core), each with its own cache',
    },
  },
  example: 'npm run serve -- --dir dist --port 3000 --workers auto',
  docs: "Serves a dist through the resolver. `--workers auto` runs one process per core; a worker that dies after it listened is replaced, with one line in the log (more than 5 a worker within a minute stop the server, saying so); `--cache` is each process's memory budget in MB (also on `npm start`). A rebuild into the dist it serves is picked up whole (see [the Node server](hosts/node.md)).",
} as const satisfies CommandSpec;

interface ServeOptions {
  port: number;
  host: string;
  workers?: number;
  /** How errors are answered; the build's own mode (routes.json) when absent. */
  errors?: ErrorMode;
  /** The memory budget of each process's caches. */
  cacheBytes?: number;
  /** No request log. */
  quiet?: boolean;
}

/**
 * Serves dist. With several workers (node:cluster) each process holds its own file cache and the
 * connections are shared out; one worker is enough for most uses and keeps memory small.
 */
export function serve(
  from: string | { renderer: Renderer },
  { port, host, workers = 1, errors, cacheBytes, quiet }: ServeOptions,
) {
  const dir = typeof from === 'string' ? from : 'on-demand responses';
  if (workers > 1 && cluster.isPrimary) {
    // The workers' listen errors would each print; try the port once here first.
    const probe = createServer();
    probe.once('error', (e) => listenFailed(e, port, host));
    probe.listen(port, host, () => probe.close(() => forkWorkers(dir, port, host, workers)));
    return;
  }
  const server = createApiServer({
    ...(typeof from === 'string' ? { dir: from } : from),
    ...(errors ? { errors } : {}),
    ...(cacheBytes ? { cacheBytes } : {}),
    ...(quiet ? {} : { log: (text: string) => process.stderr.write(text) }),
  });
  server.once('error', (e) => listenFailed(e, port, host));
  server.listen(port, host, () => {
    if (cluster.isWorker) return;
    const a = server.address();
    const where = typeof a === 'object' && a ? `http://${host}:${a.port}` : String(a);
    process.stderr.write(`regstat: serving ${dir} at ${where}/ (try ${where}/api/v1/prefectures)\n`);
    const table = typeof from === 'string' ? readTable(from) : from.renderer.plan.table;
    process.stderr.write(`regstat: ${scopeNotice(table)}\n`);
    const notice = typeof from === 'string' ? syntheticNotice(table) : null;
    if (notice) process.stderr.write(`regstat: ${notice}\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function forkWorkers(dir: string, port: number, host: string, workers: number) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.stderr.write(`regstat: serving ${dir} at http://${host}:${port}/ with ${workers} workers\n`);
  const table = readTable(dir);
  process.stderr.write(`regstat: ${scopeNotice(table)}\n`);
  const notice = syntheticNotice(table);
  if (notice) process.stderr.write(`regstat: ${notice}\n`);
  let stopping = false;
  const stop = (code: number) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    process.exit(code);
  };
  const listening = new Set<number>();
  cluster.on('listening', (w) => listening.add(w.id));
  const replaced: number[] = [];
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    // The dead worker may still be listed until it has disconnected too.
    const left = Object.values(cluster.workers ?? {}).filter((x) => x && x !== w && !x.isDead()).length;
    // A worker that exited before it listened has said why (a port it cannot have): another would fail the
    // same way. One killed (by a signal: kill -9, the OOM killer) is replaced whenever it died.
    if (!listening.delete(w.id) && !signal) {
      if (left === 0) stop(1);
      return;
    }
    // One that served and died (killed, out of memory) is replaced, unless they keep dying: then say so and stop.
    const now = Date.now();
    replaced.push(now);
    while (replaced[0]! < now - 60_000) replaced.shift();
    if (replaced.length > 5 * workers) {
      process.stderr.write(
        `regstat: worker ${w.process.pid} ${how}; ${replaced.length} workers died within a minute, so the server stops\n`,
      );
      return stop(1);
    }
    process.stderr.write(`regstat: worker ${w.process.pid} ${how}; starting another (${left + 1} of ${workers})\n`);
    cluster.fork();
  });
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
}

/** A port that cannot be had, as one line that says what to do. */
function listenFailed(e: Error, port: number, host: string): never {
  const code = (e as NodeJS.ErrnoException).code;
  const next = port === 65535 ? 3000 : port + 1;
  const line =
    code === 'EADDRINUSE'
      ? `port ${port} is in use: stop the other server or pass --port ${next} / PORT=${next}`
      : code === 'EACCES'
        ? `port ${port} needs privileges on this system: pass --port ${port < 1024 ? 3000 : next} / PORT=${port < 1024 ? 3000 : next}`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot listen on ${host}: it is not an address of this machine; pass --host 127.0.0.1 (or HOST=0.0.0.0 for every interface)`
          : undefined;
  if (!line) fail(e);
  process.stderr.write(`regstat: ${line}\n`);
  process.exit(1);
}

runCommand(import.meta, SERVE_COMMAND, ({ values }) => {
  const workers = values.workers === 'auto' ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1)
    throw new UsageError(`--workers takes a positive integer or auto, got ${JSON.stringify(values.workers)}.`);
  const errors = parseErrorMode(values.errors);
  serve(values.dir!, {
    port: parsePort(values.port),
    host: values.host!,
    workers,
    cacheBytes: parseCacheBytes(values.cache),
    quiet: values.quiet!,
    ...(errors ? { errors } : {}),
  });
});
