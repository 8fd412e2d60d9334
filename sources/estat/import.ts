// The e-Stat importer: reads the official tables it recognises in a folder (by their content, whatever
// the files are called), checks them, puts their figures on today's municipalities and writes the
// population source tables. Only what a table states is written: a region or year no table covers has
// no row, and the build answers it with null, never with an estimate.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, extname, relative } from 'node:path';
import fg from 'fast-glob';
import { InputError, SourceError, toCsv } from '../csv.ts';
import type { DatasetInfo, SourceSet } from '../load.ts';
import { isCensusTable, readCensus, type CensusTable } from './census.ts';
import { isConverter, readConverter, type Converter } from './converter.ts';
import { readGrid, type Grid } from './grid.ts';
import { isProjectionTable, readProjection, type ProjectionTable } from './ipss.ts';
import { isMigrationTable, readMigration, type MigrationTable } from './migration.ts';
import { addInto, checkSums, compareSum, RegionList, total, type RegionFigures } from './regions.ts';

export const CENSUS_CREDIT = '出典: 国勢調査（総務省統計局）';
export const IPSS_CREDIT = '出典: 国立社会保障・人口問題研究所「日本の地域別将来推計人口（平成30(2018)年推計）」';
export const MIGRATION_CREDIT = '出典: 住民基本台帳人口移動報告（総務省統計局）';
export const CONVERTER_CREDIT =
  '市区町村コンバータ: Kondo, K. (2019) "Municipality-level Panel Data and Municipal Mergers in Japan", RIETI Technical Paper 19-T-001';

/** The census year of today's municipality codes: a table of this year needs no converter. */
const CODES_YEAR = 2020;
/**
 * IPSS 2018's first projected year that RESAS showed: its 2015 column is the base population (年齢不詳
 * distributed) and its 2020 the projection that the 2020 census replaced in RESAS.
 */
const PROJECTION_FROM = 2025;

