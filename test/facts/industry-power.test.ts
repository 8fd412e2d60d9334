// The facts of industry/power over a few rows: a region's economy by middle class beside the sums its
// specialization coefficients divide by, and manufacturing establishments summed by status and class.

import { describe, expect, it } from 'vitest';
import { manufacturerSeries, specializationFacts } from '../../build/facts/industry-power.ts';
import { csv, INDUSTRIES, tinySources } from '../helpers/tiny-sources.ts';

describe('specializationFacts', () => {
  const sources = tinySources({
    ...INDUSTRIES,
    industry_economy: csv`
      regionCode,year,simcCode,valueAdded,employees
      01101,2016,09,10,2
      01102,2016,10,20,3
      13101,2016,09,70,5
    `,
  });
  const facts = specializationFacts(sources, [1]);

  it("gives a region's classes beside its totals and the nation's, the nation being every prefecture's", () => {
    expect(facts.get('01')).toEqual([
      expect.objectContaining({ year: 2016, simcCode: '09', valueAdded: 10, employees: 2, vaRegion: 30, empRegion: 5 }),
      expect.objectContaining({ year: 2016, simcCode: '10', valueAdded: 20, employees: 3, vaRegion: 30, empRegion: 5 }),
    ]);
    expect(facts.get('01100')?.[0]).toMatchObject({
      vaNation: 80,
      empNation: 7,
      vaNationAll: 100,
      empNationAll: 10,
    });
    expect(facts.get('01101')?.map((r) => r.simcCode)).toEqual(['09']);
  });

  it('keeps the regions of the prefectures asked for only, though the nation counts them all', () => {
    expect(facts.get('13')).toBeUndefined();
    expect(facts.get('13101')).toBeUndefined();
    expect(specializationFacts(sources, [13]).get('13')?.[0]).toMatchObject({ vaRegion: 70, vaNationAll: 100 });
  });
});

describe('manufacturerSeries', () => {
  const series = manufacturerSeries(
    tinySources({
      ...INDUSTRIES,
      manufacturer_establishments: csv`
        prefCode,year,simcCode,status,establishments,employees,valueAdded
        01,1990,09,continuing,3,30,300
        01,1990,10,continuing,2,10,100
        01,1991,09,entering,1,5,50
      `,
    }),
  );
  const of = (simc: string, status: string) =>
    series.get('01', simc, status)?.map((r) => [r.year, r.establishments, r.employees, r.valueAdded]);

  it('sums a status over the middle classes for all of manufacturing, by year', () => {
    expect(of('-', 'continuing')).toEqual([[1990, 5, 40, 400]]);
    expect(of('09', 'entering')).toEqual([[1991, 1, 5, 50]]);
    expect(of('10', 'entering')).toBeUndefined();
  });
});
