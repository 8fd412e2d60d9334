// The sample looks like Japan: its prefectures are the official ones by sex and age (census 1960–2020,
// IPSS 2018 2025–2045), so their perYear is RESAS's own, and the synthetic detail below (municipalities,
// wards, the 85–89 / 90+ split to 2015) adds up to them exactly and runs without seams.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import perYearOp from '../../build/ops/population/population-composition-per-year.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { routeOf } from '../../build/ops/operation.ts';
import { operationOrigin } from '../../build/core/origin.ts';
import { originLine } from '../../build/runtime/origin.ts';
import { localGovCities } from '../../sources/local-gov.ts';
import {
  nationalByAgeSex,
  PREFECTURE_YEARS,
  prefectureByAgeSex,
  prefecturePopulation,
} from '../../sources/official.ts';
import { municipalByAgeSex, municipalProjectionByAgeSex } from '../../sources/official-statistics.ts';
import type { City } from '../../sources/regions.ts';
import { DEFAULT_SEED } from '../../sources/sample/seed.ts';
import { prefectureCells, samplePopulation, YEARS } from '../../sources/sample/population.ts';
import { HAS_SHARED, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { sampleSources } from '../helpers/sample.ts';

const PREFS = Array.from({ length: 47 }, (_, i) => i + 1);
const leaves = samplePopulation(DEFAULT_SEED, localGovCities());
const prefs = prefectureCells();
const sum = (v: number[]) => v.reduce((a, x) => a + x, 0);
const leafTotal = (l: (typeof leaves)[number], year: number) => {
  const y = l.byYear.get(year)!;
  return sum(y.man) + sum(y.woman) + (l.unknown.get(year) ?? 0);
};

/** Whether a municipality's (or its designated city's, for a ward) people of a year are official: census or IPSS. */
function officialIn(city: City, year: number): boolean {
  const unit = city.bigCityFlag === '1' ? city.designatedCityCode : city.cityCode;
  return [city.cityCode, unit].some((c) => municipalByAgeSex(c, year) ?? municipalProjectionByAgeSex(c, year));
}

/** |Δ_t − (Δ_{t−5} + Δ_{t+5}) / 2| of 5-year growth rates in percent: how far a change stands out from its neighbours. */
function kinks(series: number[]): number[] {
  const g = series.slice(1).map((v, i) => (v / series[i]! - 1) * 100);
  return g.slice(1, -1).map((v, i) => Math.abs(v - (g[i]! + g[i + 2]!) / 2));
}

let built: MemoryEffects | undefined;
/** The masters and perYear of the default build (no --sources), built once. */
function perYearBuild(): MemoryEffects {
  if (built) return built;
  built = new MemoryEffects();
  build(
    { sources: sampleSources(), operations: [...OPERATIONS.filter((o) => o.family === 'masters'), perYearOp] },
    built,
  );
  return built;
}

describe('the sample under official totals', () => {
  it("serves every prefecture's official total as perYear 総人口: census 1960–2020, IPSS 2018 2025–2045", () => {
    const effects = perYearBuild();
    expect(PREFECTURE_YEARS.census.filter((y) => y >= 1960)).toEqual(YEARS.filter((y) => y <= 2020));
    expect(PREFECTURE_YEARS.projection).toEqual(YEARS.filter((y) => y > 2020));
    for (const pref of PREFS) {
      const file = effects.files.get(`/api/v1/population/composition/perYear/prefCode/${pref}/cityCode/-/index.json`)!;
      const total = JSON.parse(file).result.data[0];
      expect(total.label).toBe('総人口');
      expect(total.data, `prefecture ${pref}`).toEqual(
        YEARS.map((year) => ({ year, value: prefecturePopulation(pref, year) })),
      );
    }
    const manifest = JSON.parse(effects.files.get('/manifest.json')!);
    expect(manifest.notice).toMatch(/^SYNTHETIC SAMPLE DATA under official figures\./);
    expect(manifest.dataset.official.files).toEqual([
      'sources/official/prefecture-population.csv',
      'sources/official/national-population.csv',
      'sources/official/national-unknown-age.csv',
      'sources/official/prefecture-age.csv',
      'sources/official/municipal-taxes.csv',
      'sources/official/prefecture-stays.csv',
      'sources/official/medical-counts.csv',
      'sources/official/municipal-establishments.csv',
      'sources/official/municipal-finance.csv',
      'sources/official/prefecture-migration.csv',
      'sources/official/municipal-age.csv',
      'sources/official/municipal-projection.csv',
    ]);
    expect(effects.files.get('/index.html')).toContain('Synthetic, generated at random');
  });

  it('says per operation and level which figures are official: the manifest, the docs page', () => {
    const sources = sampleSources();
    const of = (path: string) => {
      const op = OPERATIONS.find((o) => o.route.path === path)!;
      return operationOrigin(op, routeOf(op.route), sources)!;
    };
    const kinds = (path: string) => Object.fromEntries(Object.entries(of(path)).map(([level, o]) => [level, o.kind]));
    // Municipalities: the census of 1980 and 2020 and IPSS 2018 2025–2045, the other years synthetic.
    const population = { prefecture: 'official', municipality: 'mixed' };
    expect(kinds('/api/v1/population/composition/perYear')).toEqual(population);
    expect(of('/api/v1/population/composition/pyramid').municipality!.years).toEqual([
      1980, 2020, 2025, 2030, 2035, 2040, 2045,
    ]);
    // future/cities lists municipalities only: its projection years are official, its ratio's 2010 base is not.
    expect(of('/api/v1/population/future/cities').all).toMatchObject({
      kind: 'mixed',
      years: [2025, 2030, 2035, 2040, 2045],
      official: expect.arrayContaining([
        expect.stringMatching(/^国勢調査 1980 and 2020, .*IPSS 2018 municipal projections/),
      ]),
      synthetic: [expect.stringMatching(/^population_by_age_sex \(ratio's base year 2010; the years 1985–2015 /)],
    });
    expect(kinds('/api/v1/population/composition/pyramid')).toEqual(population);
    expect(kinds('/api/v1/population/sum/perYear')).toEqual(population);
    // Official people, synthetic events and births.
    expect(of('/api/v1/population/sum/estimate').prefecture).toMatchObject({
      kind: 'mixed',
      synthetic: ['vital_events'],
    });
    expect(of('/api/v1/population/nature').prefecture).toMatchObject({
      kind: 'mixed',
      synthetic: ['births_by_mother_age'],
    });
    expect(of('/api/v1/population/composition/pyramid').prefecture!.official![0]).toMatch(
      /85–89 \/ 90歳～ split synthetically up to 2015/,
    );
    // Official names do not make synthetic counts official.
    expect(kinds('/api/v1/municipality/company/perYear')).toEqual({
      prefecture: 'synthetic',
      municipality: 'synthetic',
    });
    expect(kinds('/api/v1/prefectures')).toEqual({ all: 'official' });
    // Official totals, synthetic classes: the chart is mixed, the rate (shares of the classes) synthetic.
    expect(kinds('/api/v1/medicalWelfare/medicalAnalysis/chart')).toEqual({
      prefecture: 'mixed',
      municipality: 'mixed',
    });
    expect(kinds('/api/v1/medicalWelfare/medicalAnalysis/rate')).toEqual({
      prefecture: 'synthetic',
      municipality: 'synthetic',
    });
    // Employees official, value added synthetic: the coefficients of employees alone are official.
    expect(of('/api/v1/industry/power/forArea').all).toMatchObject({
      kind: 'mixed',
      official: [expect.stringMatching(/^従業者数 2016, .* \(for dispType 2\)$/)],
      synthetic: [expect.stringMatching(/^industry_economy \(for dispType 1, 3; every middle class/)],
    });
    expect(kinds('/api/v1/industry/power/forIndustry')).toMatchObject({ prefecture: 'synthetic' });
    // The years with official figures, where others have none: those of the anchors, within the years asked.
    expect(of('/api/v1/industry/power/forArea').all!.years).toEqual([2016]);
    expect(of('/api/v1/municipality/plant/perYear').municipality!.years).toEqual([2014, 2016, 2021]);
    expect(of('/api/v1/municipality/taxes/perYear').prefecture!.years).toEqual([2015, 2016, 2017, 2018, 2019]);
    expect(of('/api/v1/population/society/forArea').all!.years).toEqual([2021]);
    // Official in every year (the census), or official people beside synthetic events: no list.
    expect(of('/api/v1/population/sum/perYear').prefecture!.years).toBeUndefined();
    expect(of('/api/v1/population/sum/estimate').prefecture!.years).toBeUndefined();
    const someOfficial = OPERATIONS.filter((op) =>
      Object.values(of(op.route.path)).some((o) => o.kind !== 'synthetic'),
    ).map((op) => op.route.path.slice(8));
    expect(someOfficial.sort()).toEqual(
      [
        'cities',
        'industries/broad',
        'industry/power/forArea',
        'industries/middle',
        'jobs/broad',
        'jobs/middle',
        'medicalWelfare/medicalAnalysis/chart',
        'municipality/employee/perYear',
        'municipality/finance/forSettlementAmount',
        'municipality/plant/perYear',
        'municipality/taxes/perYear',
        'population/composition/perYear',
        'population/composition/pyramid',
        'population/future/cities',
        'population/nature',
        'population/society/forAgeClass',
        'population/society/forArea',
        'population/sum/estimate',
        'population/sum/perYear',
        'prefectures',
        'tourism/hotelAnalysis/groupStack',
      ].sort(),
    );
    // What the build publishes is this.
    const effects = perYearBuild();
    const entry = JSON.parse(effects.files.get('/manifest.json')!).operations.find(
      (o: { path: string }) => o.path === perYearOp.route.path,
    );
    expect(entry.origin).toEqual(of(perYearOp.route.path));
    expect(effects.files.get('/index.html')).toContain(originLine(of(perYearOp.route.path)));
  });

  it.skipIf(!HAS_SHARED)(
    `answers prefecture perYear as RESAS did, byte for byte, but for 長野県 1960's age groups (${SHARED_SKIP_NOTE})`,
    () => {
      const dir = join(SHARED_DATA, 'resas-responses', 'population_composition_perYear');
      const differ: string[] = [];
      for (let pref = 1; pref <= 39; pref++) {
        const real = readFileSync(join(dir, `prefCode=${pref}&cityCode=-.json`), 'utf8');
        const ours = perYearBuild().files.get(
          `/api/v1/population/composition/perYear/prefCode/${pref}/cityCode/-/index.json`,
        )!;
        if (ours === real) continue;
        const [a, b] = [JSON.parse(ours).result.data, JSON.parse(real).result.data];
        for (let s = 0; s < 4; s++)
          b[s].data.forEach(
            (p: object, i: number) =>
              JSON.stringify(a[s].data[i]) !== JSON.stringify(p) &&
              differ.push(`${pref} ${b[s].label} ${a[s].data[i].year}`),
          );
      }
      // c03 gives 長野県 1960 on today's boundary (73 more people than 1960's total, which RESAS and we show).
      expect(differ).toEqual(['20 年少人口 1960', '20 生産年齢人口 1960', '20 老年人口 1960']);
    },
  );

  it('adds municipalities and wards up to the official totals in every year, sex and age class', () => {
    // In 1980 municipalities and prefectures are both the census, and today's municipalities do not add up
    // to three of 1980's prefectures (山口村 moved from 長野県 to 岐阜県; 東京都's table lacks 37 people):
    // Σ of the municipalities − the prefecture.
    const census1980: Record<number, number> = { 13: -37, 20: -2148, 21: 2148 };
    for (const pref of PREFS) {
      const mine = leaves.filter((l) => l.city.prefCode === pref);
      for (const [year, whole] of prefs.get(pref)!) {
        expect(sum(whole.cells) + whole.unknown, `${pref} ${year}`).toBe(prefecturePopulation(pref, year));
        if (year < 1980) continue; // the prefecture alone before municipal detail starts
        const cells = new Array<number>(38).fill(0);
        let unknown = 0;
        for (const l of mine) {
          const y = l.byYear.get(year)!;
          y.man.forEach((n, i) => (cells[i]! += n));
          y.woman.forEach((n, i) => (cells[19 + i]! += n));
          unknown += l.unknown.get(year) ?? 0;
        }
        const off = year === 1980 ? (census1980[pref] ?? 0) : 0;
        if (off !== 0) {
          expect(sum(cells) + unknown - sum(whole.cells) - whole.unknown, `${pref} ${year}`).toBe(off);
          continue;
        }
        expect(cells, `${pref} ${year}`).toEqual(whole.cells);
        expect(unknown, `${pref} ${year}`).toBe(year <= 2020 ? whole.unknown : 0);
      }
    }
    // Wards are leaves too: a designated city is the sum of its wards, which the build does; its wards
    // must then be all its people. 札幌市 and 横浜市, 2020:
    for (const city of ['01100', '14100']) {
      const wards = leaves.filter((l) => l.city.designatedCityCode === city);
      expect(wards.length).toBeGreaterThan(5);
      expect(wards.every((w) => leafTotal(w, 2020) > 0)).toBe(true);
    }
  });

  it("takes every prefecture's people by sex and age from the official tables (tolerance 0 persons)", () => {
    for (const year of YEARS) {
      const n = nationalByAgeSex(year)!;
      // To 2015 the prefecture tables' last class is 85 and over (the sample splits it): compare at 85+.
      const fold = (v: number[]) => [...v.slice(0, 17), sum(v.slice(17))];
      const nation = new Array<number>(36).fill(0);
      for (const pref of PREFS) {
        const c = prefs.get(pref)!.get(year)!;
        const official = prefectureByAgeSex(pref, year)!;
        const [mine, theirs] = [
          [...fold(c.cells.slice(0, 19)), ...fold(c.cells.slice(19))],
          [...fold(official.male), ...fold(official.female)],
        ];
        mine.forEach((v, i) => (nation[i]! += v));
        expect(sum(c.cells) + c.unknown, `${pref} ${year}`).toBe(prefecturePopulation(pref, year));
        if (pref === 20 && year === 1960) {
          // 長野県 1960: c03 is on today's boundary and adds up to more than the 1960 total, so its classes are
          // scaled down to that total, none by more than 10 people.
          mine.forEach((v, i) => expect(theirs[i]! - v, `1960 cell ${i}`).toBeGreaterThanOrEqual(0));
          mine.forEach((v, i) => expect(theirs[i]! - v, `1960 cell ${i}`).toBeLessThanOrEqual(10));
          expect(c.unknown).toBe(0);
        } else expect(mine, `${pref} ${year}`).toEqual(theirs);
      }
      // And so the nation's structure is the official one: exactly, but for 長野県 1960.
      const national = [...fold(n.male), ...fold(n.female)];
      if (year !== 1960) expect(nation, String(year)).toEqual(national);
    }
  });

  it('has no seams: no 5-year change stands out from its neighbours more than the official series allow', () => {
    // The bound, from the official series: prefecture totals 1960–2045 have kinks up to this (沖縄県 1970,
    // the year of its reversion, at 6.88 points); the sample's prefectures are those series.
    const officialKinks = PREFS.flatMap((p) => kinks(YEARS.map((y) => prefecturePopulation(p, y)!)));
    const bound = Math.max(...officialKinks);
    expect(bound).toBeCloseTo(6.88, 1);
    // Municipalities (every one with 1,000 people or more, 1980–2045): their synthetic drift is smooth, so a
    // kink is at most its prefecture's at the same year plus half a point (measured: 0.37). A kink that
    // takes in a change between two official figures of the municipality (or of the designated city a
    // ward is drawn from) is the data's own: the 2020 census against IPSS's 2025, projected from 2015.
    let checked = 0;
    for (const l of leaves) {
      const years = [...l.byYear.keys()];
      const own = years.map((y) => leafTotal(l, y));
      if (Math.min(...own) < 1000) continue;
      const official = years.map((y) => officialIn(l.city, y));
      const given = years.slice(1).map((_, j) => official[j]! && official[j + 1]!);
      const pref = kinks(years.map((y) => prefecturePopulation(l.city.prefCode, y)!));
      kinks(own).forEach((k, i) => {
        if (given[i] || given[i + 1] || given[i + 2]) return;
        expect(k, `${l.city.cityCode} ${l.city.cityName} around ${years[i + 1]}`).toBeLessThanOrEqual(
          Math.min(bound, pref[i]! + 0.5),
        );
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(1500);
  });
});
