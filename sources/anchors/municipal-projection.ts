// The municipal anchor of the projection years: IPSS 2018's 男女･年齢（5歳）階級別の推計結果 (the table the
// prefecture anchor's 2025–2045 comes from) for every municipality and ward of today it gives, read by the
// e-Stat importer's own reader (ipss.ts, which checks 総数 = 男 + 女 = Σ of the 19 classes in every row).
// IPSS gives no municipality of 福島県 and 8 designated cities only whole: those cities are written whole
// (the sample splits them into wards), and 福島県's municipalities not at all (the sample draws them).

import { InputError, SourceError } from '../../build/user-error.ts';
import { isProjectionTable, readProjection, type ProjectionTable } from '../estat/ipss.ts';
import { RegionList } from '../estat/regions.ts';
import { currentCode } from '../estat/ssdse-layout.ts';
import { AGE_TABLES, grid } from './age.ts';

type Sex = 'male' | 'female';
type Row = ProjectionTable['rows'][number];
/** One row of the anchor file: region, year, sex, then the 19 classes 0–4 … 90歳～. */
type MunicipalProjectionRow = [regionCode: string, year: number, sex: Sex, ...classes: number[]];

export interface MunicipalProjectionReport {
  years: number[];
  /** Regions written: municipalities (Tokyo's special wards among them), wards, designated cities whole. */
  municipalities: number;
  wards: number;
  /** Designated cities IPSS gives only whole (`11100 さいたま市`), and how many wards of today they have. */
  wholeCities: string[];
  wardsOfWholeCities: number;
  /** IPSS's codes of early 2018 written under today's (`40305 那珂川町 → 40231`). */
  renamed: string[];
  /** Prefectures IPSS gives no municipality of (福島県). */
  prefecturesWithout: number[];
  /** Municipalities of today (not a ward of a city written whole) IPSS gives nothing for. */
  missing: string[];
}

/** The region of today an IPSS row names: a municipality, a ward, or a designated city (its own row), checked by kind. */
function regionOf(list: RegionList, t: ProjectionTable, r: Row): string {
  const code = currentCode(r.code);
  const city = list.byCode.get(code);
  // IPSS's kinds against ours: 1 designated city (flag 2), 0 ward (1) or Tokyo's special ward (3), 2 and 3 others (0).
  const flags: Record<string, string[]> = { '1': ['2'], '0': ['1', '3'], '2': ['0'], '3': ['0'] };
  if (!city || !flags[r.type]!.includes(city.bigCityFlag))
    throw new SourceError(
      t.file,
      r.row.line,
      1,
      `${r.code} ${r.name} (市などの別 ${r.type}) is ${city ? `${city.cityName}, of another kind,` : 'not a municipality'} among today's regions; regstat cannot place its figures`,
    );
  return code;
}

/**
 * The regions written per year: every municipality and ward IPSS gives, and a designated city whole where
 * IPSS gives none of its wards; a city whose wards IPSS gives must be their sum, and have all of them.
 */
function writtenRegions(list: RegionList, t: ProjectionTable, rows: Row[]): Map<string, Row> {
  const by = new Map<string, Row>();
  for (const r of rows) {
    const key = `${regionOf(list, t, r)}|${r.year}`;
    if (by.has(key)) throw new SourceError(t.file, r.row.line, 1, `${r.code} ${r.name} is given twice for ${r.year}`);
    by.set(key, r);
  }
  for (const [key, r] of by) {
    const [code, year] = key.split('|') as [string, string];
    const wards = list.parts(code).map((w) => by.get(`${w.cityCode}|${year}`));
    if (list.byCode.get(code)!.bigCityFlag !== '2' || wards.every((w) => !w)) continue;
    if (wards.some((w) => !w))
      throw new SourceError(t.file, r.row.line, 1, `${r.name} ${year}: IPSS gives some of its wards but not all`);
    mustAddUp(t, r, wards as Row[], 'its wards');
    by.delete(key);
  }
  return by;
}

/** A region's row must be the sum of its parts' in every sex and class. */
function mustAddUp(t: ProjectionTable, own: Row, parts: Row[], what: string): void {
  for (const sex of ['male', 'female'] as const)
    own[sex].forEach((v, i) => {
      const sum = parts.reduce((a, p) => a + p[sex][i]!, 0);
      if (sum !== v)
        throw new SourceError(
          t.file,
          own.row.line,
          t.totalColumn + 1,
          `${own.name} ${own.year} ${sex} ${i * 5}歳～ is ${v}, but ${what} add up to ${sum}`,
        );
    });
}

/**
 * Each prefecture's row must be prefecture-age.csv's (the same IPSS table) and the sum of the regions
 * written; a prefecture IPSS gives no municipality of is returned.
 */
