// establishmentFacts and regionsWithEstablishments over a few rows: one column of establishments added up
// the regions and the selections, in the years it is given; and which regions have any row at all.

import { describe, expect, it } from 'vitest';
import { establishmentFacts, regionsWithEstablishments } from '../../build/facts/establishments.ts';
import { csv, INDUSTRIES, tinySources } from '../helpers/tiny-sources.ts';

describe('establishment facts', () => {
  const sources = tinySources({
    ...INDUSTRIES,
    establishments: csv`
      regionCode,year,simcCode,companies,plants,employees
      01101,2012,09,3,4,40
      01102,2012,10,5,6,60
      01101,2016,09,,8,80
      01202,2016,10,,1,5
      13101,2016,09,,2,20
    `,
  });
  const get = (f: ReturnType<typeof establishmentFacts>, region: string, sic: string, simc: string, year: number) =>
    f.facts.get(region, sic, simc)?.get(year);

  it('answers the years in which the column is given anywhere', () => {
    expect(establishmentFacts(sources, 'companies', [1]).years).toEqual([2012]);
    expect(establishmentFacts(sources, 'plants', [1]).years).toEqual([2012, 2016]);
  });

  it('adds the column up the regions and the selections', () => {
    const plants = establishmentFacts(sources, 'plants', [1]);
    expect(get(plants, '01100', 'E', '-', 2012)?.plants).toBe(10);
    expect(get(plants, '01', '-', '-', 2016)?.plants).toBe(9);
    expect(get(plants, '01', 'E', '10', 2016)?.plants).toBe(1);
    const companies = establishmentFacts(sources, 'companies', [1]);
    expect(get(companies, '01', '-', '-', 2012)?.companies).toBe(8);
    expect(get(companies, '01', '-', '-', 2016)).toBeUndefined();
  });

  it('knows the regions with any row: those in scope, what they add up to, and every prefecture', () => {
    expect([...regionsWithEstablishments(sources, [1])].sort()).toEqual([
      '01',
      '01100',
      '01101',
      '01102',
      '01202',
      '13',
    ]);
    expect([...regionsWithEstablishments(sources, [13])].sort()).toEqual(['01', '13', '13101']);
  });
});
