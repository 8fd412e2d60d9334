// A share of the sources: the rows of one prefecture (a region code equal to it or beginning with it)
// or of one year, in every table that has such a column. An operation whose answers for a prefecture,
// or for a year, read nothing else (Operation.share) prepares from that share on demand, so a first
// answer costs a fraction of its whole preparation; a test holds every such operation to the same
// bytes as from the whole.

import * as aq from 'arquero';
import { columnOf, type LoadedTable, type Sources } from './load.ts';
import { REGION_TABLES, type TableName } from './tables.ts';

/** What a share keeps: one prefecture's rows, or one year's. */
export type ShareKind = 'prefecture' | 'year';

/** `value`: a prefecture code (1–47) or a year, as the request gives it. */
export function shareOf(sources: Sources, kind: ShareKind, value: string): Sources {
  const pp = value.padStart(2, '0');
  const keeps = kind === 'prefecture' ? prefectureRows(pp) : yearRows(Number(value));
  // Where the provider makes a prefecture's rows apart (the sample's population) and the whole is not
  // loaded, a first answer reads those alone rather than generating and checking every prefecture's.
  const apart = (name: TableName) => (kind === 'prefecture' ? sources.prefectureRows?.(name, pp) : undefined);
  const tables: Partial<Record<TableName, LoadedTable>> = {};
  for (const name of Object.keys(sources.tables) as TableName[]) {
    let share: LoadedTable | undefined;
    // Made when first read, as the whole's tables load: a share holds only the tables its operation reads.
    Object.defineProperty(tables, name, {
      enumerable: true,
      get: () => (share ??= apart(name) ?? rowsOf(sources.tables[name]!, keeps)),
    });
  }
  return { ...sources, tables };
}

/** The rows a share keeps of a table, or null where it keeps the whole table. */
type Keeps = (t: LoadedTable) => number[] | null;

const prefectureRows =
  (pp: string): Keeps =>
  (t) => {
    const column = t.spec.regions?.[0];
    if (!column || REGION_TABLES.some((name) => name === t.spec.name)) return null;
    return indices(columnOf(t, column) as ArrayLike<string>, (code) => code.startsWith(pp));
  };

const yearRows =
  (year: number): Keeps =>
  (t) =>
    'year' in t.spec.schema.shape ? indices(columnOf(t, 'year') as ArrayLike<number>, (y) => y === year) : null;

function indices<T>(values: ArrayLike<T>, keep: (v: T) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) if (keep(values[i]!)) out.push(i);
  return out;
}

function rowsOf(t: LoadedTable, keeps: Keeps): LoadedTable {
  const keep = keeps(t);
  if (!keep) return t;
  // Rows kept in their order, with their source lines, so first-seen orders and error lines are the whole's.
  const table = aq.table(Object.fromEntries(t.table.columnNames().map((c) => [c, pick(columnOf(t, c), keep)])));
  return { ...t, table, lines: Int32Array.from(keep, (i) => t.lines[i]!), rows: keep.length };
}

function pick(values: ArrayLike<unknown>, keep: number[]): unknown[] {
  const out = new Array<unknown>(keep.length);
  for (let i = 0; i < keep.length; i++) out[i] = values[keep[i]!];
  return out;
}
