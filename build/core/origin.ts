// Which figures of an operation are official and which synthetic, per level, as a user of a build needs
// to know before reading one: worked out from the operation's declared `needs` and what the dataset says
// of each table's origin (the sample provider's `origins`; a table it does not name is synthetic there).
// A dataset without `origins` (an import) makes no such distinction: its notice speaks for every figure.

import type { Origins, Sources } from '../../sources/load.ts';
import type { TableOrigin } from '../../sources/dataset.ts';
import type { TableName } from '../../sources/tables.ts';
import type { Operation } from '../ops/operation.ts';
import type { Level, LevelOrigin, OpDataKind, OperationOrigin } from '../runtime/origin.ts';
import type { RouteOp } from '../runtime/routes.ts';

export function operationOrigin(op: Operation, route: RouteOp, sources: Sources): OperationOrigin | undefined {
  const origins: Origins | undefined = sources.dataset.origins;
  if (!origins || route.unavailable) return undefined;
  // Of alternatives ([a, b]: either will do), the tables this dataset has.
  const needed = op.needs.flatMap((n) => (Array.isArray(n) ? n.filter((t) => t in sources.tables) : [n]));
  // A code list only names what the figures count: an operation with figures is as official as they are.
  const figures = needed.filter((t) => !origins[t]?.codes);
  const tables = figures.length ? figures : needed;
  const levels: Level[] = route.params.some((p) => p.name === 'cityCode') ? ['prefecture', 'municipality'] : ['all'];
  // An answer of every level that lists municipalities only reads the tables' municipal rows.
  const rowsOf = (level: Level): Level => (level === 'all' ? (op.lists ?? level) : level);
  const at = (t: TableName, level: Level) => officialAt(origins, op, t, rowsOf(level));
  const out: OperationOrigin = {};
  for (const level of levels) {
    const official = [...new Set(tables.flatMap((t) => at(t, level)?.text ?? []))];
    // Tables official at this level but for a part (some years, some values of a parameter), named with it.
    const partOf = (t: TableName) =>
      rowsOf(level) === 'municipality' ? (origins[t]?.municipalityPart ?? origins[t]?.part) : origins[t]?.part;
    const parts = tables.flatMap((t) => {
      const a = at(t, level);
      const part = [a?.except, partOf(t)].filter(Boolean).join('; ');
      return a && part ? [`${t} (${part})`] : [];
    });
    const synthetic = [...tables.filter((t) => at(t, level) === undefined), ...parts];
    const kind: LevelOrigin['kind'] = synthetic.length === 0 ? 'official' : official.length ? 'mixed' : 'synthetic';
    const years =
      kind === 'mixed'
        ? officialYears(
            tables.flatMap((t) => at(t, level) ?? []),
            route,
          )
        : undefined;
    out[level] = {
      kind,
      ...(official.length ? { official } : {}),
      ...(kind === 'mixed' ? { synthetic } : {}),
      ...(years ? { years } : {}),
    };
  }
  return out;
}

/** Where a table's figures are official for an operation; `except` the values of a parameter whose reads are not. */
interface OfficialAt {
  text: string;
  except?: string;
  /** The years it is official in; every year where unsaid. */
  years?: number[];
}

/**
 * The years in which some figure of a level is official: those of its official tables, and of them the
 * ones its `year` parameter takes, if it has one. Undefined if one of the tables is official in every year.
 */
function officialYears(official: OfficialAt[], route: RouteOp): number[] | undefined {
  if (!official.length || official.some((a) => !a.years)) return undefined;
  const param = route.params.find((p) => p.name === 'year');
  const taken = param?.type === 'int' ? param.values : undefined;
  const years = new Set(official.flatMap((a) => a.years!).filter((y) => !taken || taken.includes(y)));
  return [...years].sort((a, b) => a - b);
}

/** A table's official years at a level (both levels' for an answer of every level), as its origin gives them. */
function yearsAt(o: TableOrigin, level: Level): number[] | undefined {
  const y = o.years;
  if (!y || Array.isArray(y)) return y;
  if (level !== 'all') return y[level];
  return [...new Set([...(y.prefecture ?? []), ...(y.municipality ?? [])])];
}

/**
 * Where table `t`'s figures read by `op` are official at `level`, as the dataset words it (see columnsAt),
 * less the fields `op` computes from a base year in which they are not: those are named in `except`.
 */
function officialAt(origins: Origins, op: Operation, t: TableName, level: Level): OfficialAt | undefined {
  const a = columnsAt(origins, op, t, level);
  const off = Object.entries(op.baseYears ?? {}).filter(([, y]) => a?.years && !a.years.includes(y));
  if (!a || !off.length) return a;
  const based = off.map(([field, y]) => `${field}'s base year ${y}`).join(', ');
  return { ...a, except: [based, a.except].filter(Boolean).join('; ') };
}

/**
 * Where table `t`'s figures read by `op` are official at `level`, as the dataset words it; undefined where
 * they are synthetic: at no such level, or where `op` reads a column the origin does not name official.
 * An answer of every level (`all`, no cityCode) lists prefectures and municipalities alike: official
 * where both are, in the same words.
 */
function columnsAt(origins: Origins, op: Operation, t: TableName, level: Level): OfficialAt | undefined {
  const o = origins[t];
  if (!o) return undefined;
  const both = o.prefecture === o.municipality ? o.prefecture : undefined;
  const text = o.all ?? (level === 'all' ? both : o[level]);
  if (text === undefined) return undefined;
  const years = yearsAt(o, level);
  const whole = { text, ...(years ? { years } : {}) };
  const columns = o.columns;
  if (!columns) return whole;
  const reads = op.reads?.[t];
  const officialColumns = (c: readonly string[]) => c.every((name) => columns.includes(name));
  if (!reads) return undefined;
  if (!('cases' in reads)) return officialColumns(reads) ? whole : undefined;
  const values = Object.keys(reads.cases);
  const official = values.filter((v) => officialColumns(reads.cases[v]!));
  if (official.length === values.length) return whole;
  if (!official.length) return undefined;
  const others = values.filter((v) => !official.includes(v));
  return {
    ...whole,
    text: `${text} (for ${reads.param} ${official.join(', ')})`,
    except: `for ${reads.param} ${others.join(', ')}`,
  };
}

/**
 * The X-Regstat-Data of an operation's files. A dataset without origins is one import: official if an
 * importer of official tables wrote it (e-Stat's provenance, RESAS's archive), else the user's own.
 */
export function opDataKind(op: Operation, route: RouteOp, sources: Sources): OpDataKind {
  const o = operationOrigin(op, route, sources);
  const { dataset } = sources;
  if (!o)
    return dataset.kind === 'sample' ? 'synthetic' : dataset.provenance || dataset.archive ? 'official' : 'imported';
  if (o.all) return o.all.kind;
  const prefecture = o.prefecture!.kind;
  const municipality = o.municipality!.kind;
  return prefecture === municipality ? prefecture : { prefecture, municipality };
}
