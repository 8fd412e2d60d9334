// Which figures of an operation are official and which synthetic, per level, as a user of a build needs
// to know before reading one: worked out from the operation's declared `needs` and what the dataset says
// of each table's origin (the sample provider's `origins`; a table it does not name is synthetic there).
// A dataset without `origins` (an import) makes no such distinction: its notice speaks for every figure.

import type { Origins, Sources } from '../../sources/load.ts';
import type { TableName } from '../../sources/tables.ts';
import type { Operation } from '../ops/operation.ts';
import type { RouteOp } from '../runtime/routes.ts';

export type Kind = 'official' | 'partly official' | 'synthetic';
export type Level = 'all' | 'prefecture' | 'municipality';

export interface LevelOrigin {
  kind: Kind;
  /** The official sources of its figures, as the dataset words them. */
  official?: string[];
  /** Its tables whose figures are synthetic. */
  synthetic?: TableName[];
}

/** `prefecture` and `municipality` (wards included) for operations that take cityCode; `all` otherwise. */
export type OperationOrigin = Partial<Record<Level, LevelOrigin>>;

export function operationOrigin(op: Operation, route: RouteOp, sources: Sources): OperationOrigin | undefined {
  const origins: Origins | undefined = sources.dataset.origins;
  if (!origins || route.unavailable) return undefined;
  // Of alternatives ([a, b]: either will do), the tables this dataset has.
  const needed = op.needs.flatMap((n) => (Array.isArray(n) ? n.filter((t) => t in sources.tables) : [n]));
  // A code list only names what the figures count: an operation with figures is as official as they are.
  const figures = needed.filter((t) => !origins[t]?.codes);
  const tables = figures.length ? figures : needed;
  const levels: Level[] = route.params.some((p) => p.name === 'cityCode') ? ['prefecture', 'municipality'] : ['all'];
  const at = (t: TableName, level: Level) => origins[t]?.all ?? (level === 'prefecture' ? origins[t]?.prefecture : undefined);
  const out: OperationOrigin = {};
  for (const level of levels) {
    const official = [...new Set(tables.flatMap((t) => at(t, level) ?? []))];
    const synthetic = tables.filter((t) => at(t, level) === undefined);
    const kind: Kind = synthetic.length === 0 ? 'official' : synthetic.length < tables.length ? 'partly official' : 'synthetic';
    out[level] = { kind, ...(official.length ? { official } : {}), ...(kind === 'partly official' ? { synthetic } : {}) };
  }
  return out;
}

const WHERE: Record<Level, string> = { all: 'All figures', prefecture: 'Prefectures', municipality: 'Municipalities and wards' };

/** One level in words: its kind, and where it is official, where it is not. */
function levelText(o: LevelOrigin): string {
  if (o.kind === 'synthetic') return 'synthetic';
  const official = o.official!.join('; ');
  return o.kind === 'official' ? `official (${official})` : `partly official (official: ${official}; synthetic: ${o.synthetic!.join(', ')})`;
}

/** The origin in one line, as the docs page shows it. */
export function originLine(o: OperationOrigin): string {
  return (Object.entries(o) as [Level, LevelOrigin][]).map(([level, l]) => `${WHERE[level]}: ${levelText(l)}.`).join(' ');
}

/** What the explorer says of one answer: the origin at the level asked for (a municipality when cityCode names one). */
export function originOfAnswer(o: OperationOrigin, cityCode: string | undefined): string {
  const l = o.all ?? (cityCode && cityCode !== '-' ? o.municipality : o.prefecture)!;
  if (l.kind === 'synthetic') return 'These figures are synthetic: generated at random by the sample provider, not official statistics.';
  return `These figures are ${levelText(l)}.`;
}
