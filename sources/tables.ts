// The source tables: one tidy CSV per table, one zod row schema per table. Every cell arrives as text;
// a schema both checks it and converts it. Each table documents itself for people beside its schema (its
// doc and what each column holds): `npm run docs` writes sources/README.md's tables from them.

import { z } from 'zod';
import { FORESTRY_KINDS } from './forestry-codes.ts';
import { FARM_BUSINESSES, FARMER_AGES } from './agriculture-codes.ts';
import { CARE_COUNTED } from './care-codes.ts';

const intIn = (min: number, max: number) => {
  const error = `expected an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^-?[0-9]+$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
};
const count = () => intIn(0, 2_000_000_000);
/** A count, or an empty cell (null) where the source does not count it. */
const countOrNothing = () =>
  z.union([count(), z.literal('').transform(() => null)], {
    error: 'expected an integer from 0 to 2000000000 or nothing',
  });
const signedCount = () => intIn(-2_000_000_000, 2_000_000_000);
const text = () => z.string().trim().min(1, { error: 'expected a non-empty text' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected one of ${values.join(', ')}` });

/** Two digits for a prefecture (JIS X 0401), five for a municipality (JIS X 0402 without check digit). */
const regionCode = () =>
  z
    .string()
    .regex(/^(?:[0-9]{2}|[0-9]{5})$/, { error: 'expected a 2-digit prefecture code or a 5-digit municipality code' });
const prefCode2 = () =>
  z.string().regex(/^[0-9]{2}$/, { error: 'expected a 2-digit prefecture code such as 01 or 13' });
const cityCode = () => z.string().regex(/^[0-9]{5}$/, { error: 'expected a 5-digit municipality code such as 13101' });
const insurerCode = () =>
  z.string().regex(/^[0-9]{5,6}$/, { error: 'expected a 5- or 6-digit insurer code such as 13101' });
const letter = () => z.string().regex(/^[A-Z]$/, { error: 'expected one capital letter' });
const twoDigits = () => z.string().regex(/^[0-9]{2}$/, { error: 'expected a 2-digit code such as 05' });
const airportCode = () =>
  z.string().regex(/^[A-Za-z0-9]{1,16}$/, { error: 'expected a code of letters and digits such as NRT or 3' });
const meshCode = () =>
  z.string().regex(/^[0-9]{8}$/, { error: 'expected an 8-digit third-level mesh code such as 53394547' });
const areaCode = () =>
  z.string().regex(/^[0-9]{4}$/, { error: 'expected a 4-digit secondary medical area code such as 1301' });
const classCode = () =>
  z.string().regex(/^[0-9A-Za-z]{1,8}$/, { error: 'expected a code of letters and digits such as 01 or 011' });
const orEmpty = <T extends z.ZodType>(schema: T, what: string) =>
  z.union([schema, z.literal('')], { error: `expected ${what} or nothing` });
const MEDICAL_SCHEMES = ['disease', 'department', 'doctor', 'bed', 'nurse', 'total'] as const;
const decimal = () =>
  z
    .string()
    .regex(/^-?[0-9]+(\.[0-9]+)?$/, { error: 'expected a decimal number' })
    .transform(Number);

/** What a column holds, as sources/README.md prints it: its type in words and what it means. */
interface ColumnDoc {
  type: string;
  meaning: string;
}

/** Documentation that several tables' columns share. */
const REGION: ColumnDoc = { type: '2 or 5 digits', meaning: 'region' };
const REGION_OWN: ColumnDoc = {
  type: '2 or 5 digits',
  meaning: 'region (municipalities, or prefectures whose own figure wins over the sum)',
};
const LEAF_REGION: ColumnDoc = {
  type: '5 digits (or 2)',
  meaning: "municipality (a prefecture row gives the prefecture's own figure)",
};
const PREFECTURE: ColumnDoc = { type: '2 digits', meaning: 'prefecture' };
const YEAR: ColumnDoc = { type: 'integer', meaning: 'year' };
const FISCAL_YEAR: ColumnDoc = { type: 'integer', meaning: 'fiscal year' };
const SURVEY_YEAR: ColumnDoc = { type: 'integer', meaning: 'survey year' };
const INDUSTRY_MIDDLE: ColumnDoc = { type: '2 digits', meaning: 'industry middle class' };
const FISHERY_CENSUS: ColumnDoc = { type: 'integer', meaning: 'fishery census year (2008, 2013, 2018)' };
const AGRICULTURE_CENSUS: ColumnDoc = {
  type: 'integer',
  meaning: 'census of agriculture and forestry year (2005, 2010, 2015, 2020)',
};
const FOREIGN_VISITORS: ColumnDoc = { type: 'integer ≥ 0', meaning: 'foreign visitors' };
const RESIDENTS: ColumnDoc = { type: 'integer ≥ 0', meaning: 'residents' };
const TRAVEL_QUARTER: ColumnDoc = { type: '1–4', meaning: 'the quarter of the year (the operation serves 2014–2019)' };
const COMPANIES_INDUSTRY: ColumnDoc = {
  type: '`manufacturing` or `nonmanufacturing`',
  meaning: "the companies' industry",
};
const FISHERY_ACTIVITY: ColumnDoc = { type: '`catch` or `aquaculture`', meaning: 'sea catch or sea aquaculture' };
const FISHERY_ENTITIES: ColumnDoc = { type: 'integer ≥ 0', meaning: 'management entities' };
const FISHERY_DESTINATION: ColumnDoc = {
  type: '1–11',
  meaning: 'main shipping destination of sea-catch entities; only the codes of that census',
};
const FORESTRY_KIND: ColumnDoc = {
  type: '`sales` or `contract`',
  meaning: 'income from sales of forest products (林産物販売金額) or from contracted forestry work (林作業請負収入)',
};
const MESH_CODE: ColumnDoc = { type: '8 digits', meaning: 'JIS X 0410 third-level (1 km) mesh code' };
const MESH_CITY: ColumnDoc = { type: '5 digits', meaning: 'the one municipality the mesh is assigned to' };

export interface TableSpec {
  name: string;
  /** What the table holds and how the build reads it: its paragraph in sources/README.md. */
  doc: string;
  schema: z.ZodObject;
  /** Every column of the schema, in its order, and nothing else (see table()). */
  columns: Record<string, ColumnDoc>;
  /** Columns whose values identify a row: a repeated key is an error. */
  key: string[];
  /** Columns holding region codes that must exist in prefectures or municipalities. */
  regions?: string[];
  /** Tables without which no build makes sense. */
  required?: boolean;
  /** Column tuples that must be keys of another table (empty cells are not checked). */
  references?: { columns: string[]; table: string; as: string[] }[];
}

/** One ColumnDoc for each column of a schema: a column left out, or one the schema lacks, does not compile. */
type ColumnDocs<S extends z.ZodObject> = { [C in keyof S['shape']]: ColumnDoc };

/** A table's declaration, its columns' documentation checked against its schema. */
export function table<S extends z.ZodObject>(
  spec: Omit<TableSpec, 'schema' | 'columns'> & { schema: S; columns: NoInfer<ColumnDocs<S>> },
) {
  return spec;
}

