// dist/openapi.json: a real OpenAPI 3.1 document, linted clean by Redocly, typed from the declarations'
// result schemas, with parameters that say what the resolver accepts.

import '../helpers/sample-ready.ts';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OnDemand } from '../../build/core/on-demand.ts';
import { resolve, type Resolution } from '../../build/runtime/resolve.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../../build/runtime/routes.ts';
import { type Sources } from '../../sources/load.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { memoryBuild, sampleSources } from '../helpers/sample.ts';

const PREF = 31;

type Json = any;
let sources: Sources;
let doc: Json;
let text: string;
let table: RouteTable;
let routes: CompiledRoutes;

beforeAll(async () => {
  sources = sampleSources();
  const files = await memoryBuild(PREF);
  text = files.get('/openapi.json')!;
  doc = JSON.parse(text);
  table = JSON.parse(files.get('/routes.json')!);
  routes = compileRoutes(table);
});

// The linter's own recommended rules, nothing switched off: every rule must pass without a warning.
const RECOMMENDED = { extends: ['recommended'] };
// One exception, for builds in the resas error mode only: operation-4xx-response wants a 4XX response on
// every operation, and in that mode no GET gets one (bad requests and unknown paths answer 200 with the
// original's bodies, as the original did; only 405, 501 and 503 keep their codes), so the document
// rightly lists none. In the default mode the rule is on and passes.
const RESAS_MODE = { extends: ['recommended'], rules: { 'operation-4xx-response': 'off' as const } };

async function lint(
  source: string,
  rules: object = RECOMMENDED,
): Promise<{ errors: number; warnings: number; problems: NormalizedProblem[] }> {
  const problems = await lintFromString({
    source,
    absoluteRef: 'openapi.json',
    config: await createConfig(rules as Parameters<typeof createConfig>[0]),
  });
  return {
    errors: problems.filter((p) => p.severity === 'error').length,
    warnings: problems.filter((p) => p.severity === 'warn').length,
    problems,
  };
}

const shown = (problems: NormalizedProblem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`).join('\n');

const operations = () =>
  Object.entries(doc.paths as Record<string, { get: Json }>).map(([path, item]) => ({ path, get: item.get }));
const deref = (ref: string): Json =>
  ref
    .slice(2)
    .split('/')
    .reduce((node: Json, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

/** Every node of the document with its JSON pointer. */
function* nodes(node: Json, pointer = ''): Generator<[string, Json]> {
  yield [pointer, node];
  if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) yield* nodes(v, `${pointer}/${k}`);
}

describe('openapi.json lints clean', () => {
  it('with Redocly recommended: 0 errors, 0 warnings', async () => {
    const { errors, warnings, problems } = await lint(text);
    console.log(
      `openapi.json of prefecture ${PREF} (${Buffer.byteLength(text)} bytes): Redocly recommended: ${errors} errors, ${warnings} warnings`,
    );
    expect(shown(problems)).toBe('');
    expect([errors, warnings]).toEqual([0, 0]);
  });

  it('in the resas error mode too, where errors answer 200', async () => {
    const resas = new OnDemand({ sources, prefs: [PREF], errors: 'resas' }).read('/openapi.json')!;
    const { errors, warnings, problems } = await lint(resas, RESAS_MODE);
    console.log(`openapi.json, resas error mode (operation-4xx-response off): ${errors} errors, ${warnings} warnings`);
    expect(shown(problems)).toBe('');
    const perYear = JSON.parse(resas).paths['/api/v1/population/composition/perYear'].get.responses;
    expect(Object.keys(perYear)).toEqual(['200', '501', '503']);
    expect(perYear[200].content['application/json'].schema.oneOf).toHaveLength(3);
  });
});

describe('openapi.json describes the build', () => {
  it('is OpenAPI 3.1 with servers, no security, a licence and the dataset notice', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.security).toEqual([]);
    expect(doc.info.license).toMatchObject({ identifier: 'MIT' });
    expect(doc.info.description).toContain('SYNTHETIC SAMPLE DATA');
    expect(doc.info.description).toContain('`X-API-KEY`');
  });

  it('has every operation of the route table, tagged by family, with a unique operationId', () => {
    const available = table.operations.filter((o) => !o.unavailable).map((o) => o.path);
    expect(available.length).toBeGreaterThanOrEqual(29);
    expect(Object.keys(doc.paths)).toEqual(available);
    const ids = operations().map((o) => o.get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = doc.tags.map((t: Json) => t.name);
    expect(tags).toEqual(
      expect.arrayContaining(['masters', 'population', 'industry', 'tourism', 'fishery', 'mesh', 'medical']),
    );
    for (const t of doc.tags) expect(t.description, t.name).toBeTruthy();
    for (const { path, get } of operations()) {
      expect(get.tags, path).toHaveLength(1);
      expect(tags, path).toContain(get.tags[0]);
      expect(get.summary, path).toContain(path.replace('/api/v1/', ''));
      expect(get.description, path).toBeTruthy();
    }
  });

  it('types each 200 response as the envelope around the declared result schema', () => {
    const trivial: string[] = [];
    for (const { path, get } of operations()) {
      const envelope = get.responses[200].content['application/json'].schema;
      expect(envelope, path).toMatchObject({
        type: 'object',
        required: ['message', 'result'],
        properties: { message: { type: 'null' } },
      });
      const result = deref(envelope.properties.result.$ref);
      expect(result, path).toBeTruthy();
      // Not the untyped object|array|null: somewhere it names the fields of its records.
      const named = [...nodes(result)].some(
        ([, n]) => n && typeof n === 'object' && n.properties && Object.keys(n.properties).length > 0,
      );
      if (!named) trivial.push(path);
    }
    expect(trivial, 'operations whose declaration has no result schema yet').toEqual([]);
  });

  it('answers 400 and 404 with the error schema and examples the resolver gives; 501 and 503 where requests compose', () => {
    for (const { path, get } of operations()) {
      const bad = get.responses[400].content['application/json'];
      expect(bad.schema.$ref, path).toBe('#/components/schemas/Error');
      expect(bad.example, path).toMatchObject({
        statusCode: '400',
        message: expect.any(String),
        description: expect.any(String),
      });
      expect(get.responses[404].$ref).toBe('#/components/responses/NotFound');
      const route = table.operations.find((o) => o.path === path)!;
      const composes = Boolean(route.compose || route.paging || route.pairs);
      expect(Boolean(get.responses[501]), path).toBe(composes);
      expect(Boolean(get.responses[503]), path).toBe(composes);
    }
    expect(
      operations().find((o) => o.path === '/api/v1/population/composition/perYear')!.get.responses[400].content[
        'application/json'
      ].example.message,
    ).toBe('prefCode is required');
  });

  it('keeps JSON Schema documents whole: no nested $schema, and every $ref resolves', () => {
    for (const [pointer, node] of nodes(doc)) {
      if (!node || typeof node !== 'object' || Array.isArray(node)) continue;
      expect(Object.hasOwn(node, '$schema'), pointer).toBe(false);
      if (typeof node.$ref === 'string') {
        expect(node.$ref, pointer).toMatch(/^#\/components\//);
        expect(deref(node.$ref), `${pointer} → ${node.$ref}`).toBeTruthy();
      }
    }
  });

  it('writes Markdown without HTML: code in code spans, no bare <', () => {
    const texts = [...nodes(doc)].filter(
      ([pointer, v]) => typeof v === 'string' && /\/(description|summary)$/.test(pointer),
    ) as [string, string][];
    expect(texts.length).toBeGreaterThan(100);
    for (const [pointer, md] of texts) {
      const prose = md.split(/`[^`]*`/).join(' ');
      expect(prose, pointer).not.toMatch(/(?<!\\)<[A-Za-z/!?]/);
    }
    const perYear = operations().find((o) => o.path === '/api/v1/population/composition/perYear')!.get;
    expect(perYear.parameters.find((p: Json) => p.name === 'addArea').description).toContain('`<prefCode>_<cityCode>`');
  });
});

