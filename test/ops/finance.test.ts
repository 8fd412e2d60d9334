// municipality/finance/forSettlementAmount: the composition of a government's settled expenditure by
// purpose, and of the mean government of its group and of the nation, each recomputed here from the raw
// rows of the sample.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../sources/tables.ts';
import { errorOf as err, result } from '../helpers/dist.ts';
import { rowsOf, sampleSources } from '../helpers/sample.ts';

const BASE = '/api/v1/municipality/finance/forSettlementAmount';
const url = (year: number, pref: number, city: string, matter: number) =>
  `${BASE}?year=${year}&prefCode=${pref}&cityCode=${city}&matter=${matter}`;

const amounts = rowsOf<Row<'settlement_amounts'>>('settlement_amounts');
const items = rowsOf<Row<'expenditure_items'>>('expenditure_items');
const { regions } = sampleSources();

/** The kind of government, from the municipality master alone. */
function kindOf(region: string): string | undefined {
  if (region.length === 2) return 'prefecture';
  const c = regions.cities.find((x) => x.cityCode === region)!;
  return (
    ({ '1': undefined, '2': 'designated', '3': 'ward' } as Record<string, string | undefined>)[c.bigCityFlag] ??
    (c.bigCityFlag === '0' ? (c.cityName.endsWith('市') ? 'city' : 'town') : undefined)
  );
}

/** Per item, the rows' amounts of one year for the governments `pick` keeps: their mean, rounded. */
function mean(year: number, pick: (region: string) => boolean): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const r of amounts) {
    if (r.year !== year || !pick(r.regionCode)) continue;
    const s = sums.get(r.itemCode) ?? { sum: 0, n: 0 };
    sums.set(r.itemCode, { sum: s.sum + r.amount, n: s.n + 1 });
  }
  return new Map([...sums].map(([code, s]) => [code, Math.round(s.sum / s.n)]));
}

const own = (year: number, region: string) =>
  new Map(amounts.filter((r) => r.year === year && r.regionCode === region).map((r) => [r.itemCode, r.amount]));

const values = (r: any) => new Map<string, number>(r.years[0].data.map((d: any) => [d.code, d.value]));

/** Each item's share of the total of `amounts`, in percent, as 2 decimals allow (half away from zero). */
function expectShares(r: any, amounts: Map<string, number>, what: string) {
  const got = values(r);
  expect([...got.keys()], what).toEqual([...amounts.keys()].sort());
  const total = [...amounts.values()].reduce((a, n) => a + n, 0);
  for (const [code, n] of amounts)
    expect(Math.abs(got.get(code)! - (100 * n) / total), `${what} ${code}`).toBeLessThanOrEqual(0.005 + 1e-9);
  expect(Math.abs([...got.values()].reduce((a, v) => a + v, 0) - 100), what).toBeLessThan(0.01 * got.size);
}

describe('municipality/finance/forSettlementAmount', () => {
  it("answers the composition of a prefecture government's expenditure in the documented shape, 警察費 included", () => {
    const r = result(url(2014, 13, '-', 1));
    expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'matter', 'years']);
    expect(r).toMatchObject({ prefCode: '13', prefName: '東京都', cityCode: '', cityName: '', matter: '1' });
    expect(r.years).toHaveLength(1);
    expect(r.years[0].year).toBe(2014);
    expect(Object.keys(r.years[0].data[0])).toEqual(['code', 'label', 'value']);
    expectShares(r, own(2014, '13'), 'Tokyo');
    expect(r.years[0].data.map((d: any) => d.code)).toEqual(items.map((i) => i.itemCode)); // every item, in code order
    expect(r.years[0].data.find((d: any) => d.code === '10').label).toBe('警察費');
  });

  it("answers a municipality's composition, a designated city as a whole, without 警察費", () => {
    for (const [pref, city] of [
      [13, '13101'],
      [1, '01100'],
      [1, '01202'],
    ] as const) {
      const r = result(url(2012, pref, city, 1));
      expect(r.cityCode).toBe(city);
      expect(r.cityName).toBe(regions.city(city)!.cityName);
      expectShares(r, own(2012, city), city);
      expect(
        r.years[0].data.some((d: any) => d.code === '10'),
        city,
      ).toBe(false);
    }
  });

  it('answers the composition of the mean government of the group (the kind of government) and of the nation', () => {
    const cases: [number, string, string][] = [
      [13, '13101', 'ward'],
      [1, '01100', 'designated'],
      [1, '01202', 'city'],
      [1, '01303', 'town'],
      [13, '-', 'prefecture'],
    ];
    for (const [pref, city, kind] of cases) {
      const region = city === '-' ? String(pref).padStart(2, '0') : city;
      expect(kindOf(region), region).toBe(kind);
      const group = result(url(2013, pref, city, 2));
      expect(group.matter).toBe('2');
      expectShares(
        group,
        mean(2013, (r) => kindOf(r) === kind),
        `${region} group`,
      );
      const nation = result(url(2013, pref, city, 3));
      expectShares(
        nation,
        mean(2013, (r) => (r.length === 2) === (region.length === 2)),
        `${region} nation`,
      );
    }
  });

  it('answers null for a ward of a designated city and a village without data, and 400 outside the documented values', () => {
    expect(result(url(2014, 1, '01101', 1))).toBeNull();
    expect(result(url(2014, 1, '01101', 2))).toBeNull();
    expect(result(url(2014, 1, '01695', 3))).toBeNull();
    expect(err(url(2023, 13, '-', 1))).toEqual({ status: 400, message: 'year 2023 is out of range' });
    expect(err(url(2014, 13, '-', 4)).message).toBe('matter 4 is out of range');
    expect(err(`${BASE}?year=2014&cityCode=-&matter=1`)).toEqual({ status: 400, message: 'prefCode is required' });
  });
});
