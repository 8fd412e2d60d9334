// openingRates over a few rows: the establishments opened in a period, per year of it, over those that
// existed at its start, both counts added up the regions before dividing.

import { describe, expect, it } from 'vitest';
import { openingRates } from '../../build/facts/openings.ts';
import { csv, INDUSTRIES, tinySources } from '../helpers/tiny-sources.ts';

describe('openingRates', () => {
  const rates = openingRates(
    tinySources({
      ...INDUSTRIES,
      establishments: csv`
        regionCode,year,simcCode,companies,plants,employees
        01101,2012,09,,10,1
        01101,2012,10,,10,1
        01102,2012,09,,30,1
        01202,2012,09,,50,1
        13101,2012,09,,40,1
      `,
      establishment_openings: csv`
        regionCode,year,periodStart,opened
        01101,2016,2012,7
        01102,2016,2012,12
        01202,2016,2012,10
        01202,2021,2016,3
        13101,2016,2012,8
        13,2016,2012,100
      `,
    }),
  );

  it('divides the openings per year of the period by the establishments of every class at its start', () => {
    // 7 / (10 + 10) / 4 years
    expect(rates.get('01101')?.get(2016)).toBe(8.75);
    expect(rates.get('01202')?.get(2016)).toBe(5);
  });

  it('adds both counts up the regions before dividing: never a mean of rates', () => {
    // (7 + 12) / (20 + 30) / 4
    expect(rates.get('01100')?.get(2016)).toBe(9.5);
    // (19 + 10) / (50 + 50) / 4
    expect(rates.get('01')?.get(2016)).toBe(7.25);
  });

  it("keeps a region's own openings over the sum of its parts", () => {
    // 100 / 40 / 4, not 8 / 40 / 4
    expect(rates.get('13')?.get(2016)).toBe(62.5);
    expect(rates.get('13101')?.get(2016)).toBe(5);
  });

  it('has no rate where no establishment existed at the start, and no entry for a region without openings', () => {
    expect(rates.get('01202')?.get(2021)).toBeNull();
    expect(rates.get('01202')?.has(2021)).toBe(true);
    expect(rates.get('13999')).toBeUndefined();
  });
});
