// npm start [-- --sources <dir>] [--seed <text>] [--prefs 1,13] [--only <families>] [--layout compact]
// Serves dist/ when a build wrote one; otherwise answers at once, rendering each response when it is
// first asked for, from the sample provider (or --sources), with the tables kept in a cache.

import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { OnDemand } from '../core/on-demand.ts';
import { fail } from './fail.ts';
import { serve } from './serve.ts';
import { buildOptionsFrom, SOURCE_OPTIONS } from './source-options.ts';

const log = (s: string) => process.stderr.write(s + '\n');

export function onDemandRenderer(argv: string[]): OnDemand {
  const { values } = parseArgs({ args: argv, options: SOURCE_OPTIONS });
  return new OnDemand(buildOptionsFrom(values, { eager: false }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const port = Number(process.env.PORT ?? 3000);
    const host = process.env.HOST ?? '127.0.0.1';
    const argv = process.argv.slice(2);
    if (argv.length === 0 && existsSync('dist/manifest.json')) {
      log('regstat: serving the built dist/ (npm run build wrote it; delete it to answer on demand instead)');
      serve('dist', port, host);
    } else {
      const t0 = performance.now();
      const renderer = onDemandRenderer(argv);
      const { dataset } = renderer.plan.ctx.sources;
      log(`regstat: no dist/ to serve, so responses are made on demand: each is rendered the first time it is asked for (the first of an operation takes a few seconds) and kept in memory. npm run build writes the static tree for hosts.`);
      log(dataset.kind === 'sample' ? `regstat: ${dataset.notice}` : `regstat: sources: ${dataset.notice}`);
      log(`regstat: ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      serve({ renderer }, port, host);
    }
  } catch (e) {
    fail(e);
  }
}
