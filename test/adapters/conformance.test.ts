// The shared conformance table (test/conformance/table.ts) against every adapter that can run here:
// the Node server is the reference; the Cloudflare worker, the CloudFront function (as CloudFront
// Functions and as Lambda@Edge run it), the offline bundle,
// nginx with its generated configuration and (in browser.test.ts) the service worker must answer each
// entry byte for byte as it does, or with the documented 501 where they cannot compose.

import '../helpers/sample-ready.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fg from 'fast-glob';
import { openBundlePack } from '../../build/adapters/offline-server.ts';
import { BUNDLE_FOLDER, DATA_FILE } from '../../build/cli/bundle.ts';
import { compositionNeedsCode } from '../../build/runtime/errors.ts';
import { COMMON_HEADERS, errorResponse, FILE_CACHE_CONTROL, JSON_TYPE } from '../../build/runtime/respond.ts';

const lower = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
import { createApiServer } from '../../build/server/node.ts';
import { ENTRIES, pick, type Answer, type Entry } from '../conformance/table.ts';
import { close, listen, rawGet } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import {
  freePort,
  hasNginx,
  NGINX_SKIP,
  startBundle,
  startFileNginx,
  startNginx,
  unpackedBundle,
  type Running,
} from '../helpers/servers.ts';
import { serverAround } from '../helpers/server-hooks.ts';
import { startEdge, type RunningEdge } from '../../build/cli/edge.ts';
import { sampleFiles } from '../helpers/dist.ts';
import { covered, FULL, part } from '../helpers/scope.ts';

type Adapter = (e: Entry) => Promise<Answer>;

const reference = new Map<string, Answer>();
const server = createApiServer({ dir: SAMPLE_DIST });
let referenceBase = '';

async function overHttp(base: string, e: Entry): Promise<Answer> {
  const res = await fetch(base + e.url, { method: e.method ?? 'GET' });
  return { status: res.status, headers: pick(res.headers), body: await res.text() };
}

beforeAll(async () => {
  referenceBase = await listen(server);
  for (const e of ENTRIES) reference.set(e.name, await overHttp(referenceBase, e));
});
afterAll(() => close(server));

/**
 * What an adapter must answer: the Node server's answer, or the 501 where a config-only host cannot
 * compose; without X-Regstat-Data where the host serves files from an origin that cannot send it (S3).
 */
function expected(e: Entry, composesWithCode: boolean, dataKind: boolean): Answer {
  const a = expectedAnswer(e, composesWithCode);
  if (dataKind || !('x-regstat-data' in a.headers)) return a;
  const { 'x-regstat-data': _, ...headers } = a.headers;
  return { ...a, headers };
}

function expectedAnswer(e: Entry, composesWithCode: boolean): Answer {
  if (e.composes && !composesWithCode) {
    const r = errorResponse(compositionNeedsCode(e.composes.op, e.composes.param));
    return {
      status: r.status,
      headers: pick(Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v]))),
      body: r.body,
    };
  }
  return reference.get(e.name)!;
}

function conforms(name: string, adapter: () => Adapter, composesWithCode: boolean, dataKind = true) {
  describe(name, () => {
    it.each(ENTRIES.map((e) => [e.name, e] as const))('%s', async (_, e) => {
      expect(reference.get(e.name)!.status, 'the reference answered').toBeGreaterThan(0);
      expect(await adapter()(e)).toEqual(expected(e, composesWithCode, dataKind));
    });
  });
}

it('has a reference answer of each kind: files, compositions, errors, preflight', () => {
  const statuses = [...reference.values()].map((a) => a.status);
  expect(new Set(statuses)).toEqual(new Set([200, 204, 400, 404, 405]));
  for (const e of ENTRIES.filter((x) => x.composes)) expect(reference.get(e.name)!.status, e.name).toBe(200);
});

