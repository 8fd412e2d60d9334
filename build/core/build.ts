// The build core: from loaded sources to every file of dist, written through an effects object so the
// same core serves the CLI (staged on disk) and the tests (in memory).

import { forgetFacts, OPERATIONS } from '../ops/index.ts';
import { missingTables, type BuildContext, type Operation } from '../ops/operation.ts';
import { fileProduct } from '../runtime/file-product.ts';
import { successBody } from '../runtime/respond.ts';
import { filePath, valuesOfFile } from '../runtime/file-path.ts';
import { resolve } from '../runtime/resolve.ts';
import { isListParam, type Canonical } from '../runtime/params.ts';
import {
  API_INDEX,
  compileRoutes,
  type CompiledRoutes,
  type ParamSpec,
  type RouteOp,
  type RouteTable,
} from '../runtime/routes.ts';
import type { ErrorMode } from '../runtime/errors.ts';
import { apiIndex } from './api-index.ts';
import type { Sources } from '../../sources/load.ts';
import { lastReaders, release, type Released } from './table-release.ts';
import { docsPage, type DocsEntry, type Scope } from './docs-page.ts';
import { explorerFiles } from './explorer-files.ts';
import type { BuildEffects } from './effects.ts';
import { manifest, manifestOperation, type OperationDescription, type OperationReport } from './manifest.ts';
import type { ExplorerOperations } from '../runtime/manifest-types.ts';
import { operationOrigin } from './origin.ts';
import { openApi, openApiTypes } from './openapi.ts';
import { referenceFiles } from './reference-page.ts';
import { silentProgress, type Progress } from './progress.ts';
import { querySchema } from './query-schema.ts';
import { routeTable } from './route-table.ts';
import { serveConfig } from './serve-config.ts';
import { deployFiles } from '../deploy/index.ts';
import { hostLimits, type LayoutFigures } from '../deploy/limits.ts';
import { FolderCount } from './folder-count.ts';
import { UserError } from '../user-error.ts';

export interface BuildOptions {
  sources: Sources;
  /** Prefecture codes to write; all prefectures of the sources when absent. */
  prefs?: number[];
  operations?: Operation[];
  progress?: Progress;
  /** `compact`: fewer files (see Operation.compactRoute) for hosts with file-count limits. */
  layout?: 'full' | 'compact';
  /** `resas`: errors answered as the original did (HTTP 200 with its bodies) by every host of this build. */
  errors?: ErrorMode;
  /**
   * The build loaded `sources` for itself: it lets go of an operation's facts once its files are written, and
   * of each table after the last family that reads it (table-release.ts).
   */
  ownsSources?: boolean;
}

export interface BuildReport {
  files: number;
  bytes: number;
  operations: OperationReport[];
  /** File count and fan-out against the limits of static hosts. */
  layout: LayoutFigures;
  footprint: Footprint;
}

/** What the tree costs a disk: its folders, and its files in whole blocks, as `du` counts them. */
interface Footprint {
  files: number;
  folders: number;
  bytes: number;
  /** Estimated for 4 KiB blocks (ext4, xfs): a file takes whole blocks, a folder at least one. */
  diskBytes: number;
}

const BLOCK = 4096;
const blocks = (n: number) => Math.ceil(n / BLOCK) * BLOCK;

/** What a build (or the on-demand renderer) knows before rendering any response. */
export interface Plan {
  ctx: BuildContext;
  operations: Operation[];
  table: RouteTable;
  routes: CompiledRoutes;
  /** Each operation's route as the table has it, in the order of `operations`. */
  routeOf: Map<Operation, RouteOp>;
}

/** `table`: the route table another plan of the same options made (a render thread's), which spares reading the tables it needs. */
export function plan(options: BuildOptions, given?: RouteTable): Plan {
  const { sources, operations = OPERATIONS } = options;
  const ctx: BuildContext = { sources, prefs: scope(sources, options.prefs), layout: options.layout ?? 'full' };
  const unavailable = new Map<Operation, string>();
  for (const op of operations) {
    const reason = missingTables(op, sources);
    if (reason) unavailable.set(op, reason);
  }
  const table = given ?? routeTable(operations, ctx, unavailable);
  if (options.errors === 'resas') table.errors = 'resas';
  return {
    ctx,
    operations,
    table,
    routes: compileRoutes(table),
    routeOf: new Map(operations.map((op, i) => [op, table.operations[i]!])),
  };
}

