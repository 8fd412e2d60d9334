// The e-Stat importer: reads the official tables it recognises in a folder (by their content, whatever
// the files are called), checks them, puts their figures on today's municipalities and writes the
// population source tables. Only what a table states is written: a region or year no table covers has
// no row, and the build answers it with null, never with an estimate.

import { createHash } from 'node:crypto';
import { basename, dirname, extname, relative } from 'node:path';
import { toCsv } from '../csv.ts';
import type { Provenance } from '../dataset.ts';
import type { DatasetInfo, SourceSet } from '../load.ts';
import { isCensusTable, readCensus, type CensusTable } from './census.ts';
import { isConverter, readConverter, type Converter } from './converter.ts';
import { expectedTable, unreadableTable } from './expected.ts';
import { csvFiles } from './folder.ts';
import { readGrid, type Grid } from './grid.ts';
import { readHead, readRecognised } from './head.ts';
import { isProjectionTable, readProjection, type ProjectionTable } from './ipss.ts';
import { isJukiTable, readJuki, type JukiArea, type JukiTable } from './juki.ts';
import { isMigrationTable, readMigration, type MigrationTable } from './migration.ts';
import { NO_DATA_CITIES } from '../local-gov.ts';
import { prefRegion } from '../regions.ts';
import { addInto, checkSums, compareSum, RegionList, total, type RegionFigures } from './regions.ts';
import {
  isSsdsePrefectureTable,
  isSsdseTable,
  readSsdse,
  readSsdsePrefectures,
  type SsdsePrefectureTable,
  type SsdseTable,
} from './ssdse.ts';
import { currentCode } from './ssdse-layout.ts';
import { NOT_WRITTEN, ssdseTables, type SsdseOutput } from './ssdse-tables.ts';
import {
  isTimeSeriesTable,
  readTimeSeries,
  TIMESERIES_TOTAL_COLUMN,
  timeSeriesYears,
  type TimeSeriesTable,
} from './timeseries.ts';
import { InputError, SourceError } from '../../build/user-error.ts';

export const CENSUS_CREDIT = '出典: 国勢調査（総務省統計局）';
export const IPSS_CREDIT = '出典: 国立社会保障・人口問題研究所「日本の地域別将来推計人口（平成30(2018)年推計）」';
const MIGRATION_CREDIT = '出典: 住民基本台帳人口移動報告（総務省統計局）';
export const JUKI_CREDIT = '出典: 総務省「住民基本台帳に基づく人口、人口動態及び世帯数調査」';
export const SSDSE_CREDIT = '出典: 独立行政法人統計センター「SSDSE（教育用標準データセット）」';
const CONVERTER_CREDIT =
  '市区町村コンバータ: Kondo, K. (2019) "Municipality-level Panel Data and Municipal Mergers in Japan", RIETI Technical Paper 19-T-001';

/** The census year of today's municipality codes: a table of this year needs no converter. */
const CODES_YEAR = 2020;
/**
 * IPSS 2018's first projected year that RESAS showed: its 2015 column is the base population (年齢不詳
 * distributed) and its 2020 the projection that the 2020 census replaced in RESAS.
 */
const PROJECTION_FROM = 2025;

interface UsedTable {
  file: string;
  /** What the table is, e.g. 令和２年国勢調査 表2-7-1. */
  table: string;
  title: string;
  years: number[];
  rows: number;
  /** Regions (of the 1,922 RESAS listed, 47 prefectures included) the table gives figures for, per year. */
  regions: number;
  sha256: string;
  credit: string;
}

/** dataset.json's record of where an import's figures come from, declared with the dataset's other fields. */
export type { Provenance } from '../dataset.ts';

export interface EstatReport {
  used: UsedTable[];
  skipped: { file: string; why: string }[];
  warnings: string[];
  /** Per year: the regions that have figures, and the RESAS regions that have none. */
  coverage: {
    year: number;
    kind: 'actual' | 'projection';
    regions: number;
    missing: string[];
    ages: 'classes' | 'groups';
  }[];
  /** Net migration (prefectures only), per year: kept apart from the population coverage above. */
  migration: { year: number; regions: number }[];
  /** Births, deaths and moves, per year: kept apart likewise. */
  events: { year: number; regions: number }[];
  /** SSDSE's tables beyond the population: each written table's years, and what SSDSE has that no table is written from. */
  ssdse?: { written: { table: string; years: number[] }[]; notWritten: string[] };
}

interface EstatOptions {
  /** The year of a migration table, which its content does not state; else it is taken from the file's or its folder's name. */
  migrationYear?: number;
}

/** Census tables first, so that the time series and SSDSE only fill the years and levels they leave. */
const RANK = {
  census: 0,
  timeseries: 5e3,
  ssdse: 6e3,
  'ssdse-pref': 7e3,
  projection: 1e4,
  juki: 1.5e4,
  migration: 2e4,
  converter: 3e4,
} as const;
const rank = (t: Recognised['table']) => RANK[t.kind] + ('year' in t ? t.year : 0);
/** Of two SSDSE-A editions of one census year, the later first: it gives the year, the earlier is skipped. */
const edition = (t: Recognised['table']) => (t.kind === 'ssdse' ? -t.edition : 0);

