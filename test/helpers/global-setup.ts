// Builds the shared sample dist once per test run. The build is keyed by a digest of the code and
// sources that produce it, so an unchanged tree reuses the previous run's dist (a fresh clone builds).

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import fg from 'fast-glob';
import { build } from '../../build/core/build.ts';
import { DiskEffects } from '../../build/core/effects.ts';
import { cachedSample } from './sample.ts';
import { keptBundle } from './servers.ts';
import { HAS_SHARED, SAMPLE_DIST, SAMPLE_FILES, SAMPLE_PREFS, SHARED_SKIP_NOTE } from './paths.ts';

const ROOT = join(import.meta.dirname, '../..');

function digest(): string {
  const hash = createHash('sha256').update(JSON.stringify(SAMPLE_PREFS));
  // The servers, commands and benchmarks write nothing into dist: changing them reuses the dist.
  const ignore = ['build/server/**', 'build/cli/**', 'build/bench/**'];
  for (const f of fg.sync(['build/**/*', 'sources/**/*', 'package-lock.json'], { cwd: ROOT, ignore }).sort()) {
    hash.update(f).update(readFileSync(join(ROOT, f)));
  }
  return hash.digest('hex');
}

/**
 * Every file of the sample dist as read from disk, once: listing its 480,000 files takes 10–50 s, and
 * four test files need the list. Written after the dist, so a list never describes another dist.
 */
function listFiles(): void {
  const files = readdirSync(SAMPLE_DIST, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => '/' + relative(SAMPLE_DIST, join(d.parentPath, d.name)))
    .sort();
  writeFileSync(`${SAMPLE_FILES}.tmp`, files.join('\n'));
  renameSync(`${SAMPLE_FILES}.tmp`, SAMPLE_FILES);
}

export default async function setup() {
  // Every table checked into the shared cache first (0.5 s when it is already there): test files read it.
  const sources = cachedSample(undefined, true);
  const stamp = `${SAMPLE_DIST}.digest`;
  const key = digest();
  if (!(existsSync(SAMPLE_DIST) && existsSync(stamp) && readFileSync(stamp, 'utf8') === key)) {
    rmSync(stamp, { force: true });
    rmSync(SAMPLE_FILES, { force: true });
    if (existsSync(SAMPLE_DIST)) rmSync(SAMPLE_DIST, { recursive: true });
    // Bundles packed from the previous dist (test/helpers/servers.ts keeps them beside it).
    for (const f of fg.sync(`${basename(SAMPLE_DIST)}.bundle-*`, { cwd: dirname(SAMPLE_DIST) }))
      rmSync(join(dirname(SAMPLE_DIST), f), { force: true });
    build({ sources, prefs: SAMPLE_PREFS }, new DiskEffects(SAMPLE_DIST));
    writeFileSync(stamp, key);
  }
  if (!existsSync(SAMPLE_FILES)) listFiles();
  // Packed here, once and before any test's timeout starts, for the five test files that serve the bundle.
  await keptBundle(SAMPLE_DIST);
  if (!HAS_SHARED) console.warn(`\n[regstat] Real-data tests ${SHARED_SKIP_NOTE}.\n`);
}
