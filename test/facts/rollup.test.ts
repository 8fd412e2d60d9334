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
