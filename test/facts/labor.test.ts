// The labour facts over a few rows: job openings and applicants by month and occupation, their fiscal
// years beside the placements, and wages by industry and age, each summed at every level of its classes.

import { describe, expect, it } from 'vitest';
import { jobOpeningSeries, jobPortfolio, occupationNames, wageSeries } from '../../build/facts/labor.ts';
import { csv, INDUSTRIES, tinySources } from '../helpers/tiny-sources.ts';

const OCCUPATIONS = {
  occupations_broad: 'iscoCode,iscoName\nA,管理的職業\nB,専門的・技術的職業',
  occupations_middle: 'ismcoCode,iscoCode,ismcoName\n01,A,管理的職業従事者\n12,B,研究者\n13,B,技術者',
};

describe('the labour facts', () => {
  const sources = tinySources({
    ...OCCUPATIONS,
    ...INDUSTRIES,
    job_openings: csv`
      prefCode,month,iscoCode,ismcoCode,openings,applicants
      01,2015-03,A,01,5,10
      01,2015-04,A,01,6,12
      01,2016-03,A,01,8,14
      01,2015-04,B,12,3,4
      01,2015-05,B,13,1,2
    `,
    job_placements: csv`
      prefCode,year,iscoCode,ismcoCode,womenApplicants,placements
      01,2015,A,01,10,3
      01,2015,B,12,1,1
    `,
    wages: csv`
      prefCode,year,simcCode,ageFrom,workers,payroll
      01,2019,09,20,2,600
      01,2019,09,25,3,1200
      01,2019,10,20,5,1000
    `,
  });

  it('sums openings and applicants of a month over an occupation class and over all', () => {
    const series = jobOpeningSeries(sources);
    const months = (isco: string, ismco: string) =>
      series.get('01', isco, ismco)?.map((r) => [r.month, r.openings, r.applicants]);
    expect(months('-', '-')).toEqual([
      ['2015-03', 5, 10],
      ['2015-04', 9, 16],
      ['2015-05', 1, 2],
      ['2016-03', 8, 14],
    ]);
    expect(months('B', '-')).toEqual([
      ['2015-04', 3, 4],
      ['2015-05', 1, 2],
    ]);
    expect(series.get('13', '-', '-')).toBeUndefined();
  });

  it('sums the months of a fiscal year (April to March) beside its placements', () => {
    const year = jobPortfolio(sources).get('01', '2015');
    expect(year).toHaveLength(2);
    expect(year?.[0]).toMatchObject({
      ismcoCode: '01',
      months: 2,
      applicants: 26,
      openings: 14,
      womenApplicants: 10,
      placements: 3,
    });
    expect(year?.[1]).toMatchObject({
      ismcoCode: '12',
      months: 1,
      applicants: 4,
      openings: 3,
      womenApplicants: 1,
      placements: 1,
    });
  });

  it('serves no class or year without a row of placements: its women and placements are unknown', () => {
    expect(jobPortfolio(sources).get('01', '2014')).toBeUndefined();
    expect(
      jobPortfolio(sources)
        .get('01', '2015')
        ?.some((r) => r.ismcoCode === '13'),
    ).toBe(false);
  });

  it('names the occupation classes by code', () => {
    const names = occupationNames(sources);
    expect(names.broad.get('B')).toBe('専門的・技術的職業');
    expect(names.middle.get('13')).toBe('技術者');
    expect(names.middle.get('99')).toBeUndefined();
  });

  it('sums workers and payroll over the industry classes and the ages', () => {
    const wages = wageSeries(sources);
    const of = (sic: string, simc: string, age: string) =>
      wages.get('01', sic, simc, age)?.map((r) => [r.year, r.workers, r.payroll]);
    expect(of('E', '-', 'all')).toEqual([[2019, 10, 2800]]);
    expect(of('E', '09', '20')).toEqual([[2019, 2, 600]]);
    expect(of('-', '-', '20')).toEqual([[2019, 7, 1600]]);
    expect(of('E', '10', '25')).toBeUndefined();
  });
});
