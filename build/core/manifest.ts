// dist/manifest.json: what was built from what. It holds no time stamps, so identical sources give an
// identical manifest, and no byte counts, which only a build that rendered everything could know: the
// on-demand server serves the same manifest before it has rendered anything.

import type { LoadedTable, Sources } from '../../sources/load.ts';
import { TABLE_NAMES, type TableName } from '../../sources/tables.ts';
import type { Family } from '../runtime/families.ts';
import type {
  ExplorerOperation,
  Manifest,
  ManifestOperation,
  ManifestPaging,
  ManifestParam,
} from '../runtime/manifest-types.ts';
import { typeOf } from '../runtime/params.ts';
import { composingParam, type Paging, type ParamSpec, type RouteOp, type RouteTable } from '../runtime/routes.ts';
import type { View } from '../runtime/view.ts';
import { VERSION } from '../version.ts';
import type { OperationOrigin } from '../runtime/origin.ts';

/** An operation as the manifest and the explorer describe it, before its files are counted. */
export type OperationDescription = Omit<OperationReport, 'files' | 'bytes' | 'seconds'>;

/** What the manifest says of a source table. */
export type TableSummary = Pick<LoadedTable, 'rows' | 'sha256'>;

export interface OperationReport {
  route: RouteOp;
  title: string;
  titleEn: string;
  family: Family;
  description: string;
  view: View;
  /** Which of its figures are official, where the dataset mixes official and synthetic tables (the sample). */
  origin?: OperationOrigin;
  files: number;
  /** Bytes and build time of its files; reported by the CLI and the bench, never written to dist. */
  bytes: number;
  /** Build time of its files; reported by the CLI and the bench, never written to dist (determinism). */
  seconds: number;
}

/** `released`: what a build kept of the tables it let go of (build.ts), which are then not loaded again. */
export function manifest(
  sources: Sources,
  table: RouteTable,
  reports: OperationReport[],
  released?: ReadonlyMap<TableName, TableSummary>,
): Manifest {
  const files = reports.reduce((a, r) => a + r.files, 0);
  return {
    generator: { name: 'regstat', version: VERSION },
    notice: sources.dataset.notice,
    dataset: {
      ...sources.dataset,
      tables: TABLE_NAMES.flatMap((name) => {
        const t = released?.get(name) ?? sources.tables[name];
        return t ? [{ name, rows: t.rows, sha256: t.sha256 }] : [];
      }),
    },
    scope: { prefectures: table.prefectures },
    routes: '/routes.json',
    openapi: '/openapi.json',
    operations: reports.map((r) => ({ ...manifestOperation(r, table), files: r.files })),
    files,
  };
}

/**
 * One operation as the manifest lists it but for its file count: the explorer's operation list
 * (dist/explorer/operations.json) counts no files, so the on-demand server gives it at once.
 */
export function manifestOperation(r: OperationDescription, table: RouteTable): ExplorerOperation {
  return {
    path: r.route.path,
    title: r.title,
    titleEn: r.titleEn,
    family: r.family,
    description: r.description,
    available: !r.route.unavailable,
    ...(r.route.unavailable ? { reason: r.route.unavailable } : {}),
    params: r.route.params.map((p) => param(p, table)),
    ...composed(r.route),
    ...(r.route.paging ? { paging: paging(r.route.paging) } : {}),
    ...(r.route.constraints ? { constraints: r.route.constraints } : {}),
    view: r.view,
    ...(r.origin ? { origin: r.origin } : {}),
  };
}

function param(p: ParamSpec, table: RouteTable): ManifestParam {
  const base = {
    name: p.name,
    type: p.type,
    // What the parameter's values depend on, so a client can offer only the values that go together.
    ...relations(p),
    required: p.required,
    ...('default' in p && p.default !== undefined ? { default: p.default } : {}),
    doc: p.doc,
    ...(p.activeWhen ? { activeWhen: p.activeWhen } : {}),
    ...(p.ignored ? { ignored: true } : {}),
    ...(p.type === 'int' && p.open ? { open: p.open } : {}),
    ...(p.type === 'pref' && p.nation ? { open: p.nation } : {}),
  };
  return { ...base, ...typeOf(p).allowed(p, table), canonical: typeOf(p).canonical };
}

function relations(p: ParamSpec): Pick<ManifestParam, 'pref' | 'city' | 'parent' | 'domain'> {
  const out: Pick<ManifestParam, 'pref' | 'city' | 'parent' | 'domain'> = {};
  if ('pref' in p && p.pref) out.pref = p.pref;
  if ('city' in p && p.city) out.city = p.city;
  if ('parent' in p && p.parent) out.parent = p.parent;
  if ('domain' in p && p.domain) out.domain = p.domain;
  return out;
}

function composed(route: RouteOp): Pick<ManifestOperation, 'composedAtRequestTime'> {
  const param = composingParam(route);
  return param ? { composedAtRequestTime: [param] } : {};
}

function paging(p: Paging): ManifestPaging {
  return {
    param: p.offset,
    pageSize: p.size,
    orderedBy: p.order.map((o) => o.name),
    note: `offset counts records from 0; multiples of ${p.size} are files, other offsets are composed from two pages`,
  };
}
