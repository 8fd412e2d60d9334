// npm run import:resas -- <archive-dir> <sources-dir> [--masters <code-list-dir>]

import { checkSourcesFolder, writeSourceSet, writtenLines } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import { importResas } from '../../sources/resas/import.ts';
import { runCommand, type CommandSpec } from './source-options.ts';

export const IMPORT_COMMAND = {
  name: 'npm run import:resas',
  summary:
    'Turns saved RESAS API v1 responses (<archive-dir>/<operation with _>/<query>.json) into source tables in <sources-dir>, to build from with --sources.',
  args: { usage: '<archive-dir> <sources-dir>', min: 2, max: 2 },
  options: {
    masters: {
      type: 'string',
      value: '<code-list-dir>',
      help: 'saved code lists (prefectures, municipalities, medical areas) to import too',
      shownDefault: 'none',
    },
  },
  example: 'npm run import:resas -- ../shared/data/resas-responses /tmp/resas-sources',
  docs: 'Turns saved RESAS responses (and, with `--masters`, saved code lists) into source tables (see [Real data](data.md#real-data)).',
} as const satisfies CommandSpec;

runCommand(import.meta, IMPORT_COMMAND, ({ values, positionals }) => {
  const [archive, out] = positionals as [string, string];
  checkSourcesFolder(out);
  const { set, report } = importResas(archive, values.masters ? { masters: values.masters } : {});
  loadSources(set); // the tables must pass their schemas before they are written
  const written = writeSourceSet(set, out);
  process.stderr.write(
    `regstat: imported ${report.used.length} responses into ${out} (${Object.keys(set.files).join(', ')})\n`,
  );
  for (const line of writtenLines(out, written)) process.stderr.write(line + '\n');
  for (const s of report.skipped) process.stderr.write(`  skipped ${s.file}: ${s.why}\n`);
  process.stderr.write(`build with: npm run build -- --sources ${out}\n`);
});
