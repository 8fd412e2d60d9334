// Builds the shared sample dist once per test run.

import { existsSync, rmSync } from 'node:fs';
import { build } from '../../build/core/build.ts';
import { DiskEffects } from '../../build/core/effects.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { HAS_SHARED, SAMPLE_DIST, SAMPLE_PREFS, SHARED_SKIP_NOTE } from './paths.ts';

export default function setup() {
  if (existsSync(SAMPLE_DIST)) rmSync(SAMPLE_DIST, { recursive: true });
  build({ sources: loadSources(sampleSourceSet()), prefs: SAMPLE_PREFS }, new DiskEffects(SAMPLE_DIST));
  if (!HAS_SHARED) console.warn(`\n[regstat] Real-data tests ${SHARED_SKIP_NOTE}.\n`);
}