// ——— Parameters against the resolver ———

const param = (path: string, name: string): Json =>
  operations()
    .find((o) => o.path === path)!
    .get.parameters.find((p: Json) => p.name === name);

/** Whether a JSON Schema of a query parameter admits a raw query value (the subset the document uses). */
function admits(schema: Json, raw: string): boolean {
  if (schema.anyOf) return schema.anyOf.some((s: Json) => admits(s, raw));
  let value: string | number = raw;
  if (schema.type === 'integer') {
    if (!/^-?[0-9]+$/.test(raw)) return false;
    value = Number(raw);
  } else if (schema.type !== undefined && schema.type !== 'string') return false;
  if (schema.const !== undefined && schema.const !== value) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(raw)) return false;
  if (schema.minimum !== undefined && (value as number) < schema.minimum) return false;
  if (schema.maximum !== undefined && (value as number) > schema.maximum) return false;
  return true;
}

const ask = (path: string, q: Record<string, string>): Resolution =>
  resolve(
    routes,
    path,
    '?' +
      Object.entries(q)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&'),
  );
const target = (r: Resolution) =>
  r.kind === 'file'
    ? r.path
    : r.kind === 'compose'
      ? r.files.join()
      : `error ${r.kind === 'error' ? r.error.body.message : r.kind}`;

/** The request a client makes that sends every parameter's example as it is (aliases included, were they given one). */
function exampleRequest(get: Json): Record<string, string> {
  return Object.fromEntries(
    get.parameters.filter((p: Json) => p.example !== undefined).map((p: Json) => [p.name, String(p.example)]),
  );
}

/** Every example is admitted by its schema, and each operation's examples make a request the resolver answers. */
function checkExamples(document: Json, compiled: CompiledRoutes): void {
  for (const [path, { get }] of Object.entries(document.paths as Record<string, { get: Json }>)) {
    for (const p of get.parameters)
      if (p.example !== undefined)
        expect(admits(p.schema, String(p.example)), `${path} ${p.name}=${p.example}`).toBe(true);
    const q = exampleRequest(get);
    const r = resolve(
      compiled,
      path,
      '?' +
        Object.entries(q)
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join('&'),
    );
    expect(r.kind, `${path}: ${target(r)}`).not.toBe('error');
  }
}