type Recognised = { grid: Grid; sha256: string; what: string } & (
  | { table: CensusTable }
  | { table: TimeSeriesTable }
  | { table: SsdseTable }
  | { table: SsdsePrefectureTable }
  | { table: ProjectionTable }
  | { table: JukiTable }
  | { table: Converter }
  | { table: MigrationTable }
);

/** A population year: which tables gave it, and whether one of them gave municipalities. */
interface YearEntry {
  kind: 'actual' | 'projection';
  figures: Map<string, RegionFigures>;
  file: string;
  /** The table that gave its municipalities, if one did. */
  municipal: string | false;
}

export function importEstat(folder: string, options: EstatOptions = {}): { set: SourceSet; report: EstatReport } {
  const report: EstatReport = { used: [], skipped: [], warnings: [], coverage: [], migration: [], events: [] };
  const files = csvFiles(folder, report.skipped);
  if (files.length === 0)
    throw new InputError(
      `${folder} holds no .csv file; download the tables from e-Stat as CSV (see docs/data.md, "Official statistics")`,
    );
  const found = recogniseTables(folder, files, options, report);

  // In the order of what the tables are, not of their names: census years, the projection, migration, the converter.
  found.sort(
    (a, b) =>
      rank(a.table) - rank(b.table) || edition(a.table) - edition(b.table) || (a.grid.file < b.grid.file ? -1 : 1),
  );
  const converter = found.find((f): f is Recognised & { table: Converter } => f.table.kind === 'converter');
  const ctx = newContext(converter?.table, report);
  const migrations = addTables(ctx, folder, found, converter);
  const ssdse = addSsdseTables(ctx, folder, found);
  if (converter) reportConverter(ctx, folder, found, converter);
  if (options.migrationYear !== undefined && migrations.length === 0)
    report.warnings.push(`a migration year (${options.migrationYear}) was given, but no net-migration table was read`);
  checkContributed(ctx, folder, found);
  if (ctx.years.size === 0 && migrations.length === 0 && ctx.events.length === 0 && !ssdse) {
    throw new InputError(
      `${folder} holds no table regstat reads (${report.skipped.length} files skipped: ${report.skipped.map((s) => `${s.file}: ${s.why}`).join('; ')})`,
    );
  }

  const ordered = [...ctx.years.entries()].sort((a, b) => a[0] - b[0]);
  for (const [year, y] of ordered) {
    const missing = ctx.list.counted.filter((r) => !y.figures.has(r));
    const ages = [...y.figures.values()].every((f) => f.groups) ? 'groups' : 'classes';
    report.coverage.push({ year, kind: y.kind, regions: y.figures.size, missing, ages });
  }
  report.migration.sort((a, b) => a.year - b.year);
  report.events.sort((a, b) => a.year - b.year);
  return { set: sourceSet(ctx.list, ordered, migrations, ctx.events, ssdse, report), report };
}

/**
 * SSDSE's tables beyond the population (ssdse-tables.ts), from every SSDSE-A edition (oldest first, by the
 * latest reference year each gives), SSDSE-B and the 住基 residents; each SSDSE file reported as used.
 */
function addSsdseTables(ctx: Context, folder: string, found: Recognised[]): SsdseOutput | undefined {
  const editions = found
    .filter((f): f is Recognised & { table: SsdseTable } => f.table.kind === 'ssdse')
    .sort((a, b) => a.table.edition - b.table.edition || (a.grid.file < b.grid.file ? -1 : 1));
  const prefs = found.filter((f): f is Recognised & { table: SsdsePrefectureTable } => f.table.kind === 'ssdse-pref');
  if (!editions.length && !prefs.length) return undefined;
  const b = prefs.find((p) => p.table.ssdse === 'B');
  const residents = new Map(ctx.events.map((e) => [e.year, new Map([...e.rows].map(([r, c]) => [r, c.population]))]));
  const out = ssdseTables(
    editions.map((e) => e.table),
    b?.grid,
    residents,
    ctx.list,
  );
  ctx.report.ssdse = { written: out.years.filter((y) => y.years.length), notWritten: NOT_WRITTEN };
  const gave = out.years.filter((y) => y.years.length).map((y) => `${y.table} ${y.years.join(', ')}`);
  const summary = `${gave.join('; ') || 'nothing'}; not written: ${NOT_WRITTEN.map((n) => n.slice(0, n.indexOf(' ('))).join(', ')}`;
  for (const f of [...editions, ...prefs]) {
    const rel = relative(folder, f.grid.file);
    const kind = f.table.kind === 'ssdse' ? 'A' : f.table.ssdse;
    const known = ctx.report.used.find((u) => u.file === rel);
    const title = `SSDSE-${kind}, read by item code and label, checked; of the SSDSE tables: ${summary}`;
    if (known) known.title += `; ${title}`;
    else
      ctx.report.used.push(
        used(rel, f, 'SSDSE（教育用標準データセット）', title, yearsOf(f.table), rowsOf(f.table), 0, SSDSE_CREDIT),
      );
  }
  return out;
}

const yearsOf = (t: SsdseTable | SsdsePrefectureTable) => (t.kind === 'ssdse' ? [t.year] : t.years);
const rowsOf = (t: SsdseTable | SsdsePrefectureTable) => (t.kind === 'ssdse' ? t.areas.length : t.rows);

