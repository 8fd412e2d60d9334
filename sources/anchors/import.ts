// The official totals the sample provider is anchored to (sources/official/*.csv), made from the JLSTAT
// tables in ../shared/data/official, with the checks sources/official/README.md reports: npm run anchors
// (build/cli/anchors.ts) writes them. The only files in the repository derived from official data.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../build/user-error.ts';
import { headedRecords, toCsv, type CsvRecord } from '../csv.ts';
import { localGovPrefectures } from '../local-gov.ts';
import { OFFICIAL_DIR, OFFICIAL_FILE_NAMES } from '../official.ts';
import { FINANCE_COLUMNS, MUNICIPAL_AGE_COLUMNS, MUNICIPAL_PROJECTION_COLUMNS } from '../official-statistics.ts';
import { prefectureAgeRows } from './age.ts';
import { municipalAgeLines, municipalAgeRows, type MunicipalAgeReport } from './municipal-age.ts';
import {
  municipalProjectionLines,
  municipalProjectionRows,
  type MunicipalProjectionReport,
} from './municipal-projection.ts';
import { prefectureStayRows, type StayReport } from './stays.ts';
import { MEDICAL_ITEMS, medicalRows, type MedicalReport } from './medical.ts';
import { ESTABLISHMENT_COLUMNS, establishmentRows, type EstablishmentReport } from './establishments.ts';
import { municipalFinanceRows, type FinanceReport } from './finance.ts';
import { prefectureMigrationRows, type MigrationReport } from './migration.ts';
import { municipalTaxRows, type TaxReport } from './taxes.ts';

export type AnchorFile = keyof typeof OFFICIAL_FILE_NAMES;

interface AnchorReport {
  rows: Record<AnchorFile, number>;
  /** Input cells that are NA, left out: 沖縄県 1945. */
  skipped: string[];
  /** Per census year: Σ of the 47 prefectures and the national total. */
  census: { year: number; prefectures: number; national: number }[];
  /** Per IPSS year: Σ of the IPSS 2018 prefectures, the IPSS 2017 national total (出生中位・死亡中位) and Σ of its rounded age classes. */
  projection: { year: number; prefectures: number; national: number; ages: number }[];
  /** Per census year: where the open-ended last age class begins (85 up to 2000, 100 after). */
  openFrom: { year: number; from: number }[];
  /** Prefecture-years whose age table's 総数 is not the JLSTAT total (c03 is on today's boundaries). */
  ageTotals: { prefCode: number; year: number; table: number; jlstat: number }[];
  taxes: TaxReport;
  stays: StayReport;
  medical: MedicalReport;
  establishments: EstablishmentReport;
  finance: FinanceReport;
  migration: MigrationReport;
  municipalAge: MunicipalAgeReport;
  municipalProjection: MunicipalProjectionReport;
}

const SEXES: Record<string, 'male' | 'female'> = { 男性: 'male', 女性: 'female' };
/** Whether a projected national total may be the 出生中位・死亡中位 variant: IPSS rounds its tables separately, by a few persons. */
const ROUNDING = 10;

type InputRow = CsvRecord;

/** The records of one JLSTAT table, whose header must be exactly `columns`. */
function readInput(dir: string, name: string, columns: readonly string[]): InputRow[] {
  const file = join(dir, name);
  if (!existsSync(file))
    throw new InputError(`${file}: not found; give the folder of the JLSTAT tables (shared/data/official)`);
  return headedRecords(readFileSync(file, 'utf8'), file, columns, 'is this the JLSTAT table?');
}

/** `1920年` as 1920. */
function censusYear(r: InputRow): number {
  const m = /^(\d{4})年$/.exec(r.text('時間軸(調査年)'));
  if (!m)
    throw r.fault(
      '時間軸(調査年)',
      `expected a year such as 1920年, found ${JSON.stringify(r.text('時間軸(調査年)'))}`,
    );
  return Number(m[1]);
}