export interface UsedTable {
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

/** dataset.json's record of where an import's figures come from; the manifest and the docs page repeat it. */
export interface Provenance {
  importer: string;
  /** The attributions the tables' licences ask for, to show wherever the figures are. */
  credits: string[];
  tables: { file: string; table: string; title: string; years: number[]; rows: number; sha256: string }[];
  /** Per year: how many regions have figures, and how many of those RESAS listed have none. */
  coverage: { year: number; kind: 'actual' | 'projection'; regions: number; missing: number }[];
  /** Net migration, apart from the population years: per year, how many prefectures have figures. */
  migration?: { year: number; regions: number }[];
}

export interface EstatReport {
  used: UsedTable[];
  skipped: { file: string; why: string }[];
  warnings: string[];
  /** Per year: the regions that have figures, and the RESAS regions that have none. */
  coverage: { year: number; kind: 'actual' | 'projection'; regions: number; missing: string[] }[];
  /** Net migration (prefectures only), per year: kept apart from the population coverage above. */
  migration: { year: number; regions: number }[];
}

export interface EstatOptions {
  /** The year of a migration table, which its content does not state; else it is taken from the file's or its folder's name. */
  migrationYear?: number;
}

const rank = (t: Recognised['table']) => (t.kind === 'census' ? t.year : t.kind === 'projection' ? 1e4 : t.kind === 'migration' ? 2e4 + t.year : 3e4);

type Recognised = { grid: Grid; sha256: string } & ({ table: CensusTable } | { table: ProjectionTable } | { table: Converter } | { table: MigrationTable });

export function importEstat(folder: string, options: EstatOptions = {}): { set: SourceSet; report: EstatReport } {
  const report: EstatReport = { used: [], skipped: [], warnings: [], coverage: [], migration: [] };
  const files = fg.sync(['**/*.csv', '**/*.CSV'], { cwd: folder, absolute: true, onlyFiles: true }).sort();
  if (files.length === 0) throw new InputError(`${folder} holds no .csv file; download the tables from e-Stat as CSV (see README, "Real statistics")`);

  const found: Recognised[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    const grid = readGrid(file, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const name = relative(folder, file);
    if (isCensusTable(grid)) found.push({ grid, sha256, table: readCensus(grid) });
    else if (isProjectionTable(grid)) found.push({ grid, sha256, table: readProjection(grid) });
    else if (isMigrationTable(grid)) {
      const year = migrationYear(file, options, name, report);
      if (year === undefined)
        report.skipped.push({
          file: name,
          why: `a 住民基本台帳人口移動報告 net-migration table, but its year is not in its content, its file name or its folder's name; give it with --migration-year (for a 2021 table: npm run import:estat -- <folder> <sources-dir> --migration-year 2021), or put the year in the file's name`,
        });
      else found.push({ grid, sha256, table: readMigration(grid, year) });
    } else if (isConverter(grid)) found.push({ grid, sha256, table: readConverter(grid) });
    else report.skipped.push({ file: name, why: whyNot(grid) });
  }

  // In the order of what the tables are, not of their names: census years, the projection, migration, the converter.
  found.sort((a, b) => rank(a.table) - rank(b.table) || (a.grid.file < b.grid.file ? -1 : 1));
  const list = new RegionList();
  const converter = found.find((f): f is Recognised & { table: Converter } => f.table.kind === 'converter');
  /** Year → region → figures; and which table gave each year. */
  const years = new Map<number, { kind: 'actual' | 'projection'; figures: Map<string, RegionFigures>; file: string }>();
  const claim = (year: number, kind: 'actual' | 'projection', file: string) => {
    const known = years.get(year);
    if (known) throw new InputError(`${file} and ${known.file} both give ${year}; keep one of them in the folder`);
    const entry = { kind, figures: new Map<string, RegionFigures>(), file };
    years.set(year, entry);
    return entry.figures;
  };

  const convertedYears = new Set<number>();
  const migrations: MigrationTable[] = [];
  const ctx: Context = { list, converter: converter?.table, report, claim, convertedYears };
  for (const f of found) {
    const rel = relative(folder, f.grid.file);
    const t = f.table;
    if (t.kind === 'migration') {
      const known = migrations.find((m) => m.year === t.year);
      if (known) throw new InputError(`${rel} and ${relative(folder, known.file)} are both net migration of ${t.year}; keep one of them in the folder`);
      migrations.push(t);
      addMigration(ctx, f, t, rel);
    } else if (t.kind === 'census') {
      if (t.year !== CODES_YEAR && !converter) {
        throw new InputError(
          `${rel} is the ${t.year} census, whose municipalities are not today's; add the municipality converter (municipality_converter_jp.csv, see README) to the folder so they can be added up onto today's`,
        );
      }
      const map = t.year === CODES_YEAR ? null : converter!.table.to2020.get(t.year);
      if (map === undefined)
        throw new InputError(`${rel} is the ${t.year} census, but ${relative(folder, converter!.grid.file)} has no id_muni${t.year} column`);
      addCensus(ctx, f, t, rel, map);
    } else if (t.kind === 'projection') addProjection(ctx, f, t, rel);
  }
  if (converter) {
    const rel = relative(folder, converter.grid.file);
    if (convertedYears.size === 0)
      report.skipped.push({ file: rel, why: 'a municipality converter, but no table in the folder has codes that need converting' });
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
  if (options.migrationYear !== undefined && migrations.length === 0)
    report.warnings.push(`a migration year (${options.migrationYear}) was given, but no net-migration table was read`);
  if (years.size === 0 && migrations.length === 0) {
    throw new InputError(
      `${folder} holds no table regstat reads (${report.skipped.length} files skipped: ${report.skipped.map((s) => `${s.file}: ${s.why}`).join('; ')})`,
    );
  }

  const ordered = [...years.entries()].sort((a, b) => a[0] - b[0]);
  for (const [year, y] of ordered) {
    const missing = list.counted.filter((r) => !y.figures.has(r));
    report.coverage.push({ year, kind: y.kind, regions: y.figures.size, missing });
  }
  report.migration.sort((a, b) => a.year - b.year);
  return { set: sourceSet(list, ordered, migrations, report), report };
}

/** What the readers of the tables share: the regions, the converter, the report and the years claimed so far. */
interface Context {
  list: RegionList;
  converter: Converter | undefined;
  report: EstatReport;
  claim: (year: number, kind: 'actual' | 'projection', file: string) => Map<string, RegionFigures>;
  convertedYears: Set<number>;
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
      // e-Stat recoded some past cities to the code they have as designated cities today (仙台市 04100 in
      // 1980, where the converter still says 04201): a code of today that is not a ward names itself.
      const today = map.get(area.code) ?? (own && list.byCode.get(own)!.bigCityFlag !== '1' ? own : undefined);
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
  if (outside) report.warnings.push(`${rel}: ${outside} areas are not among the regions RESAS listed and were left out`);
  if (map) {
    for (const [pref, sum] of pastSums) {
      const own = figures.get(pref);
      const warning = own && compareSum(`${rel}, ${t.year}: ${list.name(pref)} (${pref})`, total(own), sum, `${t.year} municipalities`, own.at);
      if (warning) report.warnings.push(warning);
    }
  } else {
    warnSums(ctx, figures, `${rel}, ${t.year}`);
  }
  report.used.push(
    used(rel, f, `${t.statName.normalize('NFKC').replace(/\s*\(.*$/, '')} 表${t.tableNo}`, t.title, [t.year], t.rows, figures.size, CENSUS_CREDIT),
  );
}

/** A projection: every year after the census years RESAS showed. */
function addProjection(ctx: Context, f: Recognised, t: ProjectionTable, rel: string) {
  const { list, report, converter } = ctx;
  const latest = converter && Math.max(...converter.to2020.keys());
  const renamed = (code: string) => {
    const today = latest ? converter!.to2020.get(latest)!.get(code) : undefined;
    if (today) ctx.convertedYears.add(latest!);
    return today && list.byCode.has(today) ? today : undefined;
  };
  const byYear = new Map<number, Map<string, RegionFigures>>();
  let outside = 0;
  for (const r of t.rows) {
    if (r.year < PROJECTION_FROM) continue;
    // IPSS 2018 uses the codes of early 2018: 那珂川町 40305 is 那珂川市 40231 today.
    const region = list.region(r.code) ?? renamed(r.code);
    if (!region) {
      outside++;
      continue;
    }
    let figures = byYear.get(r.year);
    if (!figures) byYear.set(r.year, (figures = ctx.claim(r.year, 'projection', rel)));
    if (figures.has(region)) throw new SourceError(t.file, r.row.line, 1, `${r.code} ${r.name} appears twice for ${r.year}`);
    addInto(figures, region, { male: r.male, female: r.female, unknown: 0 }, { file: t.file, line: r.row.line, column: t.totalColumn + 1 });
  }
  if (outside) report.warnings.push(`${rel}: ${outside} rows name areas that are not among the regions RESAS listed and were left out`);
  for (const [year, figures] of byYear) warnSums(ctx, figures, `${rel}, ${year}`);
  const projected = [...byYear.keys()].sort();
  const counted = new Set([...byYear.values()].flatMap((m) => [...m.keys()]));
  report.used.push(
    used(rel, f, 'IPSS 日本の地域別将来推計人口（平成30年推計）', '男女・年齢（5歳）階級別の推計結果', projected, t.rows.length, counted.size, IPSS_CREDIT),
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
    report.warnings.push(`${name}: its name says ${named}, but ${options.migrationYear} was given as the migration year; ${options.migrationYear} is used`);
  return options.migrationYear;
}

function used(file: string, f: Recognised, table: string, title: string, years: number[], rows: number, regions: number, credit: string): UsedTable {
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
  return 'not a table regstat recognises (e-Stat census by area × sex × 5-year age, IPSS 2018 projections by area × sex × 5-year age, 住民基本台帳人口移動報告 net migration by prefecture × 国籍 × area × sex × 5-year age, or the municipality converter)';
}

function sourceSet(
  list: RegionList,
  years: [number, { kind: 'actual' | 'projection'; figures: Map<string, RegionFigures> }][],
  migrations: MigrationTable[],
  report: EstatReport,
): SourceSet {
  const detail: (string | number)[][] = [];
  const unknown: (string | number)[][] = [];
  for (const [year, y] of years) {
    for (const region of [...y.figures.keys()].sort()) {
      const f = y.figures.get(region)!;
      f.male.forEach((count, i) => detail.push([region, year, 'male', i * 5, count]));
      f.female.forEach((count, i) => detail.push([region, year, 'female', i * 5, count]));
      if (y.kind === 'actual') unknown.push([region, year, 'unknown', f.unknown]);
    }
  }
  const text = (name: string, t: string) => ({ file: `import:estat:${name}.csv`, text: t });
  const files: SourceSet['files'] = {
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
    population_by_age_sex: text('population_by_age_sex', toCsv(['regionCode', 'year', 'sex', 'ageFrom', 'count'], detail)),
    population_by_age_group: text('population_by_age_group', toCsv(['regionCode', 'year', 'ageGroup', 'count'], unknown)),
  };
  if (migrations.length) {
    const ordered = [...migrations].sort((a, b) => a.year - b.year);
    files.migration_by_block = text(
      'migration_by_block',
      toCsv(
        ['prefCode', 'year', 'blockCode', 'net'],
        ordered.flatMap((m) => m.byBlock.map((r) => [r.prefCode, r.year, r.blockCode, r.net])),
      ),
    );
    files.migration_by_age_group = text(
      'migration_by_age_group',
      toCsv(
        ['regionCode', 'year', 'ageClass', 'net'],
        ordered.flatMap((m) => m.byAgeGroup.map((r) => [r.regionCode, r.year, r.ageClass, r.net])),
      ),
    );
  }
  return { dataset: datasetInfo(report), files };
}

function datasetInfo(report: EstatReport): DatasetInfo {
  const credits = [...new Set(report.used.map((u) => u.credit))];
  const actual = report.coverage.filter((c) => c.kind === 'actual').map((c) => c.year);
  const projected = report.coverage.filter((c) => c.kind === 'projection').map((c) => c.year);
  const migration = report.migration.map((m) => m.year);
  const notice =
    `Official statistics. ${credits.join('; ')}. ` +
    `Population by region, sex and 5-year age imported by regstat from ${report.used.length} official table${report.used.length === 1 ? '' : 's'}: ` +
    `census ${actual.join(', ') || 'none'}${projected.length ? `; projection ${projected.join(', ')}` : ''}` +
    `${migration.length ? `; net migration of Japanese nationals (日本人移動者) by prefecture ${migration.join(', ')}` : ''}. ` +
    'Years and regions no table covers are absent (result null), never estimated; no synthetic figure is mixed in.';
  const provenance: Provenance = {
    importer: 'npm run import:estat',
    credits,
    tables: report.used.map(({ file, table, title, years, rows, sha256 }) => ({ file, table, title, years, rows, sha256 })),
    coverage: report.coverage.map((c) => ({ year: c.year, kind: c.kind, regions: c.regions, missing: c.missing.length })),
    ...(report.migration.length ? { migration: report.migration } : {}),
  };
  return { kind: 'imported', notice, provenance };
}
