// npm run sample -- <sources-dir> [--seed <text>]: writes the sample provider's tables as CSV files,
// to read, edit, and build from with --sources.

import { checkSourcesFolder, writeSourceSet, writtenLines } from '../../sources/dir.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { DEFAULT_SEED } from '../../sources/sample/seed.ts';
import { runCommand, type CommandSpec } from './source-options.ts';

export const SAMPLE_COMMAND = {
  name: 'npm run sample',
  summary:
    "Writes the sample provider's tables (synthetic figures, real region codes) as CSV files and dataset.json, to read, edit and build from with --sources.",
  args: { usage: '<sources-dir>', min: 1, max: 1 },
  options: {
    seed: { type: 'string', value: '<text>', help: "the sample provider's seed", shownDefault: DEFAULT_SEED },
  },
  example: 'npm run sample -- /tmp/sample-sources && npm run build -- --sources /tmp/sample-sources --prefs 13',
  docs: "Writes the sample provider's tables as CSV, to read, edit and build from.",
} as const satisfies CommandSpec;

runCommand(import.meta, SAMPLE_COMMAND, ({ values, positionals }) => {
  const [out] = positionals as [string];
  checkSourcesFolder(out);
  const written = writeSourceSet(sampleSourceSet(values.seed), out);
  process.stderr.write(`regstat: wrote the synthetic sample tables to ${out}\n`);
  for (const line of writtenLines(out, written)) process.stderr.write(line + '\n');
});
