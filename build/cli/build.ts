// npm run build -- [--prefs 1,13] [--only population,tourism] [--sources <dir>] [--out <dir>] [--seed <text>] [--layout compact] [--precompress] [--no-cache]

import { parseArgs } from 'node:util';
import { build } from '../core/build.ts';
import { DiskEffects } from '../core/effects.ts';
import { terminalProgress } from '../core/progress.ts';
import { fail } from './fail.ts';
import { buildOptionsFrom, SOURCE_OPTIONS } from './source-options.ts';

export function runBuild(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...SOURCE_OPTIONS,
      out: { type: 'string', default: 'dist' },
      precompress: { type: 'boolean', default: false },
    },
  });
  const started = Date.now();
  const log = (s: string) => process.stderr.write(s + '\n');
  const effects = new DiskEffects(values.out!, { precompress: values.precompress! }); // checks the output folder before the slow part
  let report;
  try {
    log(`sources: ${values.sources ?? 'sample provider (synthetic)'}`);
    const options = buildOptionsFrom(values, { eager: true });
    const { sources } = options;
    log(`loaded ${Object.values(sources.tables).reduce((a, t) => a + t!.rows, 0)} rows in ${Date.now() - started} ms`);
    report = build({ ...options, progress: terminalProgress() }, effects);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    runBuild(process.argv.slice(2));
  } catch (e) {
    fail(e);
  }
}