/**
 * The canonical values of every file of an operation, checked against its query schema (the on-demand
 * server, which only counts them for the docs page and manifests, skips the check the build made).
 */
export function enumerateFiles(p: Plan, op: Operation, check = true): Canonical[] {
  const route = p.routeOf.get(op)!;
  if (route.unavailable) return [];
  const schema = querySchema(route, p.routes);
  const combos = op.enumerate?.(p.ctx) ?? fileProduct(route, p.routes);
  for (const values of check ? combos : []) {
    const parsed = schema.safeParse(values);
    if (!parsed.success || !sameValues(withoutLists(route, parsed.data), values)) {
      throw new Error(
        `${op.route.path} enumerated ${JSON.stringify(values)}, which its query schema does not accept as canonical: ${parsed.error?.issues[0]?.message ?? JSON.stringify(parsed.data)}`,
      );
    }
  }
  return combos;
}

export const titles = (p: Plan) => new Map(p.operations.map((o) => [p.routeOf.get(o)!.path, o.title]));

/** One response file: the one function both the build and the on-demand server render with. */
export function renderFile(op: Operation, state: unknown, values: Canonical, ctx: BuildContext): string {
  return successBody(op.render(state, values, ctx));
}

/** What the files other than responses need to know of an operation's files. */
interface FileTally {
  op: Operation;
  files: number;
  /** Bytes and seconds are the build's own figures: reported, never written into dist (the on-demand server cannot know them). */
  bytes: number;
  seconds: number;
  /** The key sequences of its file paths, for serve.json. */
  sequences: Set<string>;
  example?: Canonical;
}

export function tallyFiles(p: Plan, op: Operation, combos: Canonical[], bytes = 0, seconds = 0): FileTally {
  return {
    op,
    files: combos.length,
    bytes,
    seconds,
    sequences: new Set(combos.map((v) => Object.keys(v).join('/'))),
    example: exampleOf(p, op, () => combos),
  };
}

/** An operation as the manifest and the explorer describe it: from its declaration and the plan, no file counted. */
function describe(p: Plan, op: Operation): OperationDescription {
  const origin = operationOrigin(op, p.routeOf.get(op)!, p.ctx.sources);
  return {
    route: p.routeOf.get(op)!,
    title: op.title,
    titleEn: op.titleEn,
    family: op.family,
    description: op.description,
    view: op.view,
    ...(origin ? { origin } : {}),
  };
}

const reportOf = (p: Plan, c: FileTally): OperationReport => ({
  ...describe(p, c.op),
  files: c.files,
  bytes: c.bytes,
  seconds: c.seconds,
});

/** Where the explorer reads its list of operations. */
export const EXPLORER_OPERATIONS = '/explorer/operations.json';

/** dist/explorer/operations.json: the explorer's list of operations, which counts no files (so it comes at once on demand). */
export function explorerOperations(p: Plan): string {
  const list: ExplorerOperations = {
    operations: p.operations.map((op) => manifestOperation(describe(p, op), p.table)),
  };
  return JSON.stringify(list) + '\n';
}

/** The prefectures a build of some prefectures serves, by name, for the explorer's notice. */
function scopeOf(ctx: Plan['ctx']): Scope {
  const { regions } = ctx.sources;
  if (ctx.prefs.length >= regions.prefectures.length) return undefined;
  return { names: ctx.prefs.map((n) => `${regions.prefecture(n)?.prefName ?? n} (${n})`) };
}

/**
 * The docs page (dist/index.html): each operation's example, which the declaration gives, so the on-demand
 * server makes it at once, without counting files or generating every source table as the manifest does.
 */
