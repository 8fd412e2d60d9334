// npm run bench -- --parts full: the whole default build at full scale, as an operator meets it. The
// tree once (files, folders, bytes, bytes on disk, time, peak memory), the pack from the sources and
// from that tree (size, time, peak memory), then the edge worker over the full pack (./edge.ts). Each
// command runs as its own process, as a user runs it, its memory read from /proc while it runs. Needs a
// disk with room for the tree (about 30 GB as du counts it); it is deleted afterwards.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_FOLDER, DATA_FILE } from '../cli/bundle.ts';
import { DEFAULT_SEED } from '../../sources/sample/seed.ts';
import { benchEdge } from './edge.ts';
import { memoryOf } from './tools.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = import.meta.resolve('tsx');
const GB = (n: number) => `${(n / 1e9).toFixed(2)} GB`;
const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

interface Run {
  seconds: number;
  peakRss: number;
  stderr: string;
}

/** A command of the repository as its own process: wall time, peak RSS (VmHWM, polled) and what it printed. */
function command(script: string, args: string[]): Promise<Run> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', TSX, join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let peak = 0;
  child.stderr!.on('data', (d) => (stderr += d));
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(child.pid!).peak);
    } catch {
      // exiting
    }
  }, 100);
  return new Promise((ok, fail) =>
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code !== 0) return fail(new Error(`${script} ${args.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`));
      ok({ seconds: (performance.now() - t0) / 1000, peakRss: peak, stderr });
    }),
  );
}

const du = (path: string) =>
  Number(spawnSync('du', ['-s', '--block-size=1', path], { encoding: 'utf8' }).stdout.split('\t')[0]);

/** The pack inside a bundle tar.gz, unpacked beside it. */
function unpackPack(tarball: string, into: string): string {
  mkdirSync(into, { recursive: true });
  const r = spawnSync('tar', ['-xzf', tarball, '-C', into]);
  if (r.status !== 0) throw new Error(`tar failed: ${r.stderr}`);
  return join(into, BUNDLE_FOLDER, DATA_FILE);
}

export async function benchFullScale(work: string, seconds: number, o: { keepTree?: boolean } = {}): Promise<void> {
  console.log('\nfull scale (every operation, all 47 prefectures, the sample provider)');
  // 1. The pack straight from the sources: what an operator of the edge runs.
  const bundle = join(work, 'full.tar.gz');
  const packRun = await command('build/cli/bundle.ts', ['--seed', DEFAULT_SEED, '--out', bundle]);
  const pack = unpackPack(bundle, join(work, 'full-bundle'));
  const packSize = statSync(pack).size;
  console.log('  pack (npm run bundle, no dist)');
  console.log(
    `    ${MB(packSize)} in one file (the tar.gz ${MB(statSync(bundle).size)}), ${packRun.seconds.toFixed(0)} s, peak RSS ${GB(packRun.peakRss)}`,
  );
  // 2. The tree.
  const tree = join(work, 'full-dist');
  const treeRun = await command('build/cli/build.ts', ['--out', tree]);
  const wrote = /wrote (\d+) files in (\d+) folders \(([\d.]+) MB of files/.exec(treeRun.stderr);
  const t0 = performance.now();
  const onDisk = du(tree);
  console.log('  tree (npm run build)');
  console.log(
    `    ${wrote?.[1]} files in ${wrote?.[2]} folders, ${wrote?.[3]} MB of files, ${GB(onDisk)} on disk (du, ${((performance.now() - t0) / 1000).toFixed(0)} s to count), ${treeRun.seconds.toFixed(0)} s, peak RSS ${GB(treeRun.peakRss)}`,
  );
  // 3. The pack of that tree: what npm run bundle costs with a dist.
  const fromTree = join(work, 'full-tree.tar.gz');
  const copyRun = await command('build/cli/bundle.ts', ['--dir', tree, '--out', fromTree]);
  const treePack = unpackPack(fromTree, join(work, 'full-tree-bundle'));
  console.log(
    `  pack of the tree (npm run bundle -- --dir)  ${MB(statSync(treePack).size)}, ${copyRun.seconds.toFixed(0)} s, peak RSS ${GB(copyRun.peakRss)}`,
  );
  rmSync(join(work, 'full-tree-bundle'), { recursive: true, force: true });
  if (!o.keepTree) {
    const r0 = performance.now();
    rmSync(tree, { recursive: true, force: true });
    console.log(`  deleting the tree                           ${((performance.now() - r0) / 1000).toFixed(0)} s`);
  }
  // 4. The edge over the full pack.
  if (existsSync(pack)) await benchEdge(pack, work, seconds);
}
