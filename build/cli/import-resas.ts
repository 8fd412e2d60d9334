// npm run import:resas -- <archive-dir> <sources-dir> [--masters <code-list-dir>]

import { writeSourceSet } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import { importResas } from '../../sources/resas/import.ts';
import { fail } from './fail.ts';

try {
  const args = process.argv.slice(2);
  const at = args.indexOf('--masters');
  const masters = at >= 0 ? args.splice(at, 2)[1] : undefined;
  if (at >= 0 && !masters) throw new Error('--masters takes a folder of code lists');
  const [archive, out] = args;
  if (!archive || !out) throw new Error('The importer takes two folders: npm run import:resas -- <archive-dir> <sources-dir> [--masters <code-list-dir>]');
  const { set, report } = importResas(archive, masters ? { masters } : {});
  loadSources(set); // the tables must pass their schemas before they are written
  writeSourceSet(set, out);
  process.stderr.write(`regstat: imported ${report.used.length} responses into ${out} (${Object.keys(set.files).join(', ')})\n`);
  for (const s of report.skipped) process.stderr.write(`  skipped ${s.file}: ${s.why}\n`);
  process.stderr.write(`build with: npm run build -- --sources ${out}\n`);
} catch (e) {
  fail(e);
}