export function docsPageOf(p: Plan, exampleFor: (op: Operation) => Canonical | undefined): string {
  const docs: DocsEntry[] = p.operations.map((op) => {
    const route = p.routeOf.get(op)!;
    const origin = operationOrigin(op, route, p.ctx.sources);
    const example = exampleFor(op);
    return { route, title: op.title, ...(example ? { example } : {}), ...(origin ? { origin } : {}) };
  });
  return docsPage(p.ctx.sources.dataset, docs, scopeOf(p.ctx));
}

/** Every file of dist besides the responses: route table, docs page, manifests, host configurations. */
export function siteFiles(p: Plan, tallies: FileTally[], released?: Released): [string, string][] {
  const { sources } = p.ctx;
  const route = (c: FileTally) => p.routeOf.get(c.op)!;
  const reports = tallies.map((c) => reportOf(p, c));
  const keySequences = new Map(tallies.filter((c) => !route(c).unavailable).map((c) => [route(c), c.sequences]));
  const manifestText = JSON.stringify(manifest(sources, p.table, reports, released), null, 2) + '\n';
  const api = openApi(
    p.table,
    tallies.map((c) => ({ op: c.op, route: route(c), ...(c.example ? { example: c.example } : {}) })),
    sources.dataset.notice,
  );
  return [
    ['/routes.json', JSON.stringify(p.table)],
    [API_INDEX, apiIndex(p.table, titles(p), sources.dataset.notice)],
    ['/serve.json', JSON.stringify(serveConfig(keySequences), null, 2) + '\n'],
    ['/index.html', docsPageOf(p, (op) => tallies.find((c) => c.op === op)?.example)],
    ...explorerFiles(),
    [EXPLORER_OPERATIONS, explorerOperations(p)],
    ['/openapi.json', JSON.stringify(api, null, 2) + '\n'],
    ['/openapi.d.ts', openApiTypes(api)],
    ...referenceFiles(),
    ['/manifest.json', manifestText],
    ...deployFiles(p.table, manifestText, sources.dataset.notice),
  ];
}

export function build(options: BuildOptions, effects: BuildEffects): BuildReport {
  const progress = options.progress ?? silentProgress;
  try {
    const p = plan(options);
    const folders = new FolderCount();
    let written = 0;
    let bytes = 0;
    let fileBlocks = 0;
    const write = (path: string, body: string) => {
      effects.write(path, body);
      folders.add(path);
      written++;
      const n = Buffer.byteLength(body);
      bytes += n;
      fileBlocks += blocks(n);
    };
    // Counting first gives the whole count, so progress can say how much is left overall. Each operation's
    // files are enumerated again as it is written: the full build's 4.2 million parameter sets held at once
    // were most of the peak memory of a build (2.9 GB for the medical family's 1.0 million alone).
    const lastRead = lastReaders(p.operations);
    const released: Released = new Map();
    if (progress.plan) progress.plan(p.operations.reduce((a, op) => a + enumerateFiles(p, op, false).length, 0));
    const tallies = p.operations.map((op, i) => {
      const route = p.routeOf.get(op)!;
      const label = `[${i + 1}/${p.operations.length}] ${op.route.path}`;
      const list = enumerateFiles(p, op);
      const before = { bytes, t: performance.now() };
      progress.start(label, list.length);
      if (route.unavailable) {
        progress.end('skipped: ' + route.unavailable);
        return tallyFiles(p, op, []);
      }
      const state = op.prepare(p.ctx);
      writeOrder(op, list).forEach((values, n) => {
        write(filePath(route, values), renderFile(op, state, values, p.ctx));
        if (n % 1000 === 0) progress.tick(n);
      });
      progress.end(`${list.length} files`);
      if (options.ownsSources) {
        // Kept for the family, an operation's facts were seldom read by the next: the municipality family's 19
        // built in 85 s holding 1,015 MB of heap, and in 83 s holding 538 MB when each let go of its own.
        forgetFacts(p.ctx.sources);
        for (const t of lastRead.get(op) ?? []) release(p.ctx.sources, t, released);
      }
      return tallyFiles(p, op, list, bytes - before.bytes, (performance.now() - before.t) / 1000);
    });
    for (const [path, body] of siteFiles(p, tallies, released)) write(path, body);
    effects.commit();
    const operations = tallies.map((c) => reportOf(p, c));
    const diskBytes = fileBlocks + folderBlocks(folders);
    const footprint = { files: written, folders: folders.size, bytes, diskBytes };
    return { files: written, bytes, operations, layout: hostLimits(written, bytes, folders.widest), footprint };
  } catch (e) {
    effects.abort();
    throw e;
  }
}

