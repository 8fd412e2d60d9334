// Reads a source set into arquero tables. Every cell is checked by its table's zod schema; keys must be
// unique and region codes must exist. Any failure names the file, line and column and says how to fix it.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as aq from 'arquero';
import type { z } from 'zod';
import type { TableCache } from './cache.ts';
import { decodeUtf8, parseCsv } from './csv.ts';
import type { DatasetInfo } from './dataset.ts';
import { RegionIndex } from './regions.ts';
import { TABLES, TABLE_NAMES, type TableName, type TableSpec } from './tables.ts';
import { InputError, SourceError } from '../build/user-error.ts';

type ColumnTable = ReturnType<typeof aq.table>;

/** One table as text, before parsing. */
interface SourceFile {
  /** Where it came from, for error messages: a path, or a name such as sample:prefectures.csv. */
  file: string;
  /** The CSV text; a provider may make it only when this is first read. */
  readonly text: string;
  /** Names the text's content without making it (the sample provider: its code and seed); else the text's digest is used. */
  contentKey?: string;
  /** The UTF-8 bytes in parts that each end at a record, read instead of `text` when given: a file may be larger than Node's longest string. */
  parts?(): Iterable<Uint8Array>;
  /**
   * One prefecture's rows (`pp`: its two digits), made without the whole: exactly the whole's rows whose
   * region code begins with it, in their order (a test holds the sample provider to it). Its lines are its own.
   */
  prefecture?(pp: string): SourceFile;
}

export type { DatasetInfo, Origins } from './dataset.ts';

/** What a source provider hands to the build. */
export interface SourceSet {
  dataset: DatasetInfo;
  files: Partial<Record<TableName, SourceFile>>;
  /** Does ahead what most of its tables start from (the sample: its official population anchors), for a server thread with nothing to answer yet. */
  warm?(): void;
}

export interface LoadedTable {
  spec: TableSpec;
  file: string;
  table: ColumnTable;
  /** Physical line of each row, for errors found after parsing. */
  lines: Int32Array;
  sha256: string;
  rows: number;
}

export interface Sources {
  dataset: DatasetInfo;
  /** Reading a table loads and checks it the first time; `name in tables` says whether the sources have it. */
  tables: Partial<Record<TableName, LoadedTable>>;
  regions: RegionIndex;
  /**
   * One prefecture's rows of a table, loaded and checked on their own, where the provider makes them
   * apart and the whole is not loaded yet (an on-demand first answer: sources/scope.ts); else undefined.
   */
  prefectureRows?(name: TableName, pp: string): LoadedTable | undefined;
  /** The source set's warm(), where it has one. */
  warm?(): void;
  /** Lets go of a loaded table: read again, it is loaded again (from the table cache, where there is one). */
  release?(name: TableName): void;
}

interface LoadOptions {
  /** Load and check every table now (a build fails on a bad row before the slow part), rather than when first read. */
  eager?: boolean;
  /** Checked tables kept across runs. */
  cache?: TableCache;
  /** Told of each table that has a header and no rows, when it loads: the operations that read it will have nothing to show. */
  onEmpty?: (name: TableName, file: string) => void;
}

/**
 * Reads a source set into arquero tables. Tables load when first read (all of them at once with
 * `eager`); each passes its row schema and the checks against the tables it refers to before any
 * code sees it.
 */
export function loadSources(set: SourceSet, options: LoadOptions = { eager: true }): Sources {
  for (const name of TABLE_NAMES) {
    if (TABLES[name].required && !set.files[name])
      throw new InputError(`The sources have no ${name}.csv; every build needs it (see sources/README.md).`);
  }
  const loaded = new Map<TableName, LoadedTable>();
  const cache = options.cache;
  const checkKey = checkKeys(set);
  const tables: Partial<Record<TableName, LoadedTable>> = {};
  let regions: RegionIndex | undefined;
  let overlapChecked = false;

  const load = (name: TableName): LoadedTable => {
    const known = loaded.get(name);
    if (known) return known;
    const spec = TABLES[name];
    const key = cache ? checkKey(name) : '';
    const hit = cache?.get(key, spec);
    if (hit) {
      loaded.set(name, hit);
      if (hit.rows === 0) options.onEmpty?.(name, hit.file);
      return hit;
    }
    const t = readTable(spec, set.files[name]!);
    if (name !== 'prefectures' && name !== 'municipalities') {
      checkRegions(t, regionIndex());
      checkReferences(t, tables);
    }
    loaded.set(name, t);
    try {
      for (const other of overlapPartner(name)) {
        if (!set.files[other] || overlapChecked) continue;
        const o = load(other);
        if (!overlapChecked)
          checkPopulationOverlap(name === 'population_by_age_sex' ? t : o, name === 'population_by_age_sex' ? o : t);
        overlapChecked = true;
      }
    } catch (e) {
      loaded.delete(name);
      throw e;
    }
    cache?.put(key, t);
    if (t.rows === 0) options.onEmpty?.(name, t.file);
    return t;
  };
  const regionIndex = () => (regions ??= RegionIndex.fromTables(load('prefectures'), load('municipalities')));

  for (const name of TABLE_NAMES) {
    if (set.files[name]) Object.defineProperty(tables, name, { enumerable: true, get: () => load(name) });
  }
  regionIndex();
  if (options.eager) for (const name of TABLE_NAMES) if (set.files[name]) load(name);
  const prefectureRows = prefectureRowsOf({ set, loaded, load, tables, regionIndex });
  const release = (name: TableName) => void loaded.delete(name);
  return { dataset: set.dataset, tables, regions: regionIndex(), prefectureRows, warm: set.warm, release };
}

