// populationFacts over a few rows: wards add up to their designated city and municipalities to their
// prefecture, a region's own rows for a year win over the sum of its parts, broad groups come from the 5-year
// detail where a region-year has it and from population_by_age_group otherwise, and people of unknown age
// count in the total only.

import { describe, expect, it } from 'vitest';
import { censusAt, populationFacts } from '../../build/facts/population.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

const YEARS = ['year,kind', '2000,actual', '2005,actual', '2010,projection'].join('\n');

describe('populationFacts', () => {
  const facts = populationFacts(
    tinySources({
      population_years: YEARS,
      // Tokyo gives its own figure for 2005: its municipality's rows do not replace it.
      population_by_age_sex: csv`
        regionCode,year,sex,ageFrom,count
        01101,2000,male,0,10
        01102,2000,male,0,5
        01102,2000,female,90,4
        01202,2000,male,0,1
        01202,2000,female,20,3
        01202,2000,male,70,2
        13,2005,male,65,100
        13101,2005,male,65,7
        13101,2005,female,30,9
      `,
      // 2000 has the detail: only the people of unknown age come from here, and add to the total.
      // 2005 has no detail in Hokkaido: the groups are the figures.
      population_by_age_group: csv`
        regionCode,year,ageGroup,count
        01202,2000,unknown,2
        01202,2005,young,1
        01202,2005,working,2
        01202,2005,old,3
      `,
    }),
  );

  it('takes the last actual year as the boundary', () => {
    expect(facts.boundaryYear).toBe(2005);
  });

  it('adds the 5-year classes up to designated cities and prefectures in the pyramid', () => {
    const sapporo = facts.pyramid.get('01100')?.get(2000);
    expect(sapporo?.man[0]).toBe(15);
    expect(sapporo?.woman[18]).toBe(4);
    const hokkaido = facts.pyramid.get('01')?.get(2000);
    expect(hokkaido?.man[0]).toBe(16);
    expect(hokkaido?.woman[4]).toBe(3);
    expect(hokkaido?.woman[18]).toBe(4);
  });

  it("keeps a region's own figure for a year over the sum of its parts", () => {
    const tokyo = facts.pyramid.get('13')?.get(2005);
    expect(tokyo?.man[13]).toBe(100);
    expect(tokyo?.woman[6]).toBe(0);
  });

  it('groups the detail into broad groups, adds the unknown to the total, and falls back on the given groups', () => {
    const hakodate = facts.perYear.get('01202')?.years;
    expect(hakodate).toEqual([
      { year: 2000, total: 8, young: 1, working: 3, old: 2 },
      { year: 2005, total: 6, young: 1, working: 2, old: 3 },
    ]);
    expect(facts.perYear.get('01')?.years[0]).toEqual({ year: 2000, total: 27, young: 16, working: 3, old: 6 });
    // Sapporo's wards count no one aged 15–64 in 2000: a region-year without all three groups has no point.
    expect(facts.perYear.get('01100')).toBeUndefined();
  });

  it('answers the census at or before a year, and nothing for a region without counts', () => {
    const sources = tinySources({ population_years: YEARS, population_by_age_group: GROUPS_2000_2005 });
    expect(censusAt(sources, '01202', 2004)?.year).toBe(2000);
    expect(censusAt(sources, '01202', 2030)?.year).toBe(2005);
    expect(censusAt(sources, '13101', 2004)).toBeUndefined();
  });

  it('has no boundary and no series when population_years lists no actual year', () => {
    const none = populationFacts(
      tinySources({ population_years: 'year,kind\n2010,projection', population_by_age_group: GROUPS_2000_2005 }),
    );
    expect(none.boundaryYear).toBeUndefined();
    expect(none.perYear.size).toBe(0);
  });
});

const GROUPS_2000_2005 = [
  'regionCode,year,ageGroup,count',
  ...[2000, 2005].flatMap((y) => ['young', 'working', 'old'].map((g) => `01202,${y},${g},1`)),
].join('\n');