/**
 * The order an operation's files are written in: its enumeration's, with the files that differ only in the
 * prefecture next to each other. The pack compresses its bodies in blocks of the write order, and some
 * answers hardly depend on the prefecture asked (the medical chart's areas of all Japan: its 47 files of a
 * class and year differ in prefecture_cd alone), so side by side they share a block and cost little more
 * than one. A tree of files is the same in any order.
 */
export function writeOrder(op: Operation, list: Canonical[]): Canonical[] {
  const pref = op.route.params.find((p) => p.type === 'pref')?.name;
  if (!pref) return list;
  const groups = new Map<string, Canonical[]>();
  for (const values of list) {
    // The file's other parameters, names and values (a parameter a file leaves out is absent from both).
    let key = '';
    for (const name in values) if (name !== pref) key += `${name}=${values[name]}&`;
    const group = groups.get(key);
    if (group) group.push(values);
    else groups.set(key, [values]);
  }
  return groups.size === list.length ? list : [...groups.values()].flat();
}

/** A folder takes a block, and more as its entries (about 8 bytes and the padded name each; ours are short) outgrow it. */
function folderBlocks(folders: FolderCount): number {
  let total = 0;
  for (const entries of folders.counts()) total += blocks(Math.max(1, 24 * entries * 1.3));
  return total;
}

function scope(sources: Sources, prefs: number[] | undefined): number[] {
  const all = sources.regions.prefectures.map((p) => p.prefCode);
  if (!prefs) return all;
  const unknown = prefs.filter((p) => !all.includes(p));
  if (unknown.length)
    throw new UserError(
      `--prefs names ${unknown.join(', ')}, which the sources' prefectures.csv does not have (it has ${all[0]}–${all[all.length - 1]}).`,
    );
  return [...new Set(prefs)].sort((a, b) => a - b);
}

/** List parameters are not part of a file; the schema fills in their defaults (no filter). */
function withoutLists<T extends string | undefined>(
  route: { params: readonly ParamSpec[] },
  q: Record<string, T>,
): Record<string, T> {
  const lists = new Set(route.params.filter(isListParam).map((p) => p.name));
  return Object.fromEntries(Object.entries(q).filter(([k]) => !lists.has(k)));
}

function sameValues(a: Record<string, string>, b: Record<string, string | undefined>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((k) => a[k] === b[k]);
}

/**
 * The request the docs page links and OpenAPI shows: the declaration's first example that this build
 * answers (its scope may leave Tokyo out, or the prefecture an `addArea` names) from a file of its own
 * values as written, else Tokyo's first file, else the first. The resolver, which maps a request to a file
 * exactly when the build writes that file, decides without the operation's files: `combos` are
 * enumerated only when no declared example is answered.
 */
export function exampleOf(p: Plan, op: Operation, combos: () => Canonical[]): Canonical | undefined {
  const declared = op.examples.find((e) => answeredAsWritten(p, op, e as Record<string, string>));
  if (declared) return declared as Canonical;
  const all = combos();
  return (
    all.find((c) => c.prefCode === '13' && (c.cityCode ?? '-') === '-') ??
    all.find((c) => (c.cityCode ?? '-') === '-') ??
    all[0]
  );
}

/** Whether the request is answered from a file whose values are the request's own (lists aside): canonical as declared. */
function answeredAsWritten(p: Plan, op: Operation, e: Record<string, string>): boolean {
  const r = resolve(p.routes, op.route.path, `?${new URLSearchParams(e)}`);
  const file = withoutLists(op.route, e);
  if (r.kind === 'file') return !!r.op && sameValues(file, valuesOfFile(r.op, r.path));
  return r.kind === 'compose' && sameValues(file, withoutLists<string | undefined>(op.route, r.values));
}
