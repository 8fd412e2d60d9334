// The render threads' code as one plain JavaScript file, bundled by esbuild when npm start begins (about
// 0.1 s). A thread then loads in about a quarter of a second, where through tsx's loader, which resolves
// and transpiles each of some 150 modules again in every new thread, it took half a second or more:
// that is time every operation's first answer waited. Packages stay outside the bundle, resolved from
// node_modules as before.

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Inside the repository's node_modules, so that the bundle's package imports resolve as the sources' do. */
const DIR = join(ROOT, 'node_modules/.cache/regstat/threads');
/** What a thread runs when no bundle can be made or written (a read-only install): the sources, through tsx. */
const TSX_THREAD = new URL('./render-worker.mjs', import.meta.url);

/**
 * Each module keeps its own import.meta: the files it reads beside itself (the loader's digest, the
 * official anchors, the compressor worker) are found where they are, not beside the bundle.
 */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      loader: 'ts',
      contents: readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path))),
    }));
  },
};

let made: Promise<URL> | undefined;
let madeUrl: URL | undefined;

/** The file render threads run: the bundle, named by its content, or the tsx entry if it cannot be made. */
export function threadScript(): Promise<URL> {
  return (made ??= bundle()
    .catch(() => TSX_THREAD)
    .then((url) => (madeUrl = url)));
}

/**
 * The file once threadScript() has settled: a thread can then start at once, without waiting for the event
 * loop (which a synchronous plan holds for seconds).
 */
export const threadScriptMade = (): URL | undefined => madeUrl;

async function bundle(): Promise<URL> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('./render-thread.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    plugins: [ownImportMeta],
  });
  const code = out.outputFiles[0]!.contents;
  const file = join(DIR, `render-thread-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  mkdirSync(DIR, { recursive: true });
  try {
    const now = new Date();
    utimesSync(file, now, now); // in use: not pruned by another version's server
  } catch {
    // Written beside and renamed: a thread of another server never loads half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  }
  prune(file);
  return pathToFileURL(file);
}

/** Bundles of other code versions, a day after they were last written, go. */
function prune(keep: string): void {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(DIR)) {
    const path = join(DIR, name);
    try {
      if (path !== keep && statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
    } catch {
      // another server pruned it first
    }
  }
}