/** The census totals' fixed columns: a table of total population in persons. */
function checkTotalRow(r: InputRow, area?: string): void {
  const want: Record<string, string> = {
    表章項目: '人口',
    男女_時系列: '総数',
    unit: '人',
    ...(area ? { 地域_時系列: area } : {}),
  };
  for (const [c, v] of Object.entries(want))
    if (r.text(c) !== v) throw r.fault(c, `expected ${v}, found ${JSON.stringify(r.text(c))}`);
}

/** `0~4歳` as 0, `100歳以上` as 100. */
function ageFrom(r: InputRow): number {
  const label = r.text('age');
  const m = /^(\d+)~(\d+)歳$/.exec(label);
  if (m && Number(m[2]) === Number(m[1]) + 4 && Number(m[1]) % 5 === 0 && Number(m[1]) < 100) return Number(m[1]);
  if (label === '100歳以上') return 100;
  throw r.fault('age', `expected a 5-year class such as 0~4歳 or 100歳以上, found ${JSON.stringify(label)}`);
}

function sexOf(r: InputRow): 'male' | 'female' {
  const sex = SEXES[r.text('sex')];
  if (!sex) throw r.fault('sex', `expected 男性 or 女性, found ${JSON.stringify(r.text('sex'))}`);
  return sex;
}