function checkPrefectures(
  t: ProjectionTable,
  rows: Row[],
  written: Map<string, Row>,
  prefectureAge: (prefCode: number, year: number, sex: Sex) => number[],
): number[] {
  const without = new Set<number>();
  for (const p of rows.filter((r) => r.type === 'a')) {
    const pref = Number(p.code.slice(0, 2));
    for (const sex of ['male', 'female'] as const)
      if (prefectureAge(pref, p.year, sex).join() !== p[sex].join())
        throw new InputError(`${t.file}: prefecture ${pref} ${p.year} ${sex} differs from prefecture-age.csv's`);
    const mine = [...written].filter(([k]) => k.startsWith(p.code.slice(0, 2)) && k.endsWith(`|${p.year}`));
    if (mine.length === 0) without.add(pref);
    else mustAddUp(t, p, [...mine.map(([, r]) => r)], 'its municipalities');
  }
  return [...without].sort((a, b) => a - b);
}

/** The municipalities and wards of today without figures, but the wards of a city written whole. */
function coverage(list: RegionList, written: Map<string, Row>, year: number) {
  const has = (code: string) => written.has(`${code}|${year}`);
  const wholeCities = list.cities.filter((c) => c.bigCityFlag === '2' && has(c.cityCode));
  const missing = list.cities
    .filter((c) => c.bigCityFlag !== '2' && !has(c.cityCode))
    .filter((c) => !(c.bigCityFlag === '1' && has(c.designatedCityCode)));
  return {
    wholeCities: wholeCities.map((c) => `${c.cityCode} ${c.cityName}`),
    wardsOfWholeCities: wholeCities.reduce((a, c) => a + list.parts(c.cityCode).length, 0),
    missing: missing.map((c) => c.cityCode),
  };
}

/**
 * The anchor rows (each region written, 2025–2045, by sex: 19 classes), sorted by region, year, sex; and what
 * the checks found. `prefectureAge` gives prefecture-age.csv's classes of a prefecture, year and sex.
 */
export function municipalProjectionRows(
  dir: string,
  prefectureAge: (prefCode: number, year: number, sex: Sex) => number[],
): { rows: MunicipalProjectionRow[]; report: MunicipalProjectionReport } {
  const { file, years } = AGE_TABLES.projection;
  const t = readProjection(grid(dir, file, isProjectionTable, "IPSS 2018's projection by prefecture"));
  const list = new RegionList();
  const rows = t.rows.filter((r) => (years as readonly number[]).includes(r.year));
  const written = writtenRegions(
    list,
    t,
    rows.filter((r) => r.type !== 'a'),
  );
  const prefecturesWithout = checkPrefectures(t, rows, written, prefectureAge);
  const per = years.map((y) => JSON.stringify(coverage(list, written, y)));
  if (new Set(per).size !== 1) throw new InputError(`${t.file}: the municipalities given differ between years`);
  const out: MunicipalProjectionRow[] = [...written].flatMap(([key, r]) =>
    (['male', 'female'] as const).map((sex): MunicipalProjectionRow => [key.split('|')[0]!, r.year, sex, ...r[sex]]),
  );
  out.sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || (a[2] === b[2] ? 0 : a[2] === 'male' ? -1 : 1),
  );
  const codes = [...new Set([...written.keys()].map((k) => k.split('|')[0]!))];
  const renamed = [...new Set(rows.filter((r) => currentCode(r.code) !== r.code).map((r) => r.code))];
  const wards = codes.filter((c) => list.byCode.get(c)!.bigCityFlag === '1').length;
  return {
    rows: out,
    report: {
      years: [...years],
      municipalities: codes.length - wards,
      wards,
      ...(JSON.parse(per[0]!) as ReturnType<typeof coverage>),
      renamed: renamed.map((c) => `${c} ${t.rows.find((r) => r.code === c)!.name} → ${currentCode(c)}`),
      prefecturesWithout,
    },
  };
}

/** The checks as lines for the terminal. */
export function municipalProjectionLines(r: MunicipalProjectionReport): string[] {
  const fukushima = r.missing.filter((c) => r.prefecturesWithout.includes(Number(c.slice(0, 2))));
  const others = r.missing.filter((c) => !fukushima.includes(c));
  return [
    `population by sex and 5-year age (IPSS 2018) ${r.years[0]}–${r.years.at(-1)}: ${r.municipalities} municipalities and ${r.wards} wards; ${r.wholeCities.length} designated cities whole, without their ${r.wardsOfWholeCities} wards (${r.wholeCities.join(', ')}); ${r.renamed.join(', ') || 'no code renamed'}`,
    `Σ of each prefecture's municipalities = its IPSS row = prefecture-age.csv in every year, sex and class; no municipal rows for prefecture ${r.prefecturesWithout.join(', ')} (its ${fukushima.length} municipalities); no rows either for ${others.join(', ') || 'no other municipality'}`,
  ];
}
