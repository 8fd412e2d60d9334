// What a CDN and a browser rely on, against the Node server and the offline bundle (one core): content
// coding by q-value (gzip, br, none), conditional requests (strong, weak, *), Vary on every answer whose
// coding varies (304 included), headers browser code may read, preflights for any header, the RESAS
// error mode, bounded memory and the composition lane.

import '../helpers/sample-ready.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByteCache } from '../../build/server/byte-cache.ts';
import { preferredCoding } from '../../build/server/negotiate.ts';
import { createApiServer } from '../../build/server/node.ts';
import { close, listen } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { rawRequest } from '../helpers/raw.ts';
import { startBundle, type Running } from '../helpers/servers.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleFiles } from '../helpers/dist.ts';

const BIG = '/api/v1/population/composition/pyramid?prefCode=13&yearLeft=2020&yearRight=1980';
const BIG_FILE = 'api/v1/population/composition/pyramid/prefCode/13/cityCode/-/yearLeft/2020/yearRight/1980/index.json';
const disk = (f: string) => readFileSync(join(SAMPLE_DIST, f));

const raw = async (port: number, path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const head = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return rawRequest(port, `${head}\r\n\r\n`);
};

function semantics(name: string, start: () => Promise<Running>) {
  describe(name, () => {
    let s: Running;
    beforeAll(async () => (s = await start()), 120_000);
    afterAll(() => s?.stop());

    it('chooses the coding by q-value: br, gzip, or none when both are refused', async () => {
      const br = await fetch(s.base + BIG, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(await br.text()).toBe(disk(BIG_FILE).toString());
      const gz = await raw(s.port, BIG, { 'Accept-Encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body).toBe(disk(BIG_FILE).toString()); // rawRequest gunzips
      for (const refused of ['gzip;q=0', 'gzip;q=0, br;q=0', 'identity', '*;q=0, identity']) {
        const r = await raw(s.port, BIG, { 'Accept-Encoding': refused });
        expect(r.headers['content-encoding'], refused).toBeUndefined();
        expect(r.body, refused).toBe(disk(BIG_FILE).toString());
      }
      expect(gz.headers.vary).toBe('Accept-Encoding');
    });

    it('answers 304 to its strong ETag, the weak form of it, and *; the 304 carries Vary and the CORS headers', async () => {
      const first = await fetch(s.base + BIG, { headers: { 'Accept-Encoding': 'gzip' } });
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+-gz"$/);
      for (const inm of [etag, `W/${etag}`, '*', `"nope", W/${etag}`]) {
        const r = await raw(s.port, BIG, { 'Accept-Encoding': 'gzip', 'If-None-Match': inm });
        expect(r.status, inm).toBe(304);
        expect(r.headers.vary, inm).toBe('Accept-Encoding');
        expect(r.headers.etag, inm).toBe(etag);
        expect(r.headers['access-control-allow-origin']).toBe('*');
        expect(r.headers['access-control-expose-headers']).toContain('ETag');
        expect(r.body).toBe('');
      }
      expect((await raw(s.port, BIG, { 'If-None-Match': '"other"' })).status).toBe(200);
    });

    it('lets browser code read the ETag, and preflights allow any request header', async () => {
      const r = await fetch(s.base + '/api/v1/prefectures');
      expect(r.headers.get('access-control-expose-headers')).toMatch(/ETag/);
      const pre = await fetch(s.base + '/api/v1/prefectures', {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization,cache-control,x-requested-with,x-api-key',
        },
      });
      expect(pre.status).toBe(204);
      const allowed = pre.headers
        .get('access-control-allow-headers')!
        .split(/\s*,\s*/)
        .map((h) => h.toLowerCase());
      for (const h of ['authorization', 'cache-control', 'x-requested-with', 'x-api-key', '*'])
        expect(allowed, h).toContain(h);
    });
  });
}

semantics('Node server', async () => {
  const server = createApiServer({ dir: SAMPLE_DIST });
  const base = await listen(server);
  return { base, port: Number(new URL(base).port), work: '', stop: () => void close(server) };
});
semantics('offline bundle (node serve.mjs)', () => startBundle(SAMPLE_DIST));

describe('RESAS error mode', () => {
  const server = createApiServer({ dir: SAMPLE_DIST, errors: 'resas' });
  let base = '';
  beforeAll(async () => (base = await listen(server)));
  afterAll(() => close(server));
  it('answers errors as the original did: HTTP 200 with "400" or the 404 object', async () => {
    const bad = await fetch(base + '/api/v1/population/composition/perYear?prefCode=1&prefCode=2');
    expect(bad.status).toBe(200);
    expect(await bad.text()).toBe('"400"');
    expect(bad.headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(base + '/api/v1/pppppppppppp');
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      message: "404. That's an error.",
      description: 'The requested URL /404 was not found on this server.',
    });
    const ok = await fetch(base + '/api/v1/prefectures');
    expect((await ok.json()).message).toBeNull();
    expect((await fetch(base + '/api/v1/prefectures', { method: 'POST' })).status).toBe(405); // not an answer the original gave: kept real
  });
});

describe('memory and fair sharing', () => {
  it('keeps a byte budget, evicting the least recently used', () => {
    let evictions = 0;
    const c = new ByteCache<string>(100, () => evictions++);
    c.set('a', 'a', 40);
    c.set('b', 'b', 40);
    c.get('a');
    c.set('c', 'c', 40); // over: b goes, a was used since
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual(['a', undefined, 'c']);
    c.grow('a', 50); // a compressed form: now c goes
    expect(c.bytes).toBeLessThanOrEqual(100);
    expect(c.get('c')).toBeUndefined();
    c.set('huge', 'h', 1000);
    expect(c.get('huge')).toBeUndefined();
    expect(evictions).toBeGreaterThan(0);
  });

  it('reads the coding a header prefers', () => {
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredCoding('GZIP')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('*;q=0')).toBe('identity');
    expect(preferredCoding('deflate')).toBe('identity');
  });

  it('serves every file of dist within its budget, and the URL memo within its share', async () => {
    const budget = 4 * 1024 * 1024;
    const server = createApiServer({ dir: SAMPLE_DIST, cacheBytes: budget });
    const base = await listen(server);
    try {
      const files = sampleFiles()
        .filter((f) => f.startsWith('/api/v1/population/') && f.endsWith('/index.json'))
        .slice(0, 3000)
        .map((f) => f.slice(1));
      for (let i = 0; i < files.length; i += 50) {
        await Promise.all(
          files
            .slice(i, i + 50)
            .map((f) =>
              fetch(`${base}/${f}?ignored=${'x'.repeat(900)}${i}`, { headers: { 'Accept-Encoding': 'gzip, br' } }).then(
                (r) => r.arrayBuffer(),
              ),
            ),
        );
      }
      const st = server.stats() as { fileBytes: number; docBytes: number; memo: number };
      expect(st.fileBytes).toBeLessThanOrEqual(budget * 0.8);
      expect(st.docBytes).toBeLessThanOrEqual(budget * 0.15);
      expect(st.memo * 2 * 900).toBeLessThanOrEqual(budget * 0.05 + 2 * 1024 * 96);
    } finally {
      await close(server);
    }
  });

  it('refuses compositions past the lane with 503 and Retry-After, while plain requests are answered', async () => {
    const server = createApiServer({ dir: SAMPLE_DIST, laneLength: 2 });
    const base = await listen(server);
    try {
      const urls = Array.from(
        { length: 40 },
        (_, i) => `/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=1&sort2=1&offset=${i * 3 + 1}`,
      );
      const answers = await Promise.all([
        ...urls.map((u) => fetch(base + u)),
        ...Array.from({ length: 20 }, () => fetch(base + '/api/v1/prefectures')),
      ]);
      const composed = answers.slice(0, urls.length);
      const refused = composed.filter((r) => r.status === 503);
      expect(refused.length, 'some compositions were refused').toBeGreaterThan(0);
      expect(composed.filter((r) => r.status === 200).length, 'some were composed').toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.headers.get('retry-after')).toBe('1');
        expect((await r.json()).statusCode).toBe('503');
      }
      for (const r of answers.slice(urls.length)) expect(r.status).toBe(200);
      // Once the burst is over, the same compositions are answered
      expect((await fetch(base + urls[0]!)).status).toBe(200);
    } finally {
      await close(server);
    }
  });
});