/** What loadSources's prefecture rows read of it. */
interface Loader {
  set: SourceSet;
  loaded: ReadonlyMap<TableName, LoadedTable>;
  load: (name: TableName) => LoadedTable;
  tables: Sources['tables'];
  regionIndex: () => RegionIndex;
}

/** Sources.prefectureRows: a prefecture's rows checked as a table is (the overlap check too, with the partner's same rows). */
function prefectureRowsOf({ set, loaded, load, tables, regionIndex }: Loader): NonNullable<Sources['prefectureRows']> {
  /** Per table, its prefectures' rows made apart so far. */
  const shares = new Map<TableName, Map<string, LoadedTable>>();
  const prefectureRows = (name: TableName, pp: string): LoadedTable | undefined => {
    if (loaded.has(name)) {
      shares.delete(name); // the whole answers every share now
      return undefined;
    }
    const mine = shares.get(name) ?? new Map<string, LoadedTable>();
    shares.set(name, mine);
    const known = mine.get(pp);
    const src = set.files[name];
    if (known || !src?.prefecture) return known;
    const t = readTable(TABLES[name], src.prefecture(pp));
    checkRegions(t, regionIndex());
    checkReferences(t, tables);
    mine.set(pp, t);
    for (const other of overlapPartner(name)) {
      // The partner's own load checks the pair when it came first.
      if (!set.files[other] || shares.get(other)?.has(pp)) continue;
      const o = prefectureRows(other, pp) ?? load(other);
      const detailFirst = name === 'population_by_age_sex';
      try {
        checkPopulationOverlap(detailFirst ? t : o, detailFirst ? o : t);
      } catch (e) {
        for (const n of [name, other]) shares.get(n)?.delete(pp); // neither is kept unchecked
        throw e;
      }
    }
    return t;
  };
  return prefectureRows;
}

/**
 * The table cache's key of each table: what its checks read (its own content, the regions, the tables
 * it refers to and its overlap partner) and the loader's own code.
 */
function checkKeys(set: SourceSet): (name: TableName) => string {
  const keys = new Map<TableName, string>();
  const contentKey = (name: TableName): string => {
    let key = keys.get(name);
    if (key === undefined) {
      const src = set.files[name]!;
      key = src.contentKey ?? createHash('sha256').update(src.text).digest('hex');
      keys.set(name, key);
    }
    return key;
  };
  /** What a table's checks read: its own content, the regions, the tables it refers to and its overlap partner. */
  const checkKey = (name: TableName): string => {
    const deps = [
      name,
      'prefectures',
      'municipalities',
      ...(TABLES[name].references ?? []).map((r) => r.table),
      ...overlapPartner(name),
    ] as TableName[];
    const hash = createHash('sha256').update(loaderDigest());
    for (const d of deps) if (set.files[d]) hash.update(d).update('\0').update(contentKey(d)).update('\0');
    return hash.digest('hex');
  };
  return checkKey;
}

const overlapPartner = (name: TableName): TableName[] =>
  name === 'population_by_age_sex'
    ? ['population_by_age_group']
    : name === 'population_by_age_group'
      ? ['population_by_age_sex']
      : [];

let loaderCode: string | undefined;

