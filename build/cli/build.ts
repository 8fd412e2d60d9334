// npm run build -- [--prefs 1,13] [--only population,tourism] [--sources <dir>] [--out <dir>] [--seed <text>] [--layout compact] [--precompress] [--no-cache]

import { parseArgs } from 'node:util';
import { DiskTableCache } from '../../sources/cache.ts';
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
      'no-cache': { type: 'boolean', default: false },
    },
  });
  const started = Date.now();
  const log = (s: string) => process.stderr.write(s + '\n');
  const prefs = parsePrefs(values.prefs);
  const operations = values.only ? operationsOf(values.only.split(',').map((s) => s.trim())) : undefined;
  if (values.layout !== 'full' && values.layout !== 'compact') throw new Error(`--layout takes full or compact, got ${JSON.stringify(values.layout)}.`);
  const layout = values.layout;
  const effects = new DiskEffects(values.out!, { precompress: values.precompress! }); // checks the output folder before the slow part
  let report;
  try {
    const set = values.sources ? dirSourceSet(values.sources) : sampleSourceSet(values.seed);
    log(`sources: ${values.sources ?? 'sample provider (synthetic)'}`);
    // Every table is checked before the first file is written; tables checked by an earlier run come from the cache.
    const sources = loadSources(set, { eager: true, ...(values['no-cache'] ? {} : { cache: new DiskTableCache() }) });
    log(`loaded ${Object.values(sources.tables).reduce((a, t) => a + t!.rows, 0)} rows in ${Date.now() - started} ms`);
    report = build({ sources, prefs, layout, ...(operations ? { operations } : {}), progress: terminalProgress() }, effects);
    if (sources.dataset.kind === 'sample') log(`NOTE: ${sources.dataset.notice}`);
  } catch (e) {
    effects.abort();
    throw e;
  }
  const siblings = values.precompress ? ', not counting the .gz and .br siblings for nginx' : '';
  const f = report.footprint;
  log(`wrote ${f.files} files in ${f.folders} folders (${(f.bytes / 1e6).toFixed(1)} MB of files, about ${(f.diskBytes / 1e6).toFixed(1)} MB on disk as du counts it${siblings}) to ${effects.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { widestDirectory: w, hosts } = report.layout;
  log(`static hosts (widest directory ${w.path}: ${w.entries} entries): ${hosts.map((h) => `${h.host} ${h.fits ? 'fits' : `exceeds ${h.limit}`}`).join('; ')}`);
  return report;
}

/** `--prefs 1,13` as prefecture codes. */
export function parsePrefs(text: string | undefined): number[] | undefined {
  return text?.split(',').map((s) => {
    if (!/^[0-9]{1,2}$/.test(s.trim())) throw new Error(`--prefs takes prefecture codes separated by commas, such as 1,13; got ${JSON.stringify(s)}.`);
    return Number(s);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    runBuild(process.argv.slice(2));
  } catch (e) {
    fail(e);
  }
}
