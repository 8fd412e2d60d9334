// Against the official tables in ../shared (never copied into the repository): import:estat and a build
// reproduce the real RESAS perYear responses wherever the tables cover them, keep the levels adding up,
// answer null (never an estimate) where no table reaches, and say where every figure comes from.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { operationsOf } from '../../build/ops/index.ts';
import { dirSourceSet, writeSourceSet } from '../../sources/dir.ts';
import { CENSUS_CREDIT, importEstat, IPSS_CREDIT } from '../../sources/estat/import.ts';
import { loadSources } from '../../sources/load.ts';
import { localGovCities, NO_DATA_CITIES } from '../../sources/local-gov.ts';
import { SHARED_DATA, TMP } from '../helpers/paths.ts';

const OFFICIAL = join(SHARED_DATA, 'official');
const RESAS = join(SHARED_DATA, 'resas-responses', 'population_composition_perYear');
const HAS_OFFICIAL = existsSync(join(OFFICIAL, 'census-estat')) && existsSync(join(OFFICIAL, 'ipss-2018')) && existsSync(RESAS);
const SKIP = `needs the official tables in ${OFFICIAL} and the RESAS responses beside them (set REGSTAT_SHARED to their parent's parent); not found, so skipped`;

const CENSUS_YEARS = [1980, 2020];
const PROJECTION_YEARS = [2025, 2030, 2035, 2040, 2045];
const COVERED = [...CENSUS_YEARS, ...PROJECTION_YEARS];

interface Point {
  year: number;
  value: number;
  rate?: number;
}
interface PerYear {
  boundaryYear: number;
  data: { label: string; data: Point[] }[];
}

