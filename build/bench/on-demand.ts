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

/** One plain request per operation, in the order a user exploring the API might ask them. */
export const FIRST_ANSWERS: string[] = [
  '/api/v1/prefectures',
  '/api/v1/cities?prefCode=13',
  '/api/v1/industries/broad',
  '/api/v1/industries/middle?sicCode=E',
  '/api/v1/jobs/broad',
  '/api/v1/jobs/middle?iscoCode=B',
  '/api/v1/patents/broad',
  '/api/v1/patents/middle?tecCode=1',
  '/api/v1/population/composition/pyramid?prefCode=13&cityCode=13101&yearLeft=2020&yearRight=1980',
  '/api/v1/population/sum/perYear?prefCode=1&cityCode=-',
  '/api/v1/population/society/forArea?prefCode=13',
  '/api/v1/population/society/forAgeClass?prefCode=13&cityCode=13101',
  '/api/v1/population/society/forAgeClassLine?prefCode=1&cityCode=01100',
  '/api/v1/industry/power/forIndustry?year=2016&prefCode=13&cityCode=13101&sicCode=E',
  '/api/v1/municipality/job/perYear?prefCode=13&iscoCode=B&ismcoCode=12',
  '/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=1',
  '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=6&sort2=2&offset=0',
  '/api/v1/tourism/foreigners/forFrom?year=2011&prefCode=1&purpose=2',
  '/api/v1/tourism/hotelAnalysis/facilityStack?prefCode=13',
  '/api/v1/tourism/airport/forBar?dispType=2&year=2018&halfPeriod=4&entryAirportArea=3&entryAirport=NRT&sort=2',
  '/api/v1/fishery/sea/entityCounts?prefCode=1&cityCode=-',
  '/api/v1/fishery/sea/aquacultureSales?prefCode=1&cityCode=-&matter=1',
  '/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=2',
  '/api/v1/fishery/sea/shipRatio?prefCode=1&cityCode=-&matter=1',
  '/api/v1/population/mesh/chart?year=2010&prefecture_cd=13&city_cd=13101&matter=0&displayMethod=0',
  '/api/v1/population/futureMesh/chart?year=2050&prefecture_cd=1&city_cd=-&displayMethod=1',
  '/api/v1/medicalWelfare/medicalAnalysis/list?prefCode=13',
  '/api/v1/medicalWelfare/medicalAnalysis/rate?year=2017&prefCode=13&matter2=102&secondaryMedicalCode=1302',
];

interface Started {
  child: ChildProcess;
  base: string;
  seconds: number;
  log: () => string;
}

/** `npm start` from the repository, timed from the spawn to the first 200 of FIRST. */
async function start(port: number, cache: string): Promise<Started> {
  const t0 = performance.now();
  // A dist in the working tree would be served as it is; any start option asks for on-demand answers.
  const args = ['start', ...(existsSync(join(ROOT, 'dist')) ? ['--', '--seed', 'regstat-sample-1'] : [])];
  const child = spawn('npm', args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), REGSTAT_CACHE: cache },
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
  return { child, base, seconds: (performance.now() - t0) / 1000, log: () => err };
}

function stop(s: Started): void {
  try {
    process.kill(-s.child.pid!, 'SIGTERM'); // npm, its shell and the node process behind them
  } catch {
    // already gone
  }
}

/** The largest resident set any process under `pid` reached (VmHWM), in bytes. */
function peakRss(pid: number): number {
  let peak = 0;
  const visit = (p: number) => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) * 1024);
    } catch {
      return;
    }
    const kids = spawnSync('pgrep', ['-P', String(p)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    kids.forEach(visit);
  };
  visit(pid);
  return peak;
}

function diskUse(dir: string): { bytes: number; files: number } {
  if (!existsSync(dir)) return { bytes: 0, files: 0 };
  const bytes = Number(spawnSync('du', ['-s', '--block-size=1', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
  const files = Number(spawnSync('sh', ['-c', `find "${dir}" -type f | wc -l`], { encoding: 'utf8' }).stdout.trim());
  return { bytes, files };
}

export async function benchOnDemand(seconds: number): Promise<void> {
  console.log('\non demand (npm start without a dist; sample provider)');
  const covered = new Set(FIRST_ANSWERS.map((u) => u.split('?')[0]).concat(FIRST.split('?')[0]!));
  const missing = OPERATIONS.map((o) => o.route.path).filter((p) => !covered.has(p));
  if (missing.length) console.log(`  (no first-answer request for ${missing.join(', ')})`);
  const cache = mkdtempSync(join(tmpdir(), 'regstat-bench-cache-'));
  try {
    const cold = await start(39291, cache);
    console.log(`  npm start to the first 200 of perYear, no cache   ${cold.seconds.toFixed(1)} s (target ≤ 10 s)`);
    let worst = 0;
    for (const url of FIRST_ANSWERS) {
      const t = performance.now();
      const res = await fetch(cold.base + url);
      await res.arrayBuffer();
      const s = (performance.now() - t) / 1000;
      worst = Math.max(worst, s);
      console.log(`    first ${url.split('?')[0]!.padEnd(48)} ${s.toFixed(2).padStart(6)} s${res.status === 200 ? '' : `  status ${res.status}`}`);
    }
    console.log(`  slowest first answer of an operation               ${worst.toFixed(1)} s (target ≤ 30 s)`);
    for (const page of ['/', '/manifest.json']) {
      const t = performance.now();
      await (await fetch(cold.base + page)).arrayBuffer();
      console.log(`  first ${page.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    if (have('wrk')) {
      wrk(cold.base + FIRST, 2);
      const r = wrk(cold.base + FIRST, seconds);
      console.log(`  warm answers, wrk -t1 -c50 ${seconds} s                   ${Math.round(r.rps)} req/s, p99 ${r.p99ms.toFixed(2)} ms (target ≤ 5 ms)`);
    }
    console.log(`  peak memory (RSS) after every operation           ${(peakRss(cold.child.pid!) / 1e6).toFixed(0)} MB`);
    stop(cold);
    const disk = diskUse(cache);
    console.log(
      `  written to disk (the table cache)                 ${(disk.bytes / 1e6).toFixed(1)} MB in ${disk.files} files (target < 200 MB, < 10,000 files)`,
    );
    await new Promise((ok) => setTimeout(ok, 500));
    const warm = await start(39292, cache);
    console.log(`  npm start to the first 200 of perYear, warm cache ${warm.seconds.toFixed(1)} s`);
    stop(warm);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/** The offline bundle of a built dist: its files unpacked, its size against `tar czf` of the same dist, and the time to its first answer. */
export async function benchBundle(dist: string, work: string): Promise<void> {
  const { writeBundle, BUNDLE_FOLDER } = await import('../cli/bundle.ts');
  console.log('\noffline bundle (npm run bundle of the built dist)');
  let t = performance.now();
  const tarball = join(work, 'dist.tar.gz');
  spawnSync('tar', ['-czf', tarball, '-C', dist, '.']);
  const tarBytes = Number(spawnSync('stat', ['-c', '%s', tarball], { encoding: 'utf8' }).stdout);
  console.log(`  tar czf of the dist                 ${(tarBytes / 1e6).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(0)} s`);
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
