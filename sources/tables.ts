// The source tables: one tidy CSV per table, one zod row schema per table. Every cell arrives as text;
// a schema both checks it and converts it. sources/README.md documents the same tables for people.

import { z } from 'zod';

const intIn = (min: number, max: number) => {
  const error = `expected an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^-?[0-9]+$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
};
const count = () => intIn(0, 2_000_000_000);
const signedCount = () => intIn(-2_000_000_000, 2_000_000_000);
const text = () => z.string().trim().min(1, { error: 'expected a non-empty text' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected one of ${values.join(', ')}` });

/** Two digits for a prefecture (JIS X 0401), five for a municipality (JIS X 0402 without check digit). */
const regionCode = () => z.string().regex(/^(?:[0-9]{2}|[0-9]{5})$/, { error: 'expected a 2-digit prefecture code or a 5-digit municipality code' });
const prefCode2 = () => z.string().regex(/^[0-9]{2}$/, { error: 'expected a 2-digit prefecture code such as 01 or 13' });
const cityCode = () => z.string().regex(/^[0-9]{5}$/, { error: 'expected a 5-digit municipality code such as 13101' });

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
      designatedCityCode: z.union([cityCode(), z.literal('')], { error: 'expected the 5-digit code of the designated city (for wards) or nothing' }),
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
} satisfies Record<string, TableSpec>;

export type TableName = keyof typeof TABLES;
export type Row<N extends TableName> = z.infer<(typeof TABLES)[N]['schema']>;
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];
