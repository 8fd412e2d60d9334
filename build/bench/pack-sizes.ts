// npm run bench -- --parts pack-sizes [--prefs …]: one build written into packs of several block and leaf
// sizes at once, and for each what a reader over a network fetches per answer: cold (the head's first
// read, one leaf, one block) and warm (the block alone), against the size of the pack. The defaults of
// build/pack/writer.ts were chosen from these figures.

import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { build } from '../core/build.ts';
import type { BuildEffects } from '../core/effects.ts';
import { PACK_DEFAULTS, PackEffects } from '../pack/writer.ts';
import { decodeHead, HEAD_SPACE, HEADER_BYTES, leafEntries, unframe, type PackHeader } from '../pack/format.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';

const SIZES: [blockKB: number, leafEntries: number][] = [
  [64, 1024],
  [128, 512],
  [128, 1024],
  [128, 2048],
  [256, 1024],
];

/** Every write to several effects. */
class Tee implements BuildEffects {
  constructor(private readonly all: PackEffects[]) {}
  write(path: string, body: string): void {
    const bytes = Buffer.from(body);
    for (const e of this.all) e.write(path, bytes);
  }
  commit(): void {
    for (const e of this.all) e.commit();
  }
  abort(): void {
    for (const e of this.all) e.abort();
  }
}

/** Bytes a reader fetches per API answer, over every API file of the pack. */
function fetched(file: string, h: PackHeader): { cold: number; leaf: number; warm: number } {
  const bytes = readFileSync(file);
  const root = decodeHead(
    brotliDecompressSync(unframe(bytes.subarray(HEADER_BYTES, HEADER_BYTES + h.headLength))!.packed),
    h.leavesAt,
  );
  let n = 0;
  let leaf = 0;
  let warm = 0;
  root.firstKeys.forEach((_, i) => {
    const raw = brotliDecompressSync(
      unframe(bytes.subarray(root.leafAt[i]!, root.leafAt[i]! + root.leafLength[i]!))!.packed,
    );
    for (const [key, place] of leafEntries(raw)) {
      if (key[1] !== 0x61 /* /a(pi) */) continue;
      n++;
      leaf += root.leafLength[i]!;
      warm += place[1];
    }
  });
  return { cold: HEAD_SPACE + (leaf + warm) / n, leaf: leaf / n, warm: warm / n };
}

/**
 * Runs in a process of its own with a larger heap: each pack keeps its directory (a path and a digest
 * per file) until it is committed, five of them beside the build.
 */
export function benchPackSizes(work: string, prefs: number[] | undefined): void {
  const r = spawnSync(
    process.execPath,
    [
      '--max-old-space-size=16384',
      '--import',
      import.meta.resolve('tsx'),
      fileURLToPath(import.meta.url),
      work,
      prefs?.join(',') ?? '',
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) console.log(`  pack sizes failed (exit ${r.status})`);
}

function measure(work: string, prefs: number[] | undefined): void {
  console.log(
    `\npack sizes (${prefs ? `prefectures ${prefs.join(',')}` : 'full default build'}; default ${PACK_DEFAULTS.blockBytes >> 10} KB blocks, ${PACK_DEFAULTS.leafEntries} paths a leaf)`,
  );
  const packs = SIZES.map(
    ([kb, leaves]) =>
      new PackEffects(join(work, `sizes-${kb}-${leaves}.pack`), { blockBytes: kb << 10, leafEntries: leaves }),
  );
  const t0 = performance.now();
  build({ sources: loadSources(sampleSourceSet()), ...(prefs ? { prefs } : {}) }, new Tee(packs));
  console.log(
    `  ${packs[0]!.files} files written into ${packs.length} packs at once in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log(
    '  block   leaf paths    pack      leaves   head     leaves n   cold answer   of it: leaf   warm answer (block)',
  );
  for (const p of packs) {
    const h = p.header!;
    const f = fetched(p.out, h);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(
      `  ${`${h.blockBytes >> 10} KB`.padEnd(7)} ${String(h.leafEntries).padStart(10)} ${`${(h.size / 1e6).toFixed(1)} MB`.padStart(9)} ${`${((h.size - h.leavesAt) / 1e6).toFixed(1)} MB`.padStart(9)} ${kb(h.headLength).padStart(9)} ${String(h.leaves).padStart(9)} ${kb(f.cold).padStart(12)} ${kb(f.leaf).padStart(13)} ${kb(f.warm).padStart(13)}`,
    );
    rmSync(p.out, { force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  measure(process.argv[2]!, process.argv[3] ? process.argv[3].split(',').map(Number) : undefined);
