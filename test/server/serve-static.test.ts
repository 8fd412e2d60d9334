// `npx serve dist` (the serve CLI, without our server) serves the path form of every operation through
// the generated serve.json, and answers what it cannot resolve (every query form: serve never sees the
// query) with a 404, never with the 200 of another request.

import '../helpers/sample-ready.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../build/ops/index.ts';
import { fileDataKind } from '../../build/runtime/data-kind.ts';
import { createApiServer, loadRoutes } from '../../build/server/node.ts';
import { fileFor } from '../helpers/dist.ts';
import { close, listen } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { serverAround } from '../helpers/server-hooks.ts';
import { startServe } from '../helpers/servers.ts';

const server = serverAround(() => startServe(SAMPLE_DIST));

describe('npx serve dist', () => {
  it('serves the path form of every operation', async () => {
    const manifest = JSON.parse(readFileSync(join(SAMPLE_DIST, 'manifest.json'), 'utf8'));
    const paths = [
      '/api/v1/prefectures',
      '/api/v1/cities/prefCode/-',
      '/api/v1/cities/prefCode/13',
      '/api/v1/population/composition/perYear/prefCode/13/cityCode/-',
      '/api/v1/population/composition/perYear/prefCode/1/cityCode/01101/',
      '/api/v1/population/composition/pyramid/prefCode/13/cityCode/13101/yearLeft/2020/yearRight/1980',
      '/api/v1/population/sum/perYear/prefCode/1/cityCode/-',
      '/api/v1/population/society/forArea/prefCode/13',
      '/api/v1/population/society/forAgeClass/prefCode/13/cityCode/13101',
      '/api/v1/population/society/forAgeClassLine/prefCode/1/cityCode/-',
      '/api/v1/industries/broad',
      '/api/v1/industries/middle/sicCode/E',
      '/api/v1/jobs/broad',
      '/api/v1/jobs/middle/iscoCode/B',
      '/api/v1/patents/broad',
      '/api/v1/patents/middle/tecCode/1',
      '/api/v1/industry/power/forIndustry/year/2016/prefCode/13/cityCode/13101/sicCode/-',
      '/api/v1/municipality/job/perYear/prefCode/13/iscoCode/B/ismcoCode/12',
      '/api/v1/industry/overseasTransaction/forColumn/prefCode/1/dispTradeCode/1/dispIndustryCode/2',
      '/api/v1/industry/patent/list/year/2017/mode/1/prefCode/13/cityCode/-/sort1/7/sort2/2/offset/100',
      '/api/v1/tourism/foreigners/forFrom/year/2019/prefCode/13/purpose/1',
      '/api/v1/fishery/sea/entityCounts/prefCode/1/cityCode/-',
      '/api/v1/fishery/sea/aquacultureSales/prefCode/1/cityCode/-/matter/2',
      '/api/v1/fishery/sea/sales/prefCode/13/cityCode/-/matter/3',
      '/api/v1/fishery/sea/shipRatio/prefCode/1/cityCode/-/matter/1',
      '/api/v1/population/mesh/chart/year/2010/prefecture_cd/13/city_cd/13101/matter/0/displayMethod/0',
      '/api/v1/population/futureMesh/chart/year/2050/prefCode/13/city_cd/13101/displayMethod/0',
      '/api/v1/tourism/hotelAnalysis/facilityStack/display/2/unit/0/prefCode/1',
      '/api/v1/medicalWelfare/medicalAnalysis/list/prefCode/13',
      '/api/v1/medicalWelfare/medicalAnalysis/rate/prefCode/13/matter2/204/cityCode/13101/dataKbn/2/year/2020',
      '/api/v1/tourism/airport/forBar/dispType/1/year/2019/halfPeriod/1/entryAirportArea/3/entryAirport/NRT/departureAirportArea/-/departureAirport/-/sort/1',
    ];
    // Operations the list above does not name are asked for by their first example, in the path form.
    for (const op of OPERATIONS) {
      if (paths.some((p) => p === op.route.path || p.startsWith(`${op.route.path}/`))) continue;
      const query = new URLSearchParams(op.examples[0] as Record<string, string>).toString();
      paths.push(fileFor(`${op.route.path}?${query}`).replace(/\/index\.json$/, ''));
    }
    // One per operation at least.
    for (const op of manifest.operations)
      expect(
        paths.some((p) => p.startsWith(op.path)),
        op.path,
      ).toBe(true);
    const routes = loadRoutes(SAMPLE_DIST);
    const kinds = new Set<string | null>();
    for (const path of paths) {
      const res = await fetch(server.base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('application/json;charset=UTF-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe(readFileSync(join(SAMPLE_DIST, path.replace(/\/$/, ''), 'index.json'), 'utf8'));
      // Whether its figures are official, as every other host says it (serve.json's rules by file path).
      const file = `${path.replace(/\/$/, '')}/index.json`;
      const op = routes.table.operations
        .filter((o) => file.startsWith(`${o.path}/`))
        .sort((a, b) => b.path.length - a.path.length)[0];
      expect(res.headers.get('x-regstat-data') ?? undefined, path).toBe(fileDataKind(op, file));
      kinds.add(res.headers.get('x-regstat-data'));
    }
    expect([...kinds].sort()).toEqual(['mixed', 'official', 'synthetic']);
  });

  it("serves openapi.d.ts as text, as the other hosts do (serve's own table says video/mp2t)", async () => {
    const res = await fetch(server.base + '/openapi.d.ts');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(await res.text()).toBe(readFileSync(join(SAMPLE_DIST, 'openapi.d.ts'), 'utf8'));
  });

  it('lists no directories', async () => {
    for (const path of ['/api/v1/population', '/api/v1/population/composition/perYear/prefCode/13']) {
      const res = await fetch(server.base + path, { headers: { Accept: 'application/json' } });
      expect(res.status, path).toBe(404);
    }
  });

  it('answers / with the docs page', async () => {
    const res = await fetch(server.base + '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(readFileSync(join(SAMPLE_DIST, 'index.html'), 'utf8'));
  });

  it('lets a CORS preflight through, for any request header, and exposes the ETag', async () => {
    const path = '/api/v1/population/composition/perYear/prefCode/13/cityCode/-';
    const res = await fetch(server.base + path, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization, cache-control, x-requested-with, x-custom',
      },
    });
    // What a browser checks: an ok status, the origin, and every requested header allowed.
    expect(res.ok).toBe(true);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers
      .get('access-control-allow-headers')!
      .split(',')
      .map((h) => h.trim().toLowerCase());
    for (const h of ['authorization', 'cache-control', 'x-requested-with']) expect(allowed, h).toContain(h);
    expect(allowed).toContain('*'); // x-custom and any other header
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    const get = await fetch(server.base + path);
    expect(get.headers.get('access-control-expose-headers')).toContain('ETag');
  });
});

/** Operations that take parameters: a host blind to queries must answer none of them at its bare path. */
const WITH_PARAMS = OPERATIONS.filter((op) => op.route.params.some((p) => !p.ignored));

describe('npx serve dist never answers wrong', () => {
  // What every request should answer: the Node server over the same dist.
  const node = createApiServer({ dir: SAMPLE_DIST });
  let nodeBase = '';
  beforeAll(async () => void (nodeBase = await listen(node)));
  afterAll(() => close(node));

  /** The README's query forms, the issue's, and each operation's examples in the query form. */
  const queryForms = [
    '/api/v1/prefectures',
    '/api/v1/population/composition/perYear?prefCode=13&cityCode=-',
    '/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=11_,12_',
    '/api/v1/cities?prefCode=13',
    '/api/v1/cities',
    '/api/v1/cities?prefCode=-',
    ...OPERATIONS.flatMap((op) =>
      op.examples.map((e) => {
        const q = new URLSearchParams(e as Record<string, string>).toString();
        return op.route.path + (q ? `?${q}` : '');
      }),
    ),
  ];

  it("answers a query form with the Node server's bytes or a 404, never another request's 200", async () => {
    const wrong: string[] = [];
    let answered = 0;
    for (const url of queryForms) {
      const res = await fetch(server.base + url);
      const text = await res.text();
      if (res.status === 200) {
        answered++;
        const ref = await fetch(nodeBase + url);
        if (ref.status !== 200 || (await ref.text()) !== text) wrong.push(url);
      } else if (res.status !== 404) wrong.push(`${url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    // The operations without parameters answer (a query changes nothing there); no other query form does.
    expect(answered).toBe(
      queryForms.filter((u) => !WITH_PARAMS.some((op) => u.split('?')[0] === op.route.path)).length,
    );
    expect(answered).toBeGreaterThan(0);
  });

  it('has no file at the bare path of an operation that takes parameters (so no static host serves one for a query)', () => {
    const found = WITH_PARAMS.flatMap((op) =>
      ['index.json', 'index.html'].map((f) => join(op.route.path, f)).filter((f) => existsSync(join(SAMPLE_DIST, f))),
    );
    expect(found).toEqual([]);
  });

  it("answers its 404s with the API's error body, naming the path form", async () => {
    for (const url of ['/api/v1/cities?prefCode=13', '/api/v1/population/composition/perYear?prefCode=13', '/nosuch']) {
      const res = await fetch(server.base + url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toBe('application/json;charset=UTF-8');
      expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
      const body = await res.json();
      expect(body.statusCode).toBe('404');
      expect(body.description).toContain('/api/v1/cities/prefCode/13');
    }
  });

  it("serves none of the other hosts' files", async () => {
    const files = [
      '/_worker.js',
      '/_headers',
      '/_redirects',
      '/vercel.json',
      '/serve.json',
      '/_deploy/cloudfront-function.js',
      '/_errors/404.json',
    ];
    // Each is in the dist: the test asks for real files.
    for (const f of files) expect(existsSync(join(SAMPLE_DIST, f)), f).toBe(true);
    for (const url of [...files, '/vercel.json/', '//vercel.json', '/%76ercel.json']) {
      const res = await fetch(server.base + url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toBe('');
    }
  });

  it('answers /api/v1/ with the API index', async () => {
    for (const url of ['/api/v1/', '/api/v1', '/api/v1/index.json']) {
      const res = await fetch(server.base + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toBe('application/json;charset=UTF-8');
      expect(await res.text(), url).toBe(readFileSync(join(SAMPLE_DIST, 'api/v1/index.json'), 'utf8'));
    }
  });
});