it('says in X-Regstat-Data whether the figures of each 200 are official, and nothing with an error', () => {
  const data = (name: string) => reference.get(name)!.headers['x-regstat-data'];
  // The sample: a prefecture's population is the census's, a municipality's the census's of 1980 and 2020
  // and IPSS 2018's of 2025–2045 only; patents all synthetic; the prefectures are the official list.
  expect(data('path form')).toBe('official');
  expect(data('query form')).toBe('mixed');
  expect(data('first page of a list')).toBe('synthetic');
  expect(data('master')).toBe('official');
  // A composition says what its files say (two municipalities' people, births and deaths here).
  expect(data('addArea, births, deaths and moves')).toBe('mixed');
  for (const [name, a] of reference) if (a.status !== 200) expect(a.headers['x-regstat-data'], name).toBeUndefined();
});

// Cloudflare: dist's _worker.js as a plain module, its ASSETS binding reading the files of dist.
let worker: { fetch(r: Request, env: unknown): Promise<Response> } | undefined;
const assets = {
  async fetch(input: Request | URL | string) {
    const path = decodeURIComponent(new URL(input instanceof Request ? input.url : input).pathname);
    const file = join(SAMPLE_DIST, path);
    if (path.includes('..') || !existsSync(file) || !file.endsWith('.json'))
      return new Response('Not found', { status: 404 });
    return new Response(readFileSync(file), { headers: { 'Content-Type': 'application/json' } });
  },
};
conforms(
  'Cloudflare worker (dist/_worker.js)',
  () => async (e) => {
    worker ??= (await import(pathToFileURL(join(SAMPLE_DIST, '_worker.js')).href)).default;
    const res = await worker!.fetch(new Request(`https://regstat.example${e.url}`, { method: e.method ?? 'GET' }), {
      ASSETS: assets,
    });
    return { status: res.status, headers: pick(res.headers), body: await res.text() };
  },
  true,
);

// CloudFront: the function file evaluated with no Node globals at all, in front of an S3-like origin
// whose objects carry the headers docs/hosts/cloudfront.md sets.
const cloudFrontScript = () => readFileSync(join(SAMPLE_DIST, '_deploy/cloudfront-function.js'), 'utf8');

function fromOrigin(e: Entry, uri: string): Answer {
  const file = join(SAMPLE_DIST, uri);
  if (!existsSync(file)) return { status: 404, headers: {}, body: 'origin: no such object' };
  const body = e.method === 'HEAD' ? '' : readFileSync(file, 'utf8');
  return {
    status: 200,
    headers: { 'content-type': JSON_TYPE, ...lower(COMMON_HEADERS), 'cache-control': FILE_CACHE_CONTROL },
    body,
  };
}

let cfHandler: ((event: unknown) => any) | undefined;
conforms(
  'CloudFront viewer-request function (dist/_deploy/cloudfront-function.js)',
  () => async (e) => {
    if (!cfHandler) {
      const context = vm.createContext({});
      vm.runInContext(cloudFrontScript(), context);
      cfHandler = context.handler;
    }
    const [uri, query = ''] = e.url.split('?') as [string, string?];
    const querystring: Record<string, { value: string; multiValue?: { value: string }[] }> = {};
    for (const part of query ? query.split('&') : []) {
      const [k, v = ''] = part.split('=') as [string, string?];
      querystring[k] = { value: v };
    }
    const out = cfHandler!({
      version: '1.0',
      context: {},
      viewer: { ip: '127.0.0.1' },
      request: { method: e.method ?? 'GET', uri, querystring, headers: {} },
    });
    if ('uri' in out) return fromOrigin(e, out.uri);
    const headers = Object.fromEntries(
      Object.entries(out.headers as Record<string, { value: string }>).map(([k, v]) => [k, v.value]),
    );
    return { status: out.statusCode, headers: pick(headers), body: out.body?.data ?? '' };
  },
  false,
  false,
);

