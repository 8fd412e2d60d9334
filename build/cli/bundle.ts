// npm run bundle -- [--dir <dist>] [--out <file.tar.gz>] [--errors status|resas]   (without a dist: [--sources <dir>] [--seed <text>] [--prefs 1,13] [--only <families>] [--layout compact])
// The bundle: a folder regstat/ of five files, packed as a tar.gz. dist.pack holds every file of a
// dist in one pack read by ranges (build/pack/format.ts): serve.mjs serves the whole API from it
// with plain `node serve.mjs --port <n>` (no npm install, no network, composition included), and
// worker.js with wrangler.toml serves it from R2 or any host that honours Range (the edge, one upload).
// Unpacking makes five files where a copy of dist makes an inode per file and folder.

import type { RouteTable } from '../runtime/routes.ts';
import { syntheticNotice } from '../runtime/data-kind.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { DATA_FILE } from '../adapters/offline-server.ts';
import { PackEffects, type PackOptions } from '../pack/writer.ts';
import { build } from '../core/build.ts';
import { silentProgress, terminalProgress, type Progress } from '../core/progress.ts';
import { edgeWorkerScript, offlineServerScript } from '../deploy/scripts.ts';
import { EDGE_WORKER_FILE, packName, WRANGLER_FILE, wranglerToml } from '../deploy/wrangler.ts';
import type { ErrorMode } from '../runtime/errors.ts';
import { ERRORS_OPTION, namesSources, runCommand, SOURCE_OPTIONS, type CommandSpec } from './source-options.ts';
import { OutputError, UsageError } from '../user-error.ts';
import { parseErrorMode } from '../core/error-mode.ts';
import { buildOptionsFrom } from '../core/source-values.ts';

export const BUNDLE_COMMAND = {
  name: 'npm run bundle',
  summary:
    'Writes the bundle: a tar.gz that unpacks into regstat/ (dist.pack, serve.mjs, worker.js, wrangler.toml, README.txt): the whole API from one file, served by plain node with nothing to install, or by the edge worker from R2 or any host that honours Range. From --dir (or dist/ when it exists); with no dist, or with any source option, renders straight into the bundle.',
  options: {
    dir: {
      type: 'string',
      value: '<dist>',
      help: 'the built dist to bundle as it is',
      shownDefault: 'dist, when it exists',
    },
    out: {
      type: 'string',
      value: '<file.tar.gz>',
      help: 'the bundle to write',
      shownDefault: '<dist folder name>.tar.gz, or regstat.tar.gz',
    },
    ...SOURCE_OPTIONS,
    ...ERRORS_OPTION,
  },
  example: 'npm run bundle -- --dir dist --out regstat.tar.gz --errors resas',
  docs: "Writes the bundle: a `tar.gz` that unpacks into `regstat/` with **five files**: `dist.pack` (every file of dist in one pack read by ranges, see [Deploy the whole API in one upload](hosts/cloudflare.md#deploy-the-whole-api-in-one-upload)), `serve.mjs` (dependency-free; `node regstat/serve.mjs --port 3000` serves the whole API from the pack: no unpacking into files, no npm install; `--data <file>` names another pack), `worker.js` and `wrangler.toml` (the edge worker and its configuration, naming the pack `regstat-<digest>.pack`) and `README.txt`. From `--dir` (or `dist/` when it exists); with no dist, or with any source option, the build core renders straight into the pack without writing a tree. `--errors`, and `node regstat/serve.mjs [--errors …]`: The bundle's error mode: written into its `routes.json`, or given to `serve.mjs` at start.",
} as const satisfies CommandSpec;

/** The folder the tar.gz unpacks into; DATA_FILE is the archive in it that serve.mjs reads by default. */
export const BUNDLE_FOLDER = 'regstat';
export { DATA_FILE };

/** What the folder holds and how to run it; the pack's published name comes from its digest. */
function readme(digest: string): string {
  const key = packName(digest);
  return `regstat bundle: a RESAS API v1 compatible API in one file (${DATA_FILE}).

Offline, with Node 20 or later and nothing to install:
  node serve.mjs --port 3000          then http://127.0.0.1:3000/api/v1/prefectures
  Options: --host 127.0.0.1, --data <file> (default: ${DATA_FILE} beside serve.mjs), --errors status|resas.

On Cloudflare, one upload (${WRANGLER_FILE} says the same):
  npx wrangler r2 object put regstat/${key} --file ${DATA_FILE} --remote
  npx wrangler deploy
Or put ${DATA_FILE} on any host that honours Range requests as ${key}, set PACK_URL in ${WRANGLER_FILE} and deploy.

Where the numbers come from: /manifest.json (a sample build is SYNTHETIC data).
`;
}

