// The on-demand renderer (npm start without a dist) must answer exactly what a build writes: every file
// of the shared sample dist it is asked for, byte for byte, the docs page and manifests included, and
// over HTTP the whole conformance table as the server of the built tree answers it.

import '../helpers/sample-ready.ts';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Pack } from '../../build/pack/reader.ts';
import { fileSource } from '../../build/pack/range-sources/file.ts';
import { PackRenderer, packFile } from '../../build/start/pack-cache.ts';
import { earlyThread, RenderPool } from '../../build/start/render-pool.ts';
import { getOrSet } from '../../build/runtime/maps.ts';
import { parseCommand } from '../../build/cli/source-options.ts';
import { onDemandRenderer, START_COMMAND } from '../../build/cli/start.ts';
import { OnDemand } from '../../build/core/on-demand.ts';
import { EXPLORER_OPERATIONS } from '../../build/core/build.ts';
import { createApiServer } from '../../build/server/node.ts';
import { ENTRIES, pick, type Answer } from '../conformance/table.ts';
import { close, listen } from '../helpers/http.ts';
import { ROOT, SAMPLE_DIST, SAMPLE_PREFS } from '../helpers/paths.ts';
import { cachedSample, SAMPLE_TABLES, sampleSources, seededCache } from '../helpers/sample.ts';
import { FULL } from '../helpers/scope.ts';
import { operationOfFile, sampleFiles } from '../helpers/dist.ts';
import { type SourceValues } from '../../build/core/source-values.ts';

// The worker's sample (test/helpers/sample.ts): facts other files prepared from it serve this renderer too.
const renderer = new OnDemand({
  sources: sampleSources(),
  prefs: SAMPLE_PREFS,
});
const built = sampleFiles();