// Lambda@Edge, the deployment docs/hosts/cloudfront.md recommends (the function is over CloudFront Functions' 10 KB):
// the same file loaded as a CommonJS module, its lambdaHandler given the Records event with a raw query.
let edgeHandler: ((event: unknown) => Promise<any>) | undefined;
conforms(
  'Lambda@Edge viewer-request handler (dist/_deploy/cloudfront-function.js)',
  () => async (e) => {
    if (!edgeHandler) {
      const context = vm.createContext({ exports: {} });
      vm.runInContext(cloudFrontScript(), context);
      edgeHandler = context.exports.lambdaHandler;
    }
    const [uri, querystring = ''] = e.url.split('?') as [string, string?];
    const request = {
      clientIp: '127.0.0.1',
      method: e.method ?? 'GET',
      uri,
      querystring,
      headers: { host: [{ key: 'Host', value: 'd1.cloudfront.net' }] },
    };
    const out = await edgeHandler!({ Records: [{ cf: { config: { eventType: 'viewer-request' }, request } }] });
    if ('uri' in out) {
      expect(out.querystring, 'the cache key is the canonical file').toBe('');
      return fromOrigin(e, out.uri);
    }
    const headers = Object.fromEntries(
      Object.entries(out.headers as Record<string, { key: string; value: string }[]>).map(([k, [v]]) => [k, v!.value]),
    );
    return { status: Number(out.status), headers: pick(headers), body: out.body ?? '' };
  },
  false,
  false,
);

