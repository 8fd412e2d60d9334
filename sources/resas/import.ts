// The RESAS importer: reads saved RESAS API v1 responses (one per file, laid out as
// <operation with _>/<query>.json) and decomposes them into the facts of the source tables. No response
// document is kept: a build renders every response anew from these facts.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { toCsv } from '../csv.ts';
import type { SourceSet } from '../load.ts';
import { readMasters } from './masters.ts';
import { InputError } from '../../build/user-error.ts';

const RESAS_NOTICE =
  '出典: RESAS（地域経済分析システム）. RESAS（地域経済分析システム）を加工して作成. Facts decomposed from saved RESAS API v1 responses by the regstat importer.';

/** One saved response: its operation folder, its query (from the file name) and its parsed body. */
interface Saved {
  file: string;
  query: URLSearchParams;
  primary: boolean;
  body: { message: unknown; result: unknown };
}

interface ImportReport {
  used: string[];
  skipped: { file: string; why: string }[];
}

interface ImportOptions {
  /** A folder of code lists (municipalities, secondary medical areas, medical classifications). */
  masters?: string;
}

export function importResas(archive: string, options: ImportOptions = {}): { set: SourceSet; report: ImportReport } {
  const report: ImportReport = { used: [], skipped: [] };
  const read = (op: string) => savedResponses(archive, op, report);
  // In this order, so that the report lists the files as they were read.
  const prefectures = readPrefectures(read('prefectures'), archive, report);
  const { cities, codeLists } = readCities(read('cities'), options, report);
  const population = readComposition(read('population_composition_perYear'), report);
  const visitors = readVisitors(read('tourism_foreigners_forFrom'), report);

  const codes = [...cities.keys()].sort();
  const designatedOf = (ward: string) =>
    codes.filter((c) => c <= ward && c.slice(0, 2) === ward.slice(0, 2) && cities.get(c)!.bigCityFlag === '2').pop() ??
    '';
  const tables: SourceSet['files'] = {
    prefectures: csv(
      'prefectures',
      ['prefCode', 'prefName'],
      [...prefectures].sort((a, b) => a[0] - b[0]),
    ),
    municipalities: csv(
      'municipalities',
      ['cityCode', 'cityName', 'bigCityFlag', 'designatedCityCode'],
      codes.map((c) => {
        const city = cities.get(c)!;
        return [c, city.cityName, city.bigCityFlag, city.bigCityFlag === '1' ? designatedOf(c) : ''];
      }),
    ),
    ...masterTables(archive, report),
    ...visitorTables(visitors),
    ...medicalTables(codeLists, cities, report),
    ...populationTables(population),
  };
  return {
    set: {
      dataset: {
        kind: 'imported',
        notice: RESAS_NOTICE,
        archive: archive.split('/').filter(Boolean).pop(),
        responses: report.used.length,
      },
      files: tables,
    },
    report,
  };
}

type Files = SourceSet['files'];
type Cities = Map<string, { cityName: string; bigCityFlag: string }>;

function readPrefectures(saved: Saved[], archive: string, report: ImportReport): Map<number, string> {
  const prefectures = new Map<number, string>();
  for (const s of saved) {
    for (const p of s.body.result as { prefCode: number; prefName: string }[]) {
      const known = prefectures.get(p.prefCode);
      if (known !== undefined && known !== p.prefName)
        throw new InputError(
          `${s.file}: prefecture ${p.prefCode} is ${p.prefName} here but ${known} in another response`,
        );
      prefectures.set(p.prefCode, p.prefName);
    }
    report.used.push(s.file);
  }
  if (prefectures.size === 0)
    throw new InputError(
      `The archive ${archive} has no prefectures/*.json response; the importer needs the prefecture list.`,
    );
  return prefectures;
}

/** The municipalities the responses carry, or the full list of the masters folder where it has one. */
function readCities(saved: Saved[], options: ImportOptions, report: ImportReport) {
  const cities: Cities = new Map();
  for (const s of saved) {
    for (const c of s.body.result as { cityCode: string; cityName: string; bigCityFlag: string }[])
      cities.set(c.cityCode, c);
    report.used.push(s.file);
  }
  const codeLists = options.masters ? readMasters(options.masters) : null;
  if (codeLists?.cities) {
    // A full municipality list replaces the few that responses carry: areas name municipalities everywhere.
    cities.clear();
    for (const c of codeLists.cities) cities.set(c.cityCode, c);
  }
  if (codeLists) report.used.push(...codeLists.used.map((f) => `masters/${f}`));
  return { cities, codeLists };
}