/** The readers, in the order they are tried, with what each table is called in a message. */
const READERS: { is: (g: Grid) => boolean; what: string; read: (g: Grid, year: number) => Recognised['table'] }[] = [
  { is: isCensusTable, what: 'a census table', read: readCensus },
  { is: isTimeSeriesTable, what: 'the census time series', read: (g) => readTimeSeries(g, timeSeriesYears(g)) },
  { is: isSsdseTable, what: 'SSDSE-A', read: readSsdse },
  { is: isSsdsePrefectureTable, what: 'SSDSE-B or SSDSE-E', read: readSsdsePrefectures },
  { is: isJukiTable, what: 'a 住民基本台帳 人口動態 table', read: readJuki },
  { is: isProjectionTable, what: 'an IPSS projection table', read: readProjection },
  { is: isMigrationTable, what: 'a net-migration table', read: readMigration }, // its year from its name: below
  { is: isConverter, what: 'the municipality converter', read: readConverter },
];

/**
 * Each file recognised by its content, from its first lines, and only then read whole; a file no reader
 * knows is skipped, with the reason, without reading the rest of it (it may be any size), unless its title
 * or name says it is one of the tables regstat reads: then it stops the import (expected.ts).
 */
function recogniseTables(folder: string, files: string[], options: EstatOptions, report: EstatReport): Recognised[] {
  const found: Recognised[] = [];
  for (const file of files) {
    const name = relative(folder, file);
    const head = readHead(file);
    const reader = READERS.find((r) => r.is(head.grid));
    if (!reader) {
      // One of regstat's tables by its title or name, unread, would leave its years out of the import unsaid.
      const expected = expectedTable(file, head.grid);
      if (expected) throw unreadableTable(name, expected, head.grid);
      report.skipped.push({ file: name, why: whyNot(head.grid) });
      continue;
    }
    const year = reader.is === isMigrationTable ? migrationYear(file, options, name, report) : undefined;
    if (reader.is === isMigrationTable && year === undefined) {
      report.skipped.push({
        file: name,
        why: `a 住民基本台帳人口移動報告 net-migration table, but its year is not in its content, its file name or its folder's name; give it with --migration-year (for a 2021 table: npm run import:estat -- <folder> <sources-dir> --migration-year 2021), or put the year in the file's name`,
      });
      continue;
    }
    const bytes = readRecognised(file, name, reader.what, head);
    const grid = head.bytes ? head.grid : readGrid(file, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const table = reader.read(grid, year ?? 0);
    found.push({ grid, sha256, table, what: reader.what } as Recognised);
  }
  return found;
}

/** An empty context: no region, no year claimed yet; a year is claimed by one table only. */
function newContext(converter: Converter | undefined, report: EstatReport): Context {
  /** Year → region → figures; and which table gave each year. */
  const years = new Map<number, YearEntry>();
  const claim = (year: number, kind: 'actual' | 'projection', file: string, municipal = true) => {
    const known = years.get(year);
    if (known) throw new InputError(`${file} and ${known.file} both give ${year}; keep one of them in the folder`);
    const entry = { kind, figures: new Map<string, RegionFigures>(), file, municipal: municipal && file };
    years.set(year, entry);
    return entry.figures;
  };
  return { list: new RegionList(), converter, report, claim, years, convertedYears: new Set<number>(), events: [] };
}

/** Every recognised table's figures added, in rank order; the net-migration tables read, one per year. */
function addTables(
  ctx: Context,
  folder: string,
  found: Recognised[],
  converter: (Recognised & { table: Converter }) | undefined,
): MigrationTable[] {
  const migrations: MigrationTable[] = [];
  for (const f of found) {
    const rel = relative(folder, f.grid.file);
    const t = f.table;
    if (t.kind === 'migration') {
      const known = migrations.find((m) => m.year === t.year);
      if (known)
        throw new InputError(
          `${rel} and ${relative(folder, known.file)} are both net migration of ${t.year}; keep one of them in the folder`,
        );
      migrations.push(t);
      addMigration(ctx, f, t, rel);
    } else if (t.kind === 'census') addCensus(ctx, f, t, rel, censusCodeMap(folder, t, rel, converter));
    else if (t.kind === 'projection') addProjection(ctx, f, t, rel);
    else if (t.kind === 'timeseries') addTimeSeries(ctx, f, t, rel);
    else if (t.kind === 'ssdse') addSsdse(ctx, f, t, rel);
    else if (t.kind === 'juki') addJuki(ctx, f, t, rel);
  }
  return migrations;
}

/**
 * Nothing recognised is left out unsaid: each recognised file was used for some year or skipped with its
 * reason, and each population year and year of events read has regions. Else the import stops, as writing
 * would replace the previous sources with less than the folder gives (a 2020 census table whose rows were
 * 全国 and 特別区部 only wrote 2020 without a region, and exited 0).
 */
function checkContributed(ctx: Context, folder: string, found: Recognised[]): void {
  const fix = 'check that it is the whole table as downloaded, or take it out of the folder';
  for (const f of found) {
    const rel = relative(folder, f.grid.file);
    if (ctx.report.skipped.some((s) => s.file === rel)) continue;
    if (!ctx.report.used.find((u) => u.file === rel)?.years.length)
      throw new InputError(`${rel} was read as ${f.what}, but gives none of the years regstat writes; ${fix}`);
  }
  for (const [year, y] of ctx.years)
    if (y.figures.size === 0)
      throw new InputError(
        `${y.file} gives ${year}, but none of its rows is a region RESAS listed, so ${year} would be written without a figure; ${fix}`,
      );
  for (const e of ctx.events)
    if (e.rows.size === 0)
      throw new InputError(`${e.file} gives the events of ${e.year}, but for no region RESAS listed; ${fix}`);
}

/** A census year's codes onto today's: none needed for today's codes, else the converter's column of that year. */
function censusCodeMap(
  folder: string,
  t: CensusTable,
  rel: string,
  converter: (Recognised & { table: Converter }) | undefined,
): Map<string, string> | null {
  if (t.year !== CODES_YEAR && !converter) {
    throw new InputError(
      `${rel} is the ${t.year} census, whose municipalities are not today's; add the municipality converter (municipality_converter_jp.csv, see docs/data.md) to the folder so they can be added up onto today's`,
    );
  }
  const map = t.year === CODES_YEAR ? null : converter!.table.to2020.get(t.year);
  if (map === undefined)
    throw new InputError(
      `${rel} is the ${t.year} census, but ${relative(folder, converter!.grid.file)} has no id_muni${t.year} column`,
    );
  return map;
}

/** The converter is used only if some table's codes needed it; else it is reported as skipped, as is any other converter. */
function reportConverter(
  ctx: Context,
  folder: string,
  found: Recognised[],
  converter: Recognised & { table: Converter },
) {
  const { report, convertedYears } = ctx;
  const rel = relative(folder, converter.grid.file);
  for (const other of found)
    if (other.table.kind === 'converter' && other !== converter)
      report.skipped.push({
        file: relative(folder, other.grid.file),
        why: `a second municipality converter; ${rel} is used`,
      });
  if (convertedYears.size === 0)
    report.skipped.push({
      file: rel,
      why: 'a municipality converter, but no table in the folder has codes that need converting',
    });
  else
    report.used.push(
      used(
        rel,
        converter,
        '市区町村コンバータ',
        'municipality codes 1980–2020 and mergers',
        [...convertedYears].sort(),
        converter.table.rows,
        0,
        CONVERTER_CREDIT,
      ),
    );
}

type EventCounts = Pick<JukiArea, 'births' | 'deaths' | 'inMigrants' | 'outMigrants' | 'population'>;
const EVENT_KEYS = ['births', 'deaths', 'inMigrants', 'outMigrants'] as const;

/** What the readers of the tables share: the regions, the converter, the report and the years claimed so far. */
interface Context {
  list: RegionList;
  converter: Converter | undefined;
  report: EstatReport;
  claim: (year: number, kind: 'actual' | 'projection', file: string, municipal?: boolean) => Map<string, RegionFigures>;
  years: Map<number, YearEntry>;
  convertedYears: Set<number>;
  /** The 住民基本台帳 tables read: per year, each region's events. */
  events: { year: number; file: string; rows: Map<string, EventCounts> }[];
}

function addMigration(ctx: Context, f: Recognised, t: MigrationTable, rel: string) {
  const { report } = ctx;
  for (const g of t.ageGaps) {
    report.warnings.push(
      `${rel}:${g.line}: ${g.name} (${g.prefCode}), 日本人移動者 with 全国: 総数 is ${g.total} but the age classes add up to ${g.classes}; forAgeClass shows the classes as published`,
    );
  }
  const regions = new Set(t.byBlock.map((r) => r.prefCode)).size;
  report.migration.push({ year: t.year, regions });
  report.used.push(
    used(
      rel,
      f,
      '住民基本台帳人口移動報告',
      `都道府県別 転入超過数（日本人移動者）: 移動前・移動後の住所地 × 年齢（5歳階級）, ${t.year}年`,
      [t.year],
      t.rows,
      regions,
      MIGRATION_CREDIT,
    ),
  );
}

/** A census year: today's codes as they are (map null), past ones through the converter's column of that year. */
function addCensus(ctx: Context, f: Recognised, t: CensusTable, rel: string, map: Map<string, string> | null) {
  const { list, report } = ctx;
  const figures = ctx.claim(t.year, 'actual', rel);
  if (map) ctx.convertedYears.add(t.year);
  // A past table is checked within its own year's boundaries (a municipality may have moved to another
  // prefecture since: 山口村 of 長野県 is in 岐阜県 中津川市 today); today's levels are checked after.
  const pastSums = new Map<string, number>();
  let outside = 0;
  for (const area of t.areas) {
    const all = area.sexes.total!;
    const counts = { male: area.sexes.male!.classes, female: area.sexes.female!.classes, unknown: all.unknown };
    const at = { file: t.file, line: all.row.line, column: t.totalColumn + 1 };
    const own = list.region(area.code);
    if (own?.length === 2 || (own && !map)) addInto(figures, own, counts, at);
    else if (map) {
      const today = list.pastRegion(area.code, map);
      if (today === undefined) continue; // an aggregate (市部, 郡, 支庁) or a ward of a city added up whole
      if (!list.byCode.has(today)) {
        report.warnings.push(
          `${rel}:${all.row.line}: ${t.year} municipality ${area.code} ${area.name} became ${today}, which is not among the municipalities RESAS listed; left out`,
        );
        continue;
      }
      addInto(figures, today, counts, at);
      pastSums.set(area.code.slice(0, 2), (pastSums.get(area.code.slice(0, 2)) ?? 0) + all.total);
    } else if (!/^（旧|^\(旧/.test(area.name) && area.code !== '00000' && area.code !== '13100') outside++;
  }
  if (outside)
    report.warnings.push(`${rel}: ${outside} areas are not among the regions RESAS listed and were left out`);
  if (map) warnPastSums(ctx, figures, pastSums, `${rel}, ${t.year}`, t.year);
  else warnSums(ctx, figures, `${rel}, ${t.year}`);
  report.used.push(
    used(
      rel,
      f,
      `${t.statName.normalize('NFKC').replace(/\s*\(.*$/, '')} 表${t.tableNo}`,
      t.title,
      [t.year],
      t.rows,
      figures.size,
      CENSUS_CREDIT,
    ),
  );
}

/** A past year's prefectures against the sum of their municipalities of that year, each within its own year's boundaries. */
function warnPastSums(
  ctx: Context,
  figures: Map<string, RegionFigures>,
  pastSums: Map<string, number>,
  what: string,
  year: number,
) {
  for (const [pref, sum] of pastSums) {
    const own = figures.get(pref);
    const warning =
      own && compareSum(`${what}: ${ctx.list.name(pref)} (${pref})`, total(own), sum, `${year} municipalities`, own.at);
    if (warning) ctx.report.warnings.push(warning);
  }
}

/** The region a table's code names today: as it is, or renamed through the converter's latest year (IPSS 2018's and SSDSE's 40305 那珂川町 is 40231 那珂川市 today). */
function todayOf(ctx: Context, code: string): string | undefined {
  const own = ctx.list.region(code);
  if (own) return own;
  const latest = ctx.converter && Math.max(...ctx.converter.to2020.keys());
  const today = latest ? ctx.converter!.to2020.get(latest)!.get(code) : undefined;
  if (!today || !ctx.list.byCode.has(today)) return undefined;
  ctx.convertedYears.add(latest!);
  return today;
}

/** Without the converter, a municipality renamed since a table was made (那珂川町 40305, 富谷町 04423) is not found: say what would find it. */
const renameHint = (ctx: Context) =>
  ctx.converter
    ? ''
    : ' (add the municipality converter, municipality_converter_jp.csv, to read renamed municipalities under their codes of today)';

/** A projection: every year after the census years RESAS showed. */
function addProjection(ctx: Context, f: Recognised, t: ProjectionTable, rel: string) {
  const { report } = ctx;
  const byYear = new Map<number, Map<string, RegionFigures>>();
  let outside = 0;
  for (const r of t.rows) {
    if (r.year < PROJECTION_FROM) continue;
    // IPSS 2018 uses the codes of early 2018: 那珂川町 40305 is 那珂川市 40231 today.
    const region = todayOf(ctx, r.code);
    if (!region) {
      outside++;
      continue;
    }
    let figures = byYear.get(r.year);
    if (!figures) byYear.set(r.year, (figures = ctx.claim(r.year, 'projection', rel)));
    if (figures.has(region))
      throw new SourceError(t.file, r.row.line, 1, `${r.code} ${r.name} appears twice for ${r.year}`);
    addInto(
      figures,
      region,
      { male: r.male, female: r.female, unknown: 0 },
      { file: t.file, line: r.row.line, column: t.totalColumn + 1 },
    );
  }
  if (outside)
    report.warnings.push(
      `${rel}: ${outside} rows name areas that are not among the regions RESAS listed and were left out`,
    );
  for (const [year, figures] of byYear) warnSums(ctx, figures, `${rel}, ${year}`);
  const projected = [...byYear.keys()].sort();
  const counted = new Set([...byYear.values()].flatMap((m) => [...m.keys()]));
  report.used.push(
    used(
      rel,
      f,
      'IPSS 日本の地域別将来推計人口（平成30年推計）',
      '男女・年齢（5歳）階級別の推計結果',
      projected,
      t.rows.length,
      counted.size,
      IPSS_CREDIT,
    ),
  );
}

/** population_by_age_group's names of the three broad groups, in RegionFigures.groups order. */
const AGE_GROUPS = ['young', 'working', 'old'] as const;
const sumOf = (v: number[]) => v.reduce((a, x) => a + x, 0);

/**
 * The census time series: the prefectures of every census year from 1960 that no census table of the
 * folder gives (such a table also has municipalities and the classes to 90歳以上). Its classes end at
 * 85歳以上, so it gives the broad groups 0–14, 15–64, 65+ and no pyramid; 年齢不詳 is 総数 less the classes.
 */
function addTimeSeries(ctx: Context, f: Recognised, t: TimeSeriesTable, rel: string) {
  const read = new Map<number, Map<string, RegionFigures>>();
  const inCensus = new Set<number>();
  for (const c of t.cells) {
    let figures = read.get(c.year);
    if (!figures) {
      const known = ctx.years.get(c.year);
      if (known) {
        // A year a census table gives: that table's figures stand; the two should agree.
        inCensus.add(c.year);
        const own = known.figures.get(prefRegion(c.prefCode));
        const stated = c.maleTotal + c.femaleTotal;
        if (own && total(own) !== stated)
          ctx.report.warnings.push(
            `${rel}:${c.row.line}: ${ctx.list.name(prefRegion(c.prefCode))} ${c.year} is ${stated.toLocaleString('en')}, ${known.file} says ${total(own).toLocaleString('en')}; ${known.file} is used`,
          );
        continue;
      }
      read.set(c.year, (figures = ctx.claim(c.year, 'actual', rel, false)));
    }
    const both = c.male.map((m, i) => m + c.female[i]!);
    const groups = [sumOf(both.slice(0, 3)), sumOf(both.slice(3, 13)), sumOf(both.slice(13))];
    const at = { file: t.file, line: c.row.line, column: TIMESERIES_TOTAL_COLUMN + 1 };
    addInto(
      figures,
      prefRegion(c.prefCode),
      { male: [], female: [], groups, unknown: c.maleTotal + c.femaleTotal - sumOf(both) },
      at,
    );
  }
  const given = [...read.keys()].sort();
  const rows = t.cells.filter((c) => read.has(c.year)).length;
  if (!given.length) {
    ctx.report.skipped.push({
      file: rel,
      why: `the census time series, but every year it gives from 1960 (${[...inCensus].join(', ')}) is in a census table of the folder`,
    });
    return;
  }
  const title = '年齢（5歳階級），男女別人口－都道府県（大正9年～平成27年）';
  ctx.report.used.push(used(rel, f, '国勢調査 時系列データ c03', title, given, rows, 47, CENSUS_CREDIT));
}

/**
 * SSDSE-A: the municipalities (designated cities whole, no wards) of its census year, as broad groups
 * (年齢不詳: 総人口 less them), added to the prefectures the time series gives that year and checked
 * against them; a census table that has that year's municipalities wins.
 */
function addSsdse(ctx: Context, f: Recognised, t: SsdseTable, rel: string) {
  const known = ctx.years.get(t.year);
  if (known?.municipal) {
    ctx.report.warnings.push(
      `${rel}: its ${t.year} population is not used: ${known.municipal} (a census table or a later SSDSE-A edition) gives that year's municipalities`,
    );
    return;
  }
  const figures = known ? known.figures : ctx.claim(t.year, 'actual', rel);
  if (known) known.municipal = rel;
  for (const area of t.areas) {
    const region = todayOf(ctx, currentCode(area.code));
    if (!region || region.length === 2)
      throw new SourceError(
        t.file,
        area.row.line,
        1,
        `団体コード ${area.code} (${area.name}) is no municipality of today's, nor a former code regstat knows`,
      );
    const at = { file: t.file, line: area.row.line, column: t.totalColumn + 1 };
    addInto(
      figures,
      region,
      { male: [], female: [], groups: area.groups, unknown: area.total - sumOf(area.groups) },
      at,
    );
  }
  warnSums(ctx, figures, `${rel}, ${t.year}`);
  const counted = t.areas.length;
  ctx.report.used.push(
    used(
      rel,
      f,
      'SSDSE-A（教育用標準データセット）',
      `市区町村 総人口・年齢3区分（${t.year}年国勢調査）`,
      [t.year],
      t.areas.length,
      counted,
      SSDSE_CREDIT,
    ),
  );
}

/**
 * 住民基本台帳 人口動態: births, deaths and moves of one calendar year for prefectures, designated
 * cities, wards and municipalities, each its own row (district rows such as 東津軽郡 are aggregates
 * and left out); births and deaths of the parts must add up to the prefecture's and the city's.
 */
function addJuki(ctx: Context, f: Recognised, t: JukiTable, rel: string) {
  const known = ctx.events.find((e) => e.year === t.year);
  if (known)
    throw new InputError(`${rel} and ${known.file} both give the events of ${t.year}; keep one of them in the folder`);
  const rows = new Map<string, EventCounts & { at: RegionFigures['at'] }>();
  const outside: string[] = [];
  for (const a of t.areas) {
    const region = todayOf(ctx, a.code);
    if (region && NO_DATA_CITIES.has(region)) continue; // the Northern-Territories villages: RESAS lists them, with no figures
    if (!region) {
      if (!/郡$|^島しょ$/.test(a.name.replace(/^.*?[都道府県]/, ''))) outside.push(`${a.code} ${a.name}`);
      continue;
    }
    const at = { file: t.file, line: a.row.line, column: 1 };
    const have = rows.get(region);
    if (have) for (const k of [...EVENT_KEYS, 'population'] as const) have[k] += a[k];
    else
      rows.set(region, {
        population: a.population,
        births: a.births,
        deaths: a.deaths,
        inMigrants: a.inMigrants,
        outMigrants: a.outMigrants,
        at,
      });
  }
  if (outside.length)
    ctx.report.warnings.push(
      `${rel}: ${outside.join(', ')}: not among the regions RESAS listed; left out${renameHint(ctx)}`,
    );
  // Births and deaths of the parts add up as people do, so the population's check of the levels serves (moves do not: a
  // prefecture's moves count moves between its municipalities).
  for (const key of ['births', 'deaths'] as const) {
    const asFigures = new Map(
      [...rows].map(([r, e]) => [r, { male: [], female: [], unknown: e[key], at: e.at } as RegionFigures]),
    );
    const sums = checkSums(ctx.list, asFigures, `${rel}, ${key} ${t.year}`);
    ctx.report.warnings.push(...sums.warnings);
    // The same regions lack parts for both counts: said once.
    if (key === 'births')
      ctx.report.warnings.push(...sums.partial.map((p) => `${rel}, ${t.year}: only some parts have figures: ${p}`));
  }
  ctx.events.push({ year: t.year, file: rel, rows });
  ctx.report.events.push({ year: t.year, regions: rows.size });
  const title = `人口動態（市区町村別）（総計）: ${t.year}年の転入者数・転出者数（計）, 出生者数, 死亡者数`;
  ctx.report.used.push(
    used(
      rel,
      f,
      '住民基本台帳に基づく人口、人口動態及び世帯数調査',
      title,
      [t.year],
      t.areas.length,
      rows.size,
      JUKI_CREDIT,
    ),
  );
}

/** Today's levels checked (wards against their city, municipalities against their prefecture): small differences are warned of. */
function warnSums(ctx: Context, figures: Map<string, RegionFigures>, what: string) {
  const sums = checkSums(ctx.list, figures, what);
  ctx.report.warnings.push(...sums.warnings, ...sums.partial.map((p) => `${what}: only some parts have figures: ${p}`));
}

/** The option, else a year (1990–2099) that the file's name or, failing that, its folder's name holds, and only one. */
function migrationYear(file: string, options: EstatOptions, name: string, report: EstatReport): number | undefined {
  const inName = (s: string) => {
    const found = new Set([...s.matchAll(/(?<!\d)(199\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1])));
    return found.size === 1 ? [...found][0] : undefined;
  };
  const named = inName(basename(file, extname(file))) ?? inName(basename(dirname(file)));
  if (options.migrationYear === undefined) return named;
  if (named !== undefined && named !== options.migrationYear)
    report.warnings.push(
      `${name}: its name says ${named}, but ${options.migrationYear} was given as the migration year; ${options.migrationYear} is used`,
    );
  return options.migrationYear;
}

function used(
  file: string,
  f: Recognised,
  table: string,
  title: string,
  years: number[],
  rows: number,
  regions: number,
  credit: string,
): UsedTable {
  return { file, table, title, years, rows, regions, sha256: f.sha256, credit };
}

function whyNot(grid: Grid): string {
  const first = grid.rows[0]?.cells ?? [];
  const head = grid.rows
    .slice(0, 3)
    .map((r) => r.cells.slice(0, 2).join(' '))
    .join(' / ');
  if (/統計名/.test(first[0] ?? ''))
    return `an e-Stat table (${head}) that is not one regstat reads: it reads census tables of population by area × sex × 5-year age`;
  return 'not a table regstat recognises (e-Stat census by area × sex × 5-year age, the census time series c03 by prefecture × sex × 5-year age, SSDSE-A, -B or -E, IPSS 2018 projections by area × sex × 5-year age, 住民基本台帳 人口動態 by municipality, 住民基本台帳人口移動報告 net migration by prefecture × 国籍 × area × sex × 5-year age, or the municipality converter)';
}

function sourceSet(
  list: RegionList,
  years: [number, { kind: 'actual' | 'projection'; figures: Map<string, RegionFigures> }][],
  migrations: MigrationTable[],
  events: Context['events'],
  ssdse: SsdseOutput | undefined,
  report: EstatReport,
): SourceSet {
  const files: SourceSet['files'] = populationFiles(list, years);
  if (ssdse) Object.assign(files, ssdseFiles(ssdse));
  if (events.length) files.vital_events = eventsFile(events);
  if (migrations.length) Object.assign(files, migrationFiles(migrations));
  return { dataset: datasetInfo(report), files };
}

const text = (name: string, t: string) => ({ file: `import:estat:${name}.csv`, text: t });

/** The regions and the population tables: by sex and 5-year age; broad groups (where a table gives no classes) and the people of unknown age. */
function populationFiles(
  list: RegionList,
  years: [number, { kind: 'actual' | 'projection'; figures: Map<string, RegionFigures> }][],
): SourceSet['files'] {
  const detail: (string | number)[][] = [];
  const groups: (string | number)[][] = [];
  for (const [year, y] of years) {
    for (const region of [...y.figures.keys()].sort()) {
      const f = y.figures.get(region)!;
      f.male.forEach((count, i) => detail.push([region, year, 'male', i * 5, count]));
      f.female.forEach((count, i) => detail.push([region, year, 'female', i * 5, count]));
      if (f.groups) f.groups.forEach((count, i) => groups.push([region, year, AGE_GROUPS[i]!, count]));
      if (y.kind === 'actual') groups.push([region, year, 'unknown', f.unknown]);
    }
  }
  return {
    prefectures: text(
      'prefectures',
      toCsv(
        ['prefCode', 'prefName'],
        list.prefectures.map((p) => [p.prefCode, p.prefName]),
      ),
    ),
    municipalities: text(
      'municipalities',
      toCsv(
        ['cityCode', 'cityName', 'bigCityFlag', 'designatedCityCode'],
        list.cities.map((c) => [c.cityCode, c.cityName, c.bigCityFlag, c.designatedCityCode]),
      ),
    ),
    population_years: text(
      'population_years',
      toCsv(
        ['year', 'kind'],
        years.map(([year, y]) => [year, y.kind]),
      ),
    ),
    population_by_age_sex: text(
      'population_by_age_sex',
      toCsv(['regionCode', 'year', 'sex', 'ageFrom', 'count'], detail),
    ),
    population_by_age_group: text(
      'population_by_age_group',
      toCsv(['regionCode', 'year', 'ageGroup', 'count'], groups),
    ),
  };
}

/** SSDSE's tables: local taxes (the parts empty) where 住基 residents were read; the medical counts of one class, its class and no areas. */
function ssdseFiles(o: SsdseOutput): Partial<SourceSet['files']> {
  const files: Partial<SourceSet['files']> = {};
  if (o.localTaxes.length)
    files.local_taxes = text(
      'local_taxes',
      toCsv(['regionCode', 'year', 'taxes', 'propertyTax', 'corporateTax', 'residents'], o.localTaxes),
    );
  if (o.medicalCounts.length) {
    const counts = ['matter2', 'year', 'regionCode', 'areaCode', 'classCode', 'count'];
    files.medical_counts = text('medical_counts', toCsv(counts, o.medicalCounts));
    // The class of the counts that are one figure (regstat's classification, no figure), and no secondary
    // medical areas: SSDSE does not say which municipalities make one.
    const classes = ['scheme', 'broadCode', 'broadName', 'middleCode', 'middleName'];
    files.medical_classes = text('medical_classes', toCsv(classes, [['total', '00', '総数', '', '']]));
    files.medical_areas = text('medical_areas', toCsv(['areaCode', 'areaName', 'cityCode'], []));
  }
  return files;
}

/** Births, deaths and moves (住民基本台帳), by region and then year. */
function eventsFile(events: Context['events']): { file: string; text: string } {
  const rows = events.flatMap((e) =>
    [...e.rows].map(([region, c]) => [region, e.year, c.births, c.deaths, c.inMigrants, c.outMigrants] as const),
  );
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return text('vital_events', toCsv(['regionCode', 'year', ...EVENT_KEYS], rows as unknown as (string | number)[][]));
}

/** Net migration by block and by age group, the years in order. */
function migrationFiles(
  migrations: MigrationTable[],
): Pick<SourceSet['files'], 'migration_by_block' | 'migration_by_age_group'> {
  const ordered = [...migrations].sort((a, b) => a.year - b.year);
  return {
    migration_by_block: text(
      'migration_by_block',
      toCsv(
        ['prefCode', 'year', 'blockCode', 'net'],
        ordered.flatMap((m) => m.byBlock.map((r) => [r.prefCode, r.year, r.blockCode, r.net])),
      ),
    ),
    migration_by_age_group: text(
      'migration_by_age_group',
      toCsv(
        ['regionCode', 'year', 'ageClass', 'net'],
        ordered.flatMap((m) => m.byAgeGroup.map((r) => [r.regionCode, r.year, r.ageClass, r.net])),
      ),
    ),
  };
}

function datasetInfo(report: EstatReport): DatasetInfo {
  const credits = [...new Set(report.used.map((u) => u.credit))];
  const actual = report.coverage.filter((c) => c.kind === 'actual').map((c) => c.year);
  const projected = report.coverage.filter((c) => c.kind === 'projection').map((c) => c.year);
  const migration = report.migration.map((m) => m.year);
  const events = report.events.map((m) => m.year);
  const ssdse = (report.ssdse?.written ?? []).map((w) => `${w.table} ${w.years.join(', ')}`);
  const notice =
    `Official statistics. ${credits.join('; ')}. ` +
    `Population by region (by sex and 5-year age where a table gives them, else 0–14 / 15–64 / 65+) imported by regstat from ${report.used.length} official table${report.used.length === 1 ? '' : 's'}: ` +
    `census ${actual.join(', ') || 'none'}${projected.length ? `; projection ${projected.join(', ')}` : ''}` +
    `${migration.length ? `; net migration of Japanese nationals (日本人移動者) by prefecture ${migration.join(', ')}` : ''}` +
    `${events.length ? `; births, deaths and moves (住民基本台帳) ${events.join(', ')}` : ''}` +
    `${ssdse.length ? `; from SSDSE: ${ssdse.join('; ')}` : ''}. ` +
    'Years and regions no table covers are absent (result null), never estimated; no synthetic figure is mixed in.';
  const provenance: Provenance = {
    importer: 'npm run import:estat',
    credits,
    tables: report.used.map(({ file, table, title, years, rows, sha256 }) => ({
      file,
      table,
      title,
      years,
      rows,
      sha256,
    })),
    coverage: report.coverage.map((c) => ({
      year: c.year,
      kind: c.kind,
      regions: c.regions,
      missing: c.missing.length,
      ages: c.ages,
    })),
    ...(report.migration.length ? { migration: report.migration } : {}),
    ...(report.events.length ? { events: report.events } : {}),
  };
  return { kind: 'imported', notice, provenance };
}