export const TABLES = {
  prefectures: table({
    name: 'prefectures',
    doc: 'Prefectures in JIS X 0401 order.',
    schema: z.object({ prefCode: intIn(1, 47), prefName: text() }),
    columns: {
      prefCode: { type: 'integer 1–47', meaning: 'prefecture code' },
      prefName: { type: 'text', meaning: 'name, e.g. 北海道, 東京都' },
    },
    key: ['prefCode'],
    required: true,
  }),
  municipalities: table({
    name: 'municipalities',
    doc: 'Municipalities and wards. bigCityFlag: 0 ordinary, 1 ward of a designated city, 2 designated city, 3 Tokyo special ward.',
    schema: z.object({
      cityCode: cityCode(),
      cityName: text(),
      bigCityFlag: oneOf(['0', '1', '2', '3']),
      designatedCityCode: z.union([cityCode(), z.literal('')], {
        error: 'expected the 5-digit code of the designated city (for wards) or nothing',
      }),
    }),
    columns: {
      cityCode: { type: '5 digits', meaning: 'municipality code; its first two digits are the prefecture' },
      cityName: { type: 'text', meaning: "as RESAS printed it: wards carry their city's name (札幌市中央区)" },
      bigCityFlag: {
        type: '0–3',
        meaning: '0 ordinary, 1 ward of a designated city, 2 designated city, 3 Tokyo special ward',
      },
      designatedCityCode: {
        type: '5 digits or empty',
        meaning: 'for wards only: their designated city (a row with flag 2)',
      },
    },
    key: ['cityCode'],
    required: true,
  }),
  population_years: table({
    name: 'population_years',
    doc: 'Years of the population series: actual (census) or projection.',
    schema: z.object({ year: intIn(1920, 2100), kind: oneOf(['actual', 'projection']) }),
    columns: {
      year: { type: 'integer', meaning: 'a year of the population series' },
      kind: {
        type: '`actual` or `projection`',
        meaning: 'census count or projection; `boundaryYear` is the last actual year',
      },
    },
    key: ['year'],
  }),
  population_by_age_sex: table({
    name: 'population_by_age_sex',
    doc: 'Residents by region, year, sex and 5-year age class (ageFrom 0, 5, …, 90; 90 means 90 and over): what the pyramid shows and what the broad groups are added from.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1920, 2100),
      sex: oneOf(['male', 'female']),
      ageFrom: intIn(0, 90).refine((n) => n % 5 === 0, { error: 'expected a multiple of 5 from 0 to 90' }),
      count: count(),
    }),
    columns: {
      regionCode: REGION,
      year: YEAR,
      sex: { type: '`male` or `female`', meaning: "the residents' sex" },
      ageFrom: { type: '0, 5, …, 90', meaning: 'lower bound of the class; 90 means 90 and over' },
      count: RESIDENTS,
    },
    key: ['regionCode', 'year', 'sex', 'ageFrom'],
    regions: ['regionCode'],
  }),
  population_by_age_group: table({
    name: 'population_by_age_group',
    doc: 'Residents by region, year and broad age group, for region-years without 5-year detail (RESAS perYear responses, the prefecture series before 1980); unknown (age not stated) for any region-year. A region-year with rows in `population_by_age_sex.csv` may have only `unknown` here. The total population is young + working + old + unknown.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1920, 2100),
      ageGroup: oneOf(['young', 'working', 'old', 'unknown']),
      count: count(),
    }),
    columns: {
      regionCode: REGION,
      year: YEAR,
      ageGroup: {
        type: '`young` (0–14), `working` (15–64), `old` (65+), `unknown`',
        meaning: 'broad age group; `unknown`: age not stated',
      },
      count: RESIDENTS,
    },
    key: ['regionCode', 'year', 'ageGroup'],
    regions: ['regionCode'],
  }),
  migration_by_block: table({
    name: 'migration_by_block',
    doc: 'Net migration of a prefecture with each regional block (01 北海道 … 09 九州・沖縄) per year: arrivals minus departures.',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      blockCode: oneOf(['01', '02', '03', '04', '05', '06', '07', '08', '09']),
      net: signedCount(),
    }),
    columns: {
      prefCode: PREFECTURE,
      year: YEAR,
      blockCode: {
        type: '01–09',
        meaning: '01 北海道, 02 東北, 03 北関東, 04 東京圏, 05 中部, 06 関西, 07 中国, 08 四国, 09 九州・沖縄',
      },
      net: { type: 'integer', meaning: 'arrivals from the block minus departures to it' },
    },
    key: ['prefCode', 'year', 'blockCode'],
    regions: ['prefCode'],
  }),
  migration_by_age_group: table({
    name: 'migration_by_age_group',
    doc: 'Net migration by region, year and age class (1: 0–14, 2: 15–64, 3: 65 and over).',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      ageClass: intIn(1, 3),
      net: signedCount(),
    }),
    columns: {
      regionCode: REGION,
      year: YEAR,
      ageClass: { type: '1–3', meaning: '1: 0–14, 2: 15–64, 3: 65 and over' },
      net: { type: 'integer', meaning: 'net migration' },
    },
    key: ['regionCode', 'year', 'ageClass'],
    regions: ['regionCode'],
  }),
  migration_by_cohort: table({
    name: 'migration_by_cohort',
    doc: 'Net migration of the cohort aged ageFrom…ageFrom+4 at periodFrom during the five years to periodFrom+5.',
    schema: z.object({
      regionCode: regionCode(),
      periodFrom: intIn(1950, 2100).refine((n) => n % 5 === 0, { error: 'expected a census year (a multiple of 5)' }),
      ageFrom: intIn(0, 85).refine((n) => n % 5 === 0, { error: 'expected a multiple of 5 from 0 to 85' }),
      net: signedCount(),
    }),
    columns: {
      regionCode: REGION,
      periodFrom: { type: 'census year', meaning: 'the period runs from periodFrom to periodFrom + 5' },
      ageFrom: {
        type: '0, 5, …, 85',
        meaning: 'the cohort aged ageFrom…ageFrom+4 at periodFrom (85: 85–89 → 90 and over)',
      },
      net: { type: 'integer', meaning: 'net migration of the cohort over the period' },
    },
    key: ['regionCode', 'periodFrom', 'ageFrom'],
    regions: ['regionCode'],
  }),
  vital_events: table({
    name: 'vital_events',
    doc: "Births, deaths, in-migrants and out-migrants of a region in a calendar year. A prefecture's moves are its municipalities' summed, so moves between two of its municipalities count in both. In the sample, the events of the calendar years Y+1 … Y+5 add up exactly to the change of a municipality's total population (people of unknown age included) from census Y to census Y+5 (1980–2020): births − deaths + inMigrants − outMigrants; the sample has 1981–2022.",
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1900, 2100),
      births: count(),
      deaths: count(),
      inMigrants: count(),
      outMigrants: count(),
    }),
    columns: {
      regionCode: REGION,
      year: { type: 'integer', meaning: 'calendar year' },
      births: { type: 'integer ≥ 0', meaning: 'births (出生数)' },
      deaths: { type: 'integer ≥ 0', meaning: 'deaths (死亡数)' },
      inMigrants: { type: 'integer ≥ 0', meaning: 'people who moved in (転入数)' },
      outMigrants: { type: 'integer ≥ 0', meaning: 'people who moved out (転出数)' },
    },
    key: ['regionCode', 'year'],
    regions: ['regionCode'],
  }),
  births_by_mother_age: table({
    name: 'births_by_mother_age',
    doc: "Births over a five-year period (e.g. 1998-2002) by the mother's 5-year age class (ageFrom 15, 20, …, 45). In the sample, a period's births summed over the mothers' classes equal the `vital_events` births of its five years (periods 1983-1987 … 2018-2022).",
    schema: z.object({
      regionCode: regionCode(),
      period: z
        .string()
        .regex(/^[0-9]{4}-[0-9]{4}$/, { error: 'expected five calendar years as YYYY-YYYY, such as 1998-2002' })
        .refine((p) => Number(p.slice(5)) - Number(p.slice(0, 4)) === 4, {
          error: 'expected five calendar years as YYYY-YYYY, such as 1998-2002',
        }),
      ageFrom: intIn(15, 45).refine((n) => n % 5 === 0, { error: 'expected one of 15, 20, 25, 30, 35, 40, 45' }),
      births: count(),
    }),
    columns: {
      regionCode: REGION,
      period: {
        type: '`YYYY-YYYY`',
        meaning:
          'five calendar years, e.g. `1998-2002`; its middle year (2000) is the census year whose women the total fertility rate divides by',
      },
      ageFrom: {
        type: '15, 20, …, 45',
        meaning: "the mother's 5-year age class (15: 15–19 and younger mothers, 45: 45–49 and older)",
      },
      births: { type: 'integer ≥ 0', meaning: 'births over the five years' },
    },
    key: ['regionCode', 'period', 'ageFrom'],
    regions: ['regionCode'],
  }),
  industries_broad: table({
    name: 'industries_broad',
    doc: 'Industry broad classes of the Japan Standard Industrial Classification (JSIC), as RESAS printed them: sicCode A–T.',
    schema: z.object({ sicCode: letter(), sicName: text() }),
    columns: {
      sicCode: { type: 'one letter A–T', meaning: 'broad class' },
      sicName: { type: 'text', meaning: 'e.g. 製造業' },
    },
    key: ['sicCode'],
  }),
  industries_middle: table({
    name: 'industries_middle',
    doc: 'Industry middle classes of the Japan Standard Industrial Classification (JSIC), as RESAS printed them, and the broad class each belongs to.',
    schema: z.object({ simcCode: twoDigits(), sicCode: letter(), simcName: text() }),
    columns: {
      simcCode: { type: '2 digits', meaning: 'middle class' },
      sicCode: { type: 'one letter A–T', meaning: 'the broad class it belongs to (in `industries_broad`)' },
      simcName: { type: 'text', meaning: 'e.g. 食料品製造業' },
    },
    key: ['simcCode'],
    references: [{ columns: ['sicCode'], table: 'industries_broad', as: ['sicCode'] }],
  }),
  industry_economy: table({
    name: 'industry_economy',
    doc: 'Value added (million yen) and employees by region, census year and industry middle class.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      simcCode: twoDigits(),
      valueAdded: signedCount(),
      employees: count(),
    }),
    columns: {
      regionCode: REGION_OWN,
      year: { type: 'integer', meaning: 'economic census year (the operation serves 2012 and 2016)' },
      simcCode: INDUSTRY_MIDDLE,
      valueAdded: { type: 'integer', meaning: 'value added, million yen (may be negative)' },
      employees: { type: 'integer ≥ 0', meaning: 'persons engaged' },
    },
    key: ['regionCode', 'year', 'simcCode'],
    regions: ['regionCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  establishments: table({
    name: 'establishments',
    doc: "Companies (empty where not counted), establishments and their employees by region, year and industry middle class. A missing row counts as 0 in a region and year with other rows. The sample's employees in 2012 and 2016 are `industry_economy`'s, row for row.",
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      simcCode: twoDigits(),
      companies: countOrNothing(),
      plants: count(),
      employees: count(),
    }),
    columns: {
      regionCode: REGION_OWN,
      year: {
        type: 'integer',
        meaning: 'economic census (or its basic survey) year, e.g. 2009, 2012, 2014, 2016, 2021',
      },
      simcCode: INDUSTRY_MIDDLE,
      companies: {
        type: 'integer ≥ 0, or empty',
        meaning:
          'companies (企業数) based in the region; empty for a year without a company count (the sample leaves 2016 empty)',
      },
      plants: { type: 'integer ≥ 0', meaning: 'establishments (事業所数)' },
      employees: {
        type: 'integer ≥ 0',
        meaning:
          'persons engaged at those establishments (従業者数); in the years `industry_economy` also has, the same people',
      },
    },
    key: ['regionCode', 'year', 'simcCode'],
    regions: ['regionCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  establishment_openings: table({
    name: 'establishment_openings',
    doc: 'Establishments opened (新設事業所) between two economic censuses, by municipality and period (its start and end years).',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      periodStart: intIn(1950, 2100),
      opened: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: { type: 'integer', meaning: 'the economic census that ends the period (2012, 2014, 2016 in the sample)' },
      periodStart: {
        type: 'integer',
        meaning: 'the census that starts it (2009, 2012, 2014); its `establishments` are the base of the opening rate',
      },
      opened: {
        type: 'integer ≥ 0',
        meaning:
          'establishments opened during the period (新設事業所); the build adds municipalities up to prefectures',
      },
    },
    key: ['regionCode', 'year'],
    regions: ['regionCode'],
  }),
  manufacturing_shipments: table({
    name: 'manufacturing_shipments',
    doc: 'Shipments of manufactured goods (製造品出荷額等, 万円) by municipality, year and manufacturing middle class.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      simcCode: twoDigits(),
      shipments: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: { type: 'integer', meaning: 'year of the census of manufactures (2008–2020 in the sample)' },
      simcCode: { type: '2 digits', meaning: 'manufacturing middle class (09–32, of `industries_middle`)' },
      shipments: {
        type: 'integer ≥ 0',
        meaning:
          'shipments of manufactured goods and other revenue (製造品出荷額等), 万円; the build adds municipalities up to prefectures and classes up to manufacturing',
      },
    },
    key: ['regionCode', 'year', 'simcCode'],
    regions: ['regionCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  occupations_broad: table({
    name: 'occupations_broad',
    doc: 'Occupation broad classes (JSOC) of the job-openings statistics, as RESAS printed them: iscoCode A–L.',
    schema: z.object({ iscoCode: letter(), iscoName: text() }),
    columns: {
      iscoCode: { type: 'one letter', meaning: 'broad class' },
      iscoName: { type: 'text', meaning: 'e.g. 専門的・技術的職業従事者' },
    },
    key: ['iscoCode'],
  }),
  occupations_middle: table({
    name: 'occupations_middle',
    doc: 'Occupation middle classes (JSOC) of the job-openings statistics, as RESAS printed them, and the broad class each belongs to.',
    schema: z.object({ ismcoCode: twoDigits(), iscoCode: letter(), ismcoName: text() }),
    columns: {
      ismcoCode: { type: '2 digits', meaning: 'middle class' },
      iscoCode: { type: 'one letter', meaning: 'the broad class it belongs to (in `occupations_broad`)' },
      ismcoName: { type: 'text', meaning: 'middle class name' },
    },
    key: ['ismcoCode'],
    references: [{ columns: ['iscoCode'], table: 'occupations_broad', as: ['iscoCode'] }],
  }),
  job_openings: table({
    name: 'job_openings',
    doc: 'Effective job openings and effective job applicants by prefecture, month and occupation middle class.',
    schema: z.object({
      prefCode: prefCode2(),
      month: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, { error: 'expected a month as YYYY-MM' }),
      iscoCode: letter(),
      ismcoCode: twoDigits(),
      openings: count(),
      applicants: count(),
    }),
    columns: {
      prefCode: PREFECTURE,
      month: { type: '`YYYY-MM`', meaning: 'month (the operation serves 2011-04 to 2022-09)' },
      iscoCode: { type: 'letter', meaning: 'occupation broad class' },
      ismcoCode: {
        type: '2 digits',
        meaning: 'occupation middle class; the pair with iscoCode must exist in `occupations_middle`',
      },
      openings: { type: 'integer ≥ 0', meaning: 'effective job openings' },
      applicants: { type: 'integer ≥ 0', meaning: 'effective job applicants (0 gives a `null` ratio)' },
    },
    key: ['prefCode', 'month', 'ismcoCode'],
    regions: ['prefCode'],
    references: [{ columns: ['ismcoCode', 'iscoCode'], table: 'occupations_middle', as: ['ismcoCode', 'iscoCode'] }],
  }),
  job_placements: table({
    name: 'job_placements',
    doc: "By prefecture, fiscal year (April to March) and occupation middle class: the women among job_openings' effective job applicants, summed over the year's months as those are, and the year's placements (就職件数). What regionalEmploy/analysis/portfolio needs beside `job_openings.csv`; a fiscal year without rows here is not served by it.",
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      iscoCode: letter(),
      ismcoCode: twoDigits(),
      womenApplicants: count(),
      placements: count(),
    }),
    columns: {
      prefCode: PREFECTURE,
      year: { type: 'integer', meaning: 'fiscal year (2011 is April 2011 to March 2012)' },
      iscoCode: { type: 'letter', meaning: 'occupation broad class, as `occupations_middle`' },
      ismcoCode: { type: '2 digits', meaning: 'occupation middle class, as `occupations_middle`' },
      womenApplicants: {
        type: 'integer ≥ 0',
        meaning:
          "the women among the effective job applicants of `job_openings`, summed over the year's months as those are",
      },
      placements: { type: 'integer ≥ 0', meaning: 'placements (就職件数) of the year' },
    },
    key: ['prefCode', 'year', 'ismcoCode'],
    regions: ['prefCode'],
    references: [{ columns: ['ismcoCode', 'iscoCode'], table: 'occupations_middle', as: ['ismcoCode', 'iscoCode'] }],
  }),
  overseas_trade: table({
    name: 'overseas_trade',
    doc: 'Overseas transactions of companies (million yen) by prefecture, year, flow, industry and world area (1 Asia without China, 2 China with Hong Kong, 3 Middle East, 4 Europe, 5 North America, 6 other).',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      flow: oneOf(['export', 'import']),
      industry: oneOf(['manufacturing', 'nonmanufacturing']),
      area: intIn(1, 6),
      amount: count(),
    }),
    columns: {
      prefCode: { type: '2 digits', meaning: 'prefecture of the companies' },
      year: { type: 'integer', meaning: 'year (the operation serves 2009–2020)' },
      flow: { type: '`export` or `import`', meaning: 'direction of the transactions' },
      industry: COMPANIES_INDUSTRY,
      area: {
        type: '1–6',
        meaning: '1 Asia (without China), 2 China (with Hong Kong), 3 Middle East, 4 Europe, 5 North America, 6 other',
      },
      amount: { type: 'integer ≥ 0', meaning: 'the transactions, million yen' },
    },
    key: ['prefCode', 'year', 'flow', 'industry', 'area'],
    regions: ['prefCode'],
  }),
  research_expenses: table({
    name: 'research_expenses',
    doc: 'Companies that spend on research and development, their spending and their sales (million yen), by prefecture, fiscal year and industry (manufacturing or not), as the Basic Survey of Japanese Business Structure and Activities (企業活動基本調査) counts them.',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      industry: oneOf(['manufacturing', 'nonmanufacturing']),
      firms: count(),
      expense: count(),
      sales: count(),
    }),
    columns: {
      prefCode: { type: '2 digits', meaning: "prefecture of the companies' head offices" },
      year: FISCAL_YEAR,
      industry: COMPANIES_INDUSTRY,
      firms: { type: 'integer ≥ 0', meaning: 'companies that spend on research and development' },
      expense: { type: 'integer ≥ 0', meaning: 'their research and development spending (million yen)' },
      sales: { type: 'integer ≥ 0', meaning: 'their sales (million yen)' },
    },
    key: ['prefCode', 'year', 'industry'],
    regions: ['prefCode'],
  }),
  patent_fields: table({
    name: 'patent_fields',
    doc: 'Patent technology fields (sections).',
    schema: z.object({ tecCode: intIn(1, 999), tecName: text() }),
    columns: {
      tecCode: { type: 'integer', meaning: 'technology field (`patentSection` in the list), e.g. 1' },
      tecName: { type: 'text', meaning: 'field name' },
    },
    key: ['tecCode'],
  }),
  patent_themes: table({
    name: 'patent_themes',
    doc: 'Patent technology themes (subject matters) within each field.',
    schema: z.object({ tecCode: intIn(1, 999), themeCode: intIn(1, 999), themeName: text() }),
    columns: {
      tecCode: { type: 'integer', meaning: 'technology field (`patentSection` in the list), in `patent_fields`' },
      themeCode: { type: 'integer', meaning: 'theme within the field (`patentSubject` in the list)' },
      themeName: { type: 'text', meaning: 'theme name' },
    },
    key: ['tecCode', 'themeCode'],
    references: [{ columns: ['tecCode'], table: 'patent_fields', as: ['tecCode'] }],
  }),
  patent_holders: table({
    name: 'patent_holders',
    doc: 'Patent holders (companies, universities, people) by their company code.',
    schema: z.object({
      holderId: z.string().regex(/^[A-Za-z0-9]{1,16}$/, { error: 'expected up to 16 letters and digits' }),
      holderName: text(),
    }),
    columns: {
      holderId: { type: 'up to 16 letters and digits', meaning: 'company code' },
      holderName: { type: 'text', meaning: 'holder name' },
    },
    key: ['holderId'],
  }),
  patents: table({
    name: 'patents',
    doc: "Patent records: one row per application **and holder**: a joint application has one row per holder with the same `applyNo` (the build sets `jointlyFlg`). `-` in a text column is the original's placeholder for a withheld detail, one that is not known.",
    schema: z.object({
      recordId: intIn(1, 2_000_000_000),
      year: intIn(1950, 2100),
      applyNo: text(),
      applyDate: z
        .string()
        .regex(/^(?:[0-9]{4}\/[0-9]{2}\/[0-9]{2}|-)$/, { error: 'expected a date as yyyy/mm/dd, or -' }),
      tecCode: intIn(1, 999),
      themeCode: intIn(1, 999),
      fiClass: text(),
      patentName: text(),
      holderId: z.union([z.string().regex(/^[A-Za-z0-9]{1,16}$/), z.literal('')], {
        error: 'expected a holder id, or nothing when the holder is unknown',
      }),
      regionCode: z.union([regionCode(), z.literal('')], {
        error: 'expected a region code, or nothing when the location is unknown',
      }),
      lat: decimal(),
      lng: decimal(),
    }),
    columns: {
      recordId: { type: 'integer', meaning: 'unique row id, the last tie-break of every ordering' },
      year: { type: 'integer', meaning: 'list year (the operation serves 2017–2022)' },
      applyNo: { type: 'text', meaning: 'application number, or `-`' },
      applyDate: { type: '`yyyy/mm/dd` or `-`', meaning: 'application date' },
      tecCode: { type: 'integer', meaning: 'technology field' },
      themeCode: { type: 'integer', meaning: 'technology theme; the pair with tecCode must be in `patent_themes`' },
      fiClass: { type: 'text', meaning: 'FI class, or `-`' },
      patentName: { type: 'text', meaning: 'technology theme name as printed, or `-`' },
      holderId: {
        type: 'holder id or empty',
        meaning: 'the holder (empty prints `patentHolder` `-` and an empty `patentHolderId`)',
      },
      regionCode: {
        type: '2 or 5 digits or empty',
        meaning: "the holder's location (empty: unknown, listed by holder only)",
      },
      lat: { type: 'decimal', meaning: "latitude of the holder's location, 0 when unknown" },
      lng: { type: 'decimal', meaning: "longitude of the holder's location, 0 when unknown" },
    },
    key: ['recordId'],
    regions: ['regionCode'],
    references: [
      { columns: ['tecCode', 'themeCode'], table: 'patent_themes', as: ['tecCode', 'themeCode'] },
      { columns: ['holderId'], table: 'patent_holders', as: ['holderId'] },
    ],
  }),
  countries: table({
    name: 'countries',
    doc: 'Countries and regions of nationality of foreign visitors, by their RESAS code.',
    schema: z.object({
      countryCode: z.string().regex(/^[0-9]{1,6}$/, { error: 'expected a numeric country code such as 103' }),
      countryName: text(),
    }),
    columns: {
      countryCode: { type: 'digits', meaning: 'nationality code as RESAS printed it, e.g. 103' },
      countryName: { type: 'text', meaning: 'e.g. 韓国' },
    },
    key: ['countryCode'],
  }),
  foreign_visitors: table({
    name: 'foreign_visitors',
    doc: 'Foreign visitors to a prefecture by quarter, purpose (1 all purposes, 2 sightseeing and leisure) and nationality.',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      quarter: intIn(1, 4),
      purpose: intIn(1, 2),
      countryCode: z.string().regex(/^[0-9]{1,6}$/, { error: 'expected a numeric country code such as 103' }),
      visitors: count(),
    }),
    columns: {
      prefCode: { type: '2 digits', meaning: 'prefecture visited' },
      year: YEAR,
      quarter: { type: '1–4', meaning: 'the quarter of the year (the operation serves 2011 Q2 to 2020 Q1)' },
      purpose: { type: '1 or 2', meaning: '1 all purposes, 2 sightseeing and leisure (a subset of 1)' },
      countryCode: { type: 'digits', meaning: 'nationality, as in `countries`' },
      visitors: FOREIGN_VISITORS,
    },
    key: ['prefCode', 'year', 'quarter', 'purpose', 'countryCode'],
    regions: ['prefCode'],
    references: [{ columns: ['countryCode'], table: 'countries', as: ['countryCode'] }],
  }),
  accommodation_classes: table({
    name: 'accommodation_classes',
    doc: 'Labels of the accommodation survey: employee-size classes (kind size) and accommodation types (kind type).',
    schema: z.object({ kind: oneOf(['size', 'type']), code: intIn(1, 99), label: text() }),
    columns: {
      kind: {
        type: '`size` or `type`',
        meaning: 'employee-size class (`display=1`) or accommodation type (`display=2`)',
      },
      code: { type: 'integer', meaning: 'class code, printed as `code`' },
      label: { type: 'text', meaning: 'e.g. 0～9人, 旅館' },
    },
    key: ['kind', 'code'],
  }),
  accommodation_facilities: table({
    name: 'accommodation_facilities',
    doc: 'Accommodation facilities by prefecture, month, accommodation type and employee-size class.',
    schema: z.object({
      prefCode: prefCode2(),
      month: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, { error: 'expected a month as YYYY-MM' }),
      typeCode: intIn(1, 99),
      sizeCode: intIn(1, 99),
      facilities: count(),
    }),
    columns: {
      prefCode: PREFECTURE,
      month: { type: '`YYYY-MM`', meaning: 'month (the operation serves 2011–2021)' },
      typeCode: { type: 'integer', meaning: "the facility's accommodation type" },
      sizeCode: { type: 'integer', meaning: "the facility's employee-size class" },
      facilities: { type: 'integer ≥ 0', meaning: 'number of facilities' },
    },
    key: ['prefCode', 'month', 'typeCode', 'sizeCode'],
    regions: ['prefCode'],
  }),
  accommodation_stays: table({
    name: 'accommodation_stays',
    doc: 'Guest nights (Japanese and foreign), rooms occupied and available (room-nights) and capacity (person-nights) by prefecture, month, accommodation type and employee-size class, of the facilities of accommodation_facilities (each row names one of its rows); the room and capacity columns are empty where the survey does not count them. The hotelAnalysis operations groupStack, guestRoomLine and capacityLine derive guest nights and rates from them.',
    schema: z.object({
      prefCode: prefCode2(),
      month: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, { error: 'expected a month as YYYY-MM' }),
      typeCode: intIn(1, 99),
      sizeCode: intIn(1, 99),
      japaneseGuests: count(),
      foreignGuests: count(),
      roomsOccupied: countOrNothing(),
      roomsAvailable: countOrNothing(),
      capacity: countOrNothing(),
    }),
    columns: {
      prefCode: { type: 'as `accommodation_facilities`', meaning: 'the prefecture of the facilities the row counts' },
      month: { type: 'as `accommodation_facilities`', meaning: 'the month of their stays' },
      typeCode: { type: 'as `accommodation_facilities`', meaning: 'their accommodation type' },
      sizeCode: { type: 'as `accommodation_facilities`', meaning: 'their employee-size class' },
      japaneseGuests: { type: 'integer ≥ 0', meaning: 'guest nights (延べ宿泊者数) of Japanese guests' },
      foreignGuests: { type: 'integer ≥ 0', meaning: 'guest nights (延べ宿泊者数) of foreign guests' },
      roomsOccupied: {
        type: 'integer ≥ 0 or empty',
        meaning:
          'room-nights occupied (客室稼働率 = occupied / available); empty where the survey does not count them (facilities of 0–9 employees)',
      },
      roomsAvailable: {
        type: 'integer ≥ 0 or empty',
        meaning: 'room-nights available; empty where the survey does not count them (facilities of 0–9 employees)',
      },
      capacity: {
        type: 'integer ≥ 0 or empty',
        meaning:
          'person-nights the facilities sleep (定員稼働率 = guest nights / capacity, over the rows that have it)',
      },
    },
    key: ['prefCode', 'month', 'typeCode', 'sizeCode'],
    regions: ['prefCode'],
    references: [
      {
        columns: ['prefCode', 'month', 'typeCode', 'sizeCode'],
        table: 'accommodation_facilities',
        as: ['prefCode', 'month', 'typeCode', 'sizeCode'],
      },
    ],
  }),
  graduate_destinations: table({
    name: 'graduate_destinations',
    doc: "High-school graduates by the prefecture of their school, fiscal year of graduation, sex and course (1 university, 2 junior college, 3 employment), by the prefecture of the university, junior college or workplace they entered, as the School Basic Survey (学校基本調査) counts them: employEducation/localjobAcademic/toTransition derives each prefecture's staying, leaving and incoming graduates from them. Rows that are not there count as 0.",
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      destPrefCode: prefCode2(),
      sex: oneOf(['male', 'female']),
      course: intIn(1, 3),
      count: count(),
    }),
    columns: {
      prefCode: { type: '2 digits', meaning: "the prefecture of the graduates' high school" },
      year: { type: 'integer', meaning: 'fiscal year of graduation (the sample has 2000–2016, as the real response)' },
      destPrefCode: {
        type: '2 digits',
        meaning:
          'the prefecture of the university, junior college or workplace they entered (equal to prefCode: they stayed)',
      },
      sex: { type: '`male` or `female`', meaning: "the graduates' sex" },
      course: { type: '1, 2 or 3', meaning: '1 university (大学), 2 junior college (短期大学), 3 employment (就職)' },
      count: { type: 'integer ≥ 0', meaning: 'graduates' },
    },
    key: ['prefCode', 'year', 'destPrefCode', 'sex', 'course'],
    regions: ['prefCode', 'destPrefCode'],
  }),
  airports: table({
    name: 'airports',
    doc: 'Entry and exit airports of foreign visitors, the airport area each belongs to, and the prefecture it lies in.',
    schema: z.object({
      areaCode: airportCode(),
      areaName: text(),
      airportCode: airportCode(),
      airportName: text(),
      prefCode: prefCode2(),
    }),
    columns: {
      areaCode: { type: 'code', meaning: 'airport area' },
      areaName: { type: 'text', meaning: "the airport area's name" },
      airportCode: { type: 'code', meaning: 'airport' },
      airportName: { type: 'text', meaning: "the airport's name" },
      prefCode: { type: '2 digits', meaning: 'where the airport is' },
    },
    key: ['airportCode'],
    regions: ['prefCode'],
  }),
  airport_travellers: table({
    name: 'airport_travellers',
    doc: 'Foreign visitors by year, quarter, entry airport and exit airport.',
    schema: z.object({
      year: intIn(1950, 2100),
      quarter: intIn(1, 4),
      entryAirport: airportCode(),
      exitAirport: airportCode(),
      visitors: count(),
    }),
    columns: {
      year: YEAR,
      quarter: TRAVEL_QUARTER,
      entryAirport: { type: 'airport code', meaning: 'where the visitors entered Japan (in `airports`)' },
      exitAirport: { type: 'airport code', meaning: 'where the visitors left Japan (in `airports`)' },
      visitors: { type: 'integer ≥ 0', meaning: 'foreign visitors with that entry and exit' },
    },
    key: ['year', 'quarter', 'entryAirport', 'exitAirport'],
    references: [
      { columns: ['entryAirport'], table: 'airports', as: ['airportCode'] },
      { columns: ['exitAirport'], table: 'airports', as: ['airportCode'] },
    ],
  }),
  airport_visits: table({
    name: 'airport_visits',
    doc: 'Of those foreign visitors, how many visited each prefecture (a visitor may visit several).',
    schema: z.object({
      year: intIn(1950, 2100),
      quarter: intIn(1, 4),
      entryAirport: airportCode(),
      exitAirport: airportCode(),
      prefCode: prefCode2(),
      visitors: count(),
    }),
    columns: {
      year: YEAR,
      quarter: TRAVEL_QUARTER,
      entryAirport: { type: 'airport code', meaning: 'where the visitors entered Japan' },
      exitAirport: { type: 'airport code', meaning: 'where the visitors left Japan' },
      prefCode: { type: '2 digits', meaning: 'the prefecture visited' },
      visitors: {
        type: 'integer ≥ 0',
        meaning:
          'of the visitors of `airport_travellers` with that entry and exit, those who visited the prefecture (a visitor may visit several, so these do not add up to the travellers)',
      },
    },
    key: ['year', 'quarter', 'entryAirport', 'exitAirport', 'prefCode'],
    regions: ['prefCode'],
    references: [
      {
        columns: ['year', 'quarter', 'entryAirport', 'exitAirport'],
        table: 'airport_travellers',
        as: ['year', 'quarter', 'entryAirport', 'exitAirport'],
      },
    ],
  }),
  visit_sequences: table({
    name: 'visit_sequences',
    doc: 'Of the foreign visitors who stayed in a prefecture in a quarter, how many stayed in each other prefecture just before it (position before) and just after it (after) on the same trip.',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      quarter: intIn(1, 4),
      position: oneOf(['before', 'after']),
      otherPrefCode: prefCode2(),
      visitors: count(),
    }),
    columns: {
      prefCode: { type: '2 digits', meaning: 'the prefecture the foreign visitors stayed in' },
      year: YEAR,
      quarter: TRAVEL_QUARTER,
      position: {
        type: '`before` or `after`',
        meaning: 'whether `otherPrefCode` was stayed in just before or just after it',
      },
      otherPrefCode: { type: '2 digits', meaning: 'the other prefecture' },
      visitors: { type: 'integer ≥ 0', meaning: 'visitors' },
    },
    key: ['prefCode', 'year', 'quarter', 'position', 'otherPrefCode'],
    regions: ['prefCode', 'otherPrefCode'],
  }),
  fishery_classes: table({
    name: 'fishery_classes',
    doc: 'Labels of the fishery census: sales bands (kind band, codes 1–5) and shipping destinations (kind destination, codes 1–11).',
    schema: z.object({ kind: oneOf(['band', 'destination']), code: intIn(1, 99), label: text() }),
    columns: {
      kind: { type: '`band` or `destination`', meaning: 'sales band (codes 1–5) or shipping destination (codes 1–11)' },
      code: { type: 'integer', meaning: 'the class' },
      label: { type: 'text', meaning: 'its label' },
    },
    key: ['kind', 'code'],
  }),
  fishery_entities: table({
    name: 'fishery_entities',
    doc: 'Fishery management entities by municipality, census year, activity (sea catch or sea aquaculture) and sales band.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      activity: oneOf(['catch', 'aquaculture']),
      band: intIn(1, 99),
      entities: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: FISHERY_CENSUS,
      activity: FISHERY_ACTIVITY,
      band: { type: '1–5', meaning: 'sales band' },
      entities: FISHERY_ENTITIES,
    },
    key: ['regionCode', 'year', 'activity', 'band'],
    regions: ['regionCode'],
  }),
  fishery_sales: table({
    name: 'fishery_sales',
    doc: 'Sales (販売金額, million yen) of the sea-catch and sea-aquaculture management entities of `fishery_entities`, by municipality, census year and activity.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      activity: oneOf(['catch', 'aquaculture']),
      sales: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: FISHERY_CENSUS,
      activity: FISHERY_ACTIVITY,
      sales: {
        type: 'integer ≥ 0',
        meaning:
          "the entities' sales (販売金額), million yen; the build adds municipalities up to prefectures and the nation",
      },
    },
    key: ['regionCode', 'year', 'activity'],
    regions: ['regionCode'],
  }),
  fishery_destinations: table({
    name: 'fishery_destinations',
    doc: 'Sea-catch management entities by municipality, census year and main shipping destination.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      destination: intIn(1, 99),
      entities: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: FISHERY_CENSUS,
      destination: FISHERY_DESTINATION,
      entities: FISHERY_ENTITIES,
    },
    key: ['regionCode', 'year', 'destination'],
    regions: ['regionCode'],
  }),
  fishery_destination_sales: table({
    name: 'fishery_destination_sales',
    doc: 'Sales (販売金額, million yen) of the sea-catch management entities by municipality, census year and main shipping destination.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      destination: intIn(1, 99),
      sales: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: FISHERY_CENSUS,
      destination: FISHERY_DESTINATION,
      sales: {
        type: 'integer ≥ 0',
        meaning:
          "the entities' sales (販売金額) by destination, million yen; the build adds municipalities up to prefectures and the nation",
      },
    },
    key: ['regionCode', 'year', 'destination'],
    regions: ['regionCode'],
  }),
  farm_entities: table({
    name: 'farm_entities',
    doc: 'Farm management entities (農業経営体) by municipality and census of agriculture year: how many, how many of them are corporations, and the person-days of farm work they did in the year.',
    schema: z
      .object({
        regionCode: regionCode(),
        year: intIn(1950, 2100),
        entities: count(),
        corporations: count(),
        workingDays: count(),
      })
      .refine((r) => r.corporations <= r.entities, {
        error: 'expected no more corporations than entities',
        path: ['corporations'],
      }),
    columns: {
      regionCode: LEAF_REGION,
      year: AGRICULTURE_CENSUS,
      entities: { type: 'integer ≥ 0', meaning: 'farm management entities (農業経営体)' },
      corporations: { type: 'integer ≥ 0, at most `entities`', meaning: 'of those, corporations (法人経営体)' },
      workingDays: {
        type: 'integer ≥ 0',
        meaning:
          'person-days (人日) of farm work the entities did in the year; the build adds municipalities up to prefectures and the nation',
      },
    },
    key: ['regionCode', 'year'],
    regions: ['regionCode'],
  }),
  farm_businesses: table({
    name: 'farm_businesses',
    doc: 'Farm management entities running each kind of agricultural production-related business (農業生産関連事業), by municipality and census of agriculture year.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      business: intIn(1, FARM_BUSINESSES.length),
      entities: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: AGRICULTURE_CENSUS,
      business: {
        type: '1–8',
        meaning:
          "kind of production-related business (regstat's codes, in the census's order): 1 農産物の加工, 2 消費者に直接販売, 3 貸農園・体験農園等, 4 観光農園, 5 農家民宿, 6 農家レストラン, 7 海外への輸出, 8 その他",
      },
      entities: { type: 'integer ≥ 0', meaning: 'farm management entities (農業経営体) running that business' },
    },
    key: ['regionCode', 'year', 'business'],
    regions: ['regionCode'],
  }),
  farmers: table({
    name: 'farmers',
    doc: 'Farm managers (農業経営者) and the farm working population (農業就業人口) by municipality, census of agriculture year, sex and age class, with the sum of their ages in years.',
    schema: z
      .object({
        regionCode: regionCode(),
        year: intIn(1950, 2100),
        farmersType: intIn(1, 2),
        gender: intIn(1, 2),
        ageClass: intIn(1, FARMER_AGES.length),
        persons: count(),
        ageYears: count(),
      })
      .refine((r) => r.ageYears >= 15 * r.persons && r.ageYears <= 120 * r.persons, {
        error: 'expected the sum of ages of the persons (15 to 120 years each)',
        path: ['ageYears'],
      }),
    columns: {
      regionCode: LEAF_REGION,
      year: AGRICULTURE_CENSUS,
      farmersType: {
        type: '1 or 2',
        meaning: '1 farm managers (農業経営者), 2 the farm working population (農業就業人口)',
      },
      gender: { type: '1 or 2', meaning: '1 men, 2 women' },
      ageClass: {
        type: '1–7',
        meaning: '1 15～24歳, 2 25～34歳, 3 35～44歳, 4 45～54歳, 5 55～64歳, 6 65～74歳, 7 75歳以上',
      },
      persons: { type: 'integer ≥ 0', meaning: 'farmers of that type, sex and age class' },
      ageYears: {
        type: 'integer, 15 to 120 times `persons`',
        meaning:
          'the sum of their ages in years (the average age is the sum over the persons); the build adds municipalities up to prefectures and the nation',
      },
    },
    key: ['regionCode', 'year', 'farmersType', 'gender', 'ageClass'],
    regions: ['regionCode'],
  }),
  forestry_entities: table({
    name: 'forestry_entities',
    doc: 'Forestry management entities by municipality, census year, kind of income (sales of forest products or contracted forestry work) and band of that income.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      kind: oneOf(FORESTRY_KINDS),
      band: intIn(1, 5),
      entities: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: AGRICULTURE_CENSUS,
      kind: FORESTRY_KIND,
      band: {
        type: '1–5',
        meaning:
          'band of that income: 1 under 1 million yen, 2 to 10 million, 3 to 50 million, 4 to 100 million, 5 100 million or more',
      },
      entities: { type: 'integer ≥ 0', meaning: 'forestry management entities with income of that kind in that band' },
    },
    key: ['regionCode', 'year', 'kind', 'band'],
    regions: ['regionCode'],
  }),
  forestry_income: table({
    name: 'forestry_income',
    doc: 'The income of the entities of `forestry_entities` (万円), by municipality, census year and kind.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      kind: oneOf(FORESTRY_KINDS),
      amount: count(),
    }),
    columns: {
      regionCode: LEAF_REGION,
      year: AGRICULTURE_CENSUS,
      kind: FORESTRY_KIND,
      amount: {
        type: 'integer ≥ 0',
        meaning:
          "those entities' income of that kind, 万円; the build adds municipalities up to prefectures and the nation",
      },
    },
    key: ['regionCode', 'year', 'kind'],
    regions: ['regionCode'],
  }),
  mesh_population: table({
    name: 'mesh_population',
    doc: 'Census population and households by 1 km mesh (JIS X 0410 third-level code) and year; each mesh belongs to one municipality.',
    schema: z.object({
      meshCode: meshCode(),
      cityCode: cityCode(),
      year: intIn(1950, 2100),
      population: count(),
      households: count(),
    }),
    columns: {
      meshCode: MESH_CODE,
      cityCode: MESH_CITY,
      year: { type: 'integer', meaning: 'census year (2000–2020: 2000 only feeds the 2005 change)' },
      population: RESIDENTS,
      households: { type: 'integer ≥ 0', meaning: 'households' },
    },
    key: ['meshCode', 'year'],
    regions: ['cityCode'],
  }),
  mesh_population_future: table({
    name: 'mesh_population_future',
    doc: 'Projected population by 1 km mesh and year, with its base years; each mesh belongs to one municipality.',
    schema: z.object({ meshCode: meshCode(), cityCode: cityCode(), year: intIn(1950, 2100), population: count() }),
    columns: {
      meshCode: MESH_CODE,
      cityCode: MESH_CITY,
      year: {
        type: 'integer',
        meaning: 'projection year, or one of its base years (2010, 2015, 2020, 2030, 2040, 2050)',
      },
      population: RESIDENTS,
    },
    key: ['meshCode', 'year'],
    regions: ['cityCode'],
  }),
  medical_areas: table({
    name: 'medical_areas',
    doc: 'Secondary medical areas (二次医療圏): one row per municipality, naming its area. An area lies in one prefecture (its code begins with the prefecture code); the first municipality listed for an area is its representative.',
    schema: z.object({ areaCode: areaCode(), areaName: text(), cityCode: cityCode() }).superRefine((r, ctx) => {
      if (r.areaCode.slice(0, 2) !== r.cityCode.slice(0, 2))
        ctx.addIssue({
          code: 'custom',
          path: ['areaCode'],
          message: `area ${r.areaCode} lies in prefecture ${r.areaCode.slice(0, 2)} but municipality ${r.cityCode} does not; an area's code begins with its prefecture code`,
        });
    }),
    columns: {
      areaCode: { type: '4 digits', meaning: 'secondary medical area (二次医療圏); begins with its prefecture code' },
      areaName: { type: 'text', meaning: "the area's name" },
      cityCode: {
        type: '5 digits',
        meaning: 'a municipality of the area, each municipality in one area; the first listed is the representative',
      },
    },
    key: ['cityCode'],
    regions: ['cityCode'],
  }),
  medical_classes: table({
    name: 'medical_classes',
    doc: 'Categories of the medical composition charts, per scheme: disease (matter2 102, 103), department (201, 202), doctor (205), bed (204), nurse (207), total (203, 206, 208: one category, code 00, the count alone). A broad category with middle codes is charted by them; one without (middleCode empty) is a single item. The classes of the original, which the sample uses, are in sources/medical-classes.ts; code 00 (and, for diseases, a broad code followed by 0) is the code of the chart for all classes, not a class.',
    schema: z
      .object({
        scheme: oneOf(MEDICAL_SCHEMES),
        broadCode: classCode(),
        broadName: text(),
        middleCode: orEmpty(classCode(), 'a code of letters and digits'),
        middleName: z.string().trim(),
      })
      .superRefine((r, ctx) => {
        if ((r.middleCode === '') !== (r.middleName === ''))
          ctx.addIssue({
            code: 'custom',
            path: ['middleName'],
            message: 'give middleCode and middleName together, or neither for a one-item category',
          });
      }),
    columns: {
      scheme: {
        type: '`disease`, `department`, `doctor`, `bed`, `nurse` or `total`',
        meaning:
          "classification: diseases for matter2 102/103, clinical departments for 201/202, physicians' main departments for 205, bed types for 204, hospital/clinic nurses for 207, none (one category 00) for 203, 206 and 208",
      },
      broadCode: { type: 'code', meaning: 'broad category' },
      broadName: { type: 'text', meaning: "the broad category's name" },
      middleCode: {
        type: 'code, or empty with middleName',
        meaning: 'middle class of the broad category; empty for a category charted as one item',
      },
      middleName: { type: 'text, or empty with middleCode', meaning: "the middle class's name" },
    },
    key: ['scheme', 'broadCode', 'middleCode'],
  }),
  medical_counts: table({
    name: 'medical_counts',
    doc: 'Counts behind the medical composition charts by matter2, year, region and class (middleCode, or broadCode for a one-item category). A region is a prefecture or municipality (regionCode) or a secondary medical area (areaCode). Give each matter2 and year at one level per prefecture (municipalities, areas or the prefecture): the build adds municipalities up to designated cities, areas and the prefecture, areas up to the prefecture, and prefectures up to the nation. Mixing levels within a prefecture fails the build.',
    schema: z
      .object({
        matter2: intIn(100, 299),
        year: intIn(1950, 2100),
        regionCode: orEmpty(regionCode(), 'a 2-digit prefecture or 5-digit municipality code'),
        areaCode: orEmpty(areaCode(), 'a 4-digit secondary medical area code'),
        classCode: classCode(),
        count: count(),
      })
      .superRefine((r, ctx) => {
        if ((r.regionCode === '') === (r.areaCode === ''))
          ctx.addIssue({
            code: 'custom',
            path: ['regionCode'],
            message: 'give exactly one of regionCode and areaCode',
          });
      }),
    columns: {
      matter2: { type: '102, 103, 201–208', meaning: 'what is counted' },
      year: {
        type: 'integer',
        meaning: "data year (the operation serves the spec's years per matter2 and region unit)",
      },
      regionCode: {
        type: '2 or 5 digits, or empty',
        meaning: 'the prefecture or municipality a count is for (exactly one of regionCode and areaCode)',
      },
      areaCode: {
        type: '4 digits, or empty',
        meaning:
          'the secondary medical area a count is for, as in `medical_areas` (exactly one of regionCode and areaCode)',
      },
      classCode: { type: 'code', meaning: "middleCode, or broadCode for a one-item category, of the matter2's scheme" },
      count: {
        type: 'integer ≥ 0',
        meaning:
          'patients, institutions offering the department, beds, physicians, nurses, dental clinics, dentists or pharmacists',
      },
    },
    key: ['matter2', 'year', 'regionCode', 'areaCode', 'classCode'],
    regions: ['regionCode'],
    references: [{ columns: ['areaCode'], table: 'medical_areas', as: ['areaCode'] }],
  }),
  care_insurers: table({
    name: 'care_insurers',
    doc: 'Long-term care insurers (介護保険の保険者): one row per municipality, naming its insurer (a municipality, a designated city for its wards, or a union of municipalities). An insurer lies in one prefecture.',
    schema: z
      .object({ insurerCode: insurerCode(), insurerName: text(), cityCode: cityCode() })
      .superRefine((r, ctx) => {
        if (r.insurerCode.slice(0, 2) !== r.cityCode.slice(0, 2))
          ctx.addIssue({
            code: 'custom',
            path: ['insurerCode'],
            message: `insurer ${r.insurerCode} lies in prefecture ${r.insurerCode.slice(0, 2)} but municipality ${r.cityCode} does not; an insurer's code begins with its prefecture code`,
          });
      }),
    columns: {
      insurerCode: {
        type: '5 or 6 digits',
        meaning: 'long-term care insurer (介護保険の保険者); begins with its prefecture code',
      },
      insurerName: { type: 'text', meaning: "the insurer's name" },
      cityCode: {
        type: '5 digits',
        meaning:
          'a municipality the insurer covers, each municipality under one insurer (list wards, not their designated city)',
      },
    },
    key: ['cityCode'],
    regions: ['cityCode'],
  }),
  care_counts: table({
    name: 'care_counts',
    doc: 'Counts behind the care charts by matter2 (101 users, 102 certified persons, 201 facilities, 202 places, 203 care workers, 204 nurses, 302 care costs in thousand yen), year, municipality and class (a kind of service 1–3, a care level 1–8, a service 101–304, or - for one figure). The build sums municipalities up to designated cities, insurers and prefectures.',
    schema: z.object({
      matter2: oneOf(CARE_COUNTED),
      year: intIn(1950, 2100),
      regionCode: cityCode(),
      classCode: z.string().regex(/^(-|[0-9]{1,3})$/, { error: 'expected - or a class code of 1 to 3 digits' }),
      count: count(),
    }),
    columns: {
      matter2: {
        type: '101, 102, 201, 202, 203, 204, 302',
        meaning:
          'what is counted: users, certified persons, facilities, places, care workers, nurses, care costs (thousand yen)',
      },
      year: {
        type: 'integer',
        meaning: 'data year (the operation serves the years of `sources/care-codes.ts` per matter2 and region unit)',
      },
      regionCode: { type: '5 digits', meaning: 'the municipality a count is for' },
      classCode: {
        type: '`-` or digits',
        meaning:
          'the kind of service 1–3 (101, 302), the care level 1–8 (102: 要支援１, 要支援２, 経過的要介護, 要介護１…５), the service 101–304 (201, 202), `-` (203, 204)',
      },
      count: { type: 'integer ≥ 0', meaning: 'persons, facilities, places or thousand yen' },
    },
    key: ['matter2', 'year', 'regionCode', 'classCode'],
    regions: ['regionCode'],
  }),
  care_premiums: table({
    name: 'care_premiums',
    doc: "Each insurer's monthly standard premium for its first-insured persons (第1号被保険者の保険料基準額, yen a month) by year, with the number of those persons, which weighs it in a prefecture's average.",
    schema: z.object({
      insurerCode: insurerCode(),
      year: intIn(1950, 2100),
      premium: intIn(0, 1_000_000),
      insured: count(),
    }),
    columns: {
      insurerCode: { type: '5 or 6 digits', meaning: 'the insurer, as in `care_insurers`' },
      year: { type: 'integer', meaning: 'data year' },
      premium: {
        type: 'integer ≥ 0',
        meaning: "the insurer's monthly standard premium for first-insured persons, yen",
      },
      insured: {
        type: 'integer ≥ 0',
        meaning: "its first-insured persons (aged 65 and over), which weigh the premium in its prefecture's average",
      },
    },
    key: ['insurerCode', 'year'],
    references: [{ columns: ['insurerCode'], table: 'care_insurers', as: ['insurerCode'] }],
  }),
  industries_narrow: table({
    name: 'industries_narrow',
    doc: 'Industry narrow classes (JSIC 小分類): siscCode is the middle class code and one more digit.',
    schema: z
      .object({
        siscCode: z.string().regex(/^[0-9]{3}$/, { error: 'expected a 3-digit code such as 201' }),
        simcCode: twoDigits(),
        siscName: text(),
      })
      .superRefine((r, ctx) => {
        if (!r.siscCode.startsWith(r.simcCode))
          ctx.addIssue({
            code: 'custom',
            path: ['siscCode'],
            message: `narrow class ${r.siscCode} does not begin with its middle class ${r.simcCode}`,
          });
      }),
    columns: {
      siscCode: { type: '3 digits', meaning: 'narrow class (JSIC 小分類): its middle class code and one digit' },
      simcCode: { type: '2 digits', meaning: 'the middle class it belongs to (in `industries_middle.csv`)' },
      siscName: {
        type: 'text',
        meaning: "name; x0 is the class's management establishments (管理，補助的経済活動を行う事業所)",
      },
    },
    key: ['siscCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  old_cities: table({
    name: 'old_cities',
    doc: 'Old municipalities (旧市区町村) that a present municipality absorbed, numbered 01, 02, … within it.',
    schema: z.object({ cityCode: cityCode(), oldCityCode: twoDigits(), oldCityName: text() }),
    columns: {
      cityCode: { type: '5 digits', meaning: 'the present municipality (a designated city, not its wards)' },
      oldCityCode: { type: '2 digits', meaning: '01, 02, … within the municipality' },
      oldCityName: { type: 'text', meaning: "the old municipality's name (旧市区町村)" },
    },
    key: ['cityCode', 'oldCityCode'],
    regions: ['cityCode'],
  }),
  wages: table({
    name: 'wages',
    doc: 'Workers and their annual pay (10 thousand yen) by prefecture, year, industry middle class and age class (ageFrom 0 = under 20, 20, 25, …, 70 = 70 and over).',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      simcCode: twoDigits(),
      ageFrom: z
        .enum(['0', '20', '25', '30', '35', '40', '45', '50', '55', '60', '65', '70'], {
          error: 'expected an age class bound: 0, 20, 25, …, 70',
        })
        .transform(Number),
      workers: count(),
      payroll: count(),
    }),
    columns: {
      prefCode: PREFECTURE,
      year: SURVEY_YEAR,
      simcCode: INDUSTRY_MIDDLE,
      ageFrom: { type: '0, 20, 25, …, 70', meaning: 'age class: 0 is under 20, 70 is 70 and over' },
      workers: { type: 'integer ≥ 0', meaning: 'workers surveyed' },
      payroll: { type: 'integer ≥ 0', meaning: 'their annual pay, 10 thousand yen (万円)' },
    },
    key: ['prefCode', 'year', 'simcCode', 'ageFrom'],
    regions: ['prefCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  manufacturer_establishments: table({
    name: 'manufacturer_establishments',
    doc: 'Manufacturing establishments by prefecture, year, industry middle class and status (continuing from the year before, entering, exiting after the year), with their employees and value added (10 thousand yen). All establishments of a year are the continuing and the entering ones; the build derives them and the averages (value added and employees per establishment, value added per employee).',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      simcCode: twoDigits(),
      status: oneOf(['continuing', 'entering', 'exiting']),
      establishments: count(),
      employees: count(),
      valueAdded: signedCount(),
    }),
    columns: {
      prefCode: PREFECTURE,
      year: SURVEY_YEAR,
      simcCode: { type: '2 digits', meaning: 'manufacturing middle class (09–32)' },
      status: {
        type: '`continuing`, `entering` or `exiting`',
        meaning: 'continuing from the year before, new this year, or gone the year after',
      },
      establishments: { type: 'integer ≥ 0', meaning: 'establishments' },
      employees: { type: 'integer ≥ 0', meaning: 'their employees' },
      valueAdded: { type: 'integer', meaning: 'their value added, 10 thousand yen' },
    },
    key: ['prefCode', 'year', 'simcCode', 'status'],
    regions: ['prefCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  local_taxes: table({
    name: 'local_taxes',
    doc: "Local tax revenue (thousand yen): all of it, the fixed-asset (property) tax and the corporate part of the municipal resident tax, and the residents they are divided by, by region and fiscal year. The build adds both up the region hierarchy and divides: a prefecture's figure is its revenue over its residents, not a mean of its municipalities' figures. A part left empty (an import of SSDSE-A, which gives 地方税 only) has no figure for that region and year, nor for what it adds up to.",
    schema: z
      .object({
        regionCode: regionCode(),
        year: intIn(1950, 2100),
        taxes: count(),
        propertyTax: countOrNothing(),
        corporateTax: countOrNothing(),
        residents: count(),
      })
      .superRefine((r, ctx) => {
        const parts = (r.propertyTax ?? 0) + (r.corporateTax ?? 0);
        if (parts > r.taxes)
          ctx.addIssue({
            code: 'custom',
            path: ['taxes'],
            message: `taxes ${r.taxes} is less than its parts propertyTax + corporateTax (${parts})`,
          });
      }),
    columns: {
      regionCode: REGION,
      year: FISCAL_YEAR,
      taxes: { type: 'integer ≥ 0', meaning: 'local tax revenue, thousand yen' },
      propertyTax: {
        type: 'integer ≥ 0, or empty',
        meaning: 'of it, the fixed-asset tax (固定資産税), thousand yen; empty where the source does not give it',
      },
      corporateTax: {
        type: 'integer ≥ 0, or empty',
        meaning:
          'of it, the corporate part of the municipal resident tax (市町村民税法人分), thousand yen; empty where the source does not give it',
      },
      residents: { type: 'integer ≥ 0', meaning: 'residents it is divided by (住民基本台帳)' },
    },
    key: ['regionCode', 'year'],
    regions: ['regionCode'],
  }),
  expenditure_items: table({
    name: 'expenditure_items',
    doc: 'Items of local government expenditure by purpose (目的別歳出), as the settlement statistics (地方財政状況調査) list them; `level` says whether municipalities have the item or only prefectures (警察費).',
    schema: z.object({ itemCode: twoDigits(), itemName: text(), level: oneOf(['all', 'prefecture']) }),
    columns: {
      itemCode: {
        type: '2 digits',
        meaning:
          "purpose of expenditure (目的別歳出), numbered in the settlement statistics' order: 01 議会費 … 14 諸支出金",
      },
      itemName: { type: 'text', meaning: 'its name' },
      level: {
        type: '`all` or `prefecture`',
        meaning: 'whether municipalities have the item too, or only prefectures (警察費)',
      },
    },
    key: ['itemCode'],
  }),
  settlement_amounts: table({
    name: 'settlement_amounts',
    doc: "Settled expenditure (決算額, thousand yen) of a local government by fiscal year and purpose: a prefecture government (2-digit regionCode) or a municipality (5-digit; a designated city as a whole, not its wards, which keep no accounts of their own). A prefecture government and its municipalities keep separate accounts, so nothing is added up the region hierarchy. `forSettlementAmount`'s group average is the mean over governments of the same kind (prefectures, designated cities, Tokyo's special wards, other cities, towns and villages), the national average the mean over all prefectures or all municipalities, each per item and year.",
    schema: z.object({ regionCode: regionCode(), year: intIn(1950, 2100), itemCode: twoDigits(), amount: count() }),
    columns: {
      regionCode: {
        type: '2 or 5 digits',
        meaning:
          "the local government: a prefecture's own (2 digits) or a municipality (5 digits; a designated city as a whole)",
      },
      year: FISCAL_YEAR,
      itemCode: { type: '2 digits', meaning: 'purpose, as in `expenditure_items.csv`' },
      amount: { type: 'integer ≥ 0', meaning: 'settled expenditure (決算額), thousand yen' },
    },
    key: ['regionCode', 'year', 'itemCode'],
    regions: ['regionCode'],
    references: [{ columns: ['itemCode'], table: 'expenditure_items', as: ['itemCode'] }],
  }),
} satisfies Record<string, TableSpec>;

export type TableName = keyof typeof TABLES;
export type Row<N extends TableName> = z.infer<(typeof TABLES)[N]['schema']>;
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** The region masters: every build's region index is made of them, so they are loaded whole and kept. */
export const REGION_TABLES: readonly TableName[] = ['prefectures', 'municipalities'];
