// The on-demand server as a new user meets it: `npm start` with no dist and no table cache, the time to
// the first answer, the first answer of every operation, a warm answer under load, memory, and what it
// leaves on disk; then the same start with the cache warm.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATIONS } from '../ops/index.ts';
import { have, wrk } from './tools.ts';

const ROOT = join(import.meta.dirname, '../..');
const FIRST = '/api/v1/population/composition/perYear?prefCode=13&cityCode=-';

/** One plain request per operation: its declaration's first example, as the docs and OpenAPI show it. */
const FIRST_ANSWERS: string[] = OPERATIONS.map((op) => {
  const example = Object.entries(op.examples?.[0] ?? {}).filter(([, v]) => v !== undefined) as [string, string][];
  return op.route.path + (example.length ? `?${new URLSearchParams(example)}` : '');
});

/**
 * Latencies of probe requests, one after another, while `work` (started once the prober is ready) runs:
 * what it holds them. They are made by a process of its own (probe.mjs), which the bench's reading of
 * other answers cannot hold.
 */
async function probeWhile<T>(base: string, work: () => Promise<T>): Promise<{ probes: number[]; result: T }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'probe.mjs'), base], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const exited = new Promise((ok) => child.on('exit', ok));
  await new Promise<void>((ok, fail) => {
    child.stderr!.on('data', (d) => String(d).includes('ready') && ok());
    child.on('exit', () => fail(new Error('the prober stopped before it was ready')));
  });
  let result: T;
  try {
    result = await work();
  } finally {
    child.stdin!.end();
    await exited;
  }
  return { result, probes: JSON.parse(out || '[]') as number[] };
}

const quantile = (xs: number[], q: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]! : NaN;

/** Asks the first answer of every operation once, in order; prints each and returns the slowest (s). */
async function askFirstAnswers(base: string): Promise<number> {
  let worst = 0;
  for (const url of FIRST_ANSWERS) {
    const t = performance.now();
    const res = await fetch(base + url);
    await res.arrayBuffer();
    const s = (performance.now() - t) / 1000;
    worst = Math.max(worst, s);
    console.log(
      `    first ${url.split('?')[0]!.padEnd(52)} ${s.toFixed(2).padStart(6)} s${res.status === 200 ? '' : `  status ${res.status}`}`,
    );
  }
  return worst;
}

/** The first answer of every operation (none prepared: --no-warm-up), asked with nothing else going on. */
async function firstAnswers(s: Started, label: string): Promise<void> {
  const worst = await askFirstAnswers(s.base);
  console.log(`  ${label}: slowest first answer ${worst.toFixed(2)} s of ${FIRST_ANSWERS.length} operations`);
}

/**
 * The first answer of every operation while another process asks for the prefectures as fast as it
 * can: how long the preparations hold a prepared answer (the probes' p99 and maximum), and how long
 * the first answers take with the machine busy.
 */
async function probedFirstAnswers(s: Started, label: string): Promise<void> {
  let worst = 0;
  const { probes } = await probeWhile(s.base, async () => (worst = await askFirstAnswers(s.base)));
  console.log(
    `  ${label}: slowest first answer ${worst.toFixed(2)} s of ${FIRST_ANSWERS.length} operations, the machine kept busy by the prober`,
  );
  console.log(
    `  the masters asked meanwhile (${probes.length} requests from another process): ${latencies(probes)} (target: held ≤ 50 ms)`,
  );
  console.log(`  ${await loopHeld(s)}`);
}

/** The server's own account of its event loop since it listened (REGSTAT_LOOP_DELAY, start.ts). */
async function loopHeld(s: Started): Promise<string> {
  await new Promise((ok) => setTimeout(ok, 400)); // one more write of the file
  const { maxMs, p99Ms } = JSON.parse(readFileSync(s.loopFile, 'utf8')) as { maxMs: number; p99Ms: number };
  return `the server's event loop held at most ${maxMs.toFixed(1)} ms (p99 ${p99Ms.toFixed(1)} ms) since it listened (target ≤ 50 ms)`;
}