/** perYear responses as facts: each region's broad age groups by year, and each year actual or projected. */
function readComposition(saved: Saved[], report: ImportReport) {
  const groups: (string | number)[][] = [];
  const years = new Map<number, string>();
  let boundary: number | undefined;
  for (const s of saved) {
    const prefCode = s.query.get('prefCode');
    const cityCode = s.query.get('cityCode') ?? '-';
    if (!prefCode || s.body.result === null) {
      report.skipped.push({ file: s.file, why: prefCode ? 'result is null' : 'the file name does not give prefCode' });
      continue;
    }
    const region = cityCode === '-' ? prefCode.padStart(2, '0') : cityCode;
    const r = s.body.result as {
      boundaryYear: number;
      data: { label: string; data: { year: number; value: number }[] }[];
    };
    if (boundary !== undefined && boundary !== r.boundaryYear)
      throw new InputError(
        `${s.file}: boundaryYear ${r.boundaryYear} differs from ${boundary} in other perYear responses; import one data vintage at a time`,
      );
    boundary = r.boundaryYear;
    const series = (label: string) => {
      const found = r.data.find((d) => d.label === label);
      if (!found) throw new InputError(`${s.file}: no ${label} series`);
      return new Map(found.data.map((p) => [p.year, p.value]));
    };
    const [total, young, working, old] = ['総人口', '年少人口', '生産年齢人口', '老年人口'].map(series) as Map<
      number,
      number
    >[];
    for (const [year, t] of total!) {
      const g = { young: young!.get(year)!, working: working!.get(year)!, old: old!.get(year)! };
      for (const [ageGroup, n] of Object.entries(g)) groups.push([region, year, ageGroup, n]);
      groups.push([region, year, 'unknown', t - g.young - g.working - g.old]);
      years.set(year, year <= r.boundaryYear ? 'actual' : 'projection');
    }
    report.used.push(s.file);
  }
  return { groups, years };
}

/** Foreign visitors: the request gives year, prefecture and purpose; each country's quarters are facts. */
function readVisitors(saved: Saved[], report: ImportReport) {
  const countries = new Map<string, string>();
  const visitors = new Map<string, (string | number)[]>();
  for (const s of saved) {
    const r = s.body.result as {
      year?: number;
      prefCode?: string;
      purpose?: number;
      changes: { countryCode: string; countryName: string; data: { year: number; quarter: number; value: number }[] }[];
    } | null;
    const pref = s.query.get('prefCode') ?? r?.prefCode;
    const purpose = s.query.get('purpose') ?? r?.purpose;
    if (!r || !pref || !purpose) {
      report.skipped.push({
        file: s.file,
        why: r ? 'neither the file name nor the response gives prefCode and purpose' : 'result is null',
      });
      continue;
    }
    for (const c of r.changes) {
      const known = countries.get(c.countryCode);
      if (known !== undefined && known !== c.countryName)
        throw new InputError(
          `${s.file}: country ${c.countryCode} is ${c.countryName} here but ${known} in another response; import one vintage of names at a time`,
        );
      countries.set(c.countryCode, c.countryName);
      for (const d of c.data) {
        const row = [String(pref).padStart(2, '0'), d.year, d.quarter, Number(purpose), c.countryCode, d.value];
        visitors.set(row.slice(0, 5).join('|'), row);
      }
    }
    report.used.push(s.file);
  }
  return { countries, visitors };
}

/** The classification masters: [table, operation, columns, key]. */
const MASTERS: [keyof Files, string, string[], string[]][] = [
  ['industries_broad', 'industries_broad', ['sicCode', 'sicName'], ['sicCode']],
  ['industries_middle', 'industries_middle', ['simcCode', 'sicCode', 'simcName'], ['simcCode']],
  ['occupations_broad', 'jobs_broad', ['iscoCode', 'iscoName'], ['iscoCode']],
  ['occupations_middle', 'jobs_middle', ['ismcoCode', 'iscoCode', 'ismcoName'], ['ismcoCode']],
  ['patent_fields', 'patents_broad', ['tecCode', 'tecName'], ['tecCode']],
  ['patent_themes', 'patents_middle', ['tecCode', 'themeCode', 'themeName'], ['tecCode', 'themeCode']],
];

