// npm start [-- --sources <dir>] [--seed <text>] [--prefs 1,13] [--only <families>] [--layout compact]
// Serves dist/ when a build wrote one; otherwise answers at once, rendering each response when it is
// first asked for, from the sample provider (or --sources), with the tables kept in a cache.

import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DiskTableCache } from '../../sources/cache.ts';
import { dirSourceSet } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { OnDemand } from '../core/on-demand.ts';
import { operationsOf } from '../ops/index.ts';
import { parsePrefs } from './build.ts';
import { fail } from './fail.ts';
import { serve } from './serve.ts';

const log = (s: string) => process.stderr.write(s + '\n');

export function onDemandRenderer(argv: string[]): OnDemand {
  const { values } = parseArgs({
    args: argv,
    options: {
      sources: { type: 'string' },
      seed: { type: 'string' },
      prefs: { type: 'string' },
      only: { type: 'string' },
      layout: { type: 'string', default: 'full' },
      'no-cache': { type: 'boolean', default: false },
    },
  });
  if (values.layout !== 'full' && values.layout !== 'compact') throw new Error(`--layout takes full or compact, got ${JSON.stringify(values.layout)}.`);
  const set = values.sources ? dirSourceSet(values.sources) : sampleSourceSet(values.seed);
  const cache = values['no-cache'] ? undefined : new DiskTableCache();
  const sources = loadSources(set, { eager: false, ...(cache ? { cache } : {}) });
  const prefs = parsePrefs(values.prefs);
  return new OnDemand({
    sources,
    layout: values.layout,
    ...(prefs ? { prefs } : {}),
    ...(values.only ? { operations: operationsOf(values.only.split(',').map((s) => s.trim())) } : {}),
  });
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