/** The loader's own code and the packages that shape a loaded table: a cached table is only as good as the checks it passed. */
function loaderDigest(): string {
  if (loaderCode) return loaderCode;
  const hash = createHash('sha256');
  const here = dirname(fileURLToPath(import.meta.url));
  for (const f of ['load.ts', 'tables.ts', 'csv.ts', 'regions.ts', 'cache.ts'])
    hash.update(f).update(readFileSync(join(here, f)));
  const require = createRequire(import.meta.url);
  for (const pkg of ['zod', 'arquero']) hash.update(pkg).update(readFileSync(require.resolve(`${pkg}/package.json`)));
  return (loaderCode = hash.digest('hex'));
}

/**
 * One table's rows checked and gathered column by column. Kept as one function over its closure: the
 * same checks split into a class's methods read the three largest sample tables (2.26 million rows) in
 * 4.5–6.3 s against 2.5–4.8 s here (alternately in one process, beside a test run).
 */
function readTable(spec: TableSpec, src: SourceFile): LoadedTable {
  const columns = Object.keys(spec.schema.shape);
  const data: Record<string, unknown[]> = Object.fromEntries(columns.map((c) => [c, []]));
  const lines: number[] = [];
  const keys: KeyTree = new Map();
  let order: number[] | null = null;
  const cells = columns.map((c) => cellChecker(spec.schema.shape[c] as z.ZodType));
  // Row-level rules (superRefine) need the whole row; tables without them are checked cell by cell.
  const rowRules = (spec.schema._zod.def.checks?.length ?? 0) > 0;

  // Where each column sits in a row, and where the key columns are among the columns.
  let at: number[] = [];
  const keyColumns = spec.key.map((k) => columns.indexOf(k));
  const arrays = columns.map((c) => data[c]!);
  const values = new Array<unknown>(columns.length);
  const onRow = (row: string[], line: number) => {
    if (!order) {
      order = headerOrder(spec, columns, row, src.file, line);
      at = columns.map((_, c) => order!.indexOf(c));
      return;
    }
    if (row.length !== columns.length) {
      throw new SourceError(
        src.file,
        line,
        Math.min(row.length, columns.length) + 1,
        `expected ${columns.length} cells (${columns.join(',')}), found ${row.length}`,
      );
    }
    for (let c = 0; c < columns.length; c++) {
      const cell = row[at[c]!]!;
      const r = cells[c]!(cell);
      if (!r.ok)
        throw new SourceError(src.file, line, at[c]! + 1, `${columns[c]}: ${r.message}, found ${JSON.stringify(cell)}`);
      values[c] = r.value;
    }
    if (rowRules) {
      const input: Record<string, string> = {};
      for (let c = 0; c < columns.length; c++) input[columns[c]!] = row[at[c]!]!;
      const parsed = spec.schema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const col = String(issue.path[0]);
        throw new SourceError(
          src.file,
          line,
          at[columns.indexOf(col)]! + 1,
          `${col}: ${issue.message}, found ${JSON.stringify(input[col])}`,
        );
      }
    }
    // Keys as a tree of maps, one level per key column: a million small lookups cost far less than a
    // million concatenated strings in one map.
    let level = keys;
    for (let k = 0; k < keyColumns.length - 1; k++) {
      const v = values[keyColumns[k]!];
      let next = level.get(v) as KeyTree | undefined;
      if (next === undefined) level.set(v, (next = new Map()));
      level = next;
    }
    const last = values[keyColumns[keyColumns.length - 1]!];
    const seen = level.get(last) as number | undefined;
    if (seen !== undefined) {
      throw new SourceError(
        src.file,
        line,
        1,
        `repeats the row of line ${seen} (${spec.key.map((k, i) => `${k} ${values[keyColumns[i]!]}`).join(', ')}); each fact must appear once`,
      );
    }
    level.set(last, line);
    for (let c = 0; c < columns.length; c++) arrays[c]!.push(values[c]);
    lines.push(line);
  };
  const sha256 = createHash('sha256');
  if (src.parts) {
    // Part by part: a table may be larger than one string can be.
    let line = 1;
    for (const bytes of src.parts()) {
      sha256.update(bytes);
      line = parseCsv(decodeUtf8(bytes, src.file, line), src.file, onRow, line);
    }
  } else {
    const text = src.text;
    sha256.update(text);
    parseCsv(text, src.file, onRow);
  }
  if (!order) throw new SourceError(src.file, 1, 1, `the file is empty; it needs the header ${columns.join(',')}`);

  return {
    spec,
    file: src.file,
    table: aq.table(data),
    lines: Int32Array.from(lines),
    sha256: sha256.digest('hex'),
    rows: lines.length,
  };
}

type KeyTree = Map<unknown, KeyTree | number>;

/**
 * A loaded table's column as its own array: arquero's array() copies it (0.7 s of a first on-demand
 * answer went to copying the population table's columns), and a loaded table is made from its arrays.
 */
