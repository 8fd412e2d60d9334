// npm run bench: the default full build (time, files, bytes, peak memory), then the same request served
// by the regstat server and by nginx, measured with wrk. Figures, not assertions: tests do not time.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail } from '../cli/fail.ts';
import { BENCH_COMMAND } from '../cli/dev-commands.ts';
import { parseCommand, type OptionValues } from '../cli/source-options.ts';
import { build } from '../core/build.ts';
import { DiskEffects } from '../core/effects.ts';
import { terminalProgress } from '../core/progress.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { PackEffects } from '../pack/writer.ts';
import { printCodeFigures } from './code-figures.ts';
import { benchEdge } from './edge.ts';
import { benchExplorer } from './explorer.ts';
import { benchFullScale } from './full-scale.ts';
import { benchPackSizes } from './pack-sizes.ts';
import { benchBundle, benchOnDemand, firstPageAfterReady } from './on-demand.ts';
import { benchOnDemandMemory } from './on-demand-memory.ts';
import { benchOrigin } from './origin.ts';
import { ensure, startNginx, waitFor, wrk } from './tools.ts';

let values: OptionValues<typeof BENCH_COMMAND.options>;
try {
  ({ values } = parseCommand(BENCH_COMMAND, process.argv.slice(2)));
} catch (e) {
  fail(e);
}
const parts = new Set(values.parts!.split(','));
const prefs = values.prefs?.split(',').map(Number);
const seconds = Number(values.seconds);
const work = mkdtempSync(join(tmpdir(), 'regstat-bench-'));
chmodSync(work, 0o755); // nginx workers run as an unprivileged user
const dist = join(work, 'dist');
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

console.log(`regstat bench (${prefs ? `prefectures ${prefs.join(',')}` : 'full default build'}, sample provider)\n`);

