// forestryFacts over a few rows: wards add up to their designated city, municipalities to their
// prefecture, prefectures to the nation; each kind of income keeps its own bands and amounts.

import { describe, expect, it } from 'vitest';
import { forestryFacts } from '../../build/facts/forestry.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('forestryFacts', () => {
  const facts = forestryFacts(
    tinySources({
      forestry_entities: csv`
        regionCode,year,kind,band,entities
        01101,2015,sales,1,2
        01102,2015,sales,1,3
        01202,2015,sales,2,5
        01202,2015,contract,1,7
        13101,2020,sales,1,1
      `,
      forestry_income: ['regionCode,year,kind,amount', '01101,2015,sales,100', '01202,2015,sales,50'].join('\n'),
    }),
  );

  it('adds wards to their city, municipalities to their prefecture, prefectures to the nation', () => {
    expect(facts.get('01100')?.sales).toEqual({ 2015: { 1: 5 } });
    expect(facts.get('01')?.sales).toEqual({ 2015: { 1: 5, 2: 5 } });
    expect(facts.get('00')?.sales).toEqual({ 2015: { 1: 5, 2: 5 }, 2020: { 1: 1 } });
    expect(facts.get('01')?.contract).toEqual({ 2015: { 1: 7 } });
  });

  it('sums the income by kind the same way, and has none where no row gives it', () => {
    expect(facts.get('01')?.salesAmount).toEqual({ 2015: 150 });
    expect(facts.get('00')?.salesAmount).toEqual({ 2015: 150 });
    expect(facts.get('13')?.salesAmount).toBeUndefined();
  });
});
