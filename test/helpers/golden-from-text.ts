// test:full's check that a build is the same in a process that shares nothing with the others but the code:
// the sample generated and loaded from its text here (no table cache), prefecture 31 built in memory, and
// its differences from the golden tree (npm run golden wrote it in another process) printed as JSON. A
// process of its own, as a vitest worker that ran other files first holds their facts: there the same
// build took 349 s of garbage collection and work, 92 s alone.

import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { GOLDEN_TREE_PREF } from '../golden/requests.ts';
import { goldenTreeChanges } from '../golden/tree.ts';

const effects = new MemoryEffects();
build({ sources: loadSources(sampleSourceSet()), prefs: [GOLDEN_TREE_PREF] }, effects);
process.stdout.write(
  JSON.stringify({ files: effects.files.size, changes: goldenTreeChanges(effects.files, GOLDEN_TREE_PREF) }),
);