if (parts.has('code')) {
  printCodeFigures(process.cwd());
  console.log();
}
// 0. On demand: what a new user's npm start costs, before any tree exists.
if (parts.has('on-demand')) await benchOnDemand(seconds);
else if (parts.has('first-page')) await firstPageAfterReady(39290);
if (parts.has('on-demand-memory')) await benchOnDemandMemory();
// The origin under abuse, over the built tree, or over four prefectures when no build part runs.
if (parts.has('origin') && !parts.has('build') && ensure([{ cmd: 'wrk', pkg: 'wrk' }])) {
  const originPrefs = prefs ?? [1, 13, 27, 40];
  const originDist = join(work, 'dist-origin');
  build({ sources: loadSources(sampleSourceSet()), prefs: originPrefs }, new DiskEffects(originDist));
  await benchOrigin(originDist, originPrefs, work, seconds, Number(values.cache));
}
// The explorer, over prefectures 1 and 13 when no build part runs.
if (parts.has('explorer') && !parts.has('build')) {
  const explorerDist = join(work, 'dist-explorer');
  build({ sources: loadSources(sampleSourceSet()), prefs: [1, 13] }, new DiskEffects(explorerDist));
  await benchExplorer(explorerDist);
}
// The whole build at full scale, then the edge over its pack; block and leaf sizes; the edge over a given pack.
if (parts.has('full')) await benchFullScale(work, seconds, { keepTree: values['keep-tree'] });
if (parts.has('pack-sizes')) benchPackSizes(work, prefs);
if (parts.has('edge')) {
  let pack = values.pack;
  if (!pack) {
    pack = join(work, 'edge.pack');
    const effects = new PackEffects(pack);
    build({ sources: loadSources(sampleSourceSet()), prefs: prefs ?? [1, 13] }, effects);
  }
  await benchEdge(pack, work, seconds);
}
if (!['build', 'serve', 'layouts', 'bundle'].some((p) => parts.has(p))) {
  if (!values.keep && !values['keep-tree']) rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

// 1. Build (the later parts serve its tree)
const t0 = performance.now();
const sources = loadSources(sampleSourceSet());
const loaded = performance.now();
const report = build({ sources, prefs, progress: terminalProgress() }, new DiskEffects(dist));
const t1 = performance.now();
const wall = (t1 - t0) / 1000;
console.log('\nbuild');
console.log(
  `  wall time          ${wall.toFixed(1)} s (sources ${((loaded - t0) / 1000).toFixed(1)} s, files ${((t1 - loaded) / 1000).toFixed(1)} s)`,
);
console.log(`  files              ${report.files} (${mb(report.bytes)})`);
console.log(
  `  files per second   ${Math.round(report.files / wall)} overall, ${Math.round(report.files / ((t1 - loaded) / 1000))} after loading`,
);
console.log(`  peak memory (RSS)  ${mb(process.resourceUsage().maxRSS * 1024)}`);
const secs = (n: number) => `${n.toFixed(1)} s`;
for (const op of report.operations)
  console.log(
    `    ${op.route.path.padEnd(48)} ${String(op.files).padStart(7)} files ${mb(op.bytes).padStart(10)} ${secs(op.seconds).padStart(8)}`,
  );
console.log('  by family');
const families = new Map<string, { files: number; bytes: number; seconds: number }>();
for (const op of report.operations) {
  const f = families.get(op.family) ?? { files: 0, bytes: 0, seconds: 0 };
  families.set(op.family, { files: f.files + op.files, bytes: f.bytes + op.bytes, seconds: f.seconds + op.seconds });
}
for (const [name, f] of families)
  console.log(
    `    ${name.padEnd(48)} ${String(f.files).padStart(7)} files ${mb(f.bytes).padStart(10)} ${secs(f.seconds).padStart(8)}`,
  );

// 2. Serving: the same file through regstat and nginx, first one process each, then all cores each.
const query = '/api/v1/population/composition/perYear?prefCode=13&cityCode=-';
const file = '/api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json';
const composed = '/api/v1/population/composition/perYear?prefCode=13&cityCode=13101&addArea=13_13102';
const patentPage = '/api/v1/industry/patent/list?year=2020&mode=1&prefCode=13&sort1=1&sort2=1&offset=100';
const patentOffset = '/api/v1/industry/patent/list?year=2020&mode=1&prefCode=13&sort1=1&sort2=1&offset=37';
const patentTec = '/api/v1/industry/patent/list?year=2020&mode=1&prefCode=13&sort1=1&sort2=1&offset=0&addTec=1_,7_3';
if (
  parts.has('serve') &&
  ensure([
    { cmd: 'wrk', pkg: 'wrk' },
    { cmd: 'nginx', pkg: 'nginx' },
  ])
) {
  for (const workers of [1, availableParallelism()]) {
    console.log(
      `\nserving with ${workers} process${workers > 1 ? 'es' : ''} each (wrk -t1 -c50, ${seconds} s per case, after a 2 s warm-up)`,
    );
    const ports = { regstat: 39281, nginx: 39282 };
    const server = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '../cli/serve.ts'),
        '--dir',
        dist,
        '--port',
        String(ports.regstat),
        '--workers',
        String(workers),
        '--quiet', // as nginx here, which keeps no access log
      ],
      { stdio: 'ignore' },
    );
    const nginx = startNginx(dist, ports.nginx, join(work, `nginx-${workers}`), workers);
    try {
      const cases = [
        ['regstat, query form', `http://127.0.0.1:${ports.regstat}${query}`],
        ['regstat, path form', `http://127.0.0.1:${ports.regstat}${file}`],
        ['nginx, the same file', `http://127.0.0.1:${ports.nginx}${file}`],
        ['nginx, query form (config)', `http://127.0.0.1:${ports.nginx}${query}`],
        ['regstat, addArea (composed)', `http://127.0.0.1:${ports.regstat}${composed}`],
        ['regstat, patent page (file)', `http://127.0.0.1:${ports.regstat}${patentPage}`],
        ['regstat, patent offset 37', `http://127.0.0.1:${ports.regstat}${patentOffset}`],
        ['regstat, patent addTec', `http://127.0.0.1:${ports.regstat}${patentTec}`],
      ] as const;
      await waitFor(cases[0][1]);
      await waitFor(cases[2][1]);
      const results = new Map<string, ReturnType<typeof wrk>>();
      for (const [name, url] of cases) {
        wrk(url, 2);
        const r = wrk(url, seconds);
        results.set(name, r);
        console.log(
          `  ${name.padEnd(30)} ${Math.round(r.rps).toString().padStart(7)} req/s   p99 ${r.p99ms.toFixed(2)} ms${r.errors ? `   ${r.errors} errors` : ''}`,
        );
      }
      const ratio = results.get('regstat, query form')!.rps / results.get('nginx, the same file')!.rps;
      console.log(`  regstat / nginx               ${ratio.toFixed(2)}× (target ≥ 0.70×)`);
      const q = results.get('regstat, query form')!.rps / results.get('nginx, query form (config)')!.rps;
      console.log(`  regstat / nginx, query form   ${q.toFixed(2)}×`);
    } finally {
      server.kill();
      nginx.kill('SIGQUIT');
      await new Promise((ok) => setTimeout(ok, 500));
    }
  }
}

if (parts.has('origin') && parts.has('build') && ensure([{ cmd: 'wrk', pkg: 'wrk' }])) {
  await benchOrigin(dist, prefs ?? Array.from({ length: 47 }, (_, i) => i + 1), work, seconds, Number(values.cache));
}

// 3. The offline bundle of that tree, and the explorer over it.
if (parts.has('bundle')) await benchBundle(dist, work);
if (parts.has('explorer')) await benchExplorer(dist);

// 4. Layouts: the file count of each against the limits of static hosts, and what each costs a disk.
if (parts.has('layouts')) {
  console.log('\nlayouts');
  const compactDist = join(work, 'dist-compact');
  const compact = build({ sources, prefs, layout: 'compact' }, new DiskEffects(compactDist));
  for (const [name, r, dir] of [
    ['full', report, dist],
    ['compact', compact, compactDist],
  ] as const) {
    const l = r.layout;
    const f = r.footprint;
    const du = Number(spawnSync('du', ['-s', '--block-size=1', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
    console.log(
      `  ${name.padEnd(8)} ${String(l.files).padStart(7)} files in ${f.folders} folders, ${mb(l.bytes)} of files, ${mb(du)} on disk (du; the build estimated ${mb(f.diskBytes)}), widest directory ${l.widestDirectory.entries} entries`,
    );
    console.log(`           ${l.hosts.map((h) => `${h.host}: ${h.fits ? 'fits' : `over ${h.limit}`}`).join('; ')}`);
  }
}

if (!values.keep && !values['keep-tree']) rmSync(work, { recursive: true, force: true });
else console.log(`\nkept ${work}`);
