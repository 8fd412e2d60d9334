// Every operation declares the schema of its responses' `result` (Operation.result), exact down to key
// order. These tests hold the schemas to what regstat answers (every file of a build, composed answers,
// the operations' examples) and to the real RESAS responses, and show that they are not vacuous.

import '../helpers/sample-ready.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../build/ops/index.ts';
import type { Operation } from '../../build/ops/operation.ts';
import { resultIssues } from '../../build/ops/result.ts';
import { filePath } from '../../build/runtime/file-path.ts';
import { ENTRIES } from '../conformance/table.ts';
import { GOLDEN_REQUESTS } from '../golden/requests.ts';
import { composed, fileOf, operationOfFile, resolveUrl } from '../helpers/dist.ts';
import { HAS_SHARED, SAMPLE_DIST, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { memoryBuild } from '../helpers/sample.ts';

const BY_PATH = new Map(OPERATIONS.map((o) => [o.route.path, o]));
const PATHS = new Set(BY_PATH.keys());
/** The operation a file of dist/api/v1 belongs to. */
const opOfFile = (path: string) => BY_PATH.get(operationOfFile(PATHS, path) ?? '');
const MAX_LINES = 20;

/** Collects at most MAX_LINES issue lines for a failure message, counting the rest. */
class Report {
  lines: string[] = [];
  failures = 0;
  add(where: string, issues: string[]) {
    if (issues.length === 0) return;
    this.failures++;
    for (const i of issues) if (this.lines.length < MAX_LINES) this.lines.push(`${where} ${i}`);
  }
  toString() {
    return `${this.failures} failing, first issues:\n${this.lines.join('\n')}`;
  }
}

describe('resultIssues', () => {
  const point = z.strictObject({ year: z.int(), value: z.number().nullable() });
  const schema = z
    .strictObject({
      head: z.string(),
      gains: z.array(point).optional(),
      pair: z.tuple([z.literal('a'), z.literal('b')]),
      byYear: z.record(z.string(), point),
      either: z.union([
        z.strictObject({ kind: z.literal(1), x: z.int() }),
        z.strictObject({ kind: z.literal(2), y: z.string() }),
      ]),
      data: z.array(point),
    })
    .nullable();
  const ok = {
    head: 'h',
    pair: ['a', 'b'],
    byYear: { 2020: { year: 2020, value: null } },
    either: { kind: 2, y: 'y' },
    data: [{ year: 1, value: 2.5 }],
  };
  const { head, ...rest } = ok;

  it('accepts a conforming value, with optional keys absent, and null', () => {
    expect(resultIssues(schema, ok)).toEqual([]);
    expect(resultIssues(schema, { head, gains: [], ...rest })).toEqual([]);
    expect(resultIssues(schema, null)).toEqual([]);
  });
  it("reports zod's issues with their path", () => {
    expect(resultIssues(schema, { ...ok, data: [{ year: 1.5, value: 2 }] })).toEqual([
      'result.data[0].year: Invalid input: expected int, received number',
    ]);
    expect(resultIssues(schema, { ...ok, extra: 1 })).toEqual(['result: Unrecognized key: "extra"']);
  });
  it('reports keys out of order: in objects, array elements, records, unions, optional members', () => {
    expect(resultIssues(schema, { ...rest, head })).toEqual([
      'result: keys in the order pair, byYear, either, data, head; expected head, pair, byYear, either, data',
    ]);
    expect(resultIssues(schema, { ...ok, data: [{ value: 1, year: 1 }] })).toEqual([
      'result.data[0]: keys in the order value, year; expected year, value',
    ]);
    expect(resultIssues(schema, { ...ok, byYear: { 2020: { value: 1, year: 1 } } })).toEqual([
      'result.byYear.2020: keys in the order value, year; expected year, value',
    ]);
    expect(resultIssues(schema, { ...ok, either: { y: 'y', kind: 2 } })).toEqual([
      'result.either: keys in the order y, kind; expected kind, y',
    ]);
    expect(resultIssues(schema, { head, gains: [{ value: 1, year: 1 }], ...rest })).toEqual([
      'result.gains[0]: keys in the order value, year; expected year, value',
    ]);
    expect(resultIssues(schema, { ...ok, gains: [] })).toEqual([
      'result: keys in the order head, pair, byYear, either, data, gains; expected head, gains, pair, byYear, either, data',
    ]);
    expect(resultIssues(schema, { ...rest, head }, { keyOrder: false })).toEqual([]);
  });
});

// 1. Every file of a build of prefecture 31 (Tottori, the smallest).

const scan = {
  counts: new Map<string, number>(),
  nonNull: new Map<string, number>(),
  report: new Report(),
  samples: new Map<string, { text: string; result: unknown }>(),
  available: [] as string[],
  buildMs: 0,
  ms: 0,
};

describe('result schemas against a build of prefecture 31', () => {
  beforeAll(async () => {
    // In memory: the files are what the disk build writes (the golden tree test holds the two together).
    let t = Date.now();
    const files = await memoryBuild(31);
    scan.buildMs = Date.now() - t;
    t = Date.now();
    const routes = JSON.parse(files.get('/routes.json')!) as {
      operations: { path: string; unavailable?: string }[];
    };
    scan.available = routes.operations.filter((o) => !o.unavailable).map((o) => o.path);
    for (const [path, text] of files) {
      if (!path.startsWith('/api/v1/') || !path.endsWith('/index.json') || path === '/api/v1/index.json') continue; // the API's index
      const op = opOfFile(path);
      if (!op) {
        scan.report.add(path, ['belongs to no operation']);
        continue;
      }
      const { result } = JSON.parse(text) as { result: unknown };
      const p = op.route.path;
      scan.counts.set(p, (scan.counts.get(p) ?? 0) + 1);
      scan.report.add(path, resultIssues(op.result, result));
      if (result !== null) {
        scan.nonNull.set(p, (scan.nonNull.get(p) ?? 0) + 1);
        // The longest response of each operation is the one the mutations below start from.
        if (text.length > (scan.samples.get(p)?.text.length ?? 0)) scan.samples.set(p, { text, result });
      }
    }
    scan.ms = Date.now() - t;
  }, 300_000);

  it("every response file validates against its operation's schema, key order included", () => {
    const rows = OPERATIONS.map(
      (o) =>
        `${o.route.path}: ${scan.counts.get(o.route.path) ?? 0} files (${scan.nonNull.get(o.route.path) ?? 0} with data)`,
    );
    const total = [...scan.counts.values()].reduce((a, n) => a + n, 0);
    console.log(
      `[result schemas] prefecture 31 built (or taken from an earlier file of this worker) in ${scan.buildMs} ms; its ${total} files read and validated in ${scan.ms} ms:\n  ${rows.join('\n  ')}`,
    );
    expect(scan.report.failures, scan.report.toString()).toBe(0);
    expect(scan.available.length).toBeGreaterThan(0);
    for (const path of scan.available) {
      expect(scan.counts.get(path) ?? 0, `${path} has no file`).toBeGreaterThan(0);
      expect(scan.nonNull.get(path) ?? 0, `${path} has no file with data`).toBeGreaterThan(0);
    }
  });

  // 4. The schemas are not vacuous: every mutation of a real response is reported. Each operation's
  // longest response of the build is mutated, and the answer to its first example from the shared
  // sample dist (prefecture 31 has no patents, so its patent lists are all empty).
  it('reports a removed, a renamed, a mistyped field and reordered keys, at the top and inside arrays', async () => {
    const report = new Report();
    const summary: string[] = [];
    for (const op of OPERATIONS) {
      const sample = scan.samples.get(op.route.path);
      if (!sample) continue; // not available: the test above says so
      const kinds = new Map<string, number>();
      let inArrays = 0;
      const example = await answer(exampleUrl(op, op.examples[0]!));
      expect(resultIssues(op.result, example)).toEqual([]);
      for (const m of [...mutations(op.result, sample.result), ...mutations(op.result, example)]) {
        kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
        if (m.inArray) inArrays++;
        const issues = resultIssues(op.result, m.value);
        if (issues.length === 0) report.add(op.route.path, [`${m.kind} at ${m.where} was not reported`]);
      }
      summary.push(
        `${op.route.path}: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')} (${inArrays} inside arrays)`,
      );
      for (const kind of ['removed', 'renamed', 'mistyped', 'reordered'])
        expect(kinds.get(kind) ?? 0, `${op.route.path}: no ${kind} mutation`).toBeGreaterThan(0);
      if (hasObjectsInArrays(sample.result) || hasObjectsInArrays(example))
        expect(inArrays, `${op.route.path}: no mutation inside an array`).toBeGreaterThan(0);
    }
    console.log(`[result schemas] mutations, all reported:\n  ${summary.join('\n  ')}`);
    expect(report.failures, report.toString()).toBe(0);
  });
});

// 2. Composed answers, against the shared sample dist (prefectures 1 and 13).

/** Compositions besides those of the conformance table and the golden requests. */
const COMPOSED = [
  // addArea on every operation that has it: prefectures, municipalities, designated cities, no-data villages
  '/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=1_',
  '/api/v1/population/composition/perYear?prefCode=1&cityCode=01100&addArea=13_13101,13_13102,1_01202',
  '/api/v1/population/composition/perYear?prefCode=1&cityCode=01695&addArea=1_01696',
  '/api/v1/population/composition/perYear?prefCode=1&cityCode=01695&addArea=13_13101',
  '/api/v1/population/composition/pyramid?prefCode=13&cityCode=-&yearLeft=1980&yearRight=2045&addArea=1_',
  '/api/v1/population/composition/pyramid?prefCode=13&cityCode=13101&yearLeft=2020&yearRight=2020&addArea=13_13102,1_01101',
  '/api/v1/population/composition/pyramid?prefCode=1&cityCode=01695&yearLeft=2020&yearRight=2025&addArea=1_01696',
  '/api/v1/population/sum/perYear?prefCode=1&cityCode=-&addArea=13_',
  '/api/v1/population/sum/perYear?prefCode=13&cityCode=13101&addArea=1_01100',
  '/api/v1/population/sum/perYear?prefCode=1&cityCode=01695&addArea=1_01696',
  '/api/v1/industry/overseasTransaction/forColumn?prefCode=13&dispTradeCode=2&dispIndustryCode=2&addArea=1_',
  '/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=2&addArea=13_',
  ...['aquacultureSales', 'sales', 'shipRatio'].flatMap((kind) => [
    ...['1', '2', '3'].map(
      (matter) => `/api/v1/fishery/sea/${kind}?prefCode=13&cityCode=-&matter=${matter}&addArea=1_`,
    ),
    `/api/v1/fishery/sea/${kind}?prefCode=1&cityCode=01202&matter=1&addArea=1_01100,13_13101`,
    `/api/v1/fishery/sea/${kind}?prefCode=1&cityCode=01202&matter=2&addArea=13_13101`,
    `/api/v1/fishery/sea/${kind}?prefCode=13&cityCode=13101&matter=1&addArea=13_13102`,
  ]),
  ...['managementUnitSales', 'aquacultureManagementUnitSales'].flatMap((kind) => [
    ...['1', '2', '3'].map(
      (matter) => `/api/v1/fishery/sea/${kind}?prefCode=13&cityCode=-&matter=${matter}&addArea=1_`,
    ),
    `/api/v1/fishery/sea/${kind}?prefCode=1&cityCode=01202&matter=1&addArea=1_01100,13_13101`,
    `/api/v1/fishery/sea/${kind}?prefCode=13&cityCode=13101&matter=1&addArea=13_13102`,
  ]),
  ...['forSalesRatio', 'forContractRevenueRatio'].flatMap((op) => [
    ...['1', '2', '3'].map(
      (matter) => `/api/v1/forestry/income/${op}?prefCode=13&cityCode=-&matter=${matter}&addArea=1_`,
    ),
    `/api/v1/forestry/income/${op}?prefCode=1&cityCode=01202&matter=1&addArea=1_01100,13_13101`,
  ]),
  ...['forSales', 'forContractRevenue', 'forStacked'].flatMap((op) => [
    `/api/v1/forestry/income/${op}?prefCode=13&cityCode=-&addArea=1_`,
    `/api/v1/forestry/income/${op}?prefCode=1&cityCode=01202&addArea=1_01100,13_13101`,
  ]),
  ...['totalSales', 'aquacultureTotalSales', 'shipValue'].flatMap((kind) => [
    `/api/v1/fishery/sea/${kind}?prefCode=13&cityCode=-&addArea=1_`,
    `/api/v1/fishery/sea/${kind}?prefCode=1&cityCode=01202&addArea=1_01100,13_13101`,
    `/api/v1/fishery/sea/${kind}?prefCode=13&cityCode=13101&addArea=13_13102`,
  ]),
  '/api/v1/agriculture/crops/workingDays?prefCode=13&cityCode=-&addArea=1_',
  '/api/v1/agriculture/crops/workingDays?prefCode=1&cityCode=01202&addArea=1_01100,13_13101',
  '/api/v1/agriculture/crops/workingDays?prefCode=13&cityCode=13103&addArea=13_13102',
  '/api/v1/agriculture/crops/relatedBusiness?prefCode=13&cityCode=-&addArea=1_',
  ...['farmersAgeStructure', 'farmersAverageAge'].flatMap((op) =>
    ['1', '2', '3'].map(
      (matter) =>
        `/api/v1/agriculture/crops/${op}?prefCode=13&cityCode=13103&farmersType=2&genderType=1&matter=${matter}&addArea=13_13102,1_01202`,
    ),
  ),
  '/api/v1/agriculture/crops/relatedBusiness?prefCode=13&cityCode=13103&addArea=13_13102,1_01202',
  // offsets between pages, and the last page
  '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=1&sort2=1&offset=37',
  '/api/v1/industry/patent/list?year=2022&mode=1&prefCode=13&sort1=7&sort2=2&offset=1250',
  '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&cityCode=13201&sort1=3&sort2=1&offset=50',
  // addTec filters: fields, themes, several, a filter that keeps nothing, with an offset
  '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=1&sort2=1&offset=0&addTec=1_',
  '/api/v1/industry/patent/list?year=2020&mode=1&prefCode=13&sort1=5&sort2=2&offset=0&addTec=2_1,3_,8_4',
  '/api/v1/industry/patent/list?year=2021&mode=1&prefCode=13&sort1=2&sort2=1&offset=20&addTec=7_',
  '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=1&sort1=1&sort2=1&offset=0&addTec=8_4',
];

describe('result schemas against composed answers', () => {
  it('every composition of the conformance table, the golden requests and more validates', async () => {
    const urls = [
      ...new Set([
        ...ENTRIES.filter((e) => !e.method || e.method === 'GET').map((e) => e.url),
        ...GOLDEN_REQUESTS.map(([, url]) => url),
        ...COMPOSED,
      ]),
    ];
    const report = new Report();
    const counts = new Map<string, { all: number; data: number }>();
    for (const url of urls) {
      const r = resolveUrl(url);
      if (r.kind !== 'compose') {
        expect(COMPOSED.includes(url), `${url} does not compose: ${JSON.stringify(r)}`).toBe(false);
        continue;
      }
      const op = BY_PATH.get(r.op.path)!;
      const result = await composed(url);
      report.add(url, resultIssues(op.result, result));
      const c = counts.get(op.route.path) ?? { all: 0, data: 0 };
      counts.set(op.route.path, { all: c.all + 1, data: c.data + (result === null ? 0 : 1) });
    }
    console.log(
      `[result schemas] composed answers validated:\n  ${[...counts].map(([p, c]) => `${p}: ${c.all} (${c.data} with data)`).join('\n  ')}`,
    );
    expect(report.failures, report.toString()).toBe(0);
    for (const op of OPERATIONS.filter((o) => o.route.compose || o.route.paging)) {
      expect(counts.get(op.route.path)?.data ?? 0, `${op.route.path} has no composed answer with data`).toBeGreaterThan(
        0,
      );
    }
  });
});

// 5. The operations' examples: canonical, valid for prefectures 1 and 13, answered, and the first with data.

describe("the operations' examples", () => {
  it.each(OPERATIONS.map((o) => [o.route.path, o] as const))('%s', async (_, op) => {
    expect(op.description.trim().length).toBeGreaterThan(0);
    expect(op.examples.length).toBeGreaterThanOrEqual(1);
    expect(op.examples.length).toBeLessThanOrEqual(3);
    const names = new Set(op.route.params.map((p) => p.name));
    for (const [i, example] of op.examples.entries()) {
      for (const name of Object.keys(example))
        expect(names.has(name), `example ${i} names ${name}, not a parameter`).toBe(true);
      const url = exampleUrl(op, example);
      const r = resolveUrl(url);
      // An example may leave out a parameter with a default (the original's bare /api/v1/cities): the file is
      // then the default's, where the default is part of the path.
      const defaults = Object.fromEntries(
        op.route.params
          .filter((p) => p.default !== undefined && !(p.name in example))
          .map((p) => [p.name, String(p.default)]),
      );
      if (r.kind === 'file')
        expect(
          [filePath(r.op!, example), filePath(r.op!, { ...defaults, ...example })],
          `example ${i} is not in canonical form`,
        ).toContain(r.path);
      else if (r.kind === 'compose') {
        // The resolver's canonical values: the example's, and defaults for what it leaves out.
        const defaults = Object.fromEntries(
          Object.entries(r.values).filter(([k, v]) => !(k in example) && isDefaulted(op, k, v)),
        );
        expect(r.values, `example ${i} is not in canonical form`).toEqual({ ...example, ...defaults });
      } else throw new Error(`example ${i} (${url}) resolves to ${JSON.stringify(r)}`);
      const result = await answer(url);
      expect(resultIssues(op.result, result), url).toEqual([]);
      if (i === 0) {
        expect(result, `${url}: the first example, which the docs page links, answers null`).not.toBeNull();
        if (Array.isArray(result)) expect(result.length).toBeGreaterThan(0);
      }
    }
  });
});

const exampleUrl = (op: Operation, example: Record<string, string | undefined>) =>
  `${op.route.path}?${new URLSearchParams(example as Record<string, string>)}`;

/** The `result` a request answers from the shared sample dist: a file's, or composed. */
async function answer(url: string): Promise<unknown> {
  const r = resolveUrl(url);
  if (r.kind === 'file') return JSON.parse(fileOf(SAMPLE_DIST, r.path)!).result;
  if (r.kind === 'compose') return composed(url);
  throw new Error(`${url} resolves to ${JSON.stringify(r)}`);
}

/** A value the resolver filled in from a parameter's default, which an example may leave out. */
function isDefaulted(op: Operation, name: string, value: string | undefined) {
  const spec = op.route.params.find((p) => p.name === name);
  return spec?.default !== undefined && String(spec.default) === value;
}

// 3. Real RESAS responses.

const REAL = join(SHARED_DATA, 'resas-responses');
/** The folder of real responses of an operation: its path after /api/v1/, / as _. */
const realDir = (op: Operation) => join(REAL, op.route.path.slice('/api/v1/'.length).replaceAll('/', '_'));
/** Converted from printed Python dicts, which sort keys: their content is real, their key order is not (MANIFEST.md). */
const orderLost = (file: string) => /notebook/.test(file) && !/FRAGMENT/.test(file);

describe('result schemas against the real RESAS responses', () => {
  it.skipIf(!HAS_SHARED)(
    `every real response of an operation regstat has validates, key order included${HAS_SHARED ? '' : ` (${SHARED_SKIP_NOTE})`}`,
    () => {
      const report = new Report();
      const counts: string[] = [];
      for (const op of OPERATIONS) {
        const dir = realDir(op);
        if (!existsSync(dir)) continue;
        let n = 0;
        for (const f of readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()) {
          const doc = JSON.parse(readFileSync(join(dir, f), 'utf8'));
          const where = `${op.route.path.slice(8)}/${f}`;
          if ('result' in doc) report.add(where, resultIssues(op.result, doc.result, { keyOrder: !orderLost(f) }));
          else if (Array.isArray(doc.changes)) {
            // A fragment: the members of result.changes alone, printed in their original key order.
            const changes = member(op.result, 'changes');
            doc.changes.forEach((c: unknown, i: number) =>
              report.add(`${where} changes[${i}]`, resultIssues(changes, c)),
            );
          } else throw new Error(`${where} holds neither a response nor a fragment`);
          n++;
        }
        counts.push(`${op.route.path}: ${n}`);
        expect(n, `${dir} holds no response`).toBeGreaterThan(0);
      }
      console.log(`[result schemas] real RESAS responses validated:\n  ${counts.join('\n  ')}`);
      expect(counts.length).toBeGreaterThan(0);
      expect(report.failures, report.toString()).toBe(0);
    },
  );
});

// Schema walking, for the tests: zod 4 keeps a schema's structure in _zod.def.

type Def = { type: string; [k: string]: any };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['nullable', 'optional', 'nonoptional', 'readonly', 'default', 'prefault', 'catch']);

