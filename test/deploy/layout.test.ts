// The compact layout (for hosts with file-count limits) and precompressed files (for nginx): a compact
// build answers every pyramid pair, addArea included, exactly as the full layout does, from 1/14 of the
// files; nginx serves the stored .gz forms and answers the pairs it cannot compose with the 501.

import '../helpers/sample-ready.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildReport } from '../../build/core/build.ts';
import { hostLimits } from '../../build/deploy/limits.ts';
import { DiskEffects } from '../../build/core/effects.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { createApiServer } from '../../build/server/node.ts';
import { close, listen } from '../helpers/http.ts';
import { serverAround } from '../helpers/server-hooks.ts';
import { hasNginx, NGINX_SKIP, startNginx } from '../helpers/servers.ts';
import { SAMPLE_DIST, TMP } from '../helpers/paths.ts';
import { sampleSources } from '../helpers/sample.ts';

const COMPACT = join(TMP, 'compact-13');
const PYRAMID = '/api/v1/population/composition/pyramid';
// The pyramid (the compact layout's subject) and perYear (a file of the full layout beside it): brotli at its
// best is slow, and the other population operations would add 30 s of compressing and nothing the tests read.
const operations = OPERATIONS.filter((op) =>
  [PYRAMID, '/api/v1/population/composition/perYear'].includes(op.route.path),
);
const full = createApiServer({ dir: SAMPLE_DIST });
let compact: ReturnType<typeof createApiServer>;
let fullBase = '';
let compactBase = '';
let report: BuildReport;

beforeAll(async () => {
  rmSync(COMPACT, { recursive: true, force: true });
  report = build(
    { sources: sampleSources(), prefs: [13], operations, layout: 'compact' },
    new DiskEffects(COMPACT, { precompress: true }),
  );
  compact = createApiServer({ dir: COMPACT });
  fullBase = await listen(full);
  compactBase = await listen(compact);
});
afterAll(async () => {
  await close(full);
  await close(compact);
});

const get = async (base: string, url: string) => {
  const res = await fetch(base + url);
  return { status: res.status, body: await res.text() };
};

describe('footprint', () => {
  it('reports files, folders and bytes as find counts them, and bytes on disk as du counts them (within 5 %)', () => {
    const out = join(TMP, 'footprint-31');
    rmSync(out, { recursive: true, force: true });
    const r = build({ sources: sampleSources(), prefs: [31], operations }, new DiskEffects(out));
    const files = fg.sync('**/*', { cwd: out, dot: true });
    expect(r.footprint.files).toBe(files.length);
    expect(r.footprint.bytes).toBe(files.reduce((a, f) => a + statSync(join(out, f)).size, 0));
    expect(r.footprint.folders).toBe(fg.sync('**', { cwd: out, onlyDirectories: true, dot: true }).length + 1);
    const du = Number(spawnSync('du', ['-s', '--block-size=1', out], { encoding: 'utf8' }).stdout.split('\t')[0]);
    expect(Math.abs(r.footprint.diskBytes - du) / du).toBeLessThan(0.05);
    rmSync(out, { recursive: true, force: true });
  });
});

describe('host limits', () => {
  it('reports the files it wrote into dist (the .gz/.br siblings aside), their bytes and the widest directory', async () => {
    const files = await fg('**/*', { cwd: COMPACT, dot: true, ignore: ['**/*.gz', '**/*.br'] });
    expect(report.layout.files).toBe(files.length);
    expect(report.layout.bytes).toBe(files.reduce((a, f) => a + statSync(join(COMPACT, f)).size, 0));
    // The entries of every directory, counted in one pass over the files' paths.
    const children = new Map<string, Set<string>>();
    for (const f of files) {
      const parts = f.split('/');
      for (let i = 1; i < parts.length; i++) {
        const dir = parts.slice(0, i).join('/');
        if (!children.has(dir)) children.set(dir, new Set());
        children.get(dir)!.add(parts[i]!);
      }
    }
    const { path, entries: widest } = report.layout.widestDirectory;
    expect(children.get(path.slice(1))?.size).toBe(widest);
    expect(Math.max(...[...children.values()].map((c) => c.size))).toBe(widest);
  });

  it('reads the hosts\' "1 GB" and "100 MB" in decimal units, as the sizes are printed, and counts files inclusively', () => {
    const fits = (files: number, bytes: number, widest = 1) =>
      Object.fromEntries(hostLimits(files, bytes, { path: '/a', entries: widest }).hosts.map((h) => [h.host, h.fits]));
    expect(fits(20_000, 100e6)).toMatchObject({ 'Cloudflare Pages (Free)': true, 'Vercel (Hobby)': true });
    expect(fits(20_001, 100e6 + 1)).toMatchObject({
      'Cloudflare Pages (Free)': false,
      'Cloudflare Pages (paid)': true,
      'Vercel (Hobby)': false,
    });
    expect(fits(100_001, 1e9)).toMatchObject({
      'Cloudflare Pages (paid)': false,
      'Vercel (Pro)': true,
      'GitHub Pages': true,
    });
    // The compact layout of the full build (1,021.4 MB) fits neither under this reading.
    expect(fits(473_864, 1_021_400_000)).toMatchObject({ 'Vercel (Pro)': false, 'GitHub Pages': false, Netlify: true });
    expect(fits(1, 1, 54_001).Netlify).toBe(false);
  });
});

