// The build core: from loaded sources to every file of dist, written through an effects object so the
// same core serves the CLI (staged on disk) and the tests (in memory).

import { OPERATIONS } from '../ops/index.ts';
import { missingTables, type BuildContext, type Operation } from '../ops/operation.ts';
import { successBody } from '../runtime/respond.ts';
import { compileRoutes, filePath, isListParam, type RouteOp } from '../runtime/routes.ts';
import type { Sources } from '../../sources/load.ts';
import { docsPage, type DocsEntry } from './docs-page.ts';
import type { BuildEffects } from './effects.ts';
import { manifest, type OperationReport } from './manifest.ts';
import { openApi } from './openapi.ts';
import { silentProgress, type Progress } from './progress.ts';
import { querySchema } from './query-schema.ts';
import { routeTable } from './route-table.ts';
import { serveConfig } from './serve-config.ts';
import { deployFiles } from '../deploy/index.ts';
import { hostLimits, type LayoutFigures } from '../deploy/limits.ts';

export interface BuildOptions {
  sources: Sources;
  /** Prefecture codes to write; all prefectures of the sources when absent. */
  prefs?: number[];
  operations?: Operation[];
  progress?: Progress;
  /** `compact`: fewer files (see Operation.compactRoute) for hosts with file-count limits. */
  layout?: 'full' | 'compact';
}

export interface BuildReport {
  files: number;
  bytes: number;
  operations: OperationReport[];
  /** File count and fan-out against the limits of static hosts. */
  layout: LayoutFigures;
}

export function build(options: BuildOptions, effects: BuildEffects): BuildReport {
  const { sources, progress = silentProgress, operations = OPERATIONS } = options;
  const ctx: BuildContext = { sources, prefs: scope(sources, options.prefs), layout: options.layout ?? 'full' };
  try {
    const unavailable = new Map<Operation, string>();
    for (const op of operations) {
      const reason = missingTables(op, sources);
      if (reason) unavailable.set(op, reason);
    }
    const table = routeTable(operations, ctx, unavailable);
    const routes = compileRoutes(table);
    const reports: OperationReport[] = [];
    const docs: DocsEntry[] = [];
    const keySequences = new Map<RouteOp, Set<string>>();
    let written = 0;
    let bytes = 0;
    const dirs = new Map<string, number>();
    const write = (path: string, body: string) => {
      effects.write(path, body);
      countEntry(dirs, path);
      written++;
      bytes += Buffer.byteLength(body);
    };

    operations.forEach((op, i) => {
      const route = table.operations[i]!;
      const before = { written, bytes, t: performance.now() };
      const label = `[${i + 1}/${operations.length}] ${op.route.path}`;
      if (route.unavailable) {
        reports.push({ route, title: op.title, family: op.family, files: 0, bytes: 0, seconds: 0 });
        docs.push({ route, title: op.title, files: 0 });
        progress.start(label, 0);
        progress.end('skipped: ' + route.unavailable);
        return;
      }
      const schema = querySchema(op.route, routes);
      const state = op.prepare(ctx);
      const combos = op.enumerate(ctx);
      const sequences = new Set<string>();
      progress.start(label, combos.length);
      combos.forEach((values, n) => {
        const parsed = schema.safeParse(values);
        if (!parsed.success || !sameValues(withoutLists(op.route, parsed.data), values)) {
          throw new Error(`${op.route.path} enumerated ${JSON.stringify(values)}, which its query schema does not accept as canonical: ${parsed.error?.issues[0]?.message ?? JSON.stringify(parsed.data)}`);
        }
        sequences.add(Object.keys(values).join('/'));
        write(filePath(op.route, values), successBody(op.render(state, values)));
        if (n % 1000 === 0) progress.tick(n);
      });
      keySequences.set(op.route, sequences);
      const files = written - before.written;
      progress.end(`${files} files`);
      reports.push({ route, title: op.title, family: op.family, files, bytes: bytes - before.bytes, seconds: (performance.now() - before.t) / 1000 });
      docs.push({ route, title: op.title, files, example: example(combos) });
    });

    write('/routes.json', JSON.stringify(table));
    write('/serve.json', JSON.stringify(serveConfig(keySequences), null, 2) + '\n');
    write('/index.html', docsPage(sources.dataset, docs));
    write('/openapi.json', JSON.stringify(openApi(table, new Map(operations.map((o) => [o.route.path, o.title])), sources.dataset.notice), null, 2) + '\n');
    const m = manifest(sources, table, reports);
    const manifestText = JSON.stringify(m, null, 2) + '\n';
    write('/manifest.json', manifestText);
    for (const [path, body] of deployFiles(table, manifestText, sources.dataset.notice)) write(path, body);
    effects.commit();
    return { files: written, bytes, operations: reports, layout: hostLimits(written, bytes, dirs) };
  } catch (e) {
    effects.abort();
    throw e;
  }
}

/** Counts each directory once in its parent, so the largest count is the widest directory. */
function countEntry(dirs: Map<string, number>, path: string): void {
  let child = path;
  for (;;) {
    const at = child.lastIndexOf('/');
    if (at <= 0) {
      dirs.set('/', (dirs.get('/') ?? 0) + 1);
      return;
    }
    const parent = child.slice(0, at);
    const known = dirs.has(parent);
    dirs.set(parent, (dirs.get(parent) ?? 0) + 1);
    if (known) return;
    child = parent;
  }
}

function scope(sources: Sources, prefs: number[] | undefined): number[] {
  const all = sources.regions.prefectures.map((p) => p.prefCode);
  if (!prefs) return all;
  const unknown = prefs.filter((p) => !all.includes(p));
  if (unknown.length) throw new Error(`--prefs names ${unknown.join(', ')}, which the sources' prefectures.csv does not have (it has ${all[0]}–${all[all.length - 1]}).`);
  return [...new Set(prefs)].sort((a, b) => a - b);
}

/** List parameters are not part of a file; the schema fills in their defaults (no filter). */
function withoutLists(route: RouteOp, q: Record<string, string>): Record<string, string> {
  const lists = new Set(route.params.filter(isListParam).map((p) => p.name));
  return Object.fromEntries(Object.entries(q).filter(([k]) => !lists.has(k)));
}

function sameValues(a: Record<string, string>, b: Record<string, string | undefined>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((k) => a[k] === b[k]);
}

/** A representative request for the docs page: Tokyo's when it is in scope, else the first. */
function example(combos: Record<string, string | undefined>[]) {
  return (combos.find((c) => c.prefCode === '13' && (c.cityCode ?? '-') === '-') ?? combos.find((c) => (c.cityCode ?? '-') === '-') ?? combos[0]) as
    | Record<string, string>
    | undefined;
}
