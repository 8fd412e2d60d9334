import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../build/server/node.ts';
import { close, listen, rawGet } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { PackError } from '../../build/user-error.ts';

const server = createApiServer({ dir: SAMPLE_DIST });
let base = '';
beforeAll(async () => (base = await listen(server)));
afterAll(() => close(server));

const get = (path: string, init?: RequestInit) => fetch(base + path, init);
const JSON_TYPE = 'application/json;charset=UTF-8';
const disk = (path: string) => readFileSync(join(SAMPLE_DIST, path), 'utf8');

describe('Node server', () => {
  it('serves a query-form request from its file, with caching and CORS headers', async () => {
    const res = await get('/api/v1/population/composition/perYear?prefCode=13&cityCode=-', {
      headers: { 'X-API-KEY': 'anything' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await res.text()).toBe(disk('api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json'));
  });

  it('sends nosniff with files, errors that echo the request, and static files', async () => {
    for (const path of [
      '/api/v1/prefectures',
      '/api/v1/population/composition/perYear?prefCode=%3Cscript%3E',
      '/api/v1/%3Cscript%3Ealert(1)%3C/script%3E',
      '/manifest.json',
    ]) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it("answers a damaged pack's 500 with what is wrong, never where the pack lives", async () => {
    const where = '/srv/secret/place/dist.pack';
    const renderer = {
      plan: { table: JSON.parse(disk('routes.json')) },
      read: async (path: string) => {
        if (path.startsWith('/api/v1/prefectures'))
          throw new PackError(where, 'the block at 0 fails its check (it is damaged)', 'Unpack the bundle again.');
        return null;
      },
    };
    const damaged = createApiServer({ renderer });
    const at = await listen(damaged);
    const logged: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => (logged.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      for (const path of ['/api/v1/prefectures', '/api/v1/prefectures/index.json']) {
        const res = await fetch(at + path);
        const body = await res.text();
        expect([res.status, res.headers.get('x-content-type-options')], path).toEqual([500, 'nosniff']);
        expect(body).toMatch(/fails its check \(it is damaged\)/);
        expect(body).not.toContain('/srv/secret');
      }
    } finally {
      process.stderr.write = write;
      await close(damaged);
    }
    // The operator's log has the whole line, with the place.
    expect(logged.join('')).toContain(where);
  });

  it('revalidates with the ETag and answers HEAD without a body', async () => {
    const first = await get('/api/v1/population/sum/perYear?prefCode=1');
    const etag = first.headers.get('etag')!;
    const again = await get('/api/v1/population/sum/perYear?prefCode=1&cityCode=-', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    const head = await get('/api/v1/population/sum/perYear?prefCode=1', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('compresses with gzip when asked', async () => {
    const res = await get('/api/v1/population/composition/pyramid?prefCode=13&yearLeft=2020&yearRight=1980', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes gzip itself; compare with the file on disk
    expect(await res.text()).toBe(
      disk('api/v1/population/composition/pyramid/prefCode/13/cityCode/-/yearLeft/2020/yearRight/1980/index.json'),
    );
    const raw = await rawGzip('/api/v1/population/composition/pyramid?prefCode=13&yearLeft=2020&yearRight=1980');
    expect(gunzipSync(raw).toString()).toBe(
      disk('api/v1/population/composition/pyramid/prefCode/13/cityCode/-/yearLeft/2020/yearRight/1980/index.json'),
    );
  });

  it('composes addArea at request time', async () => {
    const res = await get('/api/v1/population/composition/perYear?prefCode=1&cityCode=-&addArea=13_');
    expect(res.status).toBe(200);
    const body = await res.json();
    const a = JSON.parse(disk('api/v1/population/composition/perYear/prefCode/1/cityCode/-/index.json'));
    const b = JSON.parse(disk('api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json'));
    expect(body.message).toBeNull();
    expect(body.result.data[0].data[0].value).toBe(a.result.data[0].data[0].value + b.result.data[0].data[0].value);
  });

  it('answers errors with real status codes and the original body shape', async () => {
    const bad = await get('/api/v1/population/composition/perYear?prefCode=1&prefCode=2');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe(JSON_TYPE);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
    expect(await bad.json()).toEqual({
      statusCode: '400',
      message: 'prefCode is given 2 times; give it once',
      description: expect.stringContaining('prefCode'),
    });
    const missing = await get('/api/v1/pppppppppppp');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: '404' });
    const eleven = Array(11)
      .fill('1_')
      .map((_, i) => `${i + 2}_`)
      .join(',');
    expect((await get(`/api/v1/population/composition/perYear?prefCode=1&addArea=${eleven}`)).status).toBe(400);
    const post = await get('/api/v1/prefectures', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers CORS preflights that carry X-API-KEY', async () => {
    const res = await get('/api/v1/population/composition/perYear?prefCode=13', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-api-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('serves the docs page and the manifest as static files, never a directory listing', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('SYNTHETIC SAMPLE DATA');
    const manifest = await get('/manifest.json');
    expect((await manifest.json()).generator.name).toBe('regstat');
    expect((await get('/api')).status).toBe(404);
    expect((await get('/api/v2/')).status).toBe(404);
  });

  it('answers /api/v1/ with an index of the operations, their parameters and links', async () => {
    for (const path of ['/api/v1', '/api/v1/', '/api/v1/index.json']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const { message, result } = await res.json();
      expect(message).toBeNull();
      expect(result.notice).toContain('SYNTHETIC');
      expect(result.links).toMatchObject({ manifest: '/manifest.json', openapi: '/openapi.json' });
      const perYear = result.operations.find((o: any) => o.path === '/api/v1/population/composition/perYear');
      expect(perYear.title).toBeTruthy();
      expect(perYear.parameters.map((p: any) => p.name)).toEqual(
        expect.arrayContaining(['prefCode', 'cityCode', 'addArea']),
      );
      expect(perYear.parameters.find((p: any) => p.name === 'prefCode').required).toBe(true);
      // Every link answers (with its required parameters missing, the API says which)
      const follow = await get(perYear.href);
      expect((await follow.json()).message).toMatch(/prefCode is required/);
    }
  });

  it('keeps requests inside dist/', async () => {
    for (const path of [
      '/../../../etc/passwd',
      '/api/v1/../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/api/v1/prefectures/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await rawGet(base, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('root:');
    }
  });
});

function rawGzip(path: string): Promise<Buffer> {
  return import('node:http').then(
    ({ get: httpGet }) =>
      new Promise((ok, fail) => {
        httpGet(base + path, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => ok(Buffer.concat(chunks)));
        }).on('error', fail);
      }),
  );
}
