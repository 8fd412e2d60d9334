// The servers tests run as a user would: the offline bundle unpacked and run with plain node, and real
// nginx with its generated configuration. Each returns its base URL and a stop function.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_FOLDER, copyDist, writeBundle, writeBundleWith } from '../../build/cli/bundle.ts';
import { PACK_DEFAULTS, type PackEffects } from '../../build/pack/writer.ts';
import { nginxConfig } from '../../build/deploy/nginx.ts';
import type { RouteTable } from '../../build/runtime/routes.ts';
import { ROOT } from './paths.ts';
import { FULL } from './scope.ts';

export interface Running {
  base: string;
  port: number;
  work: string;
  stop(): void;
  /** What it wrote to stderr so far (the servers regstat runs). */
  log?: () => string;
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

export async function waitUp(base: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${log()}`);
    try {
      await fetch(base + '/api/v1/prefectures');
      return;
    } catch {
      await new Promise((ok) => setTimeout(ok, 50));
    }
  }
  throw new Error(`${base} did not come up: ${log()}`);
}

export const hasNginx = spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
export const NGINX_SKIP = 'skipped: nginx is not installed (apt-get install -y nginx; .ci/run installs it)';

/** The bundle of `dist` unpacked into a temporary folder and run with plain node in an empty environment. */
export async function startBundle(dist: string, args: string[] = []): Promise<Running> {
  const work = mkdtempSync(join(tmpdir(), 'regstat-bundle-test-'));
  const archive = await bundleOf(dist, work);
  const r = spawnSync('tar', ['-xzf', archive, '-C', work]);
  if (r.status !== 0) throw new Error(`tar failed: ${r.stderr}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let err = '';
  const child = spawn(process.execPath, ['serve.mjs', '--port', String(port), ...args], {
    cwd: join(work, BUNDLE_FOLDER),
    env: {},
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d) => (err += d));
  await waitUp(base, child, () => err);
  return {
    base,
    port,
    work,
    stop: () => (child.kill(), rmSync(work, { recursive: true, force: true })),
    log: () => err,
  };
}

/**
 * The bundle of a dist. A dist the global setup keyed by a digest (the shared sample dist) is packed once
 * per digest and the archive kept beside it: five test files serve it, and packing 400,000 files each time
 * would take most of their time.
 */
async function bundleOf(dist: string, work: string): Promise<string> {
  if (existsSync(`${dist}.digest`)) return keptBundle(dist);
  const archive = join(work, 'regstat.tar.gz');
  await writeBundle(dist, archive);
  return archive;
}

/**
 * The brotli quality of kept bundles' blocks. The default run only reads them back: at quality 1 the
 * sample build took 101 CPU-s where npm run bundle's 6 took 155 (measured alone); test:full, which
 * holds the bundle's size to the dist's, packs at npm run bundle's own quality (a bundle of its own, by
 * the path below).
 */
const KEPT_QUALITY = FULL ? PACK_DEFAULTS.quality : 1;

/**
 * Where the bundle of a dist keyed by a digest is kept: its key is the dist's digest, build/cli, where the
 * packer lives, and what its serve.mjs and worker.js are bundled from.
 */
export function keptBundlePath(dist: string, digest = readFileSync(`${dist}.digest`, 'utf8')): string {
  const hash = createHash('sha256').update(digest).update(String(KEPT_QUALITY));
  const code = ['build/{cli,adapters,runtime,server,pack}/**/*', 'build/user-error.ts'];
  for (const f of fg.sync(code, { cwd: ROOT }).sort()) hash.update(f).update(readFileSync(join(ROOT, f)));
  return `${dist}.bundle-${hash.digest('hex').slice(0, 16)}.tar.gz`;
}

/** Writes a kept bundle whole or not at all, should another worker pack it at the same time. */
export async function writeKept(kept: string, fill: (effects: PackEffects) => unknown): Promise<string> {
  const partial = `${kept}.${process.pid}.partial`;
  await writeBundleWith(partial, fill, undefined, { quality: KEPT_QUALITY });
  renameSync(partial, kept);
  return kept;
}

/** The kept bundle of a dist keyed by a digest, packed from the dist if missing (the global setup packs the sample's as it builds it). */
export async function keptBundle(dist: string): Promise<string> {
  const kept = keptBundlePath(dist);
  return existsSync(kept) ? kept : writeKept(kept, (effects) => copyDist(dist, effects));
}

/** nginx in the foreground with the configuration generated from dist's routes.json (or a given table). */
export async function startNginx(root: string, table?: RouteTable): Promise<Running> {
  const work = mkdtempSync(join(tmpdir(), 'regstat-nginx-test-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(work, { recursive: true });
  const conf = join(work, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig(table ?? JSON.parse(readFileSync(join(root, 'routes.json'), 'utf8')), { root, port, work }),
  );
  let err = '';
  const child = spawn('nginx', ['-c', conf, '-p', work, '-e', join(work, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d) => (err += d));
  await waitUp(
    base,
    child,
    () => err + (existsSync(join(work, 'error.log')) ? readFileSync(join(work, 'error.log'), 'utf8') : ''),
  );
  return { base, port, work, stop: () => (child.kill('SIGQUIT'), rmSync(work, { recursive: true, force: true })) };
}

/** `npx serve <dist>` as a user runs it: the serve CLI, with the dist's serve.json and nothing of ours. */
export async function startServe(dist: string): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let err = '';
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/serve/build/main.js'),
      dist,
      '--listen',
      `tcp://127.0.0.1:${port}`,
      '--no-port-switching',
      '--no-clipboard',
    ],
    {
      env: { ...process.env, NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr!.on('data', (d) => (err += d));
  await waitUp(base, child, () => err);
  return { base, port, work: dist, stop: () => void child.kill() };
}

/** The kept bundle of a dist, unpacked once per process into a temporary folder: its regstat/ folder. */
let unpacked: Promise<string> | undefined;
export function unpackedBundle(dist: string): Promise<string> {
  return (unpacked ??= keptBundle(dist).then((archive) => {
    const work = mkdtempSync(join(tmpdir(), 'regstat-unpacked-'));
    chmodSync(work, 0o755); // nginx's workers, which serve the pack, do not run as its owner
    const r = spawnSync('tar', ['-xzf', archive, '-C', work]);
    if (r.status !== 0) throw new Error(`tar failed: ${r.stderr}`);
    process.on('exit', () => rmSync(work, { recursive: true, force: true }));
    return join(work, BUNDLE_FOLDER);
  }));
}

/** Plain nginx serving a folder's files as they are (Range included), as a static host or bucket would the pack. */
export async function startFileNginx(root: string, at?: number): Promise<Running> {
  const work = mkdtempSync(join(tmpdir(), 'regstat-files-nginx-'));
  const port = at ?? (await freePort());
  const conf = join(work, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off; worker_processes 1; pid ${work}/nginx.pid; error_log ${work}/error.log;
events { worker_connections 256; }
http { access_log ${work}/access.log; client_body_temp_path ${work}; proxy_temp_path ${work}; fastcgi_temp_path ${work}; uwsgi_temp_path ${work}; scgi_temp_path ${work};
  server { listen 127.0.0.1:${port}; root ${root}; location / { } } }
`,
  );
  let err = '';
  const child = spawn('nginx', ['-c', conf, '-p', work], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (d) => (err += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    if (
      await fetch(base + '/').then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  if (child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
  return { base, port, work, stop: () => (child.kill('SIGQUIT'), rmSync(work, { recursive: true, force: true })) };
}
