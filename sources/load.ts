// Reads a source set into arquero tables. Every cell is checked by its table's zod schema; keys must be
// unique and region codes must exist. Any failure names the file, line and column and says how to fix it.

import { createHash } from 'node:crypto';
import * as aq from 'arquero';
import { parseCsv, SourceError } from './csv.ts';
import { RegionIndex } from './regions.ts';
import { TABLES, TABLE_NAMES, type TableName, type TableSpec } from './tables.ts';

type ColumnTable = ReturnType<typeof aq.table>;

/** One table as text, before parsing. */
export interface SourceFile {
  /** Where it came from, for error messages: a path, or a name such as sample:prefectures.csv. */
  file: string;
  text: string;
}

/** What a source provider hands to the build. */
export interface SourceSet {
  dataset: DatasetInfo;
  files: Partial<Record<TableName, SourceFile>>;
}

/** The origin of the facts, copied into dist/manifest.json. */
export interface DatasetInfo {
  kind: 'sample' | 'imported';
  /** Shown wherever a user could take the numbers for official statistics. */
  notice: string;
  [extra: string]: unknown;
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
  tables: Partial<Record<TableName, LoadedTable>>;
  regions: RegionIndex;
}

export function loadSources(set: SourceSet): Sources {
  const tables: Partial<Record<TableName, LoadedTable>> = {};
  for (const name of TABLE_NAMES) {
    const src = set.files[name];
    if (!src) {
      if (TABLES[name].required) throw new Error(`The sources have no ${name}.csv; every build needs it (see sources/README.md).`);
      continue;
    }
    tables[name] = readTable(TABLES[name], src);
  }
  const regions = RegionIndex.fromTables(tables.prefectures!, tables.municipalities!);
  for (const loaded of Object.values(tables) as LoadedTable[]) {
    checkRegions(loaded, regions);
    checkReferences(loaded, tables);
  }
  checkPopulationOverlap(tables);
  return { dataset: set.dataset, tables, regions };
}

export function readTable(spec: TableSpec, src: SourceFile): LoadedTable {
  const columns = Object.keys(spec.schema.shape);
  const data: Record<string, unknown[]> = Object.fromEntries(columns.map((c) => [c, []]));
  const lines: number[] = [];
  const keys = new Map<string, number>();
  let order: number[] | null = null;

  parseCsv(src.text, src.file, (cells, line) => {
    if (!order) {
      order = headerOrder(spec, columns, cells, src.file, line);
      return;
    }
    if (cells.length !== columns.length) {
      throw new SourceError(src.file, line, Math.min(cells.length, columns.length) + 1, `expected ${columns.length} cells (${columns.join(',')}), found ${cells.length}`);
    }
    const input: Record<string, string> = {};
    order.forEach((col, i) => (input[columns[col]!] = cells[i]!));
    const parsed = spec.schema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const col = String(issue.path[0]);
      const at = order.indexOf(columns.indexOf(col));
      throw new SourceError(src.file, line, at + 1, `${col}: ${issue.message}, found ${JSON.stringify(input[col])}`);
    }
    const row = parsed.data as Record<string, unknown>;
    const key = spec.key.map((k) => row[k]).join('|');
    const seen = keys.get(key);
    if (seen !== undefined) {
      throw new SourceError(src.file, line, 1, `repeats the row of line ${seen} (${spec.key.map((k) => `${k} ${row[k]}`).join(', ')}); each fact must appear once`);
    }
    keys.set(key, line);
    for (const c of columns) data[c]!.push(row[c]);
    lines.push(line);
  });
  if (!order) throw new SourceError(src.file, 1, 1, `the file is empty; it needs the header ${columns.join(',')}`);

  return {
    spec,
    file: src.file,
    table: aq.table(data),
    lines: Int32Array.from(lines),
    sha256: createHash('sha256').update(src.text).digest('hex'),
    rows: lines.length,
  };
}

function headerOrder(spec: TableSpec, columns: string[], cells: string[], file: string, line: number): number[] {
  const order = cells.map((c) => columns.indexOf(c.trim()));
  const unknown = order.indexOf(-1);
  if (unknown >= 0) {
    throw new SourceError(file, line, unknown + 1, `unknown column ${JSON.stringify(cells[unknown])}; ${spec.name}.csv has the columns ${columns.join(',')}`);
  }
  const missing = columns.filter((_, i) => !order.includes(i));
  if (missing.length) throw new SourceError(file, line, 1, `the header lacks ${missing.join(', ')}; ${spec.name}.csv has the columns ${columns.join(',')}`);
  return order;
}

function checkRegions(t: LoadedTable, regions: RegionIndex): void {
  for (const col of t.spec.regions ?? []) {
    const values = t.table.array(col) as string[];
    const column = Object.keys(t.spec.schema.shape).indexOf(col) + 1;
    for (let i = 0; i < values.length; i++) {
      if (values[i] !== '' && !regions.has(values[i]!)) {
        throw new SourceError(t.file, t.lines[i]!, column, `${col}: ${values[i]} is neither a prefecture of prefectures.csv nor a municipality of municipalities.csv`);
      }
    }
  }
}

/** Codes used in a table must be defined in their master table (an industry, an occupation, a holder). */
function checkReferences(t: LoadedTable, tables: Sources['tables']): void {
  for (const ref of t.spec.references ?? []) {
    const target = tables[ref.table as TableName];
    const columns = Object.keys(t.spec.schema.shape);
    if (!target) throw new SourceError(t.file, 1, columns.indexOf(ref.columns[0]!) + 1, `${ref.columns.join(', ')} refer to ${ref.table}.csv, which the sources lack; add it`);
    const keys = new Set<string>();
    const own = ref.as.map((c) => target.table.array(c) as unknown[]);
    for (let i = 0; i < target.rows; i++) keys.add(own.map((col) => String(col[i])).join('|'));
    const mine = ref.columns.map((c) => t.table.array(c) as unknown[]);
    for (let i = 0; i < t.rows; i++) {
      const cells = mine.map((col) => String(col[i]));
      if (cells.every((c) => c === '')) continue;
      if (!keys.has(cells.join('|'))) {
        throw new SourceError(t.file, t.lines[i]!, columns.indexOf(ref.columns[0]!) + 1, `${ref.columns.map((c, k) => `${c} ${cells[k]}`).join(', ')} is not in ${ref.table}.csv`);
      }
    }
  }
}

/** Young, working and old counts come from one table per region-year; two would be two answers. */
function checkPopulationOverlap(tables: Sources['tables']): void {
  const detail = tables.population_by_age_sex;
  const groups = tables.population_by_age_group;
  if (!detail || !groups) return;
  const withDetail = new Set<string>();
  const dr = detail.table.array('regionCode') as string[];
  const dy = detail.table.array('year') as number[];
  for (let i = 0; i < dr.length; i++) withDetail.add(`${dr[i]}|${dy[i]}`);
  const gr = groups.table.array('regionCode') as string[];
  const gy = groups.table.array('year') as number[];
  const gg = groups.table.array('ageGroup') as string[];
  for (let i = 0; i < gr.length; i++) {
    if (gg[i] !== 'unknown' && withDetail.has(`${gr[i]}|${gy[i]}`)) {
      throw new SourceError(groups.file, groups.lines[i]!, 3, `${gr[i]} ${gy[i]} has 5-year detail in population_by_age_sex.csv already; give ${gg[i]} there, and only age-not-stated (unknown) here`);
    }
  }
}
