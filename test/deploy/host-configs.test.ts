// Netlify's _redirects/_headers and Vercel's vercel.json, generated into dist: checked against the
// hosts' documented syntax and limits, and interpreted here by the documented matching rules to show
// that each query form lands on the file the Node server answers with.

import '../helpers/sample-ready.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deployFiles } from '../../build/deploy/index.ts';
import { netlifyRedirects } from '../../build/deploy/netlify.ts';
import { cloudFrontScript } from '../../build/deploy/scripts.ts';
import { vercelConfig } from '../../build/deploy/vercel.ts';
import { apiError, resasForm, RESAS_NOT_FOUND } from '../../build/runtime/errors.ts';
import { ERROR_CACHE_CONTROL } from '../../build/runtime/respond.ts';
import type { RouteTable } from '../../build/runtime/routes.ts';
import { ENTRIES } from '../conformance/table.ts';
import { fileFor } from '../helpers/dist.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';

const read = (p: string) => readFileSync(join(SAMPLE_DIST, p), 'utf8');
const serve = (path: string) => (existsSync(join(SAMPLE_DIST, path)) ? read(path) : null);

/**
 * Requests a rule-only host serves: query form, canonical values, nothing ignored, and the parameters
 * that take effect only with some values given explicitly (cityCode=- for matter2 205 and for patents by location).
 */
const CANONICAL_URLS = [
  ...['master with a query', 'query form', 'parameters in another order', 'alias of a parameter'].map(
    (n) => ENTRIES.find((e) => e.name === n)!.url,
  ),
  '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&cityCode=-&sort1=6&sort2=2&offset=0',
  '/api/v1/medicalWelfare/medicalAnalysis/rate?prefCode=13&matter2=205&cityCode=-&secondaryMedicalCode=1302&dataKbn=3&year=2016',
  '/api/v1/tourism/airport/forBar?year=2018&entryAirportArea=3&entryAirport=NRT',
  '/api/v1/fishery/sea/shipRatio?prefCode=1&cityCode=-&matter=2',
];
const queryOf = (url: string) => [...new URLSearchParams(url.split('?')[1] ?? '')];

describe('Netlify', () => {
  const lines = read('_redirects')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  const rules = lines.map((l) => {
    const parts = l.split(/\s+/);
    return {
      from: parts[0]!,
      query: parts.slice(1, -2),
      to: parts[parts.length - 2]!,
      status: Number(parts[parts.length - 1]),
    };
  });

  it('writes _redirects in the documented syntax, within the recommended rule count', () => {
    expect(rules.length).toBeLessThan(10_000);
    for (const r of rules) {
      expect(r.from).toMatch(/^\/[A-Za-z0-9/_*-]+$/);
      for (const q of r.query) expect(q).toMatch(/^[A-Za-z_][A-Za-z0-9_]*=:[A-Za-z0-9]+$/);
      expect([200, 404, 501]).toContain(r.status);
      // Every placeholder of the destination is bound by the query (or is the splat of a * source).
      const bound = new Set(r.query.map((q) => q.split('=:')[1]));
      for (const ph of r.to.match(/:[A-Za-z0-9]+/g) ?? [])
        expect(ph === ':splat' ? r.from.endsWith('*') : bound.has(ph.slice(1)), `${r.from} ${ph}`).toBe(true);
    }
  });

  it('writes _headers with the API headers for /api/*', () => {
    const h = read('_headers');
    expect(h).toMatch(/^\/api\/\*\n {2}Content-Type: application\/json;charset=UTF-8\n/);
    expect(h).toContain('  Access-Control-Allow-Origin: *');
  });

  it('maps canonical query forms to the files the Node server answers with (first rule whose parameters match)', () => {
    for (const url of CANONICAL_URLS) {
      const e = { url, name: url };
      const [path] = e.url.split('?') as [string];
      const given = queryOf(e.url);
      const rule = rules.find(
        (r) =>
          r.from === path &&
          r.query.length === given.length &&
          r.query.every((q) => given.some(([k]) => k === q.split('=')[0])),
      );
      expect(rule, e.name).toBeDefined();
      let to = rule!.to;
      for (const q of rule!.query) {
        const [k, ph] = q.split('=:') as [string, string];
        to = to.replace(`:${ph}`, given.find(([n]) => n === k)![1]);
      }
      expect(to, e.name).toBe(fileFor(e.url));
    }
    // Compositions are refused before any file rule can take them.
    const compose = rules.findIndex((r) => r.status === 501);
    expect(compose).toBeLessThan(rules.findIndex((r) => r.status === 200));
  });
});

