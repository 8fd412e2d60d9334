// npm run build -- [--prefs 1,13] [--only population,tourism] [--sources <dir>] [--out <dir>] [--seed <text>] [--layout compact] [--precompress] [--no-cache] [--errors status|resas]

import { build, type BuildReport } from '../core/build.ts';
import { DiskEffects } from '../core/effects.ts';
import { terminalProgress } from '../core/progress.ts';
import type { DatasetInfo } from '../../sources/load.ts';
import { fail } from './fail.ts';
import { ERRORS_OPTION, parseCommand, SOURCE_OPTIONS, type CommandSpec } from './source-options.ts';
import { buildOptionsFrom, sourceChoices } from '../core/source-values.ts';

export const BUILD_COMMAND = {
  name: 'npm run build',
  summary:
    'Writes every response of the API, and what each kind of host needs, into a folder (staged beside it and swapped in whole).',
  options: {
    ...SOURCE_OPTIONS,
    out: {
      type: 'string',
      default: 'dist',
      value: '<dir>',
      help: 'the folder to write (replaced whole; only a folder an earlier build wrote)',
    },
    precompress: {
      type: 'boolean',
      default: false,
      help: 'also write .gz and .br beside JSON files of 1 KB or more, for nginx',
    },
    ...ERRORS_OPTION,
  },
  example: 'npm run build -- --prefs 13 --only population --out dist-tokyo',
  docs: 'Builds every file (`--layout compact`: fewer files for hosts with limits; `--precompress`: `.gz` and `.br` beside JSON files of 1 KB or more, for nginx). Without `--sources`, from the sample provider. `--prefs` limits the data to some prefectures (the masters still list the whole country; other prefectures answer 404 naming the scope). `--only` builds some families (masters, population, industry, employment, tourism, fishery, forestry, mesh, medical; the masters always come along); the other operations are then unknown paths. Writes into `<out>.staging-<pid>` and swaps it in whole at the end: a failed or killed build leaves the previous output untouched, and the next build cleans up after a killed one. It refuses to replace a folder it did not write. Byte-for-byte deterministic.',
} as const satisfies CommandSpec;

/** The build's report, with the warnings it printed (header-only tables). */
type CliBuildReport = BuildReport & { warnings: string[] };

export function runBuild(argv: string[]): CliBuildReport {
  const { values } = parseCommand(BUILD_COMMAND, argv);
  const started = Date.now();
  const log = (s: string) => process.stderr.write(s + '\n');
  const warnings: string[] = [];
  const warn = (s: string) => {
    warnings.push(s);
    log(`regstat: ${s}`);
  };
  const choices = sourceChoices(values); // the options, before anything is written
  const effects = new DiskEffects(values.out!, { precompress: values.precompress! }); // checks the output folder before the slow part
  let report;
  try {
    log(`sources: ${values.sources ?? 'sample provider (synthetic)'}`);
    const options = buildOptionsFrom(choices, { eager: true, warn });
    const { sources } = options;
    log(`loaded ${Object.values(sources.tables).reduce((a, t) => a + t!.rows, 0)} rows in ${Date.now() - started} ms`);
    // Off a terminal, a line every 10 s within an operation of minutes too (a full build's largest).
    report = build({ ...options, progress: terminalProgress(process.stderr, 10_000) }, effects);
    if (sources.dataset.kind === 'sample') log(`NOTE: ${sources.dataset.notice}`);
    else logProvenance(sources.dataset, log);
  } catch (e) {
    effects.abort();
    throw e;
  }
  const siblings = values.precompress ? ', not counting the .gz and .br siblings for nginx' : '';
  const f = report.footprint;
  log(
    `wrote ${f.files} files in ${f.folders} folders (${(f.bytes / 1e6).toFixed(1)} MB of files, about ${(f.diskBytes / 1e6).toFixed(1)} MB on disk as du counts it${siblings}) to ${effects.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const { widestDirectory: w, hosts } = report.layout;
  log(
    `static hosts (widest directory ${w.path}: ${w.entries} entries): ${hosts.map((h) => `${h.host} ${h.fits ? 'fits' : `exceeds ${h.limit}`}`).join('; ')}`,
  );
  // Repeated last, where the eye lands after the progress output.
  if (warnings.length)
    log(
      `regstat: ${warnings.length} warning${warnings.length > 1 ? 's' : ''} (above): ${warnings.map((s) => s.replace(/^warning: (\S+) .*$/, '$1 has no rows')).join('; ')}`,
    );
  return { ...report, warnings };
}

/** Where an imported build's figures come from, with the credits their licences ask for. */
function logProvenance(dataset: DatasetInfo, log: (s: string) => void) {
  log(`data: ${dataset.notice}`);
  for (const t of dataset.provenance?.tables ?? [])
    log(
      `  from ${t.file}: ${t.table} (${t.years.join(', ')}; ${t.rows.toLocaleString('en')} rows, sha256 ${t.sha256.slice(0, 12)}…)`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    runBuild(process.argv.slice(2));
  } catch (e) {
    fail(e);
  }
}
