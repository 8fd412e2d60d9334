// npm run anchors -- [<shared-official-dir>]: regenerates sources/official/*.csv, the official totals the
// sample provider is anchored to, from the JLSTAT tables in ../shared/data/official
// (sources/anchors/import.ts), and prints the checks sources/official/README.md reports.

import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportLines, writeAnchors, type AnchorFile } from '../../sources/anchors/import.ts';
import { OFFICIAL_DIR, OFFICIAL_FILE_NAMES } from '../../sources/official.ts';
import { runCommand, type CommandSpec } from './source-options.ts';
import { whileSaying } from '../core/progress.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_SHARED_OFFICIAL = resolve(ROOT, '../shared/data/official');

export const ANCHORS_COMMAND = {
  name: 'npm run anchors',
  summary:
    'Regenerates sources/official/*.csv (census and IPSS population totals by prefecture, and by prefecture × sex × 5-year age 1960–2045; by municipality × sex × 5-year age in the censuses of 1980 and 2020 and IPSS 2018’s projections 2025–2045; national population by sex × 5-year age and of unknown age; the SSDSE, 住基 and migration anchors) from the official tables in <shared-official-dir>, and prints their checks.',
  args: { usage: '[<shared-official-dir>]', min: 0, max: 1 },
  options: {
    out: {
      type: 'string',
      value: '<dir>',
      help: 'write the files here instead',
      shownDefault: 'sources/official',
    },
  },
  example: 'npm run anchors -- ../shared/data/official',
} as const satisfies CommandSpec;

runCommand(import.meta, ANCHORS_COMMAND, ({ values, positionals }) => {
  const dir = positionals[0] ?? DEFAULT_SHARED_OFFICIAL;
  const out = values.out ?? OFFICIAL_DIR;
  const report = whileSaying(`regstat: reading the official tables in ${dir}`, () => writeAnchors(dir, out));
  const shown = relative(process.cwd(), resolve(out)).startsWith('..')
    ? resolve(out)
    : relative(process.cwd(), resolve(out)) || '.';
  process.stderr.write(
    `regstat: wrote ${Object.entries(report.rows)
      .map(([k, n]) => `${OFFICIAL_FILE_NAMES[k as AnchorFile]} (${n.toLocaleString('en')} rows)`)
      .join(', ')} to ${shown}\n`,
  );
  for (const line of reportLines(report)) process.stderr.write(`  ${line}\n`);
});