const latencies = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, max ${xs.reduce((a, x) => Math.max(a, x), 0).toFixed(1)} ms`;

interface Started {
  child: ChildProcess;
  base: string;
  seconds: number;
  log: () => string;
  loopFile: string;
}

/** `npm start` from the repository, timed from the spawn to the first 200 of FIRST. */
async function start(port: number, cache: string, warmUp = true): Promise<Started> {
  const t0 = performance.now();
  const loopFile = join(tmpdir(), `regstat-loop-delay-${port}.json`);
  // A dist in the working tree would be served as it is; any start option asks for on-demand answers.
  const options = [
    ...(existsSync(join(ROOT, 'dist')) ? ['--seed', 'regstat-sample-1'] : []),
    ...(warmUp ? [] : ['--no-warm-up']),
    '--quiet', // the figures under wrk are the server's, not its log's
  ];
  const args = ['start', ...(options.length ? ['--', ...options] : [])];
  const child = spawn('npm', args, {
    cwd: ROOT,
    env: { ...process.env, REGSTAT_LOOP_DELAY: loopFile, PORT: String(port), REGSTAT_CACHE: cache },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${err}`);
    try {
      const res = await fetch(base + FIRST);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 25));
  }
  return { child, base, seconds: (performance.now() - t0) / 1000, log: () => err, loopFile };
}

function stop(s: Started): void {
  try {
    process.kill(-s.child.pid!, 'SIGTERM'); // npm, its shell and the node process behind them
  } catch {
    // already gone
  }
}

/** `pid` and every process under it. */
function processTree(pid: number): number[] {
  const kids = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
  return [pid, ...kids.flatMap(processTree)];
}

/** A figure of /proc/<pid>/status (VmHWM, VmRSS) in bytes; 0 once the process is gone. */
function statusBytes(pid: number, field: string): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The largest resident set any process under `pid` reached (VmHWM), in bytes. */
const peakRss = (pid: number) => Math.max(...processTree(pid).map((p) => statusBytes(p, 'VmHWM')));

/** The resident set of every process under `pid` now, in bytes. */
const treeRss = (pid: number) => processTree(pid).reduce((sum, p) => sum + statusBytes(p, 'VmRSS'), 0);

function diskUse(dir: string): { bytes: number; files: number } {
  if (!existsSync(dir)) return { bytes: 0, files: 0 };
  const bytes = Number(spawnSync('du', ['-s', '--block-size=1', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
  const files = Number(spawnSync('sh', ['-c', `find "${dir}" -type f | wc -l`], { encoding: 'utf8' }).stdout.trim());
  return { bytes, files };
}

type Launch = (port: number, warmUp: boolean) => Promise<Started>;
const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export async function benchOnDemand(seconds: number): Promise<void> {
  console.log(
    '\non demand (npm start without a dist; sample provider; every operation prepared in a thread of its own)',
  );
  const cache = mkdtempSync(join(tmpdir(), 'regstat-bench-cache-'));
  const started: Started[] = [];
  const launch: Launch = async (port, warmUp) => {
    const s = await start(port, cache, warmUp);
    started.push(s);
    return s;
  };
  try {
    await firstPageAfterReady(39290);
    await coldStart(launch, cache, seconds);
    await tablesCached(launch);
    await withWarmUp(launch, cache);
    await responsesCached(launch, seconds);
  } finally {
    started.forEach(stop); // also after a failure: no server left behind on its port
    rmSync(cache, { recursive: true, force: true });
  }
}

/** The README's curl lines, as paths (and headers) on the server they name. */
function readmeCurlLines(): { path: string; headers: Record<string, string> }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/^curl '[^']*?:3000([^']+)'((?: -H '[^']+')*)/gm)].map(([, path, h]) => ({
    path: path!,
    headers: Object.fromEntries([...h!.matchAll(/-H '([^:]+): ([^']*)'/g)].map(([, k, v]) => [k!, v!])),
  }));
}

/**
 * A fresh clone as a user meets it: `npm start` as the README says (warm-up on, no cache of any kind),
 * then, from its `ready` line, the explorer (`/`) as a browser opened then asks it and the README's
 * curl lines, all at once: each figure is the time from `ready` to its answer.
 */
export async function firstPageAfterReady(port: number): Promise<void> {
  console.log('\nthe first page (npm start on a fresh clone: no table or response cache)');
  const cache = mkdtempSync(join(tmpdir(), 'regstat-bench-fresh-'));
  const options = existsSync(join(ROOT, 'dist')) ? ['--', '--seed', 'regstat-sample-1'] : [];
  const child = spawn('npm', ['start', ...options], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), REGSTAT_CACHE: cache },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let err = '';
  const t0 = performance.now();
  const ready = new Promise<number>((ok, fail) => {
    child.stderr!.on('data', (d) => ((err += d), /regstat: ready in/.test(err) && ok(performance.now())));
    child.on('exit', () => fail(new Error(`npm start exited: ${err}`)));
  });
  const s: Started = { child, base: `http://127.0.0.1:${port}`, seconds: 0, log: () => err, loopFile: '' };
  try {
    const at = await ready;
    console.log(`  fresh clone: npm start to its ready line            ${((at - t0) / 1000).toFixed(1)} s`);
    // All asked at once, as a user who opens the page and pastes the curl lines does: each timed from `ready`.
    const asks = [{ path: '/', headers: {} }, ...readmeCurlLines()];
    const answered = await Promise.all(
      asks.map(async ({ path, headers }) => ({
        path,
        status: await untilAnswered(s.base + path, headers),
        at: performance.now(),
      })),
    );
    for (const { path, status, at: t } of answered) {
      const shown = path.length > 44 ? path.slice(0, 43) + '…' : path;
      console.log(
        `    ready to ${shown.padEnd(44)} ${((t - at) / 1000).toFixed(2)} s${status === 200 ? '' : `  status ${status}`} (target ≤ 2 s)`,
      );
    }
  } finally {
    stop(s);
    rmSync(cache, { recursive: true, force: true });
  }
}

/** The status of the first answer to `url`, asked again while the server does not listen yet. */
async function untilAnswered(url: string, headers: Record<string, string>): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      return res.status;
    } catch {
      await pause(10);
    }
  }
}