/** A deterministic draw, so a failure names the same files on every run. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('on-demand renderer against the built dist', () => {
  it("renders the docs page and the explorer's list of operations as the build wrote them, counting no operation's files", () => {
    // What a browser opened on npm start asks first: neither may wait for the 3.8 million parameter sets' count.
    for (const path of ['/index.html', EXPLORER_OPERATIONS])
      expect(renderer.read(path), path).toBe(readFileSync(join(SAMPLE_DIST, path), 'utf8'));
    expect(renderer.counted).toBe(false);
    renderer.read('/manifest.json');
    expect(renderer.counted).toBe(true);
  });

  it('renders the docs page, manifests, route table and host files as the build wrote them', () => {
    const site = built.filter((f) => !f.startsWith('/api/') || f === '/api/v1/index.json');
    expect(site).toEqual(
      expect.arrayContaining([
        '/index.html',
        EXPLORER_OPERATIONS,
        '/manifest.json',
        '/routes.json',
        '/openapi.json',
        '/serve.json',
        '/sw.js',
        '/_worker.js',
      ]),
    );
    for (const path of site) expect(renderer.read(path), path).toBe(readFileSync(join(SAMPLE_DIST, path), 'utf8'));
  });

  // Rendering took 3.4 ms of CPU a file once every operation is prepared (29 s, which any draw costs): 1,500
  // files, 20 of each operation, where 5,000 took 12 s more; test:full draws 5,000.
  const drawn = FULL ? 5000 : 1500;
  it(`renders ${drawn.toLocaleString('en')} random response files of every operation byte for byte`, () => {
    const api = built.filter((f) => f.startsWith('/api/') && f !== '/api/v1/index.json');
    const opPaths = new Set(renderer.plan.table.operations.map((o) => o.path));
    const opOf = (path: string) => {
      const op = operationOfFile(opPaths, path);
      if (!op) throw new Error(`no operation has ${path}`);
      return op;
    };
    const byOp = new Map<string, string[]>();
    for (const path of api) getOrSet(byOp, opOf(path), () => []).push(path);
    // Every operation of the build has files, and each gets its share of the draw.
    expect([...byOp.keys()].sort()).toEqual(
      renderer.plan.table.operations
        .filter((o) => !o.unavailable)
        .map((o) => o.path)
        .sort(),
    );
    const share = Math.ceil(drawn / byOp.size);
    let paths = [...byOp.values()].flatMap((paths, i) => shuffled(paths, i + 1).slice(0, share));
    const taken = new Set(paths);
    paths = [
      ...paths,
      ...shuffled(
        api.filter((p) => !taken.has(p)),
        99,
      ).slice(0, Math.max(0, drawn - paths.length)),
    ];
    expect(paths.length).toBeGreaterThanOrEqual(drawn);
    let compared = 0;
    for (const path of paths) {
      expect(renderer.read(path), path).toBe(readFileSync(join(SAMPLE_DIST, path), 'utf8'));
      compared++;
    }
    expect(compared).toBe(paths.length);
  });

  it('has no file where the build wrote none', () => {
    for (const path of [
      '/api/v1/population/composition/perYear/prefCode/13/index.json', // the default is part of the file's path
      '/api/v1/population/composition/perYear/prefCode/013/cityCode/-/index.json', // not canonical
      '/api/v1/population/composition/perYear/prefCode/14/cityCode/-/index.json', // outside the build's prefectures
      '/api/v1/population/composition/perYear/cityCode/-/prefCode/13/index.json', // another order
      '/api/v1/population/nope/index.json',
      '/api/v1/prefectures/index.json/../../../etc/passwd',
      '/nope.json',
      '/../package.json',
    ]) {
      expect(renderer.read(path), path).toBeNull();
      expect(built).not.toContain(path);
    }
  });

  it('gives the same bytes from tables it cached on disk', () => {
    const again = new OnDemand({
      sources: cachedSample(),
      prefs: SAMPLE_PREFS,
    });
    expect(fg.sync('*.cols.gz', { cwd: SAMPLE_TABLES }).length).toBeGreaterThan(10);
    for (const path of [
      '/manifest.json',
      '/api/v1/population/composition/perYear/prefCode/13/cityCode/13101/index.json',
      '/api/v1/medicalWelfare/medicalAnalysis/list/prefCode/1/index.json',
    ]) {
      expect(again.read(path), path).toBe(readFileSync(join(SAMPLE_DIST, path), 'utf8'));
    }
  });
});

describe('the server on demand and the server of the built tree', () => {
  const fromTree = createApiServer({ dir: SAMPLE_DIST });
  const onDemand = createApiServer({ renderer });
  const bases: string[] = [];
  beforeAll(async () => {
    bases.push(await listen(fromTree), await listen(onDemand));
  });
  afterAll(async () => {
    await close(fromTree);
    await close(onDemand);
  });
  const answer = async (base: string, url: string, method = 'GET'): Promise<Answer> => {
    const res = await fetch(base + url, { method });
    return { status: res.status, headers: pick(res.headers), body: await res.text() };
  };

  it.each(ENTRIES.map((e) => [e.name, e] as const))('answers %s alike', async (_, e) => {
    const [a, b] = [await answer(bases[0]!, e.url, e.method), await answer(bases[1]!, e.url, e.method)];
    expect(b).toEqual(a);
  });

  it('compresses the site’s own files as its API files, in the coding the client prefers', async () => {
    const files = ['/manifest.json', '/routes.json', '/openapi.json', '/explorer/app.js', '/index.html'];
    for (const base of bases)
      for (const path of files)
        for (const [accept, coding] of [
          ['gzip, deflate, br', 'br'],
          ['gzip', 'gzip'],
          ['identity', null],
        ] as const) {
          const res = await fetch(base + path, { headers: { 'Accept-Encoding': accept } });
          expect(res.headers.get('content-encoding'), `${base}${path} ${accept}`).toBe(coding);
          expect(res.headers.get('vary'), path).toBe('Accept-Encoding');
          // fetch decodes what it was sent: the file itself.
          expect(await res.text(), path).toBe(readFileSync(join(SAMPLE_DIST, path), 'utf8'));
        }
  });

  it('serves the docs page at / and the manifest, with the synthetic label', async () => {
    const page = await fetch(bases[1] + '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(readFileSync(join(SAMPLE_DIST, 'index.html'), 'utf8'));
    const m = await (await fetch(bases[1] + '/manifest.json')).json();
    expect(m.notice).toMatch(/^SYNTHETIC SAMPLE DATA/);
    expect((await fetch(bases[1] + '/nope.txt')).status).toBe(404);
  });
});

/** A free loopback port. */
const freePort = () =>
  new Promise<number>((ok) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });

