// npm start [-- --sources <dir>] [--seed <text>] [--prefs 1,13] [--only <families>] [--layout compact] [--port 3000] [--host 127.0.0.1] [--errors status|resas]
// Serves dist/ when a build wrote one; otherwise answers at once, rendering each response when it is
// first asked for, from the sample provider (or --sources), with the tables kept in a cache, while
// the whole build is written into a pack in the background: later starts answer from it (build/start/pack-cache.ts).

import { existsSync, statSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { OnDemand } from '../core/on-demand.ts';
import { PackRenderer, packFile, writePack } from '../start/pack-cache.ts';
import { DEFAULT_THREADS, earlyThread, Handover, RenderPool } from '../start/render-pool.ts';
import { serve } from './serve.ts';
import {
  namesSources,
  parseCacheBytes,
  runCommand,
  parsePort,
  SERVER_OPTIONS,
  SOURCE_OPTIONS,
  type CommandSpec,
} from './source-options.ts';
import { parseErrorMode } from '../core/error-mode.ts';
import { buildOptionsFrom, type SourceValues } from '../core/source-values.ts';

const log = (s: string) => process.stderr.write(s + '\n');

export const START_COMMAND = {
  name: 'npm start',
  summary:
    'Serves the API at once. With no dist/ (or with any source option) each response is rendered when first asked for; with a dist/ that npm run build wrote, serves it as npm run serve does.',
  options: {
    ...SOURCE_OPTIONS,
    ...SERVER_OPTIONS,
    'no-warm-up': {
      type: 'boolean',
      default: false,
      help: 'do not write the response cache (or, with --no-cache, prepare every operation) in the background after start; each operation is then prepared when first asked for',
    },
  },
  example: 'npm start -- --prefs 13 --only population --port 3001',
  docs: "Serves on `--port`/`PORT` (default 3000) and `--host`/`HOST` (default 127.0.0.1). With no `dist/` (or with any source option), answers **on demand** from the sample provider or `--sources`: nothing is built first; each operation's facts are prepared in a thread of its own, so preparing one never holds the server or the other operations (at most 2 threads at once, the least recently asked stopped first, and a thread asked nothing for a minute stopped, so that memory stays bounded), and in the background every response is written into the response cache, which answers once it is whole and at once on later starts (the log says `warm-up done`; `--no-warm-up` leaves each operation to its first request; `--no-cache` keeps no cache and prepares every operation in its thread instead); the log says the data is synthetic (for the sample) and that responses are made on demand. With a `dist/` and no option it serves that tree, as `npm run serve` does.",
} as const satisfies CommandSpec;

/**
 * Writes the response cache in the background and hands the answers over to it once it is whole (the
 * threads are then stopped, and their memory with them); if it cannot be written, prepares every
 * operation in its thread instead.
 */
async function warmUpCache(values: SourceValues, file: string, pool: RenderPool, renderer: Handover): Promise<void> {
  const t0 = performance.now();
  const writer = writePack(values, file);
  // The writer goes with the server: at exit, and at once on Ctrl-C or SIGTERM (the server may take a while to close).
  const stop = () => writer.child.kill();
  process.on('exit', stop).on('SIGINT', stop).on('SIGTERM', stop);
  const done = await writer.done;
  const pack = done === true ? await PackRenderer.open(file, pool.plan.table) : null;
  if (!pack) {
    log(
      `regstat: the response cache could not be written (${done === true ? 'it was unreadable' : done}); preparing every operation instead`,
    );
    return pool.warmUp(log);
  }
  renderer.switchTo(pack);
  await pool.close();
  const mb = (statSync(file).size / 2 ** 20).toFixed(1);
  log(
    `regstat: warm-up done: every response (${pack.pack.entries} files, ${mb} MB) in the response cache in ${((performance.now() - t0) / 1000).toFixed(1)} s; answers come from it now`,
  );
}

/**
 * For the bench: with REGSTAT_LOOP_DELAY=<file>, how long the event loop was held since the server
 * listened (max and p99, ms), rewritten every 250 ms. It is what "no preparation holds the server"
 * means, apart from how a loaded machine schedules the process that measures it.
 */
function reportLoopDelay(file: string | undefined): void {
  if (!file) return;
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  const write = () =>
    writeFileSync(file, JSON.stringify({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 }));
  setInterval(write, 250).unref();
}

/** The on-demand renderer for checked source values; header-only tables are warned of when first read. */
export function onDemandRenderer(values: SourceValues): OnDemand {
  return new OnDemand(buildOptionsFrom(values, { eager: false, warn: (s) => log(`regstat: ${s}`) }));
}

runCommand(import.meta, START_COMMAND, async ({ values }) => {
  const port = parsePort(values.port);
  const host = values.host!;
  const errors = parseErrorMode(values.errors);
  const cacheBytes = parseCacheBytes(values.cache);
  if (!namesSources(values) && existsSync('dist/manifest.json')) {
    log('regstat: serving the built dist/ (npm run build wrote it; delete it to answer on demand instead)');
    serve('dist', { port, host, cacheBytes, quiet: values.quiet!, ...(errors ? { errors } : {}) });
  } else {
    const t0 = performance.now();
    const file = values['no-cache'] ? undefined : packFile(values);
    // With no response cache to answer from, a render thread loads and warms up beside the plan (1–2 s of
    // this thread on a cold start), so that the first data request finds it ready.
    const early = file && existsSync(file) ? undefined : await earlyThread(values);
    const main = onDemandRenderer(values);
    const { dataset } = main.plan.ctx.sources;
    log(dataset.kind === 'sample' ? `regstat: ${dataset.notice}` : `regstat: sources: ${dataset.notice}`);
    const cached = file && existsSync(file) ? await PackRenderer.open(file, main.plan.table) : null;
    const options = { port, host, cacheBytes, quiet: values.quiet!, ...(errors ? { errors } : {}) };
    if (cached) {
      log(
        `regstat: no dist/ to serve; every response comes from the response cache an earlier start of the same sources wrote (${file})`,
      );
      log(`regstat: ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      serve({ renderer: cached }, options);
    } else {
      // Each operation's facts are prepared in a thread of its own, so no preparation holds the server.
      // With the response cache written, a few threads at a time (DEFAULT_THREADS: memory); --no-cache
      // prepares every operation to keep it, so it keeps every thread.
      const pool = new RenderPool(values, main, file ? DEFAULT_THREADS : Infinity, {
        log,
        ...(early ? { spare: early } : {}),
      });
      const renderer = new Handover(pool);
      const warm = !values['no-warm-up'];
      log(
        `regstat: no dist/ to serve, so responses are made on demand, each operation's facts prepared in a thread of its own when first asked for${!warm ? '' : file ? '; meanwhile every response is written to the response cache in the background, and answers come from it once it is whole (and at once on later starts)' : '; all of them in the background from now on'}. npm run build writes the static tree for hosts.`,
      );
      log(`regstat: ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      serve({ renderer }, options);
      if (warm && file) void warmUpCache(values, file, pool, renderer);
      else if (warm) void pool.warmUp(log);
    }
    reportLoopDelay(process.env.REGSTAT_LOOP_DELAY);
  }
});
