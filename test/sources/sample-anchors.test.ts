// The sample looks like Japan: its prefecture totals are the official ones (census 1960–2020, IPSS 2018
// 2025–2045), its nation has the official sex × age structure, and the synthetic detail below (ages,
// municipalities, wards) adds up to them exactly and runs without seams.

import { describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import perYearOp from '../../build/ops/population-composition-per-year.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { localGovCities } from '../../sources/local-gov.ts';
import { nationalByAgeSex, nationalUnknown, PREFECTURE_YEARS, prefecturePopulation } from '../../sources/official.ts';
import { DEFAULT_SEED } from '../../sources/sample/index.ts';
import { prefectureCells, samplePopulation, YEARS } from '../../sources/sample/population.ts';
import { sampleSources } from '../helpers/sample.ts';

const PREFS = Array.from({ length: 47 }, (_, i) => i + 1);
const leaves = samplePopulation(DEFAULT_SEED, localGovCities());
const prefs = prefectureCells(DEFAULT_SEED);
const sum = (v: number[]) => v.reduce((a, x) => a + x, 0);
const leafTotal = (l: (typeof leaves)[number], year: number) => {
  const y = l.byYear.get(year)!;
  return sum(y.man) + sum(y.woman) + (l.unknown.get(year) ?? 0);
};

/** |Δ_t − (Δ_{t−5} + Δ_{t+5}) / 2| of 5-year growth rates in percent: how far a change stands out from its neighbours. */
function kinks(series: number[]): number[] {
  const g = series.slice(1).map((v, i) => (v / series[i]! - 1) * 100);
  return g.slice(1, -1).map((v, i) => Math.abs(v - (g[i]! + g[i + 2]!) / 2));
}

describe('the sample under official totals', () => {
  it("serves every prefecture's official total as perYear 総人口: census 1960–2020, IPSS 2018 2025–2045", () => {
    const effects = new MemoryEffects();
    const masters = OPERATIONS.filter((o) => o.family === 'masters');
    build({ sources: sampleSources(), operations: [...masters, perYearOp] }, effects);
    expect(PREFECTURE_YEARS.census.filter((y) => y >= 1960)).toEqual(YEARS.filter((y) => y <= 2020));
    expect(PREFECTURE_YEARS.projection).toEqual(YEARS.filter((y) => y > 2020));
    for (const pref of PREFS) {
      const file = effects.files.get(`/api/v1/population/composition/perYear/prefCode/${pref}/cityCode/-/index.json`)!;
      const total = JSON.parse(file).result.data[0];
      expect(total.label).toBe('総人口');
      expect(total.data, `prefecture ${pref}`).toEqual(YEARS.map((year) => ({ year, value: prefecturePopulation(pref, year) })));
    }
    const manifest = JSON.parse(effects.files.get('/manifest.json')!);
    expect(manifest.notice).toMatch(/^SYNTHETIC SAMPLE DATA under official totals\./);
    expect(manifest.dataset.official.files).toEqual([
      'sources/official/prefecture-population.csv',
      'sources/official/national-population.csv',
      'sources/official/national-unknown-age.csv',
    ]);
    expect(effects.files.get('/index.html')).toContain('Synthetic, generated at random');
  });

  it('adds municipalities and wards up to the official totals in every year, sex and age class', () => {
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

  it("follows the nation's official sex × age structure exactly (tolerance 0 persons)", () => {
    for (const year of YEARS) {
      const n = nationalByAgeSex(year)!;
      // To 2000 the census's last class is 85 and over (the sample splits it): compare at 85+ then.
      const last = n.openFrom === 85 ? 17 : 18;
      const fold = (v: number[]) => [...v.slice(0, last), sum(v.slice(last))];
      const official = [...fold(n.male), ...fold(n.female)];
      const sample = new Array<number>(2 * (last + 1)).fill(0);
      let unknown = 0;
      for (const pref of PREFS) {
        const c = prefs.get(pref)!.get(year)!;
        const cells = [...fold(c.cells.slice(0, 19)), ...fold(c.cells.slice(19))];
        cells.forEach((v, i) => (sample[i]! += v));
        unknown += c.unknown;
      }
      if (year === 1960) {
        // 1960: the nation counts 73 people (長野・岐阜 disputed area) that no prefecture does, so the cells are
        // the nation's scaled to the prefectures' sum: 73 fewer in all, none more than 5 fewer.
        sample.forEach((v, i) => expect(official[i]! - v, `1960 cell ${i}`).toBeGreaterThanOrEqual(0));
        sample.forEach((v, i) => expect(official[i]! - v, `1960 cell ${i}`).toBeLessThanOrEqual(5));
        expect(sum(official) - sum(sample)).toBe(73);
        expect(unknown).toBe(nationalUnknown(year));
      } else if (year <= 2020) {
        // Census years: the sum of the 47 official totals is the nation's, so every cell is the official one.
        expect(sample, String(year)).toEqual(official);
        expect(unknown).toBe(nationalUnknown(year));
      } else {
        // IPSS 2018's prefectures and the 2017 national projection differ by a few thousand people in
        // total: the national shares are kept, each within 0.001 percentage points.
        const [a, b] = [sum(sample), sum(official)];
        sample.forEach((v, i) => expect(Math.abs((100 * v) / a - (100 * official[i]!) / b), `${year} cell ${i}`).toBeLessThan(0.001));
      }
    }
  });

  it('has no seams: no 5-year change stands out from its neighbours more than the official series allow', () => {
    // The bound, from the official series: prefecture totals 1960–2045 have kinks up to this (沖縄県 1970,
    // the year of its reversion, at 6.88 points); the sample's prefectures are those series.
    const officialKinks = PREFS.flatMap((p) => kinks(YEARS.map((y) => prefecturePopulation(p, y)!)));
    const bound = Math.max(...officialKinks);
    expect(bound).toBeCloseTo(6.88, 1);
    // Municipalities (every one with 1,000 people or more, 1980–2045): their synthetic drift is smooth, so a
    // kink is at most its prefecture's at the same year plus half a point (measured: 0.29).
    let checked = 0;
    for (const l of leaves) {
      const years = [...l.byYear.keys()];
      const own = years.map((y) => leafTotal(l, y));
      if (Math.min(...own) < 1000) continue;
      const pref = kinks(years.map((y) => prefecturePopulation(l.city.prefCode, y)!));
      kinks(own).forEach((k, i) => {
        expect(k, `${l.city.cityCode} ${l.city.cityName} around ${years[i + 1]}`).toBeLessThanOrEqual(Math.min(bound, pref[i]! + 0.5));
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(1500);
    // The age groups' shares of each prefecture move smoothly too: no jump at 1980 (where municipal detail
    // starts) or 2025 (where projections start) beyond what the nation's own shares do there.
    for (const pref of PREFS) {
      for (const g of [
        [0, 3],
        [3, 13],
        [13, 19],
      ] as const) {
        const share = (year: number, cells: number[]) => (100 * sum([...cells.slice(g[0], g[1]), ...cells.slice(19 + g[0], 19 + g[1])])) / sum(cells);
        const nationShare = (year: number) => {
          const n = nationalByAgeSex(year)!;
          const f = (v: number[]) => [...v.slice(0, 17), sum(v.slice(17)), 0];
          return share(year, [...f(n.male), ...f(n.female)]);
        };
        const mine = YEARS.map((y) => share(y, prefs.get(pref)!.get(y)!.cells) - nationShare(y));
        // The prefecture's lean from the nation changes by less than 2 points per 5 years.
        mine.slice(1).forEach((v, i) => expect(Math.abs(v - mine[i]!), `${pref} group ${g} ${YEARS[i + 1]}`).toBeLessThan(2));
      }
    }
  });
});
