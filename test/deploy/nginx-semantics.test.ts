// Real nginx with the generated configuration against the Node server (the reference) and the resolver:
// escaping of echoed paths, JSON bodies for every error under /api/, the ends of paged lists, invalid
// list and offset values, the resas error mode, conditional requests and the --precompress siblings.

import '../helpers/sample-ready.ts';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskEffects } from '../../build/core/effects.ts';
import { NGINX_GENERIC_400, nginxConfig, trie, uintRange } from '../../build/deploy/nginx.ts';
import { compositionNeedsCode, resasForm, RESAS_NOT_FOUND, apiError } from '../../build/runtime/errors.ts';
import { COMMON_HEADERS, ERROR_CACHE_CONTROL, FILE_CACHE_CONTROL } from '../../build/runtime/respond.ts';
import type { RouteTable } from '../../build/runtime/routes.ts';
import { createApiServer } from '../../build/server/node.ts';
import { resolveUrl } from '../helpers/dist.ts';
import { close, listen } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { raw, type RawAnswer } from '../helpers/raw.ts';
import { hasNginx, startNginx, type Running } from '../helpers/servers.ts';

const ERROR_KEYS = ['statusCode', 'message', 'description'];
/** A body of the API's error shape whose statusCode is the response's. */
function expectErrorShape(r: RawAnswer, what: string) {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(r.body);
  } catch {
    throw new Error(`${what}: HTTP ${r.status} with a body that is not JSON: ${r.body.slice(0, 200)}`);
  }
  expect(Object.keys(body), what).toEqual(ERROR_KEYS);
  expect(body.statusCode, what).toBe(String(r.status));
  for (const k of ERROR_KEYS) expect(typeof body[k], what).toBe('string');
}

const table: RouteTable = JSON.parse(readFileSync(join(SAMPLE_DIST, 'routes.json'), 'utf8'));
const PATENTS = '/api/v1/industry/patent/list';

