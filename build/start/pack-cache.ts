// npm start's response cache: the first start of some sources renders every response into one pack
// in the background (a child process at low priority, the same build npm run bundle makes), and every
// later start of the same sources, options and code answers from it at once, with no facts to prepare
// and no thread per operation. A pack is named by a digest of everything its bytes depend on, so a
// changed source, seed, option or line of code is simply a miss; nothing is invalidated by hand.

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiskTableCache } from '../../sources/cache.ts';
import { Pack } from '../pack/reader.ts';
import { fileSource } from '../pack/range-sources/file.ts';
import type { Renderer } from '../core/on-demand.ts';
import type { RouteTable } from '../runtime/routes.ts';
import { sourceChoices, type SourceValues } from '../core/source-values.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where the packs live: beside the checked tables (REGSTAT_CACHE, or node_modules/.cache/regstat/tables). */
const packCacheDir = (): string => join(new DiskTableCache().dir, 'packs');

/** The values a pack's bytes depend on; the server's own options (port, cache size…) are not among them. */
const packValues = (v: SourceValues): SourceValues => {
  const { sources, seed, prefs, only, layout, errors } = v;
  return Object.fromEntries(
    Object.entries({ sources, seed, prefs, only, layout, errors }).filter(([, x]) => x !== undefined),
  );
};

let code: string | undefined;

/** Every file of build/ and sources/ and the locked packages: what renders the bytes. */
function codeDigest(): string {
  if (code) return code;
  const hash = createHash('sha256').update(readFileSync(join(ROOT, 'package-lock.json')));
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (e.isFile())
        hash
          .update(path)
          .update('\0')
          .update(readFileSync(join(ROOT, path)))
          .update('\0');
    }
  };
  walk('build');
  walk('sources');
  return (code = hash.digest('hex'));
}

/** The pack's file name for these values: the code, the options and each table's content. */
export function packFile(values: SourceValues): string {
  const { set } = sourceChoices(values);
  const tables = Object.entries(set.files)
    .map(([name, f]) => `${name}=${f!.contentKey ?? createHash('sha256').update(f!.text).digest('hex')}`)
    .sort();
  const key = createHash('sha256')
    .update(JSON.stringify({ code: codeDigest(), values: packValues(values), dataset: set.dataset, tables }))
    .digest('hex');
  return join(packCacheDir(), `${key}.pack`);
}

/** A renderer over a pack of a whole build: the same bytes the build wrote, read by range. */
export class PackRenderer implements Renderer {
  private constructor(
    readonly pack: Pack,
    readonly plan: { readonly table: RouteTable },
  ) {}

  /** Opens a cached pack; null (and the pack removed) when it is damaged or not of this route table. */
  static async open(file: string, table: RouteTable): Promise<PackRenderer | null> {
    try {
      const pack = await Pack.open(fileSource(file), { blockCacheBytes: 64 << 20, leafCacheBytes: 64 << 20 });
      if (pack.table && Buffer.from(pack.table).toString('utf8') === JSON.stringify(table))
        return new PackRenderer(pack, { table });
    } catch {
      // damaged: written again below
    }
    rmSync(file, { force: true });
    return null;
  }

  async read(path: string): Promise<string | null> {
    const bytes = await this.pack.get(path);
    return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  }
}

/**
 * The writer's old generation, in MB. Left to grow, V8 let it reach 3.9 GB resident; held to 2,560 MB it took
 * 3.14 GB beside a server of 2.08 GB (issue 52). Since the build lets go of each operation's facts and each
 * table after their last use, and the pack's directory waits on disk (build/pack/sorted-runs.ts), the full
 * sample build from a fresh table cache keeps at most 732 MB after a collection (at the municipality family;
 * 465 MB once its tables are made). This bound leaves room above that. Sources that need more make the writer
 * fail, and npm start then prepares every operation in its threads instead (warmUpCache).
 */
const WRITER_HEAP_MB = 1280;

/** The environment variable that tells the pack writer its server's pid (pack-cache-writer.ts reads it by name, before loading anything). */
const WRITER_PARENT = 'REGSTAT_WRITER_PARENT';

/**
 * Writes the pack of these values in a child process at the lowest priority; `done` is true once it is
 * in place (every other pack is then removed: each is a whole build), or says why not.
 */
export function writePack(values: SourceValues, file: string): { child: ChildProcess; done: Promise<true | string> } {
  mkdirSync(join(file, '..'), { recursive: true });
  const tsx = join(ROOT, 'node_modules/tsx/dist/loader.mjs');
  const args = [
    `--max-old-space-size=${WRITER_HEAP_MB}`,
    '--import',
    tsx,
    join(ROOT, 'build/cli/pack-cache-writer.ts'),
    file,
    JSON.stringify(packValues(values)),
  ];
  // The writer ends when this process does (pack-cache-writer.ts), which it knows by this pid.
  const o: SpawnOptions = {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, [WRITER_PARENT]: String(process.pid) },
  };
  // nice: the server's threads and its clients come first; the pack only fills idle time.
  const child =
    platform() === 'win32'
      ? spawn(process.execPath, args, o)
      : spawn('nice', ['-n', '19', process.execPath, ...args], o);
  let err = '';
  child.stderr!.on('data', (d) => (err = (err + d).slice(-8000)));
  const done = new Promise<true | string>((ok) => {
    child.on('error', (e) => ok(e.message));
    child.on('exit', (status, signal) => {
      if (status === 0 && existsSync(file)) {
        removeOtherPacks(file);
        ok(true);
      } else if (/heap out of memory|Reached heap limit/.test(err))
        ok(`it ran out of memory: its heap is held to ${WRITER_HEAP_MB} MB`); // not V8's last line, a stack address
      else ok(err.trim().split('\n').at(-1) || `it stopped (${signal ?? `exit code ${status}`})`);
    });
  });
  return { child, done };
}

/** Every pack but `file`: each is a whole build, of sources or code that are no longer current. (A killed writer's staging file is cleared by the next writer: PackEffects.) */
function removeOtherPacks(file: string): void {
  const dir = join(file, '..');
  for (const name of readdirSync(dir))
    if (name.endsWith('.pack') && join(dir, name) !== file) rmSync(join(dir, name), { force: true });
}
