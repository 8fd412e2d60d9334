// The small official tables the sample provider is anchored to: census and IPSS population totals by
// prefecture, the same by prefecture × sex × 5-year age, and national population by sex × 5-year age;
// municipal local taxes with their residents; prefecture guest nights of the facilities of 10+ employees;
// prefecture net migration in 2021 (sources/official/README.md: what, whence, checks). Regenerated from ../shared by `npm run anchors`;
// read here once, on first use.

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
function rows(name: string, columns: readonly string[]): CsvRecord[] {
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

/** A municipality's or ward's official local taxes (thousand yen; none for a ward) and residents in a fiscal year. */
interface OfficialTaxes {
  taxes?: number;
  residents: number;
}

let taxCache: Map<string, OfficialTaxes> | undefined;

function loadTaxes(): Map<string, OfficialTaxes> {
  if (taxCache) return taxCache;
  taxCache = new Map();
  for (const r of rows(OFFICIAL_FILE_NAMES.municipalTaxes, ['cityCode', 'year', 'taxes', 'residents'])) {
    const taxes = r.text('taxes');
    taxCache.set(`${r.text('cityCode')}|${r.int('year')}`, {
      ...(taxes === '' ? {} : { taxes: r.int('taxes') }),
      residents: r.int('residents'),
    });
  }
  return taxCache;
}

/**
 * 地方税 (SSDSE-A, 地方財政状況調査) of a municipality or designated city in fiscal year `year`, and the
 * 住民基本台帳 residents of it or a ward on 1 January of the next year: RESAS's numerator and denominator
 * of municipality/taxes/perYear. Undefined outside FY2015–2019 and for a region the tables lack.
 */
export const municipalTaxes = (cityCode: string, year: number): OfficialTaxes | undefined =>
  loadTaxes().get(`${cityCode}|${year}`);

/** A prefecture's guest nights in a calendar year, all and foreign, of its facilities of 10 or more employees. */
interface OfficialStays {
  guests: number;
  foreignGuests: number;
}

let stayCache: Map<number, OfficialStays> | undefined;

function loadStays(): Map<number, OfficialStays> {
  if (stayCache) return stayCache;
  stayCache = new Map();
  for (const r of rows(OFFICIAL_FILE_NAMES.prefectureStays, ['prefCode', 'year', 'guests', 'foreignGuests']))
    stayCache.set(r.int('prefCode') * 10000 + r.int('year'), {
      guests: r.int('guests'),
      foreignGuests: r.int('foreignGuests'),
    });
  return stayCache;
}

/**
 * 延べ宿泊者数 and 外国人延べ宿泊者数 (宿泊旅行統計調査 via SSDSE-B and SSDSE-E) of a prefecture in a calendar
 * year: the facilities of 10 or more employees only, RESAS's size classes 10～29人, 30～99人 and 100人以上
 * together, not every facility. Undefined outside 2009–2021.
 */
export const prefectureStays = (prefCode: number, year: number): OfficialStays | undefined =>
  loadStays().get(prefCode * 10000 + year);
/** The anchor file's count columns, by the matter2 of medicalAnalysis/chart each is the all-class total of. */
const MEDICAL_COLUMNS = { '202': 'clinics', '203': 'dentalClinics', '206': 'dentists', '208': 'pharmacists' } as const;

let medicalCache: Map<string, number> | undefined;

function loadMedical(): Map<string, number> {
  if (medicalCache) return medicalCache;
  medicalCache = new Map();
  const columns = Object.entries(MEDICAL_COLUMNS);
  for (const r of rows(OFFICIAL_FILE_NAMES.medical, ['regionCode', 'year', ...columns.map(([, c]) => c)]))
    for (const [matter2, column] of columns)
      if (r.text(column) !== '') medicalCache.set(`${matter2}|${r.text('regionCode')}|${r.int('year')}`, r.int(column));
  return medicalCache;
}

/**
 * The official all-class count of medicalAnalysis/chart's matter2 202 一般診療所数, 203 歯科診療所数 (医療施設調査),
 * 206 歯科医師数 or 208 薬剤師数 (医師・歯科医師・薬剤師統計) in a municipality (designated cities whole) or,
 * for the years no municipal table gives, a prefecture (2-digit code); undefined where the tables give none.
 */
export const medicalCount = (matter2: string, regionCode: string, year: number): number | undefined =>
  loadMedical().get(`${matter2}|${regionCode}|${year}`);
/** A municipality's establishments or persons engaged in a year: the total, and the broad classes the table gives. */
export interface OfficialCounts {
  all: number;
  /** By broad class letter (A–S); a class the year's table does not count (S in the 民営 years) is absent. */
  classes: Partial<Record<string, number>>;
}

type Measures = Partial<Record<'plants' | 'employees', OfficialCounts>>;
let establishmentCache: Map<string, Measures> | undefined;
const CLASS_COLUMNS = 'ABCDEFGHIJKLMNOPQRS'.split('');

function loadEstablishments(): Map<string, Measures> {
  if (establishmentCache) return establishmentCache;
  establishmentCache = new Map();
  const columns = ['cityCode', 'year', 'measure', 'all', ...CLASS_COLUMNS];
  for (const r of rows(OFFICIAL_FILE_NAMES.municipalEstablishments, columns)) {
    const key = `${r.text('cityCode')}|${r.int('year')}`;
    const entry: Measures = establishmentCache.get(key) ?? {};
    const classes = Object.fromEntries(CLASS_COLUMNS.flatMap((c) => (r.text(c) === '' ? [] : [[c, r.int(c)]])));
    entry[r.oneOf('measure', ['plants', 'employees'] as const)] = { all: r.int('all'), classes };
    establishmentCache.set(key, entry);
  }
  return establishmentCache;
}

/**
 * 事業所数 and 従業者数 of a municipality or designated city (SSDSE-A lists them whole) in 2014 (経済センサス‐
 * 基礎調査: every establishment, public ones too) or 2016 and 2021 (活動調査: 民営 only), all industries and by
 * broad class. Undefined in other years and for wards.
 */
export const municipalEstablishments = (cityCode: string, year: number): Required<Measures> | undefined => {
  const { plants, employees } = loadEstablishments().get(`${cityCode}|${year}`) ?? {};
  return plants && employees && { plants, employees };
};

/** The years municipalEstablishments covers, ascending. */
export const establishmentYears = (): number[] =>
  [...new Set([...loadEstablishments().keys()].map((k) => Number(k.split('|')[1])))].sort((a, b) => a - b);
/** municipal-finance.csv's columns after cityCode and year: 歳出決算総額, then 民生費, 土木費, 教育費, 災害復旧費. */
export const FINANCE_COLUMNS = ['expenditure', 'welfare', 'publicWorks', 'education', 'disasterRecovery'] as const;

/** A municipality's settled expenditure in a fiscal year (thousand yen): the total and four of its purposes. */
export type OfficialFinance = Record<(typeof FINANCE_COLUMNS)[number], number>;

let financeCache: Map<string, OfficialFinance> | undefined;

function loadFinance(): Map<string, OfficialFinance> {
  financeCache ??= new Map(
    rows(OFFICIAL_FILE_NAMES.municipalFinance, ['cityCode', 'year', ...FINANCE_COLUMNS]).map((r) => [
      `${r.text('cityCode')}|${r.int('year')}`,
      {
        expenditure: r.int('expenditure'),
        welfare: r.int('welfare'),
        publicWorks: r.int('publicWorks'),
        education: r.int('education'),
        disasterRecovery: r.int('disasterRecovery'),
      },
    ]),
  );
  return financeCache;
}

/**
 * 歳出決算総額 and its 民生費, 土木費, 教育費 and 災害復旧費 (SSDSE-A, 地方財政状況調査) of a municipality or
 * designated city in fiscal year `year`; undefined outside FY2015–2022 and for a region SSDSE-A lacks.
 */
export const municipalFinance = (cityCode: string, year: number): OfficialFinance | undefined =>
  loadFinance().get(`${cityCode}|${year}`);

/** The fiscal years of municipalFinance, in order. */
export const financeYears = (): number[] =>
  [...new Set([...loadFinance().keys()].map((k) => Number(k.split('|')[1])))].sort((a, b) => a - b);

/** A prefecture's official net migration in a year: with each regional block, and with the rest of Japan by age class. */
interface OfficialMigration {
  /** By block code '01'–'09': the other prefectures of the block only. */
  blocks: Record<string, number>;
  /** 0–14, 15–64, 65 and over. */
  ageClasses: [number, number, number];
}

const BLOCK_CODES = ['01', '02', '03', '04', '05', '06', '07', '08', '09'] as const;
const AGE_CLASS_CODES = ['1', '2', '3'] as const;

/** A whole number that may be negative (a net), or a fault at its file, line and column. */
function signedInt(r: CsvRecord, column: string): number {
  const text = r.text(column);
  if (!/^-?[0-9]+$/.test(text)) throw r.fault(column, `expected a whole number, found ${JSON.stringify(text)}`);
  return Number(text);
}

let migrationCache: Map<number, OfficialMigration> | undefined;

function loadMigration(): Map<number, OfficialMigration> {
  if (migrationCache) return migrationCache;
  migrationCache = new Map();
  for (const r of rows(OFFICIAL_FILE_NAMES.prefectureMigration, ['prefCode', 'year', 'kind', 'code', 'net'])) {
    const key = r.int('prefCode') * 10000 + r.int('year');
    const entry = migrationCache.get(key) ?? { blocks: {}, ageClasses: [0, 0, 0] };
    if (r.oneOf('kind', ['block', 'ageClass'] as const) === 'block')
      entry.blocks[r.oneOf('code', BLOCK_CODES)] = signedInt(r, 'net');
    else entry.ageClasses[AGE_CLASS_CODES.indexOf(r.oneOf('code', AGE_CLASS_CODES))] = signedInt(r, 'net');
    migrationCache.set(key, entry);
  }
  return migrationCache;
}

/**
 * 転入超過数 of a prefecture (住民基本台帳人口移動報告, 日本人移動者, moves within Japan): with each of
 * forArea's regional blocks, and with the rest of Japan in forAgeClass's three age classes. 2021 only;
 * undefined in other years.
 */
export const prefectureMigration = (prefCode: number, year: number): OfficialMigration | undefined =>
  loadMigration().get(prefCode * 10000 + year);

/** The years prefectureMigration covers, ascending. */
export const migrationYears = (): number[] =>
  [...new Set([...loadMigration().keys()].map((k) => k % 10000))].sort((a, b) => a - b);