/** npm start from another working directory (it must not depend on where it is run from, nor find a dist there), with its own cache. */
async function startIn(cache: string, args: string[]) {
  const port = await freePort();
  const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href; // found from the repository, not from cwd
  const child = spawn(process.execPath, ['--import', tsx, join(ROOT, 'build/cli/start.ts'), ...args], {
    cwd: cache,
    env: { ...process.env, PORT: String(port), REGSTAT_CACHE: cache },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${log}`);
    if (await fetch(`${base}/api/v1/prefectures`).catch(() => undefined)) break;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  const until = async (pattern: RegExp) => {
    while (!pattern.test(log)) {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${log}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };
  return { base, child, log: () => log, until };
}

const sampleFile = (path: string) => readFileSync(join(SAMPLE_DIST, path), 'utf8');

describe('npm start without a dist', () => {
  it(`answers on demand and says the data is synthetic and made on demand (${FULL ? 'its tables generated and checked cold' : 'from checked tables'})`, async () => {
    // Generating and checking the tables cold adds 10 s: in test:full, and npm run bench measures it.
    const cache = FULL ? mkdtempSync(join(tmpdir(), 'regstat-start-test-')) : seededCache('regstat-start-test-');
    const s = await startIn(cache, ['--prefs', '13', '--no-warm-up']);
    try {
      const res = await fetch(`${s.base}/api/v1/population/composition/perYear?prefCode=13&cityCode=-`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(
        sampleFile('api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json'),
      );
      expect(s.log()).toMatch(/SYNTHETIC SAMPLE DATA/);
      expect(s.log()).toMatch(/made on demand/);
      // Which prefectures it serves is said at start, not met as 404s.
      expect(s.log()).toContain('regstat: scope: prefecture 13 only (a --prefs build; the others answer 404)');
      const outside = await fetch(`${s.base}/api/v1/population/composition/perYear?prefCode=1`);
      expect(outside.status).toBe(404); // outside --prefs, and the 404 says so
      expect((await outside.json()).message).toBe("prefCode 1 is outside this build's scope");
    } finally {
      s.child.kill();
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('writes every response into its cache in the background, hands over to it, and answers from it at once on the next start', async () => {
    // The checked tables from the run's shared cache: what is tested is the response cache, written here.
    const cache = seededCache('regstat-start-test-');
    // Three light families: the mechanism is the test, and every operation is rendered on demand above.
    const args = ['--prefs', '13', '--only', 'masters,fishery,forestry'];
    const first = await startIn(cache, args);
    let second: Awaited<ReturnType<typeof startIn>> | undefined;
    try {
      expect(first.log()).toMatch(/every response is written to the response cache in the background/);
      const asked = '/api/v1/fishery/sea/sales?prefCode=13&cityCode=13120&matter=1';
      const onDemand = await (await fetch(first.base + asked)).text();
      expect(onDemand).toBe(sampleFile('api/v1/fishery/sea/sales/prefCode/13/cityCode/13120/matter/1/index.json'));
      await first.until(/warm-up done/);
      expect(first.log()).toMatch(
        /warm-up done: every response \(\d+ files, [0-9.]+ MB\) in the response cache in [0-9.]+ s; answers come from it now/,
      );
      const packs = readdirSync(join(cache, 'packs'));
      expect(packs).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.pack$/)]); // whole, no staging file left
      // After the handover: the same bytes.
      expect(await (await fetch(first.base + asked)).text()).toBe(onDemand);
      // Every response of the pack is the build's, byte for byte.
      const pack = await Pack.open(fileSource(join(cache, 'packs', packs[0]!)));
      const api = built.filter((f) => f.startsWith('/api/v1/') && f !== '/api/v1/index.json');
      const inScope = api.filter(
        (f) => /^\/api\/v1\/(prefectures|cities|oldCities|fishery|forestry)\//.test(f) && !/\/prefCode\/1\//.test(f),
      );
      expect(inScope.length).toBeGreaterThan(1000);
      for (const f of shuffled(inScope, 3).slice(0, 400))
        expect(Buffer.from((await pack.get(f)) ?? []).toString('utf8'), f).toBe(sampleFile(f.slice(1)));
      first.child.kill();
      second = await startIn(cache, args);
      expect(second.log()).toMatch(
        /every response comes from the response cache an earlier start of the same sources wrote/,
      );
      const res = await fetch(second.base + asked);
      expect([res.status, await res.text()]).toEqual([200, onDemand]);
      expect(await (await fetch(`${second.base}/`)).text()).toMatch(/<html/i);
    } finally {
      first.child.kill();
      second?.child.kill();
      rmSync(cache, { recursive: true, force: true });
    }
    // Its warm-up takes 26–28 s on a quiet machine and passed 120 s once beside other work: five times
    // the quiet time and more, so that a busy machine does not fail it.
  }, 300_000);

  it('a cached pack that is damaged is removed and written again, never served', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'regstat-start-test-'));
    const values = { prefs: '13', only: 'masters' };
    const file = packFile(values);
    try {
      const { table } = onDemandRenderer(values).plan;
      mkdirSync(join(cache, 'packs'));
      const bad = join(cache, 'packs', 'x.pack');
      writeFileSync(bad, 'not a pack');
      expect(await PackRenderer.open(bad, table)).toBeNull();
      expect(existsSync(bad)).toBe(false);
      // The key names the options and sources: another scope or seed is another pack.
      expect(packFile({ ...values, prefs: '1' })).not.toBe(file);
      expect(packFile({ ...values, seed: 'another' })).not.toBe(file);
      expect(packFile({ ...values, port: '1234', cache: '64' } as SourceValues)).toBe(file);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe("npm start's render threads", () => {
  // The renderer npm start uses: one thread per operation, from the command-line values, over the same plan;
  // its threads read the checked tables from the run's shared cache, as npm start reads its own. The masters'
  // ten operations show it: with fishery and forestry (25 threads, each loading its modules) it took 39 s of
  // CPU where these take 17 s, and every operation is rendered on demand above.
  vi.stubEnv('REGSTAT_CACHE', SAMPLE_TABLES);
  afterAll(() => vi.unstubAllEnvs());
  const { values } = parseCommand(START_COMMAND, ['--prefs', SAMPLE_PREFS.join(','), '--only', 'masters']);
  const main = onDemandRenderer(values);
  // A bound above the masters' operations and the docs page: each keeps its thread here.
  const pool = new RenderPool(values, main, 20);
  afterAll(() => pool.close());

  /** The operations that read only the region masters, which the main thread's plan has loaded: it answers them itself. */
  const ON_MAIN = ['/api/v1/prefectures', '/api/v1/cities'];

  it('answers byte for byte as the build wrote, each operation from a thread of its own (the prefectures and cities, the docs page from none), the manifest from another', async () => {
    const api = built.filter((f) => f.startsWith('/api/v1/') && f !== '/api/v1/index.json');
    const all = main.plan.table.operations.filter((o) => !o.unavailable).map((o) => o.path);
    expect(all).toEqual(expect.arrayContaining(ON_MAIN));
    for (const op of ON_MAIN) {
      const f = api.find((p) => p.startsWith(op + '/'))!;
      expect(await pool.read(f), f).toBe(readFileSync(join(SAMPLE_DIST, f), 'utf8'));
    }
    expect(pool.threadCount, 'threads after the prefectures and cities').toBe(0);
    const ops = all.filter((o) => !ON_MAIN.includes(o));
    expect(ops.length).toBeGreaterThan(6);
    for (const op of ops) {
      const files = shuffled(
        api.filter((f) => f.startsWith(op + '/')),
        7,
      ).slice(0, 3);
      expect(files.length, op).toBeGreaterThan(0);
      for (const f of files) expect(await pool.read(f), f).toBe(readFileSync(join(SAMPLE_DIST, f), 'utf8'));
    }
    expect(await pool.read('/api/v1/population/composition/perYear/prefCode/13/cityCode/14101/index.json')).toBeNull();
    expect(pool.threadCount).toBe(ops.length);
    // The docs page and the explorer's list come from the main thread, at once: no thread started for them.
    for (const page of ['/index.html', EXPLORER_OPERATIONS]) expect(await pool.read(page)).toBe(main.read(page));
    expect(pool.threadCount).toBe(ops.length);
    // The site files speak of the operations of this build (the masters): compare with the main thread's.
    expect(await pool.read('/manifest.json')).toBe(main.read('/manifest.json'));
    expect(pool.threadCount).toBe(ops.length + 1);
  });

  it('keeps at most its bound of threads, stopping the least recently asked, and answers the same bytes', async () => {
    const bounded = new RenderPool(values, main, 2);
    try {
      const api = built.filter((f) => f.startsWith('/api/v1/') && f !== '/api/v1/index.json');
      const ops = main.plan.table.operations.filter((o) => !o.unavailable).map((o) => o.path);
      // Every operation, then the first again (its thread was stopped: it is started and prepared again).
      for (const op of [...ops, ops[0]!]) {
        const f = api.find((p) => p.startsWith(op + '/'))!;
        expect(await bounded.read(f), f).toBe(readFileSync(join(SAMPLE_DIST, f), 'utf8'));
        expect(bounded.threadCount, op).toBeLessThanOrEqual(2);
      }
    } finally {
      await bounded.close();
    }
  });

  it('stops an operation thread asked nothing for a while (its memory goes back to the response cache writer), and starts it again when asked', async () => {
    const idle = new RenderPool(values, main, 20, { idleMs: 300 });
    try {
      const file = 'api/v1/industries/broad/index.json';
      const built = readFileSync(join(SAMPLE_DIST, file), 'utf8');
      expect(await idle.read(`/${file}`)).toBe(built);
      expect(idle.threadCount).toBe(1);
      await vi.waitFor(() => expect(idle.threadCount).toBe(0), { timeout: 30_000, interval: 100 });
      expect(await idle.read(`/${file}`)).toBe(built);
      expect(idle.threadCount).toBe(1);
    } finally {
      await idle.close();
    }
  });

  it("prepares an operation that outgrows the threads' heap bound again in a thread without it, once, and says so", async () => {
    const lines: string[] = [];
    // 8 MB: not even the thread's modules fit, so the first ask fails for want of heap.
    const tight = new RenderPool(values, main, 20, { heapMb: 8, log: (l) => lines.push(l) });
    try {
      const file = 'api/v1/industries/middle/sicCode/E/index.json';
      const built = readFileSync(join(SAMPLE_DIST, file), 'utf8');
      expect(await tight.read(`/${file}`)).toBe(built);
      expect(lines).toEqual([
        'regstat: /api/v1/industries/middle needs more than 8 MB of heap; its thread runs without that bound now',
      ]);
      expect(await tight.read(`/${file}`)).toBe(built);
      expect(tight.threadCount).toBe(1);
      expect(lines).toHaveLength(1);
    } finally {
      await tight.close();
    }
  });

  it('takes a thread started before the plan (it warms the sources meanwhile) as its spare, sends it the route table, and answers from it', async () => {
    const early = await earlyThread(values);
    const withEarly = new RenderPool(values, main, 20, { spare: early });
    try {
      const file = 'api/v1/industries/broad/index.json';
      expect(await withEarly.read(`/${file}`)).toBe(readFileSync(join(SAMPLE_DIST, file), 'utf8'));
      expect(withEarly.threadCount).toBe(1);
      expect(early.alive).toBe(true);
    } finally {
      await withEarly.close();
    }
  });

  it('warms up every operation in the background and says when it is done', async () => {
    const lines: string[] = [];
    await pool.warmUp((l) => lines.push(l));
    expect(lines.at(-1)).toMatch(/^regstat: warm-up done: \d+ operations and the docs page ready in [0-9.]+ s$/);
    expect(lines.filter((l) => /failed/.test(l))).toEqual([]);
  });

  it.runIf(existsSync('/proc/thread-self'))('prepares at nice 10, the server at its own priority', () => {
    // Field 19 of /proc/<pid>/task/<tid>/stat is the nice value; the command name (2) may hold spaces.
    const nice = readdirSync('/proc/self/task').map((tid) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
    );
    expect(nice.filter((n) => n === 10).length).toBeGreaterThanOrEqual(pool.threadCount);
    expect(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16]).toBe('0');
  });

  it('starts a closed thread again when next asked', async () => {
    const file = 'api/v1/industries/broad/index.json';
    await expect(pool.read(`/${file}`)).resolves.toBe(readFileSync(join(SAMPLE_DIST, file), 'utf8'));
    await pool.close();
    // Closed threads are started again when next asked.
    await expect(pool.read(`/${file}`)).resolves.toBe(readFileSync(join(SAMPLE_DIST, file), 'utf8'));
    expect(pool.threadCount).toBe(1);
  });
});