/** The schema a value is checked against, without wrappers; for a union, the option it satisfies. */
function unwrap(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  for (let s = schema; ; ) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === 'lazy') s = def.getter();
    else if (def.type === 'union') {
      const option = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
      if (!option) return undefined;
      s = option;
    } else return s;
  }
}

/** The schema of the member of an object schema (through nullable and the like). */
function member(schema: z.ZodType, key: string): z.ZodType {
  let s = schema;
  while (WRAPPERS.has(defOf(s).type)) s = defOf(s).innerType;
  const shape = defOf(s).shape as Record<string, z.ZodType> | undefined;
  let m: z.ZodType | undefined = shape?.[key];
  if (!m) throw new Error(`the schema has no member ${key}`);
  while (WRAPPERS.has(defOf(m).type)) m = defOf(m).innerType as z.ZodType;
  return defOf(m).type === 'array' ? defOf(m).element : m;
}

type Path = (string | number)[];
interface Node {
  path: Path;
  value: Record<string, unknown>;
  schema: z.ZodType;
}

/** Every object of a value checked by an object schema (not a record), in document order. */
function objectNodes(schema: z.ZodType, value: unknown, path: Path = [], out: Node[] = []): Node[] {
  const s = unwrap(schema, value);
  if (!s || value === null || typeof value !== 'object') return out;
  const def = defOf(s);
  if (Array.isArray(value)) {
    value.forEach((v, i) =>
      objectNodes(def.type === 'tuple' ? (def.items[i] ?? def.rest) : def.element, v, [...path, i], out),
    );
  } else if (def.type === 'object') {
    out.push({ path, value: value as Record<string, unknown>, schema: s });
    for (const [k, v] of Object.entries(value)) if (def.shape[k]) objectNodes(def.shape[k], v, [...path, k], out);
  } else if (def.type === 'record') {
    for (const [k, v] of Object.entries(value)) objectNodes(def.valueType, v, [...path, k], out);
  }
  return out;
}

