// The small official tables the sample provider is anchored to (sources/official/README.md: what, whence,
// checks), regenerated from ../shared by `npm run anchors`: their names and credit lines, and the readers of
// the population's: census and IPSS totals by prefecture, the same by prefecture × sex × 5-year age, and
// national population by sex × 5-year age, read once, on first use. The other statistics' readers are in
// official-statistics.ts.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headedRecords, type CsvRecord } from './csv.ts';

export const OFFICIAL_DIR = join(dirname(fileURLToPath(import.meta.url)), 'official');

/** The file names `npm run anchors` writes, in OFFICIAL_DIR. */
export const OFFICIAL_FILE_NAMES = {
  prefecture: 'prefecture-population.csv',
  national: 'national-population.csv',
  unknownAge: 'national-unknown-age.csv',
  prefectureAge: 'prefecture-age.csv',
  municipalTaxes: 'municipal-taxes.csv',
  prefectureStays: 'prefecture-stays.csv',
  medical: 'medical-counts.csv',
  municipalEstablishments: 'municipal-establishments.csv',
  municipalFinance: 'municipal-finance.csv',
  prefectureMigration: 'prefecture-migration.csv',
  municipalAge: 'municipal-age.csv',
  municipalProjection: 'municipal-projection.csv',
} as const;

/** Absolute paths, so a digest of what generates the sample can hash them. */
export const OFFICIAL_FILES: string[] = Object.values(OFFICIAL_FILE_NAMES).map((f) => join(OFFICIAL_DIR, f));

/** What the publishers ask a user of these figures to say (and the compilation's licence). */
export const ANCHOR_CREDITS: string[] = [
  '出典: 国勢調査（総務省統計局）',
  '出典: 国立社会保障・人口問題研究所「日本の地域別将来推計人口（平成30(2018)年推計）」',
  '出典: 国立社会保障・人口問題研究所「日本の将来推計人口（平成29年推計）」',
  '集計: kota-tagami/JLSTAT-table (MIT License, Copyright (c) 2022 kota-tagami)',
  '出典: 独立行政法人統計センター「SSDSE（教育用標準データセット）」（地方財政状況調査）',
  '出典: 総務省「住民基本台帳に基づく人口、人口動態及び世帯数調査」',
  '出典: 独立行政法人統計センター「SSDSE（教育用標準データセット）」（観光庁「宿泊旅行統計調査」）',
  '出典: 独立行政法人統計センター「SSDSE（教育用標準データセット）」（厚生労働省「医療施設調査」「医師・歯科医師・薬剤師統計」）',
  '出典: 独立行政法人統計センター「SSDSE（教育用標準データセット）」（総務省・経済産業省「経済センサス‐基礎調査」「経済センサス‐活動調査」）',
  '出典: 総務省統計局「住民基本台帳人口移動報告」',
  '市区町村コンバータ: Kondo (2019), keisukekondokk/female-population-japan (MIT License, Copyright (c) 2024 Keisuke Kondo)',
];

interface Anchors {
  prefecture: Map<number, number>; // key prefCode * 10000 + year
  years: { census: number[]; projection: number[] };
  national: Map<number, { male: number[]; female: number[] }>;
  unknown: Map<number, number>;
  prefectureAge: Map<number, { male: number[]; female: number[] }>; // key prefCode * 10000 + year
}

let cache: Anchors | undefined;

/** One of the files, checked: its header and every cell. */
export function rows(name: string, columns: readonly string[]): CsvRecord[] {
  const file = join(OFFICIAL_DIR, name);
  return headedRecords(readFileSync(file, 'utf8'), file, columns, 'run npm run anchors');
}

function load(): Anchors {
  if (cache) return cache;
  const prefecture = new Map<number, number>();
  const years = { census: new Set<number>(), projection: new Set<number>() };
  for (const r of rows(OFFICIAL_FILE_NAMES.prefecture, ['prefCode', 'year', 'kind', 'population'])) {
    const kind = r.oneOf('kind', ['census', 'projection'] as const);
    years[kind].add(r.int('year'));
    prefecture.set(r.int('prefCode') * 10000 + r.int('year'), r.int('population'));
  }
  const national = new Map<number, { male: number[]; female: number[] }>();
  for (const r of rows(OFFICIAL_FILE_NAMES.national, ['year', 'kind', 'sex', 'ageFrom', 'population'])) {
    const year = r.int('year');
    const entry = national.get(year) ?? { male: [], female: [] };
    national.set(year, entry);
    entry[r.oneOf('sex', ['male', 'female'] as const)][r.int('ageFrom') / 5] = r.int('population');
  }
  const unknown = new Map<number, number>();
  for (const r of rows(OFFICIAL_FILE_NAMES.unknownAge, ['year', 'population']))
    unknown.set(r.int('year'), r.int('population'));
  const prefectureAge = new Map<number, { male: number[]; female: number[] }>();
  for (const r of rows(OFFICIAL_FILE_NAMES.prefectureAge, [
    'prefCode',
    'year',
    'kind',
    'sex',
    'ageFrom',
    'population',
  ])) {
    r.oneOf('kind', ['census', 'projection'] as const);
    const key = r.int('prefCode') * 10000 + r.int('year');
    const entry = prefectureAge.get(key) ?? { male: [], female: [] };
    prefectureAge.set(key, entry);
    entry[r.oneOf('sex', ['male', 'female'] as const)][r.int('ageFrom') / 5] = r.int('population');
  }
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  cache = {
    prefecture,
    years: { census: sorted(years.census), projection: sorted(years.projection) },
    national,
    unknown,
    prefectureAge,
  };
  return cache;
}

/** Total population of a prefecture (code 1–47) in a census year (1920–2020) or an IPSS 2018 projection year (2025–2045); undefined where there is none (沖縄県 1945). */
export function prefecturePopulation(prefCode: number, year: number): number | undefined {
  return load().prefecture.get(prefCode * 10000 + year);
}

/** The years prefecturePopulation covers, ascending (getters: the files are read on first use). */
export const PREFECTURE_YEARS: { census: number[]; projection: number[] } = {
  get census() {
    return [...load().years.census];
  },
  get projection() {
    return [...load().years.projection];
  },
};

/**
 * National population by sex and 5-year age class, from 0–4 up; the last class is open-ended
 * (`openFrom`): 21 classes to 100+ from 2005 on, but the census published only 18 classes (to 85+) up
 * to 2000. People of unknown age are not in any class: see nationalUnknown.
 */
export function nationalByAgeSex(year: number): { male: number[]; female: number[]; openFrom: number } | undefined {
  const e = load().national.get(year);
  return e && { male: [...e.male], female: [...e.female], openFrom: (e.male.length - 1) * 5 };
}

/** People of unknown age in a census year (national total − the age classes); 0 for projection years, which have none. */
export function nationalUnknown(year: number): number {
  return load().unknown.get(year) ?? 0;
}

/**
 * A prefecture's people by sex and 5-year age class, 1960–2045, from 0–4 up; the last class is open
 * (`openFrom`): 85 and over to 2015 (the census time series c03 publishes no finer), 90 and over from
 * 2020 (the 2020 census and IPSS 2018, folded as RESAS showed them). People of unknown age are in no
 * class: the prefecture's total minus the classes.
 */
export function prefectureByAgeSex(
  prefCode: number,
  year: number,
): { male: number[]; female: number[]; openFrom: number } | undefined {
  const e = load().prefectureAge.get(prefCode * 10000 + year);
  return e && { male: [...e.male], female: [...e.female], openFrom: (e.male.length - 1) * 5 };
}
