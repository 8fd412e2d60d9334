// npm run golden: rewrites the golden files from the current code. Review the diff before committing.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../../build/cli/fail.ts';
import { GOLDEN_COMMAND } from '../../build/cli/dev-commands.ts';
import { parseCommand } from '../../build/cli/source-options.ts';
import { build } from '../../build/core/build.ts';
import { DiskEffects, MemoryEffects } from '../../build/core/effects.ts';
import { createApiServer } from '../../build/server/node.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { close, listen } from '../helpers/http.ts';
import { ROOT, SAMPLE_PREFS, TMP } from '../helpers/paths.ts';
import { GOLDEN_REQUESTS, GOLDEN_TREE_PREF } from './requests.ts';
import { treeDigest } from './tree.ts';

// --help, or an unknown argument, stops here: before anything is built or rewritten.
let treeOnly = false;
try {
  treeOnly = !!parseCommand(GOLDEN_COMMAND, process.argv.slice(2)).values.tree;
} catch (e) {
  fail(e);
}

const GOLDEN = join(ROOT, 'test/golden');
const sources = loadSources(sampleSourceSet());
if (!treeOnly) await writeResponses();
const tree = new MemoryEffects();
build({ sources, prefs: [GOLDEN_TREE_PREF] }, tree);
writeFileSync(join(GOLDEN, `tree-${GOLDEN_TREE_PREF}.txt`), treeDigest(tree.files));
console.log(`golden ${treeOnly ? 'tree' : 'files'} written to ${GOLDEN}`);

/** The golden responses, from the sample dist's server. */
async function writeResponses(): Promise<void> {
  const dist = join(TMP, 'golden-dist');
  build({ sources, prefs: SAMPLE_PREFS }, new DiskEffects(dist));
  const server = createApiServer({ dir: dist });
  const base = await listen(server);
  mkdirSync(join(GOLDEN, 'responses'), { recursive: true });
  for (const [name, url] of GOLDEN_REQUESTS) {
    const res = await fetch(base + url);
    const body = JSON.parse(await res.text());
    writeFileSync(
      join(GOLDEN, 'responses', `${name}.json`),
      JSON.stringify({ request: url, status: res.status, body }, null, 2) + '\n',
    );
  }
  await close(server);
  // The sample dist was only a means: half a million files should not stay behind.
  rmSync(dist, { recursive: true, force: true });
}
