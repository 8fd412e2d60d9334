// The sample dist's build, run by the global setup in a process of its own (sample-state.ts says why):
// the dist and its bundle at once, its file list, the digest stamp and the ready mark, then prefecture
// 31's pack for the golden tree and its mark, each written whole. Argument: the digest of the code and sources.

import { renameSync, writeFileSync } from 'node:fs';
import { build } from '../../build/core/build.ts';
import { DiskEffects, type BuildEffects } from '../../build/core/effects.ts';
import { PackEffects } from '../../build/pack/writer.ts';
import { GOLDEN_TREE_PREF } from '../golden/requests.ts';
import { SAMPLE_DIST, SAMPLE_FILES, SAMPLE_PREFS } from './paths.ts';
import { cachedSample, prefPack } from './sample.ts';
import { PACKS_READY, SAMPLE_READY } from './sample-state.ts';
import { keptBundle, keptBundlePath, writeKept } from './servers.ts';

/**
 * The build's writes, into the dist and into the bundle's pack at once, and their paths. Rendering
 * 480,000 files once for both spares reading them back (a listing of 10–50 s and a packing of 40 s):
 * the tests then hold the pack to the dist byte for byte, and test:full the list to a listing of the disk.
 */
class TeeEffects implements BuildEffects {
  readonly paths: string[] = [];
  constructor(private readonly outs: BuildEffects[]) {}
  write(path: string, body: string): void {
    for (const out of this.outs) out.write(path, body);
    this.paths.push(path);
  }
  commit(): void {
    for (const out of this.outs) out.commit();
  }
  abort(): void {
    for (const out of this.outs) out.abort();
  }
}

/** Writes a file whole: a reader never sees part of it. */
function writeWhole(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

const [key = '', mode = 'build'] = process.argv.slice(2);
if (mode === 'build') {
  const sources = cachedSample();
  await writeKept(keptBundlePath(SAMPLE_DIST, key), (pack) => {
    const tee = new TeeEffects([pack, new DiskEffects(SAMPLE_DIST)]);
    build({ sources, prefs: SAMPLE_PREFS }, tee);
    writeWhole(SAMPLE_FILES, [...tee.paths].sort().join('\n'));
  });
  writeWhole(`${SAMPLE_DIST}.digest`, key);
  writeWhole(SAMPLE_READY, key);
  // Prefecture 31 after the dist, from the same Sources: the facts every prefecture shares are prepared
  // once (build/facts/memo.ts), so it takes about 6 s where a process of its own took 22 s of a core.
  // The golden test holds it to the committed tree (test/helpers/sample.ts, memoryBuild, reads it).
  build({ sources, prefs: [GOLDEN_TREE_PREF] }, new PackEffects(prefPack(GOLDEN_TREE_PREF, key), { quality: 1 }));
} else {
  // The dist was reused without its bundle (code of the packer changed): packed once, before any test needs it.
  await keptBundle(SAMPLE_DIST);
  writeWhole(SAMPLE_READY, key);
}
writeWhole(PACKS_READY, key);