/** Masters: every row names its codes, so even responses whose request is unknown can be used. */
function masterTables(archive: string, report: ImportReport): Files {
  const tables: Files = {};
  for (const [table, op, columns, key] of MASTERS) {
    const rows = new Map<string, (string | number)[]>();
    for (const s of savedResponses(archive, op, report, true)) {
      for (const r of s.body.result as Record<string, string | number>[]) {
        const k = key.map((c) => r[c]).join('|');
        const row = columns.map((c) => r[c]!);
        const known = rows.get(k);
        if (known && known.join('|') !== row.join('|'))
          throw new InputError(`${s.file}: ${k} is ${row.join(' ')} here but ${known.join(' ')} in another response`);
        rows.set(k, row);
      }
      report.used.push(s.file);
    }
    if (rows.size) tables[table] = csv(table, columns, [...rows.values()]);
  }
  return tables;
}

function visitorTables({ countries, visitors }: ReturnType<typeof readVisitors>): Files {
  if (!visitors.size) return {};
  return {
    countries: csv(
      'countries',
      ['countryCode', 'countryName'],
      [...countries].sort((a, b) => Number(a[0]) - Number(b[0])),
    ),
    foreign_visitors: csv(
      'foreign_visitors',
      ['prefCode', 'year', 'quarter', 'purpose', 'countryCode', 'visitors'],
      [...visitors.values()],
    ),
  };
}

/** Secondary medical areas (of the municipalities the list knows) and classes, from the masters folder. */
function medicalTables(codeLists: ReturnType<typeof readMasters> | null, cities: Cities, report: ImportReport): Files {
  const tables: Files = {};
  if (codeLists?.areas) {
    const known = codeLists.areas.filter(([, , city]) => cities.has(city));
    if (known.length < codeLists.areas.length)
      report.skipped.push({
        file: 'masters: secondary medical areas',
        why: `${codeLists.areas.length - known.length} municipalities are not in the municipality list; add a mst_cities.csv to the masters`,
      });
    if (known.length) tables.medical_areas = csv('medical_areas', ['areaCode', 'areaName', 'cityCode'], known);
  }
  if (codeLists?.classes.length)
    tables.medical_classes = csv(
      'medical_classes',
      ['scheme', 'broadCode', 'broadName', 'middleCode', 'middleName'],
      codeLists.classes,
    );
  return tables;
}

function populationTables({ groups, years }: ReturnType<typeof readComposition>): Files {
  if (!groups.length) return {};
  return {
    population_years: csv(
      'population_years',
      ['year', 'kind'],
      [...years].sort((a, b) => a[0] - b[0]),
    ),
    population_by_age_group: csv('population_by_age_group', ['regionCode', 'year', 'ageGroup', 'count'], groups),
  };
}

function csv(name: string, columns: string[], rows: (string | number)[][]) {
  return { file: `${name}.csv`, text: toCsv(columns, rows) };
}

/**
 * The responses saved for one operation. A file name is the query, optionally followed by __<source>;
 * when one query was saved several times, the copy without a source suffix is used. Files whose query
 * is unknown cannot be attributed to a region and are skipped.
 */
function savedResponses(archive: string, op: string, report: ImportReport, selfDescribing = false): Saved[] {
  const dir = join(archive, op);
  if (!existsSync(dir)) return [];
  const byQuery = new Map<string, Saved>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = join(op, name);
    const [query = '', source] = name.slice(0, -'.json'.length).split('__');
    if (query.startsWith('unknown-query') && !selfDescribing) {
      report.skipped.push({ file, why: 'the request of this response is not recorded' });
      continue;
    }
    const body = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    if (!body || typeof body !== 'object' || !('result' in body)) {
      report.skipped.push({ file, why: 'not a RESAS response (no result member)' });
      continue;
    }
    const saved: Saved = {
      file,
      query: new URLSearchParams(query === op ? '' : query),
      primary: source === undefined,
      body,
    };
    const key = saved.query.toString();
    const other = byQuery.get(key);
    if (other && (other.primary || !saved.primary)) {
      report.skipped.push({ file, why: `another copy of the same query (${other.file}) is used` });
      continue;
    }
    if (other) report.skipped.push({ file: other.file, why: `another copy of the same query (${file}) is used` });
    byQuery.set(key, saved);
  }
  return [...byQuery.values()];
}
