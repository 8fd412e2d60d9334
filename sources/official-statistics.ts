// The anchors beyond population (sources/official/README.md): municipal local taxes with their residents,
// settled expenditure, establishments and persons engaged, medical counts; prefecture guest nights of the
// facilities of 10+ employees and net migration in 2021. Each file is read once, on first use, into a map
// keyed as its accessor asks.

import type { CsvRecord } from './csv.ts';
import { OFFICIAL_FILE_NAMES, rows } from './official.ts';

/** A value made on first use and kept. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/**
 * A list made on first use, a copy given each time: the origins ask for these years for every operation and
 * level (the build of the test sample spent 4.7 s making them again).
 */
const onceList = <T>(make: () => T[]): (() => T[]) => {
  const list = once(make);
  return () => [...list()];
};

/** A file's rows as a map, each row one entry, made on first use. */
const keyed = <K, V>(name: string, columns: readonly string[], entry: (r: CsvRecord) => [K, V]) =>
  once(() => new Map(rows(name, columns).map(entry)));

/** The years of a map keyed `code|year`, ascending. */
const yearsOf = (keys: Iterable<string>): number[] =>
  [...new Set([...keys].map((k) => Number(k.split('|')[1])))].sort((a, b) => a - b);

/** A municipality's or ward's official local taxes (thousand yen; none for a ward) and residents in a fiscal year. */
interface OfficialTaxes {
  taxes?: number;
  residents: number;
}

const taxes = keyed(
  OFFICIAL_FILE_NAMES.municipalTaxes,
  ['cityCode', 'year', 'taxes', 'residents'],
  (r): [string, OfficialTaxes] => [
    `${r.text('cityCode')}|${r.int('year')}`,
    { ...(r.text('taxes') === '' ? {} : { taxes: r.int('taxes') }), residents: r.int('residents') },
  ],
);

/**
 * 地方税 (SSDSE-A, 地方財政状況調査) of a municipality or designated city in fiscal year `year`, and the
 * 住民基本台帳 residents of it or a ward on 1 January of the next year: RESAS's numerator and denominator
 * of municipality/taxes/perYear. Undefined outside FY2015–2019 and for a region the tables lack.
 */
export const municipalTaxes = (cityCode: string, year: number): OfficialTaxes | undefined =>
  taxes().get(`${cityCode}|${year}`);

/** The fiscal years municipalTaxes covers, ascending. */
export const taxYears = onceList(() => yearsOf(taxes().keys()));

/** A prefecture's guest nights in a calendar year, all and foreign, of its facilities of 10 or more employees. */
interface OfficialStays {
  guests: number;
  foreignGuests: number;
}

const stays = keyed(
  OFFICIAL_FILE_NAMES.prefectureStays,
  ['prefCode', 'year', 'guests', 'foreignGuests'],
  (r): [number, OfficialStays] => [
    r.int('prefCode') * 10000 + r.int('year'),
    { guests: r.int('guests'), foreignGuests: r.int('foreignGuests') },
  ],
);

/**
 * 延べ宿泊者数 and 外国人延べ宿泊者数 (宿泊旅行統計調査 via SSDSE-B and SSDSE-E) of a prefecture in a calendar
 * year: the facilities of 10 or more employees only, RESAS's size classes 10～29人, 30～99人 and 100人以上
 * together, not every facility. Undefined outside 2009–2021.
 */
export const prefectureStays = (prefCode: number, year: number): OfficialStays | undefined =>
  stays().get(prefCode * 10000 + year);

/** The years prefectureStays covers, ascending. */
export const stayYears = onceList(() => [...new Set([...stays().keys()].map((k) => k % 10000))].sort((a, b) => a - b));

/** The anchor file's count columns, by the matter2 of medicalAnalysis/chart each is the all-class total of. */
const MEDICAL_COLUMNS = { '202': 'clinics', '203': 'dentalClinics', '206': 'dentists', '208': 'pharmacists' } as const;

const medical = once(() => {
  const out = new Map<string, number>();
  const columns = Object.entries(MEDICAL_COLUMNS);
  for (const r of rows(OFFICIAL_FILE_NAMES.medical, ['regionCode', 'year', ...columns.map(([, c]) => c)]))
    for (const [matter2, column] of columns)
      if (r.text(column) !== '') out.set(`${matter2}|${r.text('regionCode')}|${r.int('year')}`, r.int(column));
  return out;
});

/**
 * The official all-class count of medicalAnalysis/chart's matter2 202 一般診療所数, 203 歯科診療所数 (医療施設調査),
 * 206 歯科医師数 or 208 薬剤師数 (医師・歯科医師・薬剤師統計) in a municipality (designated cities whole) or,
 * for the years no municipal table gives, a prefecture (2-digit code); undefined where the tables give none.
 */
