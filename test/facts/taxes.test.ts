// perResident over a few rows: each tax and the residents are added up the regions before dividing, so a
// designated city or a prefecture is its revenue over its residents, never a mean of its parts' figures.

import { describe, expect, it } from 'vitest';
import { perResident } from '../../build/facts/taxes.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('perResident', () => {
  const sources = tinySources({
    local_taxes: csv`
      regionCode,year,taxes,propertyTax,corporateTax,residents
      01101,2020,300,100,50,2
      01102,2020,101,1,0,1
      01202,2020,500,200,30,4
      01202,2021,40,1,1,0
      01202,2019,400,100,20,4
      13101,2020,50,20,10,1
      13,2020,1000,300,200,10
    `,
  });
  const taxes = perResident(sources, 'taxes');

  it("divides a region's revenue by its residents, rounded to an integer", () => {
    expect(taxes.get('01101')).toEqual([{ year: 2020, value: 150 }]);
    expect(perResident(sources, 'propertyTax').get('01101')).toEqual([{ year: 2020, value: 50 }]);
    expect(perResident(sources, 'corporateTax').get('01202')).toEqual([
      { year: 2019, value: 5 },
      { year: 2020, value: 8 },
    ]);
  });

  it('sums revenue and residents up the regions before dividing', () => {
    // 401 / 3 = 133.67, not the mean of 150 and 101
    expect(taxes.get('01100')).toEqual([{ year: 2020, value: 134 }]);
    // 901 / 7 = 128.71
    expect(taxes.get('01')).toEqual([
      { year: 2019, value: 100 },
      { year: 2020, value: 129 },
    ]);
  });

  it("keeps a region's own row over the sum of its parts", () => {
    expect(taxes.get('13')).toEqual([{ year: 2020, value: 100 }]);
    expect(taxes.get('13101')).toEqual([{ year: 2020, value: 50 }]);
  });

  it('leaves out a year without residents, and has no entry for a region without rows', () => {
    expect(taxes.get('01202')?.map((r) => r.year)).toEqual([2019, 2020]);
    expect(taxes.get('01')?.map((r) => r.year)).toEqual([2019, 2020]);
    expect(taxes.get('13999')).toBeUndefined();
  });
});