export function columnOf(t: LoadedTable, name: string): ArrayLike<unknown> {
  const column = t.table.column(name) as unknown as ArrayLike<unknown> | undefined;
  if (!column || t.table.isFiltered() || t.table.isOrdered()) return t.table.array(name) as unknown[];
  return column;
}

type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * A column's zod schema applied to one cell, remembering the answers for repeated texts: source columns
 * repeat a few codes and years millions of times, and zod stays the one definition of what is valid.
 */
function cellChecker(schema: z.ZodType): (cell: string) => CellResult {
  const memo = new Map<string, CellResult>();
  return (cell) => {
    let r = memo.get(cell);
    if (r === undefined) {
      const parsed = schema.safeParse(cell);
      r = parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
      if (memo.size < MEMO_CELLS) memo.set(cell, r);
    }
    return r;
  };
}

const MEMO_CELLS = 100_000;

function headerOrder(spec: TableSpec, columns: string[], cells: string[], file: string, line: number): number[] {
  const order = cells.map((c) => columns.indexOf(c.trim()));
  const unknown = order.indexOf(-1);
  if (unknown >= 0) {
    throw new SourceError(
      file,
      line,
      unknown + 1,
      `unknown column ${JSON.stringify(cells[unknown])}; ${spec.name}.csv has the columns ${columns.join(',')}`,
    );
  }
  const missing = columns.filter((_, i) => !order.includes(i));
  if (missing.length)
    throw new SourceError(
      file,
      line,
      1,
      `the header lacks ${missing.join(', ')}; ${spec.name}.csv has the columns ${columns.join(',')}`,
    );
  return order;
}

function checkRegions(t: LoadedTable, regions: RegionIndex): void {
  for (const col of t.spec.regions ?? []) {
    const values = columnOf(t, col) as ArrayLike<string>;
    const column = Object.keys(t.spec.schema.shape).indexOf(col) + 1;
    for (let i = 0; i < values.length; i++) {
      if (values[i] !== '' && !regions.has(values[i]!)) {
        throw new SourceError(
          t.file,
          t.lines[i]!,
          column,
          `${col}: ${values[i]} is neither a prefecture of prefectures.csv nor a municipality of municipalities.csv`,
        );
      }
    }
  }
}

/** Codes used in a table must be defined in their master table (an industry, an occupation, a holder). */
function checkReferences(t: LoadedTable, tables: Sources['tables']): void {
  for (const ref of t.spec.references ?? []) {
    const target = tables[ref.table as TableName];
    const columns = Object.keys(t.spec.schema.shape);
    if (!target)
      throw new SourceError(
        t.file,
        1,
        columns.indexOf(ref.columns[0]!) + 1,
        `${ref.columns.join(', ')} refer to ${ref.table}.csv, which the sources lack; add it`,
      );
    const keys = new Set<string>();
    const own = ref.as.map((c) => columnOf(target, c));
    for (let i = 0; i < target.rows; i++) keys.add(own.map((col) => String(col[i])).join('|'));
    const mine = ref.columns.map((c) => columnOf(t, c));
    for (let i = 0; i < t.rows; i++) {
      const cells = mine.map((col) => String(col[i]));
      if (cells.every((c) => c === '')) continue;
      if (!keys.has(cells.join('|'))) {
        throw new SourceError(
          t.file,
          t.lines[i]!,
          columns.indexOf(ref.columns[0]!) + 1,
          `${ref.columns.map((c, k) => `${c} ${cells[k]}`).join(', ')} is not in ${ref.table}.csv`,
        );
      }
    }
  }
}

/** Young, working and old counts come from one table per region-year; two would be two answers. */
function checkPopulationOverlap(detail: LoadedTable, groups: LoadedTable): void {
  const withDetail = new Set<string>();
  const dr = columnOf(detail, 'regionCode');
  const dy = columnOf(detail, 'year');
  for (let i = 0; i < dr.length; i++) withDetail.add(`${dr[i]}|${dy[i]}`);
  const gr = columnOf(groups, 'regionCode');
  const gy = columnOf(groups, 'year');
  const gg = columnOf(groups, 'ageGroup');
  for (let i = 0; i < gr.length; i++) {
    if (gg[i] !== 'unknown' && withDetail.has(`${gr[i]}|${gy[i]}`)) {
      throw new SourceError(
        groups.file,
        groups.lines[i]!,
        3,
        `${gr[i]} ${gy[i]} has 5-year detail in population_by_age_sex.csv already; give ${gg[i]} there, and only age-not-stated (unknown) here`,
      );
    }
  }
}
