// The source tables: one tidy CSV per table, one zod row schema per table. Every cell arrives as text;
// a schema both checks it and converts it. sources/README.md documents the same tables for people.

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
export const MEDICAL_SCHEMES = ['disease', 'department', 'doctor', 'bed', 'nurse'] as const;
const decimal = () =>
  z
    .string()
    .regex(/^-?[0-9]+(\.[0-9]+)?$/, { error: 'expected a decimal number' })
    .transform(Number);

export interface TableSpec {
  name: string;
  doc: string;
  schema: z.ZodObject;
  /** Columns whose values identify a row: a repeated key is an error. */
  key: string[];
  /** Columns holding region codes that must exist in prefectures or municipalities. */
  regions?: string[];
  /** Tables without which no build makes sense. */
  required?: boolean;
  /** Column tuples that must be keys of another table (empty cells are not checked). */
  references?: { columns: string[]; table: string; as: string[] }[];
}

function table<S extends z.ZodObject>(spec: Omit<TableSpec, 'schema'> & { schema: S }) {
  return spec;
}

export const TABLES = {
  prefectures: table({
    name: 'prefectures',
    doc: 'Prefectures in JIS X 0401 order.',
    schema: z.object({ prefCode: intIn(1, 47), prefName: text() }),
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
    key: ['cityCode'],
    required: true,
  }),
  population_years: table({
    name: 'population_years',
    doc: 'Years of the population series: actual (census) or projection.',
    schema: z.object({ year: intIn(1920, 2100), kind: oneOf(['actual', 'projection']) }),
    key: ['year'],
  }),
  population_by_age_sex: table({
    name: 'population_by_age_sex',
    doc: 'Residents by region, year, sex and 5-year age class (ageFrom 0, 5, …, 90; 90 means 90 and over).',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1920, 2100),
      sex: oneOf(['male', 'female']),
      ageFrom: intIn(0, 90).refine((n) => n % 5 === 0, { error: 'expected a multiple of 5 from 0 to 90' }),
      count: count(),
    }),
    key: ['regionCode', 'year', 'sex', 'ageFrom'],
    regions: ['regionCode'],
  }),
  population_by_age_group: table({
    name: 'population_by_age_group',
    doc: 'Residents by region, year and broad age group, for region-years without 5-year detail; unknown (age not stated) for any region-year.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1920, 2100),
      ageGroup: oneOf(['young', 'working', 'old', 'unknown']),
      count: count(),
    }),
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
    key: ['regionCode', 'periodFrom', 'ageFrom'],
    regions: ['regionCode'],
  }),
  vital_events: table({
    name: 'vital_events',
    doc: 'Births, deaths, in-migrants and out-migrants of a region in a calendar year.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1900, 2100),
      births: count(),
      deaths: count(),
      inMigrants: count(),
      outMigrants: count(),
    }),
    key: ['regionCode', 'year'],
    regions: ['regionCode'],
  }),
  births_by_mother_age: table({
    name: 'births_by_mother_age',
    doc: "Births over a five-year period (e.g. 1998-2002) by the mother's 5-year age class (ageFrom 15, 20, …, 45).",
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
    key: ['regionCode', 'period', 'ageFrom'],
    regions: ['regionCode'],
  }),
  industries_broad: table({
    name: 'industries_broad',
    doc: 'Industry broad classes (JSIC): sicCode A–T.',
    schema: z.object({ sicCode: letter(), sicName: text() }),
    key: ['sicCode'],
  }),
  industries_middle: table({
    name: 'industries_middle',
    doc: 'Industry middle classes (JSIC) and the broad class each belongs to.',
    schema: z.object({ simcCode: twoDigits(), sicCode: letter(), simcName: text() }),
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
    key: ['regionCode', 'year', 'simcCode'],
    regions: ['regionCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  establishments: table({
    name: 'establishments',
    doc: 'Companies (empty where not counted), establishments and their employees by region, year and industry middle class.',
    schema: z.object({
      regionCode: regionCode(),
      year: intIn(1950, 2100),
      simcCode: twoDigits(),
      companies: countOrNothing(),
      plants: count(),
      employees: count(),
    }),
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
    key: ['regionCode', 'year', 'simcCode'],
    regions: ['regionCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  occupations_broad: table({
    name: 'occupations_broad',
    doc: 'Occupation broad classes (JSOC): iscoCode A–L.',
    schema: z.object({ iscoCode: letter(), iscoName: text() }),
    key: ['iscoCode'],
  }),
  occupations_middle: table({
    name: 'occupations_middle',
    doc: 'Occupation middle classes (JSOC) and the broad class each belongs to.',
    schema: z.object({ ismcoCode: twoDigits(), iscoCode: letter(), ismcoName: text() }),
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
    key: ['prefCode', 'month', 'ismcoCode'],
    regions: ['prefCode'],
    references: [{ columns: ['ismcoCode', 'iscoCode'], table: 'occupations_middle', as: ['ismcoCode', 'iscoCode'] }],
  }),
  job_placements: table({
    name: 'job_placements',
    doc: "By prefecture, fiscal year and occupation middle class: the women among job_openings' effective job applicants, summed over the year's months as those are, and the year's placements (就職件数).",
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      iscoCode: letter(),
      ismcoCode: twoDigits(),
      womenApplicants: count(),
      placements: count(),
    }),
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
    key: ['prefCode', 'year', 'industry'],
    regions: ['prefCode'],
  }),
  patent_fields: table({
    name: 'patent_fields',
    doc: 'Patent technology fields (sections).',
    schema: z.object({ tecCode: intIn(1, 999), tecName: text() }),
    key: ['tecCode'],
  }),
  patent_themes: table({
    name: 'patent_themes',
    doc: 'Patent technology themes (subject matters) within each field.',
    schema: z.object({ tecCode: intIn(1, 999), themeCode: intIn(1, 999), themeName: text() }),
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
    key: ['holderId'],
  }),
  patents: table({
    name: 'patents',
    doc: 'Patent records: one row per application and holder (joint applications have several rows with one applyNo); - marks a detail that is not known.',
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
    key: ['prefCode', 'year', 'quarter', 'purpose', 'countryCode'],
    regions: ['prefCode'],
    references: [{ columns: ['countryCode'], table: 'countries', as: ['countryCode'] }],
  }),
  accommodation_classes: table({
    name: 'accommodation_classes',
    doc: 'Labels of the accommodation survey: employee-size classes (kind size) and accommodation types (kind type).',
    schema: z.object({ kind: oneOf(['size', 'type']), code: intIn(1, 99), label: text() }),
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
    key: ['prefCode', 'month', 'typeCode', 'sizeCode'],
    regions: ['prefCode'],
  }),
  accommodation_stays: table({
    name: 'accommodation_stays',
    doc: 'Guest nights (Japanese and foreign), rooms occupied and available (room-nights) and capacity (person-nights) by prefecture, month, accommodation type and employee-size class, of the facilities of accommodation_facilities; the room and capacity columns are empty where the survey does not count them.',
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
    doc: 'High-school graduates by the prefecture of their school, fiscal year of graduation, sex and course (1 university, 2 junior college, 3 employment), by the prefecture of the university, junior college or workplace they entered, as the School Basic Survey (学校基本調査) counts them.',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      destPrefCode: prefCode2(),
      sex: oneOf(['male', 'female']),
      course: intIn(1, 3),
      count: count(),
    }),
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
    key: ['prefCode', 'year', 'quarter', 'position', 'otherPrefCode'],
    regions: ['prefCode', 'otherPrefCode'],
  }),
  fishery_classes: table({
    name: 'fishery_classes',
    doc: 'Labels of the fishery census: sales bands (kind band, codes 1–5) and shipping destinations (kind destination, codes 1–11).',
    schema: z.object({ kind: oneOf(['band', 'destination']), code: intIn(1, 99), label: text() }),
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
    key: ['meshCode', 'year'],
    regions: ['cityCode'],
  }),
  mesh_population_future: table({
    name: 'mesh_population_future',
    doc: 'Projected population by 1 km mesh and year, with its base years; each mesh belongs to one municipality.',
    schema: z.object({ meshCode: meshCode(), cityCode: cityCode(), year: intIn(1950, 2100), population: count() }),
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
    key: ['cityCode'],
    regions: ['cityCode'],
  }),
  medical_classes: table({
    name: 'medical_classes',
    doc: 'Categories of the medical composition charts, per scheme: disease (matter2 102, 103), department (201, 202), doctor (205), bed (204), nurse (207). A broad category with middle codes is charted by them; one without (middleCode empty) is a single item.',
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
    key: ['scheme', 'broadCode', 'middleCode'],
  }),
  medical_counts: table({
    name: 'medical_counts',
    doc: 'Counts behind the medical composition charts by matter2, year, region and class (middleCode, or broadCode for a one-item category). A region is a prefecture or municipality (regionCode) or a secondary medical area (areaCode); give each matter2 and year at one level per prefecture: the build sums it up to the coarser ones.',
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
    key: ['siscCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  old_cities: table({
    name: 'old_cities',
    doc: 'Old municipalities (旧市区町村) that a present municipality absorbed, numbered 01, 02, … within it.',
    schema: z.object({ cityCode: cityCode(), oldCityCode: twoDigits(), oldCityName: text() }),
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
    key: ['prefCode', 'year', 'simcCode', 'ageFrom'],
    regions: ['prefCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  manufacturer_establishments: table({
    name: 'manufacturer_establishments',
    doc: 'Manufacturing establishments by prefecture, year, industry middle class and status (continuing from the year before, entering, exiting after the year), with their employees and value added (10 thousand yen).',
    schema: z.object({
      prefCode: prefCode2(),
      year: intIn(1950, 2100),
      simcCode: twoDigits(),
      status: oneOf(['continuing', 'entering', 'exiting']),
      establishments: count(),
      employees: count(),
      valueAdded: signedCount(),
    }),
    key: ['prefCode', 'year', 'simcCode', 'status'],
    regions: ['prefCode'],
    references: [{ columns: ['simcCode'], table: 'industries_middle', as: ['simcCode'] }],
  }),
  local_taxes: table({
    name: 'local_taxes',
    doc: 'Local tax revenue (thousand yen): all of it, the fixed-asset (property) tax and the corporate part of the municipal resident tax, and the residents they are divided by, by region and fiscal year.',
    schema: z
      .object({
        regionCode: regionCode(),
        year: intIn(1950, 2100),
        taxes: count(),
        propertyTax: count(),
        corporateTax: count(),
        residents: count(),
      })
      .superRefine((r, ctx) => {
        if (r.propertyTax + r.corporateTax > r.taxes)
          ctx.addIssue({
            code: 'custom',
            path: ['taxes'],
            message: `taxes ${r.taxes} is less than its parts propertyTax + corporateTax (${r.propertyTax + r.corporateTax})`,
          });
      }),
    key: ['regionCode', 'year'],
    regions: ['regionCode'],
  }),
  expenditure_items: table({
    name: 'expenditure_items',
    doc: 'Items of local government expenditure by purpose (目的別歳出), as the settlement statistics (地方財政状況調査) list them; `level` says whether municipalities have the item or only prefectures (警察費).',
    schema: z.object({ itemCode: twoDigits(), itemName: text(), level: oneOf(['all', 'prefecture']) }),
    key: ['itemCode'],
  }),
  settlement_amounts: table({
    name: 'settlement_amounts',
    doc: 'Settled expenditure (決算額, thousand yen) of a local government by fiscal year and purpose: a prefecture government (2-digit regionCode) or a municipality (5-digit; a designated city as a whole, not its wards, which keep no accounts of their own).',
    schema: z.object({ regionCode: regionCode(), year: intIn(1950, 2100), itemCode: twoDigits(), amount: count() }),
    key: ['regionCode', 'year', 'itemCode'],
    regions: ['regionCode'],
    references: [{ columns: ['itemCode'], table: 'expenditure_items', as: ['itemCode'] }],
  }),
} satisfies Record<string, TableSpec>;

export type TableName = keyof typeof TABLES;
export type Row<N extends TableName> = z.infer<(typeof TABLES)[N]['schema']>;
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];
