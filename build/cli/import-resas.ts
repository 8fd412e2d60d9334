// npm run import:resas -- <archive-dir> <sources-dir>

import { writeSourceSet } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import { importResas } from '../../sources/resas/import.ts';
import { fail } from './fail.ts';

try {
  const [archive, out] = process.argv.slice(2);
  if (!archive || !out) throw new Error('The importer takes two folders: npm run import:resas -- <archive-dir> <sources-dir>');
  const { set, report } = importResas(archive);
  loadSources(set); // the tables must pass their schemas before they are written
  writeSourceSet(set, out);
  process.stderr.write(`regstat: imported ${report.used.length} responses into ${out} (${Object.keys(set.files).join(', ')})\n`);
  for (const s of report.skipped) process.stderr.write(`  skipped ${s.file}: ${s.why}\n`);
  process.stderr.write(`build with: npm run build -- --sources ${out}\n`);
} catch (e) {
  fail(e);
}
