// Whether an answer's figures are official, told machine-readably in the X-Regstat-Data header of every
// 200 (files and compositions): a program that reads the API cannot see the docs page's banner, and the
// default build mixes official anchors with synthetic figures. The build works the kind out per
// operation and level (build/core/origin.ts) and writes it into routes.json; this reads it per file.

import { valuesOfFile } from './file-path.ts';
import { DATA_KINDS, type DataKind } from './origin.ts';
import type { CompiledRoutes, RouteOp } from './routes.ts';

export const DATA_HEADER = 'X-Regstat-Data';

/** The kind of one file of `op`: a municipality's when its path names a cityCode other than `-`. */
export function fileDataKind(op: RouteOp | undefined, path: string): DataKind | undefined {
  if (op?.data === undefined || typeof op.data === 'string') return op?.data;
  const city = valuesOfFile(op, path).cityCode;
  return city === undefined || city === '-' ? op.data.prefecture : op.data.municipality;
}

/** The operation whose files a composition of `op` reads: the one it composes from, or its own (pairs). */
export const filesOp = (routes: CompiledRoutes, op: RouteOp) =>
  (op.compose && routes.byPath.get(op.compose.from)) || op;

/** The kind of an answer made of several files of `op`: theirs if they agree, else mixed. */
export function filesDataKind(op: RouteOp, paths: readonly string[]): DataKind | undefined {
  const kinds = new Set(paths.map((p) => fileDataKind(op, p)));
  return kinds.size === 1 ? [...kinds][0] : kinds.has(undefined) ? undefined : 'mixed';
}

/** The header a data kind adds, as an object to spread into a response's headers. */
const HEADERS = new Map<DataKind | undefined, Readonly<Record<string, string>>>([
  [undefined, Object.freeze({})],
  ...DATA_KINDS.map((k) => [k, Object.freeze({ [DATA_HEADER]: k })] as const),
]);
export const dataHeader = (kind: DataKind | undefined) => HEADERS.get(kind)!;

/**
 * What a server or a bundle says when it starts, if some of its figures are synthetic (null if none):
 * someone who runs it may never open the docs page, and a client may take its answers for RESAS's.
 */
export function syntheticNotice(table: { operations: readonly RouteOp[] }): string | null {
  let only = 0;
  let some = 0;
  for (const { data } of table.operations) {
    const kinds = data === undefined ? [] : typeof data === 'string' ? [data] : [data.prefecture, data.municipality];
    if (kinds.length && kinds.every((k) => k === 'synthetic')) only++;
    else if (kinds.some((k) => k === 'synthetic' || k === 'mixed')) some++;
  }
  if (only + some === 0) return null;
  return `SYNTHETIC DATA, not official statistics: ${only} of the ${table.operations.length} operations answer synthetic figures only and ${some} in part; each response says which in its ${DATA_HEADER} header (official, mixed or synthetic).`;
}