/** A new user's first start: no table cache. The first answers, the site's pages, a warm answer under load, memory, disk. */
async function coldStart(launch: Launch, cache: string, seconds: number): Promise<void> {
  const cold = await launch(39291, false);
  console.log(`  npm start to the first 200 of perYear, no cache   ${cold.seconds.toFixed(1)} s (target ≤ 10 s)`);
  await probedFirstAnswers(cold, 'no table cache');
  for (const page of ['/', '/manifest.json']) {
    const t = performance.now();
    await (await fetch(cold.base + page)).arrayBuffer();
    console.log(`  first ${page.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  if (have('wrk')) {
    wrk(cold.base + FIRST, 2);
    const r = wrk(cold.base + FIRST, seconds);
    console.log(
      `  warm answers, wrk -t1 -c50 ${seconds} s                   ${Math.round(r.rps)} req/s, p99 ${r.p99ms.toFixed(2)} ms (target ≤ 5 ms)`,
    );
  }
  console.log(
    `  peak memory (RSS) after every operation           ${(peakRss(cold.child.pid!) / 1e6).toFixed(0)} MB (all threads)`,
  );
  stop(cold);
  const disk = diskUse(cache);
  console.log(
    `  written to disk (the table cache)                 ${(disk.bytes / 1e6).toFixed(1)} MB in ${disk.files} files (target < 200 MB, < 10,000 files)`,
  );
}

/** Two starts with the tables cached and no response cache: as after a first start that was interrupted. */
async function tablesCached(launch: Launch): Promise<void> {
  await pause(500);
  const warm = await launch(39292, false);
  console.log(`  npm start to the first 200 of perYear, tables cached ${warm.seconds.toFixed(1)} s`);
  await firstAnswers(warm, 'tables cached, no response cache (an interrupted first start; target ≤ 1 s each)');
  stop(warm);
  await pause(500);
  const probed = await launch(39295, false);
  await probedFirstAnswers(probed, 'tables cached, asked again from a new start');
  stop(probed);
}

/** As users start it: the response cache written in the background while the masters are asked. */
async function withWarmUp(launch: Launch, cache: string): Promise<void> {
  await pause(500);
  const t0 = performance.now();
  const background = await launch(39293, true);
  const done = new Promise<void>((ok) => {
    const timer = setInterval(
      () => /warm-up done|could not be written/.test(background.log()) && (clearInterval(timer), ok()),
      100,
    );
  });
  let rss = 0;
  const sampler = setInterval(() => (rss = Math.max(rss, treeRss(background.child.pid!))), 1000);
  const { probes } = await probeWhile(background.base, () => done);
  clearInterval(sampler);
  const line = /regstat: (warm-up done|the response cache could not).*/.exec(background.log())?.[0] ?? '';
  console.log(
    `  with the warm-up (the default): ${line}; ${((performance.now() - t0) / 1000).toFixed(1)} s from the spawn`,
  );
  console.log(
    `    the masters asked meanwhile (${probes.length} requests): ${latencies(probes)}; RSS of the server and its writer ${(rss / 1e6).toFixed(0)} MB at most`,
  );
  console.log(`    ${await loopHeld(background)}`);
  await pause(2000); // the threads stopped after the handover
  console.log(
    `    RSS of the server after the handover          ${(treeRss(background.child.pid!) / 1e6).toFixed(0)} MB`,
  );
  stop(background);
  const cached = diskUse(cache);
  console.log(
    `  the cache on disk (tables and the response pack)   ${(cached.bytes / 1e6).toFixed(1)} MB in ${cached.files} files`,
  );
}

/** A start with the response cache written: every answer from the pack. */
async function responsesCached(launch: Launch, seconds: number): Promise<void> {
  await pause(500);
  const again = await launch(39294, true);
  console.log(`  npm start to the first 200 of perYear, cache warm ${again.seconds.toFixed(1)} s`);
  await probedFirstAnswers(again, 'response cache warm (target ≤ 1 s each)');
  if (have('wrk')) {
    const r = wrk(again.base + FIRST, seconds);
    console.log(
      `  answers from the response cache, wrk -t1 -c50 ${seconds} s  ${Math.round(r.rps)} req/s, p99 ${r.p99ms.toFixed(2)} ms`,
    );
  }
  console.log(
    `  RSS then                                           ${(treeRss(again.child.pid!) / 1e6).toFixed(0)} MB`,
  );
  stop(again);
}

/** The offline bundle of a built dist: its files unpacked, its size against `tar czf` of the same dist, and the time to its first answer. */
export async function benchBundle(dist: string, work: string): Promise<void> {
  const { writeBundle, BUNDLE_FOLDER } = await import('../cli/bundle.ts');
  console.log('\noffline bundle (npm run bundle of the built dist)');
  let t = performance.now();
  const tarball = join(work, 'dist.tar.gz');
  spawnSync('tar', ['-czf', tarball, '-C', dist, '.']);
  const tarBytes = Number(spawnSync('stat', ['-c', '%s', tarball], { encoding: 'utf8' }).stdout);
  console.log(
    `  tar czf of the dist                 ${(tarBytes / 1e6).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );
  rmSync(tarball, { force: true });
  t = performance.now();
  const bundle = join(work, 'regstat.tar.gz');
  await writeBundle(dist, bundle);
  console.log(`  npm run bundle                      ${((performance.now() - t) / 1000).toFixed(0)} s`);
  const unpacked = join(work, 'unpacked');
  spawnSync('mkdir', ['-p', unpacked]);
  spawnSync('tar', ['-xzf', bundle, '-C', unpacked]);
  const folder = join(unpacked, BUNDLE_FOLDER);
  const { bytes, files } = diskUse(folder);
  const apparent = Number(spawnSync('du', ['-sb', folder], { encoding: 'utf8' }).stdout.split('\t')[0]);
  console.log(
    `  unpacked                            ${files} files, ${(apparent / 1e6).toFixed(1)} MB (${(bytes / 1e6).toFixed(1)} MB on disk), ${(apparent / tarBytes).toFixed(2)}× the tar czf (target ≤ 1.5×)`,
  );
  t = performance.now();
  const child = spawn(process.execPath, ['serve.mjs', '--port', '39293'], { cwd: folder, env: {}, stdio: 'ignore' });
  try {
    // /api/v1/prefectures answers in any scope (a --prefs dist may lack Tokyo).
    for (let i = 0; i < 3000; i++) {
      const res = await fetch('http://127.0.0.1:39293/api/v1/prefectures').catch(() => null);
      if (res?.status === 200) {
        console.log(`  node serve.mjs to the first 200     ${((performance.now() - t) / 1000).toFixed(2)} s`);
        return;
      }
      await new Promise((ok) => setTimeout(ok, 10));
    }
    console.log('  node serve.mjs did not answer within 30 s');
  } finally {
    child.kill();
  }
}