export const medicalCount = (matter2: string, regionCode: string, year: number): number | undefined =>
  medical().get(`${matter2}|${regionCode}|${year}`);

/**
 * The years medicalCount gives some count in: of municipalities, and of prefectures (theirs, or their
 * municipalities' sums), ascending.
 */
export const medicalYears = (): Record<'prefecture' | 'municipality', number[]> => {
  const { prefecture, municipality } = medicalYearLists();
  return { prefecture: [...prefecture], municipality: [...municipality] };
};

const medicalYearLists = once(() => {
  const keys = [...medical().keys()].map((k) => k.split('|'));
  const years = (ks: string[][]) => [...new Set(ks.map((k) => Number(k[2])))].sort((a, b) => a - b);
  return { prefecture: years(keys), municipality: years(keys.filter((k) => k[1]!.length === 5)) };
});

/** A municipality's establishments or persons engaged in a year: the total, and the broad classes the table gives. */
export interface OfficialCounts {
  all: number;
  /** By broad class letter (A–S); a class the year's table does not count (S in the 民営 years) is absent. */
  classes: Partial<Record<string, number>>;
}

type Measures = Partial<Record<'plants' | 'employees', OfficialCounts>>;
const CLASS_COLUMNS = 'ABCDEFGHIJKLMNOPQRS'.split('');

const establishments = once(() => {
  const out = new Map<string, Measures>();
  const columns = ['cityCode', 'year', 'measure', 'all', ...CLASS_COLUMNS];
  for (const r of rows(OFFICIAL_FILE_NAMES.municipalEstablishments, columns)) {
    const key = `${r.text('cityCode')}|${r.int('year')}`;
    const entry: Measures = out.get(key) ?? {};
    const classes = Object.fromEntries(CLASS_COLUMNS.flatMap((c) => (r.text(c) === '' ? [] : [[c, r.int(c)]])));
    entry[r.oneOf('measure', ['plants', 'employees'] as const)] = { all: r.int('all'), classes };
    out.set(key, entry);
  }
  return out;
});

/**
 * 事業所数 and 従業者数 of a municipality or designated city (SSDSE-A lists them whole) in 2014 (経済センサス‐
 * 基礎調査: every establishment, public ones too) or 2016 and 2021 (活動調査: 民営 only), all industries and by
 * broad class. Undefined in other years and for wards.
 */
export const municipalEstablishments = (cityCode: string, year: number): Required<Measures> | undefined => {
  const { plants, employees } = establishments().get(`${cityCode}|${year}`) ?? {};
  return plants && employees && { plants, employees };
};

/** The years municipalEstablishments covers, ascending. */
export const establishmentYears = onceList(() => yearsOf(establishments().keys()));

/** municipal-finance.csv's columns after cityCode and year: 歳出決算総額, then 民生費, 土木費, 教育費, 災害復旧費. */
export const FINANCE_COLUMNS = ['expenditure', 'welfare', 'publicWorks', 'education', 'disasterRecovery'] as const;

/** A municipality's settled expenditure in a fiscal year (thousand yen): the total and four of its purposes. */
export type OfficialFinance = Record<(typeof FINANCE_COLUMNS)[number], number>;

const finance = keyed(
  OFFICIAL_FILE_NAMES.municipalFinance,
  ['cityCode', 'year', ...FINANCE_COLUMNS],
  (r): [string, OfficialFinance] => [
    `${r.text('cityCode')}|${r.int('year')}`,
    {
      expenditure: r.int('expenditure'),
      welfare: r.int('welfare'),
      publicWorks: r.int('publicWorks'),
      education: r.int('education'),
      disasterRecovery: r.int('disasterRecovery'),
    },
  ],
);

/**
 * 歳出決算総額 and its 民生費, 土木費, 教育費 and 災害復旧費 (SSDSE-A, 地方財政状況調査) of a municipality or
 * designated city in fiscal year `year`; undefined outside FY2015–2022 and for a region SSDSE-A lacks.
 */
export const municipalFinance = (cityCode: string, year: number): OfficialFinance | undefined =>
  finance().get(`${cityCode}|${year}`);

/** The fiscal years of municipalFinance, in order. */
export const financeYears = onceList(() => yearsOf(finance().keys()));

/** A prefecture's official net migration in a year: with each regional block, and with the rest of Japan by age class. */
interface OfficialMigration {
  /** By block code '01'–'09': the other prefectures of the block only. */
  blocks: Record<string, number>;
  /** 0–14, 15–64, 65 and over. */
  ageClasses: [number, number, number];
}

const BLOCK_CODES = ['01', '02', '03', '04', '05', '06', '07', '08', '09'] as const;
const AGE_CLASS_CODES = ['1', '2', '3'] as const;

