// npm start [-- --sources <dir>] [--seed <text>] [--prefs 1,13] [--only <families>] [--layout compact] [--port 3000] [--host 127.0.0.1] [--errors status|resas]
// Serves dist/ when a build wrote one; otherwise answers at once, rendering each response when it is
// first asked for, from the sample provider (or --sources), with the tables kept in a cache.

import { existsSync } from 'node:fs';
import { OnDemand } from '../core/on-demand.ts';
import { fail } from './fail.ts';
import { RenderPool } from './render-pool.ts';
import { serve } from './serve.ts';
import {
  buildOptionsFrom,
  namesSources,
  parseCacheBytes,
  parseCommand,
  parseErrorMode,
  parsePort,
  SERVER_OPTIONS,
  SOURCE_OPTIONS,
  type CommandSpec,
  type SourceValues,
} from './source-options.ts';

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
      help: 'do not prepare every operation in the background after start (each is then prepared when first asked for)',
    },
  },
  example: 'npm start -- --prefs 13 --only population --port 3001',
} as const satisfies CommandSpec;

/** The on-demand renderer for checked source values; header-only tables are warned of when first read. */
export function onDemandRenderer(values: SourceValues): OnDemand {
  return new OnDemand(buildOptionsFrom(values, { eager: false, warn: (s) => log(`regstat: ${s}`) }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { values } = parseCommand(START_COMMAND, process.argv.slice(2));
    const port = parsePort(values.port);
    const host = values.host!;
    const errors = parseErrorMode(values.errors);
    const cacheBytes = parseCacheBytes(values.cache);
    if (!namesSources(values) && existsSync('dist/manifest.json')) {
      log('regstat: serving the built dist/ (npm run build wrote it; delete it to answer on demand instead)');
      serve('dist', { port, host, cacheBytes, ...(errors ? { errors } : {}) });
    } else {
      const t0 = performance.now();
      const main = onDemandRenderer(values);
      const { dataset } = main.plan.ctx.sources;
      // Each operation's facts are prepared in a thread of its own, so no preparation holds the server.
      const renderer = new RenderPool(values, main);
      const warm = !values['no-warm-up'];
      log(
        `regstat: no dist/ to serve, so responses are made on demand and kept in memory; each operation's facts are prepared in a thread of its own${warm ? ', all of them in the background from now on' : ' when it is first asked for'}. npm run build writes the static tree for hosts.`,
      );
      log(dataset.kind === 'sample' ? `regstat: ${dataset.notice}` : `regstat: sources: ${dataset.notice}`);
      log(`regstat: ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      serve({ renderer }, { port, host, cacheBytes, ...(errors ? { errors } : {}) });
      if (warm) void renderer.warmUp(log);
    }
  } catch (e) {
    fail(e);
  }
}
