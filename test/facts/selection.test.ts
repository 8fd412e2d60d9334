// economyBySelection over a few rows: value added and employees added up the regions, then over the
// industry selections (a broad class, all industries), municipalities kept for the prefectures asked for.

import { describe, expect, it } from 'vitest';
import { economyBySelection } from '../../build/facts/selection.ts';
import { csv, INDUSTRIES, tinySources } from '../helpers/tiny-sources.ts';

// The shared classes and a wholesale one (broad class I, middle class 51).
const CLASSES = {
  industries_broad: `${INDUSTRIES.industries_broad}\nI,卸売業，小売業`,
  industries_middle: `${INDUSTRIES.industries_middle}\n51,I,繊維・衣服等卸売業`,
};

describe('economyBySelection', () => {
  const sources = tinySources({
    ...CLASSES,
    industry_economy: csv`
      regionCode,year,simcCode,valueAdded,employees
      01101,2016,09,10,2
      01102,2016,10,20,3
      01202,2016,51,5,1
      01202,2012,51,4,0
      13101,2016,09,7,1
      13,2016,09,100,9
    `,
  });
  const facts = economyBySelection(sources, [1, 13]);
  const cell = (region: string, sic: string, simc: string, year: number) => facts.get(region, sic, simc)?.get(year);

  it('adds a broad class and all industries up from the middle classes, wards to their city', () => {
    expect(cell('01100', 'E', '-', 2016)).toMatchObject({ valueAdded: 30, employees: 5 });
    expect(cell('01100', 'E', '10', 2016)).toMatchObject({ valueAdded: 20, employees: 3 });
    expect(cell('01', '-', '-', 2016)).toMatchObject({ valueAdded: 35, employees: 6 });
    expect(cell('01', 'I', '51', 2012)).toMatchObject({ valueAdded: 4, employees: 0 });
  });

  it("keeps a region's own figure over the sum of its parts", () => {
    expect(cell('13', 'E', '09', 2016)).toMatchObject({ valueAdded: 100, employees: 9 });
    expect(cell('13101', 'E', '09', 2016)).toMatchObject({ valueAdded: 7, employees: 1 });
  });

  it('has no entry for a selection absent from the region, nor for a year without facts', () => {
    expect(facts.get('01202', 'E', '-')).toBeUndefined();
    expect(cell('01100', '-', '-', 2012)).toBeUndefined();
  });

  it('keeps the municipalities of the prefectures asked for only, and every prefecture', () => {
    const tokyo = economyBySelection(sources, [13]);
    expect(tokyo.get('01101', '-', '-')).toBeUndefined();
    expect(tokyo.get('01', '-', '-')?.get(2016)).toMatchObject({ valueAdded: 35, employees: 6 });
    expect(tokyo.get('13101', '-', '-')?.get(2016)).toMatchObject({ valueAdded: 7, employees: 1 });
  });
});
