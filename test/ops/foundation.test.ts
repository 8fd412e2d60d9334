// municipality/foundation/perYear: opening rates recomputed from the raw rows of establishment_openings
// and establishments, for a prefecture, a designated city (its wards summed) and municipalities.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../sources/tables.ts';
import { result } from '../helpers/dist.ts';
import { inRegion, requestedRegion, rowsOf, sampleSources } from '../helpers/sample.ts';

const BASE = '/api/v1/municipality/foundation/perYear';
const openings = rowsOf<Row<'establishment_openings'>>('establishment_openings');
const plants = rowsOf<Row<'establishments'>>('establishments');
const { regions } = sampleSources();

/** Per period end, opened / existing at the start / years × 100, from the rows. */
function rates(region: string) {
  const opened = new Map<number, { start: number; n: number }>();
  for (const r of openings)
    if (inRegion(region, r.regionCode))
      opened.set(r.year, { start: r.periodStart, n: (opened.get(r.year)?.n ?? 0) + r.opened });
  const existing = (year: number) =>
    plants.filter((p) => p.year === year && inRegion(region, p.regionCode)).reduce((a, p) => a + p.plants, 0);
  return [...opened]
    .sort((a, b) => a[0] - b[0])
    .map(([year, { start, n }]) => ({ year, value: (100 * n) / existing(start) / (year - start) }));
}

describe('municipality/foundation/perYear', () => {
  it('answers the opening rate of each period, from the openings and the establishments at its start', () => {
    for (const [pref, city] of [
      ['13', '-'],
      ['13', '13101'],
      ['1', '01100'],
      ['1', '01202'],
    ] as const) {
      const region = requestedRegion(pref, city);
      const r = result(`${BASE}?prefCode=${pref}&cityCode=${city}`);
      expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'data']);
      expect([r.prefCode, r.cityCode]).toEqual([Number(pref), city === '-' ? '' : city]);
      const want = rates(region);
      expect(
        r.data.map((d: any) => d.year),
        region,
      ).toEqual([2012, 2014, 2016]);
      expect(want.map((d) => d.year)).toEqual([2012, 2014, 2016]);
      r.data.forEach((d: any, i: number) =>
        expect(Math.abs(d.value - want[i]!.value), `${region} ${d.year}`).toBeLessThanOrEqual(0.005 + 1e-9),
      );
    }
  });

  it('answers null for a municipality without establishments (the villages without data)', () => {
    const without = regions
      .citiesOf(1)
      .find((c) => c.bigCityFlag !== '2' && !plants.some((p) => p.regionCode === c.cityCode))!;
    expect(without.cityCode).toMatch(/^0169[5-9]|^01700$/);
    expect(result(`${BASE}?prefCode=1&cityCode=${without.cityCode}`)).toBeNull();
  });
});