describe.skipIf(!hasNginx)(
  `nginx${hasNginx ? '' : ' (skipped: nginx is not installed; apt-get install -y nginx)'}`,
  () => {
    const node = createApiServer({ dir: SAMPLE_DIST });
    let ref = '';
    let nginx: Running;
    beforeAll(async () => {
      ref = await listen(node);
      nginx = await startNginx(SAMPLE_DIST, table);
    });
    afterAll(async () => {
      nginx?.stop();
      await close(node);
    });

    it('echoes a path in its 404 exactly as the Node server does, and nothing that needs escaping', async () => {
      const safe = [
        '/api/v1/nope',
        '/api/v1/population/nope/x',
        '/api/x',
        '/api/',
        '/api/v1/a.b~c_d-e/F9',
        '/api/v1/prefectures/index.json.br',
        '//api//v1//nope',
        '/api/v1/./nope',
        `/api/v1/${'a'.repeat(193)}`, // 201 characters: still shown
        `/api/v1/${'a'.repeat(194)}`, // 202: not shown
      ];
      for (const path of safe) {
        const [a, b] = await Promise.all([raw(ref, path), raw(nginx.base, path)]);
        expect(a.status, path).toBe(404);
        expect({ status: b.status, body: b.body }, path).toEqual({ status: a.status, body: a.body });
      }
      expect(JSON.parse((await raw(nginx.base, '/api/v1/nope')).body).message).toBe('No operation at /api/v1/nope');
      const hostile = [
        '/api/v1/x%22,%22statusCode%22:%22200',
        '/api/v1/a%0ab',
        '/api/v1/a%5Cb',
        '/api/v1/a\\b',
        '/api/v1/"}<script>',
        '/api/v1/%E3%81%82',
        "/api/v1/x'y",
        '/api/v1/$uri',
        '/api/v1/\u00e9',
        '/api/v1/a%2F..%2F..%2Fb',
      ];
      for (const path of hostile) {
        const r = await raw(nginx.base, path);
        expect(r.status, path).toBe(404);
        expectErrorShape(r, path);
        expect(JSON.parse(r.body).message, path).toBe('No operation at this path');
      }
    });

    it('sends JSON of the error shape for every error under /api/, whatever the request', async () => {
      const cases: [string, Parameters<typeof raw>[2]?][] = [
        ['/api/v1/prefectures', { method: 'FOO' }],
        ['/api/v1/prefectures', { method: 'M-SEARCH' }],
        ['/api/v1/prefectures', { method: 'PROPFIND' }],
        ['/api/v1/nope', { method: 'DELETE' }],
        ['/api/v1/prefectures', { method: 'POST', headers: { 'Content-Length': '5' }, extra: 'hello' }],
        ['/api/../../etc/passwd'],
        ['/api/v1/%2e%2e/%2e%2e/%2e%2e/etc/passwd'],
        ['/api/v1/x%00'],
        ['/api/v1/%%'],
        [`/api/v1/prefectures?x=${'a'.repeat(9000)}`],
        ['/api/v1/prefectures', { version: 'HTTP/3.0' }],
        ['/api/v1/prefectures', { headers: { 'X-Big': 'a'.repeat(9000) } }],
        ['/api/v1/prefectures', { headers: { 'Transfer-Encoding': 'foo' } }],
        ['/api/v1/population/composition/perYear?prefCode=13&cityCode=../../etc'],
        ['/api/v1/population/composition/perYear?prefCode=%ZZ'],
        ['/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=1&sort2=1&offset=37'],
        ['http://127.0.0.1/api/v1/nope'],
      ];
      for (const [target, options] of cases) {
        const r = await raw(nginx.base, target, options);
        const what = `${options?.method ?? 'GET'} ${target.slice(0, 60)} ${JSON.stringify(options?.headers ?? {}).slice(0, 40)}`;
        expect(r.status, what).toBeGreaterThanOrEqual(400);
        expectErrorShape(r, what);
        expect(r.headers['content-type'], what).toBe('application/json;charset=UTF-8');
        expect(r.headers['access-control-allow-origin'], what).toBe('*');
      }
      // A range is not an error: the whole file, as the Node server sends it.
      const whole = await raw(nginx.base, '/api/v1/prefectures', { headers: { Range: 'bytes=99999-' } });
      expect(whole.status).toBe(200);
      expect(whole.body).toBe(readFileSync(join(SAMPLE_DIST, 'api/v1/prefectures/index.json'), 'utf8'));
    });

    /** Lists of the sample's patent counts: a long one, a short one, an empty one, one by holder. */
    function patentLists(): { query: string; length: number }[] {
      const counts = table.counts[table.operations.find((o) => o.path === PATENTS)!.paging!.counts]!;
      const long = Object.entries(counts).find(([k, n]) => k.startsWith('2019|1|13|-|') && n > 200 && n % 100 !== 0)!;
      const short = Object.entries(counts).find(([k, n]) => /^2019\|1\|13\|[0-9]{5}\|$/.test(k) && n > 0 && n < 100)!;
      const emptyCity = table.cities['13']!.find((c) => !counts[`2019|1|13|${c}|`])!;
      const holder = Object.entries(counts).find(([k]) => k.startsWith('2019|2|||'))!;
      const query = ([key]: [string, number] | [string]) => {
        const [year, mode, pref, city, id] = key.split('|');
        return mode === '1'
          ? `year=${year}&mode=1&prefCode=${pref}&cityCode=${city}`
          : `year=${year}&mode=2&patentHolderId=${id}`;
      };
      expect(emptyCity).toBeDefined();
      return [
        { query: query(long), length: long[1] },
        { query: query(short), length: short[1] },
        { query: query([`2019|1|13|${emptyCity}|`]), length: 0 },
        { query: query(holder), length: holder[1] },
      ];
    }

    it('answers past the end of a patent list with the end file for every ordering, as the Node server does', async () => {
      let ends = 0;
      for (const { query, length } of patentLists()) {
        const end = Math.ceil(length / 100) * 100;
        for (const sort1 of [1, 2, 6, 7]) {
          for (const sort2 of [1, 2]) {
            for (const offset of [end, end + 100, end + 1000, 10_000_000, length, length + 1, 0, 100]) {
              const url = `${PATENTS}?${query}&sort1=${sort1}&sort2=${sort2}&offset=${offset}`;
              const r = resolveUrl(url);
              const [a, b] = await Promise.all([raw(ref, url), raw(nginx.base, url)]);
              if (r.kind === 'compose') {
                expect(b.status, url).toBe(501);
                continue;
              }
              expect({ status: b.status, body: b.body }, url).toEqual({ status: a.status, body: a.body });
              if (offset >= length) ends++;
            }
          }
        }
      }
      expect(ends).toBeGreaterThan(100);
    });

    /** Request URLs with list and offset values of every kind, valid and not. */
    function listAndOffsetUrls(): string[] {
      const cities1 = table.cities['1']!;
      const ten = cities1.slice(0, 10).map((c) => `1_${c}`);
      const elevenCities = cities1.slice(0, 11).map((c) => `1_${c}`);
      const areas = [
        '1_',
        '01_',
        '001_',
        '13_',
        '013_',
        '1_,1_',
        '1_,01_',
        '01_,1_',
        '2_',
        '47_',
        '0_',
        '00_',
        '1_01101',
        'x',
        '1_%2C13_',
        '1_%2c',
        '1_,',
        ',1_',
        '1__',
        '1_0110',
        '1_011011',
        '1_13101',
        '13_13101',
        '13_13102',
        '1_01101,13_13102',
        '1_01101,1_01101',
        '1_01101,01_01101',
        '013_13101',
        '1_%2C1_',
        '1+',
        '1_%20',
        '1_;',
        '1_%7C13_',
        '-',
        '_',
        '1',
        '1_-',
        ten.join(','),
        elevenCities.join(','),
        ten.join('%2C'),
        `${ten.slice(0, 9).join(',')},13_13102`,
        '1_,1_,1_,1_,1_,1_,1_,1_,1_,1_,1_',
        '%2C',
        ',,',
        '1_01101,',
        `13_${table.cities['13']![1]},1_${cities1[3]}`,
      ];
      const tecs = [
        '_',
        '7_',
        '007_',
        '0007_',
        '7_,_',
        '_,zz',
        'zz,_',
        '99_',
        '9_',
        '0_',
        '1_1',
        '1_01',
        '1_001',
        '1_0001',
        '1_99',
        '1_0',
        '_1',
        '1_,2_,3_,4_,5_,6_',
        '1_,2_,3_,4_,5_,6_,7_',
        '_,_,_,_,_,_,_',
        '_,_,_,_,_,_',
        '1_%2C2_',
        '1_,',
        ',1_',
        '1_1,1_',
        '1_,1_1',
        '01_001',
        'a_',
        '1_a',
        '8_5',
        '8_6',
        '4_3',
        '4_4',
        '1_%2C',
        '1_,_,x',
        '1_1_',
        '__',
        '',
      ];
      const offsets = [
        '0',
        '00',
        '-0',
        '100',
        '0100',
        '000000100',
        '0000000100',
        '37',
        '-100',
        '10000000',
        '10000001',
        '99999999',
        '1e3',
        '1.0',
        '+100',
        'abc',
        '',
        '1263',
        '1264',
        '1299',
        '1300',
        '1200',
        '1199',
      ];
      const urls: string[] = [];
      for (const a of areas) {
        urls.push(`/api/v1/population/composition/perYear?prefCode=13&addArea=${a}`);
        urls.push(`/api/v1/population/composition/perYear?prefCode=13&cityCode=13101&addArea=${a}`);
        urls.push(`/api/v1/population/sum/perYear?prefCode=1&cityCode=${cities1[0]}&addArea=${a}`);
        urls.push(
          `/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=2&addArea=${a}`,
        );
        urls.push(`/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=1&addArea=${a}`);
      }
      const list = `${PATENTS}?year=2019&mode=1&prefCode=13&sort1=3&sort2=2`;
      for (const t of tecs) for (const o of ['0', '37', '100000']) urls.push(`${list}&offset=${o}&addTec=${t}`);
      for (const o of offsets)
        urls.push(
          `${list}&offset=${o}`,
          `${PATENTS}?year=2019&mode=1&prefCode=13&cityCode=13101&sort1=1&sort2=1&offset=${o}`,
        );
      return urls;
    }

    it('answers 400 for every addArea, addTec and offset value the resolver rejects, 501 only where it composes', async () => {
      const tally = { file: 0, error: 0, compose: 0 };
      for (const url of listAndOffsetUrls()) {
        const r = resolveUrl(url);
        const [a, b] = await Promise.all([raw(ref, url), raw(nginx.base, url)]);
        tally[r.kind as keyof typeof tally]++;
        if (r.kind === 'compose') {
          const e = compositionNeedsCode(r.op.path, r.by);
          expect({ status: b.status, body: b.body }, url).toEqual({ status: 501, body: JSON.stringify(e.body) });
        } else if (r.kind === 'error') {
          expect(b.status, `${url}: ${r.error.body.message}`).toBe(r.error.status);
          expect([a.body, JSON.stringify(NGINX_GENERIC_400.body)], url).toContain(b.body);
        } else {
          expect({ status: b.status, body: b.body }, url).toEqual({ status: a.status, body: a.body });
        }
      }
      // Each kind is well represented.
      expect(tally.error).toBeGreaterThan(150);
      expect(tally.compose).toBeGreaterThan(40);
      expect(tally.file).toBeGreaterThan(20);
    });

    it('answers conditional requests: strong, weak and * validators get 304, with the 200s Vary and CORS headers', async () => {
      for (const url of ['/api/v1/prefectures', '/api/v1/population/composition/perYear?prefCode=13']) {
        const full = await raw(nginx.base, url);
        const etag = full.headers.etag!;
        expect(etag, url).toMatch(/^"/);
        for (const inm of [etag, `W/${etag}`, '*', `"nope", W/${etag}`]) {
          const r = await raw(nginx.base, url, { headers: { 'If-None-Match': inm } });
          expect(r.status, `${url} ${inm}`).toBe(304);
          expect(r.headers.vary, `${url} ${inm}`).toBe(full.headers.vary);
          expect(r.headers['access-control-expose-headers']).toBe(COMMON_HEADERS['Access-Control-Expose-Headers']);
          expect(r.headers['cache-control']).toBe(FILE_CACHE_CONTROL);
        }
        expect((await raw(nginx.base, url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
      }
      for (const [url, method] of [
        ['/api/v1/prefectures', 'GET'],
        ['/api/v1/nope', 'GET'],
        ['/api/v1/population/composition/perYear', 'GET'],
        ['/api/v1/prefectures', 'OPTIONS'],
        ['/api/v1/prefectures', 'PUT'],
        ['/api/../x', 'GET'],
      ] as const) {
        const r = await raw(nginx.base, url, { method });
        expect(r.headers['access-control-expose-headers'], `${method} ${url}`).toBe(
          COMMON_HEADERS['Access-Control-Expose-Headers'],
        );
        expect(r.headers['access-control-allow-origin'], `${method} ${url}`).toBe('*');
      }
    });

    describe('in the resas error mode', () => {
      let resas: Running;
      beforeAll(async () => {
        resas = await startNginx(SAMPLE_DIST, { ...table, errors: 'resas' });
      });
      afterAll(() => resas?.stop());

      it('answers 400 and 404 with HTTP 200 and the original bodies, never cached; other answers as before', async () => {
        const urls = [
          '/api/v1/prefectures',
          '/api/v1/nope',
          '/api/v1/x%22,%22statusCode%22:%22200',
          '/api/v1/population/composition/perYear',
          '/api/v1/population/composition/perYear?prefCode=99',
          '/api/v1/population/composition/perYear?prefCode=13&addArea=2_',
          '/api/v1/population/composition/perYear?prefCode=13&addArea=1_',
          `${PATENTS}?year=2019&mode=1&prefCode=13&sort1=3&sort2=2&offset=99999999`,
          `${PATENTS}?year=2019&mode=1&prefCode=13&sort1=3&sort2=2&offset=100000`,
        ];
        const seen = new Set<number>();
        for (const url of urls) {
          const [a, b] = await Promise.all([raw(ref, url), raw(resas.base, url)]);
          const r = resolveUrl(url);
          seen.add(a.status);
          if (r.kind === 'compose') {
            expect(b.status, url).toBe(501);
            continue;
          }
          const form =
            a.status === 400 || a.status === 404
              ? resasForm(apiError(a.status, '', ''))!
              : { status: a.status, body: a.body };
          expect(b.status, url).toBe(form.status);
          expect(b.body, url).toBe(form.body);
          expect(b.headers['cache-control'], url).toBe(a.status === 200 ? FILE_CACHE_CONTROL : ERROR_CACHE_CONTROL);
          expect(b.headers['content-type'], url).toBe('application/json;charset=UTF-8');
        }
        expect(seen).toEqual(new Set([200, 400, 404]));
        expect((await raw(resas.base, '/api/v1/nope')).body).toBe(JSON.stringify(RESAS_NOT_FOUND));
        const wrong = await raw(resas.base, '/api/v1/prefectures', { method: 'POST' });
        expect(wrong.status).toBe(405);
        expectErrorShape(wrong, 'POST');
      });
    });

    describe('with the .gz and .br siblings of --precompress', () => {
      const top = mkdtempSync(join(tmpdir(), 'regstat-precompress-'));
      chmodSync(top, 0o755); // nginx's workers run as another user when the tests run as root
      const out = join(top, 'dist');
      const files = [
        '/api/v1/jobs/broad/index.json',
        '/api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json',
        '/api/v1/cities/prefCode/1/index.json',
        '/routes.json',
      ];
      let pc: Running;
      beforeAll(async () => {
        // The build's own writer, so the siblings are what npm run build -- --precompress writes.
        const effects = new DiskEffects(out, { precompress: true });
        for (const f of files) effects.write(f, readFileSync(join(SAMPLE_DIST, f), 'utf8'));
        effects.commit();
        expect(existsSync(join(out, files[1]! + '.br'))).toBe(true);
        expect(existsSync(join(out, files[0]! + '.br'))).toBe(false); // under 1 KB
        pc = await startNginx(out, table);
      });
      afterAll(() => {
        pc?.stop();
        rmSync(top, { recursive: true, force: true });
      });

      const big = '/api/v1/population/composition/perYear?prefCode=13';
      const plain = () => readFileSync(join(SAMPLE_DIST, files[1]!), 'utf8');
      it('sends the stored .br to clients that take br, .gz to those that take gzip only, with Vary on every answer of the file', async () => {
        const cases: [string, string | undefined][] = [
          ['br', 'br'],
          ['gzip, deflate, br, zstd', 'br'],
          ['BR;q=0.8', 'br'],
          ['*', 'br'],
          ['gzip', 'gzip'],
          ['br;q=0, gzip', 'gzip'],
          ['gzip, br;q=0', 'gzip'],
          ['br;q=0.5, gzip', 'gzip'],
          ['', undefined],
          ['identity', undefined],
          ['gzip;q=0', undefined],
          ['gzip;q=0, br;q=0', undefined],
          ['br;q=0.0, gzip;q=0.000', undefined],
        ];
        for (const [accept, coding] of cases) {
          for (const url of [big, '/api/v1/population/composition/perYear/prefCode/13/cityCode/-']) {
            const r = await raw(pc.base, url, { headers: accept ? { 'Accept-Encoding': accept } : {} });
            const what = `${url} with Accept-Encoding: ${accept}`;
            expect(r.status, what).toBe(200);
            expect(r.headers['content-encoding'], what).toBe(coding);
            expect(r.headers['content-type'], what).toBe('application/json;charset=UTF-8');
            expect(r.headers.vary, what).toBe('Accept-Encoding');
            expect(r.headers['cache-control'], what).toBe(FILE_CACHE_CONTROL);
            const body =
              coding === 'br' ? brotliDecompressSync(r.bytes) : coding === 'gzip' ? gunzipSync(r.bytes) : r.bytes;
            expect(body.toString('utf8'), what).toBe(plain());
            // The 304 of each representation carries the same Vary.
            const again = await raw(pc.base, url, {
              headers: { ...(accept ? { 'Accept-Encoding': accept } : {}), 'If-None-Match': `W/${r.headers.etag}` },
            });
            expect(again.status, what).toBe(304);
            expect(again.headers.vary, what).toBe('Accept-Encoding');
            expect(again.headers['content-encoding'], what).toBeUndefined();
          }
        }
        // Small files have no siblings and no Vary, as the Node server answers them.
        const small = await raw(pc.base, '/api/v1/jobs/broad', { headers: { 'Accept-Encoding': 'br, gzip' } });
        expect(small.headers['content-encoding']).toBeUndefined();
        expect(small.headers.vary).toBeUndefined();
        // Static files outside the API get their siblings too; the siblings are not API paths.
        const routes = await raw(pc.base, '/routes.json', { headers: { 'Accept-Encoding': 'br' } });
        expect(routes.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(routes.bytes).toString('utf8')).toBe(
          readFileSync(join(SAMPLE_DIST, 'routes.json'), 'utf8'),
        );
        expect((await raw(pc.base, `${files[1]}.br`)).status).toBe(404);
        // An error is never announced as brotli.
        const missing = await raw(pc.base, '/api/v1/nope.br', { headers: { 'Accept-Encoding': 'br' } });
        expect(missing.headers['content-encoding']).toBeUndefined();
        expectErrorShape(missing, '/api/v1/nope.br');
      });
    });
  },
);

describe.skipIf(!hasNginx)('configurations nginx accepts', () => {
  it('for every prefecture and municipality (nginx reads at most 4 KB a string), and for a page size it cannot divide by', () => {
    const everywhere: RouteTable = structuredClone(table);
    everywhere.prefectures = Array.from({ length: 47 }, (_, i) => i + 1);
    // As many municipalities as Japan has (about 1,900), Hokkaido's 180 among them.
    everywhere.cities = Object.fromEntries(
      everywhere.prefectures.map((p) => [
        p,
        Array.from(
          { length: p === 1 ? 180 : 38 },
          (_, k) => `${String(p).padStart(2, '0')}${String(100 + k * 7).padStart(3, '0')}`,
        ),
      ]),
    );
    const odd: RouteTable = structuredClone(table);
    odd.operations.find((o) => o.paging)!.paging!.size = 50;
    for (const t of [everywhere, odd, { ...everywhere, errors: 'resas' as const }]) {
      const work = mkdtempSync(join(tmpdir(), 'regstat-nginx-t-'));
      try {
        writeFileSync(join(work, 'nginx.conf'), nginxConfig(t, { root: SAMPLE_DIST, port: 9, work }));
        const r = spawnSync(
          'nginx',
          ['-t', '-q', '-c', join(work, 'nginx.conf'), '-p', work, '-e', join(work, 'error.log')],
          { encoding: 'utf8' },
        );
        expect(r.status, r.stderr).toBe(0);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
  });
});

describe('regular expressions of the nginx generator', () => {
  it('uintRange matches exactly the integers of its range, without leading zeros', () => {
    for (const [min, max] of [
      [0, 10_000_000],
      [0, 0],
      [7, 7],
      [5, 123],
      [100, 10_000],
      [19, 2021],
      [0, 9],
      [10, 99],
    ] as const) {
      const re = new RegExp(`^(?:${uintRange(min, max)})$`);
      const probes = [
        min - 1,
        min,
        min + 1,
        max - 1,
        max,
        max + 1,
        Math.floor((min + max) / 2),
        0,
        1,
        9,
        10,
        99,
        100,
        101,
        999,
        1000,
        10_000_001,
      ];
      for (let n = 0; n < 2000; n++) probes.push(Math.floor(Math.random() * (max * 1.5 + 10)));
      for (const n of probes)
        if (n >= 0) expect(re.test(String(n)), `${n} in [${min}, ${max}]`).toBe(n >= min && n <= max);
      expect(re.test(`0${max}`)).toBe(false);
    }
  });
  it('trie matches exactly its words', () => {
    const words = ['13101', '13102', '13110', '13201', '1', '12', '123', '01101'];
    const re = new RegExp(`^(?:${trie(words)})$`);
    for (const w of words) expect(re.test(w), w).toBe(true);
    for (const w of ['', '13', '131', '1310', '13103', '13111', '124', '1234', '0110', '011011'])
      expect(re.test(w), w).toBe(false);
  });
});