describe.skipIf(!HAS_OFFICIAL)(`import:estat on the official tables (${HAS_OFFICIAL ? OFFICIAL : SKIP})`, () => {
  const built = () => {
    const dir = mkdtempSync(join(TMP, 'estat-'));
    const { set, report } = importEstat(OFFICIAL);
    writeSourceSet(set, dir); // through files, as npm run import:estat does
    const effects = new MemoryEffects();
    // The population family in the compact layout (one pyramid file per region-year): every figure, a fifth of the files.
    build({ sources: loadSources(dirSourceSet(dir)), operations: operationsOf(['population']), layout: 'compact' }, effects);
    return { effects, dir, report };
  };
  const { effects, dir, report } = HAS_OFFICIAL ? built() : ({} as ReturnType<typeof built>);
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));
  const result = <T>(path: string): T => {
    const text = effects.files.get(path);
    if (text === undefined) throw new Error(`the build wrote no ${path}`);
    return JSON.parse(text).result as T;
  };
  const perYear = (region: string) =>
    result<PerYear | null>(
      region.length === 2
        ? `/api/v1/population/composition/perYear/prefCode/${Number(region)}/cityCode/-/index.json`
        : `/api/v1/population/composition/perYear/prefCode/${Number(region.slice(0, 2))}/cityCode/${region}/index.json`,
    );
  const totals = (region: string) => new Map(perYear(region)?.data[0]!.data.map((p) => [p.year, p.value]));
  const cities = localGovCities();

  it('reproduces the real perYear responses of prefectures 1–39 at every year the tables cover, byte for byte', () => {
    const files = readdirSync(RESAS).filter((f) => /^prefCode=\d+&cityCode=-\.json$/.test(f));
    expect(files).toHaveLength(39);
    let points = 0;
    for (const f of files) {
      const pref = /prefCode=(\d+)/.exec(f)![1]!;
      const real = JSON.parse(readFileSync(join(RESAS, f), 'utf8'));
      const ours = JSON.parse(effects.files.get(`/api/v1/population/composition/perYear/prefCode/${pref}/cityCode/-/index.json`)!);
      expect(ours.result.data.map((s: { data: Point[] }) => s.data.map((p) => p.year))).toEqual([COVERED, COVERED, COVERED, COVERED]);
      // The real response cut to the covered years: same labels, key order, values and rates.
      const cut = {
        ...real,
        result: { ...real.result, data: real.result.data.map((s: { data: Point[] }) => ({ ...s, data: s.data.filter((p) => COVERED.includes(p.year)) })) },
      };
      expect(JSON.stringify(ours), f).toBe(JSON.stringify(cut));
      points += 4 * COVERED.length;
    }
    expect(points).toBe(39 * 4 * 7);
  });

  it('answers exactly the years the tables cover, and null where no table reaches', () => {
    expect(perYear('13')!.boundaryYear).toBe(2020);
    // A municipality with census and projection: 1980 added up from its predecessors.
    expect([...totals('04100').keys()]).toEqual(COVERED); // 仙台市 = 1980 仙台市 + 泉市 + 秋保町 + 宮城町
    // Fukushima's municipalities: no IPSS 2018 projection.
    expect([...totals('07201').keys()]).toEqual(CENSUS_YEARS);
    expect([...totals('07').keys()]).toEqual(COVERED);
    // Wards: no 1980 figure (their boundaries have changed since); the 8 cities IPSS gave whole have no ward projections.
    expect([...totals('01101').keys()]).toEqual([2020, ...PROJECTION_YEARS]);
    expect([...totals('11101').keys()]).toEqual([2020]);
    expect([...totals('11100').keys()]).toEqual(COVERED);
    // The Northern-Territories villages: listed by RESAS, counted by nobody.
    for (const c of NO_DATA_CITIES) expect(perYear(c), c).toBeNull();
    // Growth needs the year five before: 2025 (against the 2020 census) onward, no 40-year step from 1980.
    const growth = result<{ line: { data: { year: number }[] } }>('/api/v1/population/sum/perYear/prefCode/13/cityCode/-/index.json');
    expect(growth.line.data.map((p) => p.year)).toEqual(PROJECTION_YEARS);
    // A pyramid of a year no table covers is null, never interpolated.
    expect(result('/api/v1/population/composition/pyramid/prefCode/13/cityCode/-/yearLeft/1985/yearRight/1985/index.json')).toBeNull();
    expect(
      result<{ yearLeft: { year: number } }>('/api/v1/population/composition/pyramid/prefCode/13/cityCode/-/yearLeft/1980/yearRight/1980/index.json').yearLeft
        .year,
    ).toBe(1980);
    // The sources hold those years and no other.
    expect(readFileSync(join(dir, 'population_years.csv'), 'utf8')).toBe(
      `year,kind\n${CENSUS_YEARS.map((y) => `${y},actual\n`).join('')}${PROJECTION_YEARS.map((y) => `${y},projection\n`).join('')}`,
    );
    const missing = Object.fromEntries(report.coverage.map((c) => [c.year, c.missing.length]));
    expect(missing).toEqual({ 1980: 175, 2020: 0, 2025: 106, 2030: 106, 2035: 106, 2040: 106, 2045: 106 });
  });

  it('keeps the levels adding up: wards to their city, municipalities to their prefecture', () => {
    const mismatches: string[] = [];
    for (const year of COVERED) {
      for (let pref = 1; pref <= 47; pref++) {
        const code = String(pref).padStart(2, '0');
        const parts = cities
          .filter((c) => c.cityCode.startsWith(code) && c.bigCityFlag !== '1' && !NO_DATA_CITIES.has(c.cityCode))
          .map((c) => totals(c.cityCode).get(year));
        if (parts.some((v) => v === undefined)) continue; // Fukushima's projections: the prefecture only
        const sum = parts.reduce((a, v) => a! + v!, 0)!;
        const own = totals(code).get(year)!;
        if (sum !== own) mismatches.push(`${year} ${code} ${sum - own}`);
      }
      for (const city of cities.filter((c) => c.bigCityFlag === '2')) {
        const wards = cities.filter((c) => c.designatedCityCode === city.cityCode).map((w) => totals(w.cityCode).get(year));
        if (wards.some((v) => v === undefined)) continue;
        const sum = wards.reduce((a, v) => a! + v!, 0)!;
        if (sum !== totals(city.cityCode).get(year)) mismatches.push(`${year} ${city.cityCode} wards ${sum - totals(city.cityCode).get(year)!}`);
      }
    }
    // Only in 1980, and only these: e-Stat's own 37 persons in Tokyo, and 長野県 山口村 (2,148 people), in
    // 岐阜県 中津川市 since 2005; the prefectures keep the census's own figures, as RESAS did.
    expect(mismatches).toEqual(['1980 13 -37', '1980 20 -2148', '1980 21 2148']);
  });

  it('gives the pyramid and perYear the same people', () => {
    for (const [region, year] of [
      ['13', 2020],
      ['01100', 1980],
      ['01101', 2045],
      ['47', 2030],
    ] as const) {
      const path = region.length === 2 ? `prefCode/${Number(region)}/cityCode/-` : `prefCode/${Number(region.slice(0, 2))}/cityCode/${region}`;
      const half = result<{ yearLeft: { newAgeCount: number; middleAgeCount: number; oldAgeCount: number; data: { man: number; woman: number }[] } }>(
        `/api/v1/population/composition/pyramid/${path}/yearLeft/${year}/yearRight/${year}/index.json`,
      ).yearLeft;
      const series = perYear(region)!.data.map((s) => s.data.find((p) => p.year === year)!.value);
      expect([half.newAgeCount, half.middleAgeCount, half.oldAgeCount], `${region} ${year}`).toEqual(series.slice(1));
      // The pyramid counts the people of stated age; 総人口 also counts those of unknown age (census years).
      const stated = half.data.reduce((a, d) => a + d.man + d.woman, 0);
      expect(stated).toBe(series[1]! + series[2]! + series[3]!);
      expect(series[0]! - stated).toBeGreaterThanOrEqual(0);
    }
    // 2020 Tokyo: 年齢不詳 is in 総人口 only.
    const tokyo = perYear('13')!.data.map((s) => s.data.find((p) => p.year === 2020)!.value);
    expect(tokyo[0]! - tokyo[1]! - tokyo[2]! - tokyo[3]!).toBe(428739);
  });

  it('names its tables and their credits in the manifest, the docs page and the sources', () => {
    const manifest = JSON.parse(effects.files.get('/manifest.json')!);
    expect(manifest.dataset.kind).toBe('imported');
    expect(manifest.notice).toContain(CENSUS_CREDIT);
    expect(manifest.notice).toContain(IPSS_CREDIT);
    expect(manifest.notice).not.toMatch(/synthetic figure(?! is mixed)/);
    const tables = manifest.dataset.provenance.tables as { file: string; years: number[]; sha256: string }[];
    expect(tables.map((t) => [t.file, t.years])).toEqual([
      ['census-estat/population_census_1980_table00101.csv', [1980]],
      ['census-estat/population_census_2020_table2-7-1.csv', [2020]],
      ['ipss-2018/projection_prefecture.csv', PROJECTION_YEARS],
      ['migration-2021/migration_2021.csv', [2021]],
      ['census-estat/municipality_converter_jp.csv', [1980, 2015]],
    ]);
    expect(tables[1]!.sha256).toMatch(/^ea3e4cbb0560b46d/); // PROVENANCE.md's digest of the 2020 table
    const page = effects.files.get('/index.html')!;
    for (const text of [CENSUS_CREDIT, IPSS_CREDIT, '令和2年国勢調査 人口等基本集計 表2-7-1', 'population_census_1980_table00101.csv'])
      expect(page).toContain(text);
    // Nothing but population is claimed: every other family is unavailable, not filled from the sample.
    // (future/cities needs only ages by sex, which the census and the IPSS projection give.)
    const available = (manifest.operations as { path: string; available: boolean }[]).filter((o) => o.available).map((o) => o.path);
    expect(
      available.every((p) => /^\/api\/v1\/(prefectures|cities|population\/(composition|sum\/perYear|society|future\/cities))/.test(p)),
      available.join(', '),
    ).toBe(true);
  });
});