// The offline bundle: the archive unpacked and run with plain node, nothing installed. It unpacks into a
// handful of files, whatever the size of dist: the responses live in one indexed data file.
describe('offline bundle', () => {
  let running: Running;
  let work = '';
  let folder = '';
  let base = '';
  beforeAll(async () => {
    running = await startBundle(SAMPLE_DIST);
    ({ work, base } = running);
    folder = join(work, BUNDLE_FOLDER);
  }, 120_000);
  afterAll(() => running?.stop());
  it('unpacks into at most 10 files: the pack, its two servers, the edge configuration and a README', () => {
    const files = fg.sync('**/*', { cwd: work, dot: true, onlyFiles: false }).filter((f) => f !== 'regstat.tar.gz');
    expect(files.length).toBeLessThanOrEqual(10);
    const inFolder = [DATA_FILE, 'README.txt', 'serve.mjs', 'worker.js', 'wrangler.toml'].map(
      (f) => `${BUNDLE_FOLDER}/${f}`,
    );
    expect(files.sort()).toEqual([BUNDLE_FOLDER, ...inFolder].sort());
  });
  it(`holds every file of dist, ${covered(25, 'file')} compared byte for byte`, async () => {
    const files = sampleFiles();
    const pack = await openBundlePack(join(folder, DATA_FILE));
    try {
      const paths: string[] = [];
      for await (const p of pack.paths()) paths.push(p);
      expect(paths.sort()).toEqual(files);
      // Every file outside the API (the site, the host files), and a fixed part of the API's.
      const compared = [...files.filter((f) => !f.startsWith('/api/v1/')), ...part(files, 25)];
      for (const f of compared) {
        const body = await pack.get(f);
        if (!body || !Buffer.from(body).equals(readFileSync(join(SAMPLE_DIST, f))))
          expect.fail(`${f} does not read back as it is in dist`);
      }
    } finally {
      await pack.close();
    }
  });
  // tar czf of the 3.7 GB dist takes 50 s: in test:full, and npm run bench reports the same ratio.
  it.runIf(FULL)('is at most 1.5 times the size of dist as a tar.gz, unpacked', () => {
    const du = (dir: string) => Number(spawnSync('du', ['-sb', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
    const tarGz = Number(
      spawnSync('sh', ['-c', 'tar -czf - -C "$1" . | wc -c', 'sh', SAMPLE_DIST], { encoding: 'utf8' }).stdout,
    );
    expect(tarGz).toBeGreaterThan(1e6);
    expect(du(folder)).toBeLessThanOrEqual(1.5 * tarGz);
  });
  conforms('node serve.mjs', () => (e) => overHttp(base, e), true);
  it('says when it starts that the sample bundled is synthetic', async () => {
    await vi.waitFor(() =>
      expect(running.log!()).toMatch(/\nregstat offline bundle: SYNTHETIC DATA, not official statistics: /),
    );
  });
  it('serves the other files of dist from the archive, with their types; nothing else', async () => {
    for (const [path, file, type] of [
      ['/', 'index.html', 'text/html;charset=UTF-8'],
      ['/manifest.json', 'manifest.json', 'application/json;charset=UTF-8'],
      ['/_deploy/cloudfront-function.js', '_deploy/cloudfront-function.js', 'text/javascript;charset=UTF-8'],
    ] as const) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(await res.text(), path).toBe(readFileSync(join(SAMPLE_DIST, file), 'utf8'));
    }
    // The largest files a page loads go compressed, as the API's do.
    for (const path of ['/manifest.json', '/routes.json', '/explorer/app.js']) {
      const res = await fetch(base + path, { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(res.headers.get('content-encoding'), path).toBe('br');
      expect(await res.text(), path).toBe(readFileSync(join(SAMPLE_DIST, path), 'utf8'));
    }
    for (const path of [
      '/nothing.json',
      '/api',
      '/..%2F..%2Fetc%2Fpasswd',
      '/%2e%2e/regstat/serve.mjs',
      '/serve.mjs',
      '/README.txt',
    ]) {
      const res = await rawGet(base, path);
      expect(res, path).toEqual({ status: 404, body: 'Not found\n' });
    }
  });
});

// The edge worker (the bundle's worker.js) in workerd, Cloudflare's own runtime, as npm run edge runs it:
// the bundle's pack in a simulated R2 bucket, and the same pack on real nginx read by Range. Each table
// is asked twice: the second time the answers come from the Cache API, and must not differ. Its ETags are
// the Node server's (of the uncompressed body), so that caches in front of either agree.
function onTheEdge(name: string, where: () => Promise<string>, skip = false) {
  describe.skipIf(skip)(name, () => {
    let edge: RunningEdge | undefined;
    beforeAll(async () => {
      edge = await startEdge({ pack: await where(), port: await freePort() });
    }, 120_000);
    afterAll(() => edge?.stop());
    it('answers its first request from a cold isolate with at most 3 range reads: head, leaf, block', () => {
      const reads = Number(/reads=(\d+)/.exec(edge!.firstAnswer)?.[1]);
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(3);
    });
    conforms('reading the pack', () => (e) => overHttp(edge!.base, e), true);
    conforms('again, from the Cache API', () => (e) => overHttp(edge!.base, e), true);
    it("sends the Node server's ETag with each 200, and a 304 to it", async () => {
      const got = ENTRIES.filter((e) => !e.method && reference.get(e.name)!.status === 200);
      expect(got.filter((e) => e.composes).length).toBeGreaterThan(0);
      for (const e of got) {
        const node = await fetch(referenceBase + e.url, { headers: { 'Accept-Encoding': 'identity' } });
        await node.body?.cancel();
        const etag = node.headers.get('etag');
        const res = await fetch(edge!.base + e.url, { headers: { 'If-None-Match': etag ?? '"none"' } });
        await res.body?.cancel();
        expect([res.status, res.headers.get('etag')], e.name).toEqual(etag ? [304, etag] : [200, null]);
      }
    });
  });
}

onTheEdge('edge worker in workerd, pack in R2', async () => join(await unpackedBundle(SAMPLE_DIST), DATA_FILE));

let packHost: Running | undefined;
afterAll(() => packHost?.stop());
onTheEdge(
  `edge worker in workerd, pack on nginx read by Range${hasNginx ? '' : ` (${NGINX_SKIP})`}`,
  async () => {
    packHost ??= await startFileNginx(await unpackedBundle(SAMPLE_DIST));
    return `${packHost.base}/${DATA_FILE}`;
  },
  !hasNginx,
);

// nginx with the generated configuration: real nginx, installed by .ci/run.
describe.skipIf(!hasNginx)(`nginx${hasNginx ? '' : ` (${NGINX_SKIP})`}`, () => {
  const server = serverAround(() => startNginx(SAMPLE_DIST));
  conforms('generated configuration', () => (e) => overHttp(server.base, e), false);
  it('never leaves dist, whatever the query', async () => {
    for (const q of [
      'prefCode=../../etc',
      'prefCode=13&cityCode=../../../../etc/passwd',
      'prefCode=%2e%2e%2f',
      'year=2019&mode=2&patentHolderId=..%2F..',
    ]) {
      const res = await fetch(`${server.base}/api/v1/population/composition/perYear?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).statusCode).toBe('400');
    }
  });
});
