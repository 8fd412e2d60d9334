import * as aq from 'arquero';
import { describe, expect, it } from 'vitest';
import { rollupRegions } from '../../build/facts/rollup.ts';
import { RegionIndex } from '../../sources/regions.ts';

const regions = new RegionIndex(
  [{ prefCode: 1, prefName: '北海道' }],
  [
    { prefCode: 1, cityCode: '01100', cityName: '札幌市', bigCityFlag: '2', designatedCityCode: '' },
    { prefCode: 1, cityCode: '01101', cityName: '札幌市中央区', bigCityFlag: '1', designatedCityCode: '01100' },
    { prefCode: 1, cityCode: '01102', cityName: '札幌市北区', bigCityFlag: '1', designatedCityCode: '01100' },
    { prefCode: 1, cityCode: '01202', cityName: '函館市', bigCityFlag: '0', designatedCityCode: '' },
  ],
);

describe('rolling facts up the region hierarchy', () => {
  const facts = aq.table({
    regionCode: ['01101', '01102', '01202', '01101', '01102', '01202', '01'],
    year: [1980, 1980, 1980, 1985, 1985, 1985, 1980],
    count: [1, 2, 4, 10, 20, 40, 1000],
  });
  const out = rollupRegions(facts, regions, ['year'], 'count', 'year').orderby('region', 'year').objects() as {
    region: string;
    year: number;
    count: number;
  }[];
  const at = (region: string, year: number) =>
    out.filter((r) => r.region === region && r.year === year).map((r) => r.count);

  it('adds wards to their designated city and municipalities to their prefecture', () => {
    expect(at('01100', 1985)).toEqual([30]);
    expect(at('01', 1985)).toEqual([70]);
  });

  it("keeps a region's own figure over the sum of its parts for the same year", () => {
    expect(at('01', 1980)).toEqual([1000]);
    expect(at('01100', 1980)).toEqual([3]);
  });
});

/**
 * The pipeline rollupRegions replaced (arquero's join, groupby, sum and antijoin, as in 5d7889c): its rows, in
 * their order, are what every build wrote, so the sums by hand must give them exactly, order and floats included.
 */
function byArquero(facts: ReturnType<typeof aq.table>, by: string[], values: string[], wholeCities: boolean) {
  const pairs = aq.table(regions.rollupPairs());
  const keys: [string[], string[]] = [
    ['region', 'year'],
    ['region', 'year'],
  ];
  const direct = facts.rename({ regionCode: 'region' }).select('region', ...by, ...values);
  const cities = regions.cities.filter((c) => c.bigCityFlag === '2');
  const toPref = aq.table({ regionCode: cities.map((c) => c.cityCode), target: cities.map(() => '01') });
  const wards = regions.cities.filter((c) => c.bigCityFlag === '1');
  const toCity = aq.table({ regionCode: wards.map((w) => w.cityCode), city: wards.map((w) => w.designatedCityCode) });
  const withWards = facts.join(toCity, 'regionCode').select({ city: 'regionCode', year: 'year' }).dedupe();
  const whole = facts.join(toPref, 'regionCode').antijoin(withWards, ['regionCode', 'year']);
  const joined = facts.join(pairs, 'regionCode');
  const derived = (wholeCities ? joined.concat(whole) : joined)
    .groupby(['target', ...by])
    .rollup(Object.fromEntries(values.map((v) => [v, aq.op.sum(v)])))
    .rename({ target: 'region' });
  const shadowed = direct.select('region', 'year').dedupe();
  return direct.concat(derived.antijoin(shadowed, keys).select('region', ...by, ...values)).objects();
}

describe("rolling up by hand gives arquero's rows, in arquero's order", () => {
  const cases = {
    'more facts than region pairs (the facts scanned)': aq.table({
      regionCode: ['01202', '01102', '01101', '01202', '01101', '01102', '01101'],
      year: [1985, 1985, 1985, 1980, 1980, 1980, 1985],
      kind: ['a', 'a', 'b', 'a', 'a', 'a', 'a'],
      count: [0.1, 0.2, 4, null, 2, NaN, 0.7],
      other: [1, 2, 3, 4, 5, 6, 7],
    }),
    'fewer facts than region pairs (the pairs scanned)': aq.table({
      regionCode: ['01202', '01101'],
      year: [1990, 1990],
      kind: ['a', 'a'],
      count: [3, 5],
      other: [null, null],
    }),
    'a designated city given whole, and one year with ward rows too': aq.table({
      regionCode: ['01100', '01202', '01100', '01101'],
      year: [2015, 2015, 2020, 2020],
      kind: ['a', 'a', 'a', 'a'],
      count: [100, 7, 200, 50],
      other: [1, 1, 1, 1],
    }),
  };
  // Not the last case with designated cities given whole: there the old pipeline counted 札幌市 twice in 2020 (its
  // `select({ city: 'regionCode' })` kept the ward's code, so no whole city was ever left to its wards), the case
  // the test after this one holds to its documented meaning.
  for (const [name, facts] of Object.entries(cases))
    for (const wholeCities of name.startsWith('a designated city') ? [false] : [false, true])
      it(`${name}${wholeCities ? ', designated cities given whole counted' : ''}`, () => {
        const mine = rollupRegions(facts, regions, ['year', 'kind'], ['count', 'other'], 'year', { wholeCities });
        expect(mine.objects()).toEqual(byArquero(facts, ['year', 'kind'], ['count', 'other'], wholeCities));
      });

  it('gives a designated city given whole to its prefecture only in a year none of its wards has a row', () => {
    const facts = cases['a designated city given whole, and one year with ward rows too'];
    const out = rollupRegions(facts, regions, ['year', 'kind'], 'count', 'year', { wholeCities: true }).objects() as {
      region: string;
      year: number;
      count: number;
    }[];
    const prefecture = (year: number) => out.filter((r) => r.region === '01' && r.year === year).map((r) => r.count);
    expect(prefecture(2015)).toEqual([107]);
    expect(prefecture(2020)).toEqual([50]);
  });
});