/**
 * Starts a bundle folder and returns the effects that write its pack. Give them to the build core,
 * build(options, bundleEffects(folder)), which commits them (or to copyDist); then finishBundle.
 */
export function bundleEffects(folder: string, pack: PackOptions = {}): PackEffects {
  mkdirSync(folder, { recursive: true });
  return new PackEffects(join(folder, DATA_FILE), pack);
}

/** The files beside a committed pack: its servers (offline and edge), the edge's configuration naming the pack, and how to run them. */
export function finishBundle(folder: string, effects: PackEffects): void {
  if (!effects.header) throw new Error(`${folder}: the pack was not committed`);
  writeFileSync(join(folder, 'serve.mjs'), offlineServerScript());
  writeFileSync(join(folder, EDGE_WORKER_FILE), edgeWorkerScript());
  writeFileSync(join(folder, WRANGLER_FILE), wranglerToml(effects.header.digest));
  writeFileSync(join(folder, 'README.txt'), readme(effects.header.digest));
}

/** Every file under dir as a dist path (/api/…), sorted: the same dist gives the same archive. */
export function distFiles(dir: string): string[] {
  const files: string[] = [];
  // readdir's file types spare a stat per entry: 28 s for the full build's 1.46 million folders, where fast-glob took 102 s.
  const walk = (path: string) => {
    for (const entry of readdirSync(dir + path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${path}/${entry.name}`);
      else if (entry.isFile()) files.push(`${path}/${entry.name}`);
    }
  };
  walk('');
  return files.sort();
}

/**
 * A dist's files grouped for the pack as a build groups them (writeOrder): those that differ only in the
 * prefecture side by side, so that they share compressed blocks. Sorted by path, the full tree packed into
 * 357.0 MB where the build's own order gave 259.9 MB (the medical chart's 47 files of a class and year
 * differ in prefecture_cd alone). Deterministic: by the path without its prefecture, then the path.
 */
export function packOrder(files: string[], table: RouteTable): string[] {
  // Per operation, its prefecture parameters' segments (names are identifiers: nothing to escape).
  const prefSegments = new Map(
    table.operations.map((o) => [
      o.path,
      o.params.filter((p) => p.type === 'pref').map((p) => [new RegExp(`/${p.name}/[^/]+/`), `/${p.name}/*/`] as const),
    ]),
  );
  const keyed = files.map((path) => {
    const segments = path.split('/');
    // The operation: the longest operation path the file's path starts with (forStacked is not forSales).
    let found: (readonly [RegExp, string])[] | undefined;
    for (let end = segments.length - 1; end > 2 && !found; end--)
      found = prefSegments.get(segments.slice(0, end).join('/'));
    let key = path;
    for (const [segment, any] of found ?? []) key = key.replace(segment, any);
    return { path, key };
  });
  // Paths are unique, so key then path is a total order.
  keyed.sort((a, b) => (a.key === b.key ? (a.path < b.path ? -1 : 1) : a.key < b.key ? -1 : 1));
  return keyed.map((k) => k.path);
}

/** routes.json with another error mode, for a bundle that answers errors unlike the dist it packs. */
export function withErrorMode(routes: Buffer, errors: ErrorMode): Buffer {
  const { errors: _, ...table } = JSON.parse(routes.toString('utf8'));
  return Buffer.from(JSON.stringify(errors === 'resas' ? { ...table, errors } : table));
}

/**
 * Writes every file of a dist into the archive, bytes as they are (routes.json with `errors`, when given),
 * and commits; `progress` hears of the listing and of the copy (minutes for a full build).
 */
export async function copyDist(
  dist: string,
  effects: PackEffects,
  errors?: ErrorMode,
  progress: Progress = silentProgress,
): Promise<number> {
  try {
    progress.start(`listing the files of ${dist}`, 0);
    const files = packOrder(distFiles(dist), JSON.parse(readFileSync(join(dist, 'routes.json'), 'utf8')));
    progress.end(`${files.length.toLocaleString('en')} files`);
    progress.start(`copying them into the pack`, files.length);
    // Reads run ahead in libuv's threads while earlier files are stored; the writes keep the sorted order.
    const AHEAD = 64;
    const reads: Promise<Buffer>[] = [];
    for (let i = 0; i < files.length; i++) {
      for (let j = reads.length; j < Math.min(files.length, i + AHEAD); j++) {
        const read = readFile(dist + files[j]);
        read.catch(() => {}); // seen when its turn comes; until then not an unhandled rejection
        reads.push(read);
      }
      const body = await reads[i]!;
      effects.write(files[i]!, errors && files[i] === '/routes.json' ? withErrorMode(body, errors) : body);
      reads[i] = undefined!;
      if (i % 1000 === 0) progress.tick(i);
    }
    progress.end(`${files.length.toLocaleString('en')} files`);
    progress.start('writing the pack index', 0);
    effects.commit();
    progress.end('done');
    return files.length;
  } catch (e) {
    effects.abort();
    throw e;
  }
}

/** tar czf of a bundle folder, which unpacks as regstat/. */
export function packBundle(folder: string, out: string): void {
  if (basename(folder) !== BUNDLE_FOLDER)
    throw new Error(`a bundle folder is named ${BUNDLE_FOLDER}, not ${basename(folder)}`);
  if (!existsSync(join(folder, DATA_FILE)))
    throw new Error(`${folder} has no ${DATA_FILE}: the effects were not committed`);
  const r = spawnSync('tar', ['-czf', resolve(out), '-C', dirname(resolve(folder)), BUNDLE_FOLDER], {
    encoding: 'utf8',
  });
  if (r.status !== 0)
    throw new OutputError(`writing ${out} failed: tar says ${(r.stderr || r.error?.message || '').trim()}`);
}

/**
 * The whole bundle from anything that writes through build effects, staged in a temporary folder:
 * writeBundleWith(out, (effects) => build(options, effects)) bundles a build without writing a dist.
 * fill must commit the effects (build() and copyDist do).
 */
export async function writeBundleWith(
  out: string,
  fill: (effects: PackEffects) => unknown,
  progress: Progress = silentProgress,
  pack: PackOptions = {},
): Promise<RouteTable> {
  const stage = mkdtempSync(join(tmpdir(), 'regstat-bundle-'));
  try {
    const folder = join(stage, BUNDLE_FOLDER);
    const effects = bundleEffects(folder, pack);
    await fill(effects);
    finishBundle(folder, effects);
    progress.start(`compressing the bundle into ${out} (tar czf)`, 0);
    packBundle(folder, out);
    progress.end('done');
    return JSON.parse(Buffer.from(effects.table).toString('utf8')) as RouteTable;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

export async function writeBundle(
  dist: string,
  out: string,
  errors?: ErrorMode,
  progress: Progress = silentProgress,
): Promise<RouteTable> {
  if (!existsSync(join(dist, 'routes.json')))
    throw new UsageError(`${dist} is not a regstat dist (it has no routes.json); build one with npm run build.`);
  return writeBundleWith(out, (effects) => copyDist(dist, effects, errors, progress), progress);
}

runCommand(import.meta, BUNDLE_COMMAND, async ({ values }) => {
  const started = Date.now();
  if (values.dir !== undefined && namesSources(values))
    throw new UsageError(
      '--dir bundles a built dist as it is, and the source options render one: give --dir or source options, not both.',
    );
  const errors = parseErrorMode(values.errors);
  // A dist is bundled as it is; with none (or with source options), the build core renders straight into the bundle.
  const fromSources = values.dir === undefined && (!existsSync('dist/routes.json') || namesSources(values));
  const out = values.out ?? `${fromSources ? 'regstat' : basename(resolve(values.dir ?? 'dist'))}.tar.gz`;
  if (fromSources)
    process.stderr.write(
      `regstat: no dist to bundle; rendering every response from ${values.sources ?? 'the sample provider (synthetic)'} into the bundle\n`,
    );
  // Off a terminal (CI, a pipe), a line every 10 s while a step of minutes runs.
  const progress = terminalProgress(process.stderr, 10_000);
  const table = fromSources
    ? await writeBundleWith(
        out,
        (effects) =>
          build(
            {
              ...buildOptionsFrom(values, { eager: true, warn: (s) => process.stderr.write(`regstat: ${s}\n`) }),
              progress,
            },
            effects,
          ),
        progress,
      )
    : await writeBundle(values.dir ?? 'dist', out, errors, progress);
  process.stderr.write(
    `regstat: wrote ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s; unpack it (tar xzf ${basename(out)}) and run node ${BUNDLE_FOLDER}/serve.mjs --port 3000\n`,
  );
  const notice = syntheticNotice(table);
  if (notice) process.stderr.write(`regstat: ${notice}\n`);
});