const hasObjectsInArrays = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.some((v) => (v !== null && typeof v === 'object') || hasObjectsInArrays(v))
    : value !== null && typeof value === 'object' && Object.values(value).some(hasObjectsInArrays);

interface Mutation {
  kind: 'removed' | 'renamed' | 'mistyped' | 'reordered';
  where: string;
  inArray: boolean;
  value: unknown;
}

/**
 * Mutated copies of a valid result: at its first object (the top level, or the first element of a
 * top-level list), at the first object inside a list and at the deepest object, one required field
 * removed, one renamed, a number made text and text made a number, and two keys swapped.
 */
function mutations(schema: z.ZodType, result: unknown): Mutation[] {
  const nodes = objectNodes(schema, result);
  const first = nodes[0];
  const inArray = nodes.find((n) => n.path.some((p) => typeof p === 'number'));
  const deepest = nodes.reduce<Node | undefined>((a, n) => (!a || n.path.length > a.path.length ? n : a), undefined);
  const chosen = [...new Set([first, inArray, deepest].filter((n): n is Node => n !== undefined))];
  const out: Mutation[] = [];
  for (const node of chosen) {
    const shape = defOf(node.schema).shape as Record<string, z.ZodType>;
    const keys = Object.keys(node.value);
    const where = `result${node.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`;
    const at = node.path.some((p) => typeof p === 'number');
    const add = (kind: Mutation['kind'], make: (o: Record<string, unknown>) => Record<string, unknown>) =>
      out.push({ kind, where, inArray: at, value: replaceAt(result, node.path, make({ ...node.value })) });
    const required = keys.find((k) => !defOf(shape[k]!).type.match(/^(optional|default|prefault)$/));
    if (required) add('removed', (o) => (delete o[required], o));
    add('renamed', (o) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k === keys[0] ? `${k}_renamed` : k, v])),
    );
    const num = keys.find((k) => typeof node.value[k] === 'number');
    if (num) add('mistyped', (o) => ({ ...o, [num]: String(o[num]) }));
    const str = keys.find((k) => typeof node.value[k] === 'string');
    if (str) add('mistyped', (o) => ({ ...o, [str]: 7 }));
    if (keys.length >= 2)
      add('reordered', (o) => Object.fromEntries([keys[1]!, keys[0]!, ...keys.slice(2)].map((k) => [k, o[k]])));
  }
  return out;
}

/** A copy of a value with the node at a path replaced. */
function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const o = value as Record<string, unknown>;
  // Rebuilt in the same key order, so only the mutation differs.
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === head ? replaceAt(v, rest, replacement) : v]));
}
