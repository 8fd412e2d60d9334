// npm run build -- [--prefs 1,13] [--only population,tourism] [--sources <dir>] [--out <dir>] [--seed <text>]

import { parseArgs } from 'node:util';
import { dirSourceSet } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { build } from '../core/build.ts';
import { operationsOf } from '../ops/index.ts';
import { DiskEffects } from '../core/effects.ts';
import { terminalProgress } from '../core/progress.ts';
import { fail } from './fail.ts';

export function runBuild(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      prefs: { type: 'string' },
      only: { type: 'string' },
      sources: { type: 'string' },
      out: { type: 'string', default: 'dist' },
      seed: { type: 'string' },
      layout: { type: 'string', default: 'full' },
      precompress: { type: 'boolean', default: false },
    },
  });
  const started = Date.now();
  const log = (s: string) => process.stderr.write(s + '\n');
  const prefs = values.prefs?.split(',').map((s) => {
    if (!/^[0-9]{1,2}$/.test(s.trim())) throw new Error(`--prefs takes prefecture codes separated by commas, such as 1,13; got ${JSON.stringify(s)}.`);
    return Number(s);
  });
  const operations = values.only ? operationsOf(values.only.split(',').map((s) => s.trim())) : undefined;
  if (values.layout !== 'full' && values.layout !== 'compact') throw new Error(`--layout takes full or compact, got ${JSON.stringify(values.layout)}.`);
  const layout = values.layout;
  const effects = new DiskEffects(values.out!, { precompress: values.precompress! }); // checks the output folder before the slow part
  let report;
  try {
    const set = values.sources ? dirSourceSet(values.sources) : sampleSourceSet(values.seed);
    log(`sources: ${values.sources ?? 'sample provider (synthetic)'}`);
    const sources = loadSources(set);
    log(`loaded ${Object.values(sources.tables).reduce((a, t) => a + t!.rows, 0)} rows in ${Date.now() - started} ms`);
    report = build({ sources, prefs, layout, ...(operations ? { operations } : {}), progress: terminalProgress() }, effects);
    if (sources.dataset.kind === 'sample') log(`NOTE: ${sources.dataset.notice}`);
  } catch (e) {
    effects.abort();
    throw e;
  }
  const siblings = values.precompress ? ', not counting the .gz and .br siblings for nginx' : '';
  log(`wrote ${report.files} files (${(report.bytes / 1e6).toFixed(1)} MB${siblings}) to ${effects.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { widestDirectory: w, hosts } = report.layout;
  log(`static hosts (widest directory ${w.path}: ${w.entries} entries): ${hosts.map((h) => `${h.host} ${h.fits ? 'fits' : `exceeds ${h.limit}`}`).join('; ')}`);
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    runBuild(process.argv.slice(2));
  } catch (e) {
    fail(e);
  }
}
