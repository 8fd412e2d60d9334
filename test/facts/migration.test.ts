// The migration facts over a few rows: nets by block per prefecture, by age class and by cohort per region,
// municipal nets added up to their designated city and prefecture (a region's own rows for a year win), each
// year with its net over all its blocks or classes, in year and code order.

import { describe, expect, it } from 'vitest';
import { migrationByAgeClass, migrationByBlock, migrationByCohort } from '../../build/facts/migration.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('migration facts', () => {
  const sources = tinySources({
    migration_by_block: ['prefCode,year,blockCode,net', '13,2020,04,-3', '13,2020,01,5', '13,2019,02,0'].join('\n'),
    migration_by_age_group: csv`
      regionCode,year,ageClass,net
      01101,2020,1,10
      01102,2020,1,-4
      01202,2020,3,5
      13,2020,2,7
      13101,2020,2,100
    `,
    migration_by_cohort: csv`
      regionCode,periodFrom,ageFrom,net
      01101,1980,0,3
      01102,1980,0,2
      01101,1975,5,1
    `,
  });

  it("gives a prefecture's nets by block per year, years ascending and blocks in code order, with the year's net", () => {
    const tokyo = migrationByBlock(sources).get('13');
    expect(tokyo?.map((y) => [y.year, y.total, y.nets.map((r) => r.blockCode)])).toEqual([
      [2019, 0, ['02']],
      [2020, 2, ['01', '04']],
    ]);
    expect(migrationByBlock(sources).get('01')).toBeUndefined();
  });

  it('adds the nets by age class up the hierarchy, a prefecture keeping its own', () => {
    const byClass = migrationByAgeClass(sources);
    const nets = (region: string) =>
      byClass.get(region)?.map((y) => ({ year: y.year, total: y.total, nets: y.nets.map((r) => [r.ageClass, r.net]) }));
    expect(nets('01100')).toEqual([{ year: 2020, total: 6, nets: [[1, 6]] }]);
    expect(nets('01')).toEqual([
      {
        year: 2020,
        total: 11,
        nets: [
          [1, 6],
          [3, 5],
        ],
      },
    ]);
    expect(nets('13')).toEqual([{ year: 2020, total: 7, nets: [[2, 7]] }]);
  });

  it('adds the cohorts up the hierarchy, in period and age order', () => {
    const sapporo = migrationByCohort(sources).get('01100');
    expect(sapporo?.map((r) => [r.periodFrom, r.ageFrom, r.net])).toEqual([
      [1975, 5, 1],
      [1980, 0, 5],
    ]);
  });
});