const migration = once(() => {
  const out = new Map<number, OfficialMigration>();
  for (const r of rows(OFFICIAL_FILE_NAMES.prefectureMigration, ['prefCode', 'year', 'kind', 'code', 'net'])) {
    const key = r.int('prefCode') * 10000 + r.int('year');
    const entry = out.get(key) ?? { blocks: {}, ageClasses: [0, 0, 0] };
    if (r.oneOf('kind', ['block', 'ageClass'] as const) === 'block')
      entry.blocks[r.oneOf('code', BLOCK_CODES)] = r.signed('net');
    else entry.ageClasses[AGE_CLASS_CODES.indexOf(r.oneOf('code', AGE_CLASS_CODES))] = r.signed('net');
    out.set(key, entry);
  }
  return out;
});

/**
 * 転入超過数 of a prefecture (住民基本台帳人口移動報告, 日本人移動者, moves within Japan): with each of
 * forArea's regional blocks, and with the rest of Japan in forAgeClass's three age classes. 2021 only;
 * undefined in other years.
 */
export const prefectureMigration = (prefCode: number, year: number): OfficialMigration | undefined =>
  migration().get(prefCode * 10000 + year);

/** The years prefectureMigration covers, ascending. */
export const migrationYears = onceList(() =>
  [...new Set([...migration().keys()].map((k) => k % 10000))].sort((a, b) => a - b),
);

/** The 19 classes' columns of the age files: 0–4 … 90歳～. */
const AGE_COLUMNS = Array.from({ length: 19 }, (_, i) => `age${i * 5}`);

/** municipal-age.csv's columns: the region, year and sex, its people of unknown age, then the 19 classes 0–4 … 90歳～. */
export const MUNICIPAL_AGE_COLUMNS = ['regionCode', 'year', 'sex', 'unknown', ...AGE_COLUMNS] as const;

/** municipal-projection.csv's columns: the region, year and sex, then the 19 classes (a projection has no unknown age). */
export const MUNICIPAL_PROJECTION_COLUMNS = ['regionCode', 'year', 'sex', ...AGE_COLUMNS] as const;

/** A region's population of a year: men and women in the 19 classes, and the people of unknown age. */
export interface OfficialAgeSex {
  male: number[];
  female: number[];
  unknown: number;
}

/** A file of regions' people by year, sex and class (and of unknown age, where it has the column), by `region|year`. */
const ageSexFile = (name: string, columns: readonly string[]) =>
  once(() => {
    const out = new Map<string, OfficialAgeSex>();
    for (const r of rows(name, columns)) {
      const key = `${r.text('regionCode')}|${r.int('year')}`;
      const entry = out.get(key) ?? { male: [], female: [], unknown: 0 };
      entry[r.oneOf('sex', ['male', 'female'] as const)] = AGE_COLUMNS.map((c) => r.int(c));
      if (columns.includes('unknown')) entry.unknown += r.int('unknown');
      out.set(key, entry);
    }
    return out;
  });

const copy = (e: OfficialAgeSex | undefined): OfficialAgeSex | undefined =>
  e && { male: [...e.male], female: [...e.female], unknown: e.unknown };

const municipalAge = ageSexFile(OFFICIAL_FILE_NAMES.municipalAge, MUNICIPAL_AGE_COLUMNS);

/**
 * The census population by sex and 5-year age (to 90歳～) and of unknown age of a municipality of today
 * (1980: added up through the municipality converter, designated cities whole; 2020: wards too, designated
 * cities only as their wards) or, for 1980, a prefecture (2-digit code, on 1980's boundaries). Undefined in
 * other years and for other regions.
 */
export const municipalByAgeSex = (regionCode: string, year: number): OfficialAgeSex | undefined =>
  copy(municipalAge().get(`${regionCode}|${year}`));

/** The years municipalByAgeSex covers, ascending. */
export const municipalAgeYears = onceList(() => yearsOf(municipalAge().keys()));

const municipalProjection = ageSexFile(OFFICIAL_FILE_NAMES.municipalProjection, MUNICIPAL_PROJECTION_COLUMNS);

/**
 * IPSS 2018's projected population by sex and 5-year age (to 90歳～; unknown 0) of a municipality or ward of
 * today, or of a designated city IPSS gives only whole (8 cities: their wards are undefined), 2025–2045.
 * Undefined for 福島県's municipalities, the Northern-Territories villages and in other years.
 */
export const municipalProjectionByAgeSex = (regionCode: string, year: number): OfficialAgeSex | undefined =>
  copy(municipalProjection().get(`${regionCode}|${year}`));

/** The years municipalProjectionByAgeSex covers, ascending. */
export const municipalProjectionYears = onceList(() => yearsOf(municipalProjection().keys()));