describe('Vercel', () => {
  const config = JSON.parse(read('vercel.json'));
  const routes = config.routes as {
    src?: string;
    has?: { type: string; key: string; value?: string }[];
    missing?: { key: string }[];
    dest?: string;
    status?: number;
    handle?: string;
    continue?: boolean;
    check?: boolean;
    headers?: Record<string, string>;
  }[];

  it('stays within 2,048 routes, with anchored patterns that compile', () => {
    expect(routes.length).toBeLessThanOrEqual(2048);
    for (const r of routes) {
      if (r.handle) continue;
      expect(() => new RegExp(r.src!)).not.toThrow();
      for (const h of r.has ?? []) if (h.value) expect(() => new RegExp(`^${h.value}$`)).not.toThrow();
      // Named groups of has-values are the only placeholders a destination may use.
      const groups = new Set(
        (r.has ?? []).flatMap((h) => [...(h.value ?? '').matchAll(/\(\?<([A-Za-z0-9]+)>/g)].map((m) => m[1])),
      );
      for (const ph of r.dest?.match(/:[A-Za-z0-9]+/g) ?? [])
        expect(groups.has(ph.slice(1)), `${r.src} ${ph}`).toBe(true);
    }
  });

  /** Vercel's routes: first match whose has conditions all match (values anchored) and missing keys are absent. */
  function route(url: string): { path: string; status: number } {
    const [path] = url.split('?') as [string];
    const query = new Map(queryOf(url));
    for (const r of routes) {
      if (r.handle || r.continue) continue;
      if (!new RegExp(r.src!).test(path)) continue;
      const captured: Record<string, string> = {};
      const ok = (r.has ?? []).every((h) => {
        const v = query.get(h.key);
        if (v === undefined) return false;
        const m = new RegExp(`^${h.value ?? '.*'}$`).exec(v);
        Object.assign(captured, m?.groups ?? {});
        return m !== null;
      });
      if (!ok || (r.missing ?? []).some((m) => query.has(m.key))) continue;
      const dest = r
        .dest!.replace(/:([A-Za-z0-9]+)/g, (_, g: string) => captured[g]!)
        .replace('$1', path.replace(/^\/api\/v1\//, '').replace(/\/$/, ''));
      // check: the rewrite stands only if the filesystem has the file.
      if (r.check && serve(dest) === null) continue;
      return { path: dest, status: r.status ?? 200 };
    }
    return { path: '', status: 404 };
  }

  it('maps query forms to the files the Node server answers with, leading zeros and percent-encoding aside', () => {
    for (const url of [...CANONICAL_URLS, ENTRIES.find((e) => e.name === 'leading zero, default omitted')!.url]) {
      expect(route(url), url).toEqual({ path: fileFor(url), status: 200 });
    }
    for (const e of ENTRIES.filter((x) => x.composes && x.composes.param !== 'offset')) {
      const r = route(e.url);
      expect(r.status, e.name).toBe(501);
      expect(JSON.parse(serve(r.path)!).statusCode).toBe('501');
    }
    expect(route('/api/v1/nope').status).toBe(404);
  });
});

describe('the resas error mode (routes.json errors: resas)', () => {
  const table: RouteTable = JSON.parse(read('routes.json'));
  const resas: RouteTable = { ...table, errors: 'resas' };

  it('answers 400 and 404 with HTTP 200 and the original bodies in the CloudFront function, as Lambda@Edge and as CloudFront Functions', async () => {
    for (const [t, mode] of [
      [resas, 'resas'],
      [table, 'status'],
    ] as const) {
      const script = cloudFrontScript(t);
      const fn = vm.createContext({});
      vm.runInContext(script, fn);
      const edge = vm.createContext({ exports: {} });
      vm.runInContext(script, edge);
      const cases: [string, string, number, string | null][] = [
        ['/api/v1/nope', 'GET', 404, null],
        ['/api/v1/population/composition/perYear', 'GET', 400, null],
        ['/api/v1/population/composition/perYear?prefCode=99', 'GET', 400, null],
        ['/api/v1/population/composition/perYear?prefCode=13&addArea=1_', 'GET', 501, null],
        ['/api/v1/prefectures', 'POST', 405, null],
        [
          '/api/v1/population/composition/perYear?prefCode=13',
          'GET',
          0,
          '/api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json',
        ],
      ];
      for (const [url, method, status, uri] of cases) {
        const [path, query = ''] = url.split('?') as [string, string?];
        const querystring = Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, { value: v }]));
        const a = fn.handler({ version: '1.0', request: { method, uri: path, querystring, headers: {} } });
        const b = await edge.exports.lambdaHandler({
          Records: [{ cf: { request: { method, uri: path, querystring: query, headers: {} } } }],
        });
        if (uri) {
          expect(a.uri, url).toBe(uri);
          expect(b.uri, url).toBe(uri);
          continue;
        }
        const form =
          mode === 'resas' && (status === 400 || status === 404)
            ? resasForm(apiError(status, '', ''))!
            : { status, body: undefined };
        expect(a.statusCode, `${mode} ${url}`).toBe(form.status);
        expect(Number(b.status), `${mode} ${url}`).toBe(form.status);
        expect(b.body, url).toBe(a.body.data);
        expect(a.headers['cache-control'].value, url).toBe(ERROR_CACHE_CONTROL);
        const body = JSON.parse(a.body.data);
        if (form.body !== undefined) expect(a.body.data, url).toBe(form.body);
        else expect(body.statusCode, url).toBe(String(status));
      }
    }
  });

  it('has Netlify and Vercel answer an unknown path with 200 and the original 404 body, never cached', () => {
    const files = new Map(deployFiles(resas, read('manifest.json'), 'notice'));
    expect(files.get('/_errors/404.json')).toBe(JSON.stringify(RESAS_NOT_FOUND));
    expect(files.get('/_errors/400.json')).toBe('"400"');
    expect(JSON.parse(files.get('/_errors/composition.json')!).statusCode).toBe('501');
    expect(netlifyRedirects(resas).trim().split('\n').at(-1)).toBe('/api/* /_errors/404.json 200');
    const last = vercelConfig(resas).routes.at(-1)!;
    expect(last).toMatchObject({
      dest: '/_errors/404.json',
      status: 200,
      headers: { 'Cache-Control': ERROR_CACHE_CONTROL },
    });
    // The default mode keeps real status codes, in dist as built.
    expect(JSON.parse(read('_errors/404.json')).statusCode).toBe('404');
    expect(read('_redirects').trim().split('\n').at(-1)).toBe('/api/* /_errors/404.json 404');
    expect(vercelConfig(table).routes.at(-1)).toMatchObject({
      status: 404,
      headers: { 'Cache-Control': ERROR_CACHE_CONTROL },
    });
  });
});