describe('compact layout', () => {
  it('writes one pyramid file per region and year instead of one per pair of years', async () => {
    const files = await fg(`${PYRAMID.slice(1)}/**/index.json`, { cwd: COMPACT });
    const regions = 1 + JSON.parse(readFileSync(join(COMPACT, 'routes.json'), 'utf8')).cities['13'].length;
    expect(files.length).toBe(regions * 14);
    expect(files.every((f) => /yearLeft\/(\d+)\/yearRight\/\1\//.test(f))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(SAMPLE_DIST, 'manifest.json'), 'utf8'));
    const fullPyramid = manifest.operations.find((o: any) => o.path === PYRAMID).files;
    expect(fullPyramid).toBe(
      (regions + 1 + JSON.parse(readFileSync(join(SAMPLE_DIST, 'routes.json'), 'utf8')).cities['1'].length) * 196,
    );
  });

  it('answers every pair of years, and addArea over pairs, byte for byte as the full layout', async () => {
    const urls: string[] = [];
    for (const [l, r] of [
      [1980, 2045],
      [2045, 1980],
      [2020, 2025],
      [1995, 1995],
      [2000, 2040],
    ]) {
      urls.push(
        `${PYRAMID}?prefCode=13&yearLeft=${l}&yearRight=${r}`,
        `${PYRAMID}?prefCode=13&cityCode=13101&yearLeft=${l}&yearRight=${r}&addArea=13_13102,13_13103`,
      );
    }
    for (const url of urls) {
      const [a, b] = [await get(fullBase, url), await get(compactBase, url)];
      expect(b.status, url).toBe(200);
      expect(b.body, url).toBe(a.body);
    }
  });

  it('writes .gz and .br beside JSON files of 1 KB or more, holding the same bytes', async () => {
    const file = join(COMPACT, 'api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json');
    const body = readFileSync(file);
    expect(body.length).toBeGreaterThan(1024);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body)).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body)).toBe(true);
    expect(existsSync(join(COMPACT, 'api/v1/jobs/broad/index.json.gz'))).toBe(false); // too small to bother (690 bytes)
  });
});

describe.skipIf(!hasNginx)(`nginx on the compact, precompressed build${hasNginx ? '' : ` (${NGINX_SKIP})`}`, () => {
  const server = serverAround(() => startNginx(COMPACT));

  it('sends the stored gzip form to clients that accept it', async () => {
    const url = '/api/v1/population/composition/perYear?prefCode=13&cityCode=-';
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((ok, fail) => {
      import('node:http').then(({ get: httpGet }) =>
        httpGet(server.base + url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => ok({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', fail),
      );
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString('utf8')).toBe((await get(compactBase, url)).body);
  });

  it('serves same-year pyramids and answers other pairs with the documented 501', async () => {
    expect((await get(server.base, `${PYRAMID}?prefCode=13&yearLeft=2020&yearRight=2020`)).body).toBe(
      (await get(compactBase, `${PYRAMID}?prefCode=13&yearLeft=2020&yearRight=2020`)).body,
    );
    const r = await get(server.base, `${PYRAMID}?prefCode=13&yearLeft=2020&yearRight=2025`);
    expect(r.status).toBe(501);
    expect(JSON.parse(r.body).message).toBe(
      `${PYRAMID} with different yearLeft and yearRight is composed at request time, which this host cannot do`,
    );
  });
});