describe('openapi.json parameters say what the resolver accepts', () => {
  it("every example is admitted by its schema, and each operation's examples make a request the resolver answers", () => {
    checkExamples(doc, routes);
  });

  it("so in the shared sample dist too, where the declarations' own examples (prefectures 1 and 13) are used; it lints clean", async () => {
    const sample = readFileSync(join(SAMPLE_DIST, 'openapi.json'), 'utf8');
    const sampleDoc = JSON.parse(sample);
    checkExamples(sampleDoc, compileRoutes(JSON.parse(readFileSync(join(SAMPLE_DIST, 'routes.json'), 'utf8'))));
    expect(
      sampleDoc.paths['/api/v1/population/composition/perYear'].get.parameters.find((p: Json) => p.name === 'addArea')
        .example,
    ).toBeDefined();
    const { errors, warnings, problems } = await lint(sample);
    console.log(
      `openapi.json of the sample dist (${Buffer.byteLength(sample)} bytes): ${errors} errors, ${warnings} warnings`,
    );
    expect(shown(problems)).toBe('');
  });

  it('a parameter is required only when the resolver refuses every request without it', () => {
    for (const { path, get } of operations()) {
      const q = exampleRequest(get);
      for (const p of get.parameters) {
        if (!(p.name in q)) continue;
        const { [p.name]: _, ...without } = q;
        const r = ask(path, without);
        const refused = r.kind === 'error' && r.error.body.message.startsWith(`${p.name} is required`);
        if (p.required) {
          expect(refused, `${path}: without ${p.name}: ${target(r)}`).toBe(true);
          expect(p.schema.default, `${path} ${p.name}`).toBeUndefined();
        } else if (refused) {
          // Required in some requests only: by a condition, or under either of two names; the description says which.
          expect(p.description, `${path} ${p.name}`).toMatch(/\*\*Required( when|\*\*, as)/);
        }
      }
    }
  });

  it('a default is what the resolver assumes when the parameter is absent', () => {
    for (const { path, get } of operations()) {
      const q = exampleRequest(get);
      for (const p of get.parameters) {
        if (p.schema.default === undefined || !(p.name in q)) continue;
        const { [p.name]: _, ...without } = q;
        expect(target(ask(path, { ...without, [p.name]: String(p.schema.default) })), `${path} ${p.name}`).toBe(
          target(ask(path, without)),
        );
      }
    }
  });

  it('industry/patent/list: patentHolderId is not required and takes -; prefCode is not required (mode 2 ignores it)', () => {
    const path = '/api/v1/industry/patent/list';
    const holder = param(path, 'patentHolderId');
    expect(holder.required).toBe(false);
    expect(admits(holder.schema, '-')).toBe(true);
    expect(holder.description).toContain('**Required when `mode` is `2`**');
    const pref = param(path, 'prefCode');
    expect(pref.required).toBe(false);
    expect(pref.description).toContain('**Required when `mode` is `1`**');
    const byLocation = {
      year: '2019',
      mode: '1',
      prefCode: String(PREF),
      cityCode: '-',
      sort1: '1',
      sort2: '1',
      offset: '0',
    };
    expect(target(ask(path, { ...byLocation, patentHolderId: '-' }))).toBe(target(ask(path, byLocation)));
    expect(ask(path, byLocation).kind).toBe('file');
    // Mode 2 without prefCode: not refused for prefCode (a holder code of this build, if any, answers).
    const holders = (table.domains.patentHolders as string[] | undefined) ?? [];
    const byHolder = ask(path, {
      year: '2019',
      mode: '2',
      patentHolderId: holders[0] ?? 'C100001',
      sort1: '1',
      sort2: '1',
      offset: '0',
    });
    expect(target(byHolder)).not.toContain('prefCode');
    if (holders.length) expect(byHolder.kind).toBe('file');
  });

  it('aliases are parameters of their own, and an ignored parameter takes anything', () => {
    const mesh = '/api/v1/population/futureMesh/chart';
    const alias = param(mesh, 'prefecture_cd');
    expect(alias).toMatchObject({ required: false });
    expect(alias.description).toMatch(/^Another name for `prefCode`/);
    expect(alias.example, 'an alias has no example: sent with its parameter, it would be a 400').toBeUndefined();
    expect(param(mesh, 'prefCode')).toMatchObject({ required: false });
    const q = { year: '2020', city_cd: '-', displayMethod: '0' };
    expect(target(ask(mesh, { ...q, prefecture_cd: String(PREF) }))).toBe(
      target(ask(mesh, { ...q, prefCode: String(PREF) })),
    );
    expect(ask(mesh, { ...q, prefCode: String(PREF) }).kind).toBe('file');

    const rate = '/api/v1/medicalWelfare/medicalAnalysis/rate';
    const matter1 = param(rate, 'matter1');
    expect(matter1).toMatchObject({ required: false, schema: {} });
    const request = exampleRequest(operations().find((o) => o.path === rate)!.get);
    expect(target(ask(rate, { ...request, matter1: 'anything' }))).toBe(target(ask(rate, request)));
  });
});
