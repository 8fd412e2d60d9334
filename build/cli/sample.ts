// npm run sample -- <sources-dir> [--seed <text>]: writes the sample provider's tables as CSV files,
// to read, edit, and build from with --sources.

import { parseArgs } from 'node:util';
import { writeSourceSet } from '../../sources/dir.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { fail } from './fail.ts';

try {
  const { values, positionals } = parseArgs({ args: process.argv.slice(2), options: { seed: { type: 'string' } }, allowPositionals: true });
  const [out] = positionals;
  if (!out) throw new Error('The sample writer takes a folder: npm run sample -- <sources-dir>');
  writeSourceSet(sampleSourceSet(values.seed), out);
  process.stderr.write(`regstat: wrote the synthetic sample tables to ${out}\n`);
} catch (e) {
  fail(e);
}