/** Population by year → sex → class index (ageFrom / 5); each year must have both sexes and contiguous classes from 0–4. */
function pyramid(
  dir: string,
  name: string,
  value: (r: InputRow) => number,
): Map<number, { male: number[]; female: number[] }> {
  const out = new Map<number, { male: number[]; female: number[] }>();
  for (const r of readInput(dir, name, ['year', 'sex', 'age', 'value'])) {
    const year = r.int('year');
    const entry = out.get(year) ?? { male: [], female: [] };
    out.set(year, entry);
    const i = ageFrom(r) / 5;
    const classes = entry[sexOf(r)];
    if (classes[i] !== undefined) throw r.fault('age', `${year} ${r.text('sex')} ${r.text('age')} is given twice`);
    classes[i] = value(r);
  }
  for (const [year, { male, female }] of out) {
    for (const classes of [male, female]) {
      // Up to 2000 the census published 85歳以上 as its last class; JLSTAT labels it 85~89歳.
      if (
        ![18, 21].includes(classes.length) ||
        [...classes].some((v) => v === undefined) ||
        classes.length !== male.length
      ) {
        throw new InputError(
          `${join(dir, name)}: ${year} does not have the classes 0~4歳 … 85~89歳 (85 and over) or 0~4歳 … 100歳以上 for both sexes`,
        );
      }
    }
  }
  return out;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The JLSTAT total tables' columns (national and by prefecture alike). */
const TOTAL_COLUMNS = ['id', '表章項目', '男女_時系列', '地域_時系列', '時間軸(調査年)', 'unit', 'value'] as const;

type PrefectureRow = [number, number, string, number];
type NationalRow = [number, string, string, number, number];
type Pyramids = Map<number, { male: number[]; female: number[] }>;

/** A prefecture's code from its name in `column`; JLSTAT names prefectures, the files give codes. */
function prefectureCodes(): (r: InputRow, column: string) => number {
  const codeOf = new Map(localGovPrefectures().map((p) => [p.prefName, p.prefCode]));
  return (r, column) => {
    const code = codeOf.get(r.text(column));
    if (code === undefined) throw r.fault(column, `${JSON.stringify(r.text(column))} is not a prefecture name`);
    return code;
  };
}

/** The census's national totals by year: they set the years every other census table must have. */
function nationalTotals(dir: string): Map<number, number> {
  const national = new Map<number, number>();
  for (const r of readInput(dir, 'jlstat_total.csv', TOTAL_COLUMNS)) {
    checkTotalRow(r, '全国');
    national.set(censusYear(r), r.int('value'));
  }
  return national;
}

/** The census's prefecture totals, each of the 47 in each national year once; NA cells are left out and said. */
function censusPrefectureRows(
  dir: string,
  prefCode: ReturnType<typeof prefectureCodes>,
  national: Map<number, number>,
  censusYears: number[],
): { rows: PrefectureRow[]; skipped: string[] } {
  const rows: PrefectureRow[] = [];
  const skipped: string[] = [];
  const seen = new Set<number>();
  for (const r of readInput(dir, 'jlstat_total_prefecture.csv', TOTAL_COLUMNS)) {
    checkTotalRow(r);
    const code = prefCode(r, '地域_時系列');
    const year = censusYear(r);
    if (!national.has(year)) throw r.fault('時間軸(調査年)', `${year} is not a year of jlstat_total.csv`);
    if (seen.has(code * 10000 + year))
      throw r.fault('時間軸(調査年)', `${r.text('地域_時系列')} ${year} is given twice`);
    seen.add(code * 10000 + year);
    if (r.text('value') === 'NA') skipped.push(`${r.text('地域_時系列')} ${year} (NA in jlstat_total_prefecture.csv)`);
    else rows.push([code, year, 'census', r.int('value')]);
  }
  if (seen.size !== 47 * censusYears.length)
    throw new InputError(
      `${join(dir, 'jlstat_total_prefecture.csv')}: expected 47 prefectures × ${censusYears.length} years, found ${seen.size} cells`,
    );
  return { rows, skipped };
}

/**
 * IPSS 2018 prefecture projections: Σ of the prefectures for every year (checked against the national
 * projection), and rows only for the years after the last census (the census counts the others).
 */
function projectedPrefectureRows(
  dir: string,
  prefCode: ReturnType<typeof prefectureCodes>,
  lastCensus: number,
): { rows: PrefectureRow[]; sums: Map<number, number>; years: number[]; projectionYears: number[] } {
  const rows: PrefectureRow[] = [];
  const sums = new Map<number, number>();
  const seen = new Set<number>();
  for (const r of readInput(dir, 'jlstat_total_prefecture_projection.csv', ['pref', 'year', 'value'])) {
    const code = prefCode(r, 'pref');
    const year = r.int('year');
    if (seen.has(code * 10000 + year)) throw r.fault('year', `${r.text('pref')} ${year} is given twice`);
    seen.add(code * 10000 + year);
    sums.set(year, (sums.get(year) ?? 0) + r.int('value'));
    if (year > lastCensus) rows.push([code, year, 'projection', r.int('value')]);
  }
  const years = [...sums.keys()].sort((a, b) => a - b);
  const projectionYears = years.filter((y) => y > lastCensus);
  if (seen.size !== 47 * years.length || projectionYears.length === 0) {
    throw new InputError(
      `${join(dir, 'jlstat_total_prefecture_projection.csv')}: expected 47 prefectures for each year, some after ${lastCensus}`,
    );
  }
  return { rows, sums, years, projectionYears };
}

/** IPSS 2017's national pyramid in persons: JLSTAT multiplied its thousands by 1000, so a fraction means another unit. */
function projectedPyramids(dir: string): Pyramids {
  return pyramid(dir, 'jlstat_pyramid_total_projection.csv', (r) => {
    const v = r.num('value');
    if (Math.abs(v - Math.round(v)) > 0.01)
      throw r.fault('value', `expected a number of persons, found ${r.text('value')} (a unit other than persons?)`);
    return Math.round(v);
  });
}

/**
 * National population by sex × age for the census years (and, per year, the persons of unknown age: the
 * national total less the age classes) and for the projection's years after the last census.
 */
function nationalAgeRows(
  dir: string,
  national: Map<number, number>,
  censusYears: number[],
  projectionYears: number[],
  censusAges: Pyramids,
  projectedAges: Pyramids,
): { rows: NationalRow[]; unknownRows: [number, number][]; openFrom: AnchorReport['openFrom'] } {
  const rows: NationalRow[] = [];
  const unknownRows: [number, number][] = [];
  const openFrom: AnchorReport['openFrom'] = [];
  for (const year of censusYears) {
    const ages = censusAges.get(year);
    if (!ages) throw new InputError(`${join(dir, 'jlstat_pyramid_total.csv')}: no ${year}, a year of jlstat_total.csv`);
    const unknown = national.get(year)! - sum(ages.male) - sum(ages.female);
    if (unknown < 0)
      throw new InputError(
        `${join(dir, 'jlstat_pyramid_total.csv')}: the age classes of ${year} add up to more than the national total in jlstat_total.csv`,
      );
    unknownRows.push([year, unknown]);
    openFrom.push({ year, from: (ages.male.length - 1) * 5 });
    for (const sex of ['male', 'female'] as const)
      ages[sex].forEach((v, i) => rows.push([year, 'census', sex, i * 5, v]));
  }
  for (const year of projectionYears) {
    const ages = projectedAges.get(year);
    if (!ages || ages.male.length !== 21)
      throw new InputError(
        `${join(dir, 'jlstat_pyramid_total_projection.csv')}: no ${year} with 21 classes to 100歳以上, a year of the prefecture projection`,
      );
    for (const sex of ['male', 'female'] as const)
      ages[sex].forEach((v, i) => rows.push([year, 'projection', sex, i * 5, v]));
  }
  return { rows, unknownRows, openFrom };
}

/** The projected pyramid must be the 出生中位・死亡中位 variant, the one IPSS 2018's prefectures add up to. */
function projectionChecks(
  dir: string,
  ipssYears: number[],
  projectedAges: Pyramids,
  prefectureSums: Map<number, number>,
): AnchorReport['projection'] {
  const middle = new Map<number, number>();
  for (const r of readInput(dir, 'jlstat_total_projection.csv', ['year', '死亡', '出生', 'value'])) {
    if (r.text('year') === 'NA') continue; // parsing leftovers at the end of the JLSTAT table
    if (r.text('死亡') === '中位' && r.text('出生') === '中位') middle.set(r.int('year'), r.int('value'));
  }
  const projection: AnchorReport['projection'] = [];
  for (const year of ipssYears) {
    const ages = projectedAges.get(year);
    const total = middle.get(year);
    if (!ages || total === undefined)
      throw new InputError(`${dir}: no IPSS 2017 national figures for ${year}, a year of the prefecture projection`);
    const ageSum = sum(ages.male) + sum(ages.female);
    if (Math.abs(ageSum - total) > ROUNDING) {
      throw new InputError(
        `${join(dir, 'jlstat_pyramid_total_projection.csv')}: ${year} adds up to ${ageSum}, not the 出生中位・死亡中位 total ${total} of jlstat_total_projection.csv; expected that variant`,
      );
    }
    projection.push({ year, prefectures: prefectureSums.get(year)!, national: total, ages: ageSum });
  }
  return projection;
}

/** Prefecture-years whose age table's 総数 differs from the JLSTAT total of the same prefecture and year. */
function ageTotalsOff(totals: Map<number, number>, prefRows: PrefectureRow[]): AnchorReport['ageTotals'] {
  const jlstat = new Map(prefRows.map((r) => [r[0] * 10000 + r[1], r[3]]));
  return [...totals]
    .filter(([key, n]) => jlstat.get(key) !== n)
    .map(([key, table]) => ({ prefCode: Math.floor(key / 10000), year: key % 10000, table, jlstat: jlstat.get(key)! }));
}

/** prefecture-age.csv's classes of a prefecture, year and sex, from its rows (prefCode, year, kind, sex, ageFrom, population). */
function prefectureClasses(rows: ReturnType<typeof prefectureAgeRows>['rows']) {
  const by = new Map<string, number[]>();
  for (const [pref, year, , sex, from, n] of rows) {
    const key = `${pref}|${year}|${sex}`;
    by.set(key, [...(by.get(key) ?? []), n]);
    if (by.get(key)!.length !== from / 5 + 1)
      throw new InputError(`prefecture-age rows of ${key} are not in class order`);
  }
  return (prefCode: number, year: number, sex: 'male' | 'female'): number[] => {
    const classes = by.get(`${prefCode}|${year}|${sex}`);
    if (!classes) throw new InputError(`prefecture-age.csv has no ${sex} of prefecture ${prefCode} in ${year}`);
    return classes;
  };
}

/** The prefectures' and municipalities' population by sex × 5-year age (census and IPSS): the files, their rows and checks. */
function ageTables(dir: string, prefRows: Parameters<typeof ageTotalsOff>[1]) {
  const age = prefectureAgeRows(dir);
  const classes = prefectureClasses(age.rows);
  const municipalAge = municipalAgeRows(dir, classes);
  const projection = municipalProjectionRows(dir, classes);
  return {
    files: {
      prefectureAge: toCsv(['prefCode', 'year', 'kind', 'sex', 'ageFrom', 'population'], age.rows),
      municipalAge: toCsv(MUNICIPAL_AGE_COLUMNS, municipalAge.rows),
      municipalProjection: toCsv(MUNICIPAL_PROJECTION_COLUMNS, projection.rows),
    },
    rows: {
      prefectureAge: age.rows.length,
      municipalAge: municipalAge.rows.length,
      municipalProjection: projection.rows.length,
    },
    report: {
      ageTotals: ageTotalsOff(age.totals, prefRows),
      municipalAge: municipalAge.report,
      municipalProjection: projection.report,
    },
  };
}

/** Every anchor file's text and what the checks found, from the official tables in `dir`. */
function anchorTables(dir: string): { files: Record<AnchorFile, string>; report: AnchorReport } {
  if (!existsSync(dir))
    throw new InputError(`${dir}: no such folder; give the folder of the JLSTAT tables (shared/data/official)`);
  const prefCode = prefectureCodes();

  // Census: national totals, then prefecture totals for the same years; then the projection's prefectures.
  const national = nationalTotals(dir);
  const censusYears = [...national.keys()].sort((a, b) => a - b);
  const census = censusPrefectureRows(dir, prefCode, national, censusYears);
  const projected = projectedPrefectureRows(dir, prefCode, censusYears.at(-1)!);
  const prefRows = [...census.rows, ...projected.rows].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  // National population by sex × age: the census as published; IPSS 2017 in persons.
  const censusAges = pyramid(dir, 'jlstat_pyramid_total.csv', (r) => r.int('value'));
  const projectedAges = projectedPyramids(dir);
  const nationalAges = nationalAgeRows(
    dir,
    national,
    censusYears,
    projected.projectionYears,
    censusAges,
    projectedAges,
  );
  const projection = projectionChecks(dir, projected.years, projectedAges, projected.sums);

  const censusSums = censusYears.map((year) => ({
    year,
    prefectures: sum(prefRows.filter((r) => r[1] === year && r[2] === 'census').map((r) => r[3])),
    national: national.get(year)!,
  }));
  const nationalRows = nationalAges.rows.sort(
    (a, b) => a[0] - b[0] || (a[2] === b[2] ? 0 : a[2] === 'male' ? -1 : 1) || a[3] - b[3],
  );
  const ages = ageTables(dir, prefRows);
  const statistics = statisticTables(dir);
  return {
    files: {
      prefecture: toCsv(['prefCode', 'year', 'kind', 'population'], prefRows),
      national: toCsv(['year', 'kind', 'sex', 'ageFrom', 'population'], nationalRows),
      unknownAge: toCsv(['year', 'population'], nationalAges.unknownRows),
      ...ages.files,
      ...statistics.files,
    },
    report: {
      rows: {
        prefecture: prefRows.length,
        national: nationalRows.length,
        unknownAge: nationalAges.unknownRows.length,
        ...ages.rows,
        ...statistics.rows,
      },
      skipped: census.skipped,
      census: censusSums,
      projection,
      openFrom: nationalAges.openFrom,
      ...ages.report,
      ...statistics.report,
    },
  };
}

type StatisticFile =
  | 'municipalTaxes'
  | 'prefectureStays'
  | 'medical'
  | 'municipalEstablishments'
  | 'municipalFinance'
  | 'prefectureMigration';

/** The anchors beyond population (SSDSE, 住基): each file's text and row count, and what its checks found. */
function statisticTables(dir: string): {
  files: Record<StatisticFile, string>;
  rows: Record<StatisticFile, number>;
  report: Pick<AnchorReport, 'taxes' | 'stays' | 'medical' | 'establishments' | 'finance' | 'migration'>;
} {
  const taxes = municipalTaxRows(dir);
  const stays = prefectureStayRows(dir);
  const medical = medicalRows(dir);
  const establishments = establishmentRows(dir);
  const finance = municipalFinanceRows(join(dir, 'ssdse'));
  const migration = prefectureMigrationRows(dir);
  return {
    files: {
      municipalTaxes: toCsv(['cityCode', 'year', 'taxes', 'residents'], taxes.rows),
      prefectureStays: toCsv(['prefCode', 'year', 'guests', 'foreignGuests'], stays.rows),
      medical: toCsv(['regionCode', 'year', ...MEDICAL_ITEMS.map((m) => m.column)], medical.rows),
      municipalEstablishments: toCsv(ESTABLISHMENT_COLUMNS, establishments.rows),
      municipalFinance: toCsv(['cityCode', 'year', ...FINANCE_COLUMNS], finance.rows),
      prefectureMigration: toCsv(['prefCode', 'year', 'kind', 'code', 'net'], migration.rows),
    },
    rows: {
      municipalTaxes: taxes.rows.length,
      prefectureStays: stays.rows.length,
      medical: medical.rows.length,
      municipalEstablishments: establishments.rows.length,
      municipalFinance: finance.rows.length,
      prefectureMigration: migration.rows.length,
    },
    report: {
      taxes: taxes.report,
      stays: stays.report,
      medical: medical.report,
      establishments: establishments.report,
      finance: finance.report,
      migration: migration.report,
    },
  };
}

/** Writes the files into `out` (sources/official unless told) and returns what the checks found. */
export function writeAnchors(dir: string, out: string = OFFICIAL_DIR): AnchorReport {
  const { files, report } = anchorTables(dir);
  mkdirSync(out, { recursive: true });
  for (const [key, text] of Object.entries(files))
    writeFileSync(join(out, OFFICIAL_FILE_NAMES[key as AnchorFile]), text);
  return report;
}

/** What the checks found, as lines for the terminal. */
export function reportLines(report: AnchorReport): string[] {
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  const off = report.census.filter((c) => c.national !== c.prefectures);
  const open = (from: number) => report.openFrom.filter((o) => o.from === from).map((o) => o.year);
  return [
    ...report.skipped.map((s) => `skipped ${s}`),
    off.length === 0
      ? 'Σ of the prefectures = the national census total in every year'
      : `Σ of the prefectures = the national census total in every year except ${off.map((c) => `${c.year} (national − Σ = ${signed(c.national - c.prefectures)})`).join(', ')}`,
    `IPSS 2018 Σ of the prefectures − IPSS 2017 national total (出生中位・死亡中位): ${report.projection.map((p) => `${p.year} ${signed(p.prefectures - p.national)}`).join(', ')}`,
    `IPSS 2018 Σ of the prefectures − Σ of IPSS 2017's rounded age classes: ${report.projection.map((p) => `${p.year} ${signed(p.prefectures - p.ages)}`).join(', ')}`,
    `census age classes end with 85 and over in ${open(85).join(', ') || 'no year'}; with 100 and over in ${open(100).join(', ') || 'no year'}`,
    report.ageTotals.length === 0
      ? "the prefecture age tables' 総数 = the JLSTAT totals in every year"
      : `the prefecture age tables' 総数 = the JLSTAT totals in every year except ${report.ageTotals.map((a) => `prefecture ${a.prefCode} ${a.year} (table − JLSTAT = ${signed(a.table - a.jlstat)})`).join(', ')}`,
    `地方税 (SSDSE-A) over 住基 residents, FY${report.taxes.years[0]}–${report.taxes.years.at(-1)}: ${report.taxes.counts.map((c) => `${c.year} ${c.taxes} municipalities with taxes, ${c.residents} regions with residents`).join('; ')}`,
    report.taxes.unmatched.length === 0
      ? 'every municipality SSDSE-A gives taxes for has 住基 residents'
      : `SSDSE-A gives taxes for municipalities the 住基 tables lack (left out): ${report.taxes.unmatched.join(', ')}`,
    `延べ宿泊者数 of the facilities of 10 or more employees (SSDSE-B, SSDSE-E), Σ of the 47 prefectures, all / foreign: ${report.stays.years.map((y) => `${y.year} ${y.guests.toLocaleString('en')} / ${y.foreignGuests.toLocaleString('en')}${y.file === 'SSDSE-B' ? '' : ` (${y.file})`}`).join(', ')}`,
    `medical counts (SSDSE): ${report.medical.years.map((y) => `matter2 ${y.matter2} municipalities ${y.municipal.join(', ')}${y.prefecture.length ? `, prefectures ${y.prefecture.join(', ')}` : ''}`).join('; ')}`,
    report.medical.disagreements.length === 0
      ? `SSDSE-B's prefecture clinics and dental clinics = Σ of SSDSE-A's municipalities in ${report.medical.checkedYears.join(', ')}`
      : `SSDSE-B's prefecture figure is not Σ of SSDSE-A's municipalities: ${report.medical.disagreements.map((d) => `${d.matter2} ${d.year} prefecture ${d.prefCode} (A ${d.a}, B ${d.b})`).join(', ')}`,
    ...establishmentLines(report.establishments),
    `歳出決算総額 and 民生費, 土木費, 教育費, 災害復旧費 (SSDSE-A), FY${report.finance.years[0]}–${report.finance.years.at(-1)}: ${report.finance.counts.join(', ')} municipalities; in each the four purposes do not exceed the total`,
    ...migrationLines(report.migration),
    ...municipalAgeLines(report.municipalAge),
    ...municipalProjectionLines(report.municipalProjection),
  ];
}

/** The migration table's checks: what every prefecture's nets add up to, and where 総数 is not its age classes. */
function migrationLines(m: MigrationReport): string[] {
  return [
    `転入超過数 ${m.year} (住民基本台帳人口移動報告, 日本人移動者): ${m.rows.toLocaleString('en')} rows read; every check of the e-Stat reader holds; Σ of the 47 prefectures by age class (0–14, 15–64, 65+): ${m.nationalAgeClasses.join(', ')}`,
    m.ageGaps.length === 0
      ? "every prefecture's 総数 with 全国 = the sum of its age classes"
      : `総数 with 全国 is not the sum of the age classes (forAgeClass shows the classes) in ${m.ageGaps.map((g) => `prefecture ${g.prefCode} (${g.total} vs ${g.classes})`).join(', ')}`,
  ];
}

/** The establishment anchors' years, and where a total exceeds its classes (establishments no broad class counts). */
function establishmentLines(report: EstablishmentReport): string[] {
  return report.years.map(
    (y) =>
      `事業所数・従業者数 (SSDSE-A) ${y.year}, ${y.scope === 'all' ? 'all establishments' : '民営'}: ${y.municipalities} municipalities; ` +
      (y.unclassified.length === 0
        ? 'every total = the sum of its broad classes'
        : `the total exceeds the sum of the broad classes in ${y.unclassified.length} (at most by ${y.most.plants} establishments, ${y.most.employees} persons)`),
  );
}
