// npm run serve -- [--dir dist] [--port 3000] [--host 127.0.0.1] [--workers 1|<n>|auto]

import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { OnDemand } from '../core/on-demand.ts';
import { createApiServer } from '../server/node.ts';
import { fail } from './fail.ts';

/**
 * Serves dist. With several workers (node:cluster) each process holds its own file cache and the
 * connections are shared out; one worker is enough for most uses and keeps memory small.
 */
export function serve(from: string | { renderer: OnDemand }, port: number, host: string, workers = 1) {
  const dir = typeof from === 'string' ? from : 'on-demand responses';
  if (workers > 1 && cluster.isPrimary) {
    for (let i = 0; i < workers; i++) cluster.fork();
    process.stderr.write(`regstat: serving ${dir} at http://${host}:${port}/ with ${workers} workers\n`);
    const stop = () => {
      for (const w of Object.values(cluster.workers ?? {})) w?.kill();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  const server = createApiServer(typeof from === 'string' ? { dir: from } : from);
  server.listen(port, host, () => {
    if (cluster.isWorker) return;
    const a = server.address();
    const where = typeof a === 'object' && a ? `http://${host}:${a.port}` : String(a);
    process.stderr.write(`regstat: serving ${dir} at ${where}/ (try ${where}/api/v1/prefectures)\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        dir: { type: 'string', default: 'dist' },
        port: { type: 'string', default: process.env.PORT ?? '3000' },
        host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
        workers: { type: 'string', default: '1' },
      },
    });
    const workers = values.workers === 'auto' ? availableParallelism() : Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1) throw new Error(`--workers takes a positive integer or auto, got ${JSON.stringify(values.workers)}.`);
    serve(values.dir!, Number(values.port), values.host!, workers);
  } catch (e) {
    fail(e);
  }
}
