// careFacts over a few rows: municipal counts add up to their designated city (unless it gives its own for
// the matter and year), their prefecture and their insurer; insurers come in code order with their members,
// and premiums are kept per insurer and year.

import { describe, expect, it } from 'vitest';
import { careFacts, careKey } from '../../build/facts/care.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('careFacts', () => {
  const facts = careFacts(
    tinySources({
      care_insurers: csv`
        insurerCode,insurerName,cityCode
        01900,道南連合,01202
        01100,札幌市,01101
        01100,札幌市,01102
      `,
      // Sapporo gives its own figure for 102 in 2021: its wards' sum does not replace it.
      care_counts: csv`
        matter2,year,regionCode,classCode,count
        101,2020,01101,1,10
        101,2020,01102,1,5
        101,2020,01102,2,1
        101,2020,01202,2,3
        102,2021,01100,3,100
        102,2021,01101,3,40
      `,
      care_premiums: ['insurerCode,year,premium,insured', '01100,2021,6000,1000', '01900,2021,5000,300'].join('\n'),
    }),
  );
  const counts = (matter: string, year: number, region: string) =>
    Object.fromEntries(facts.counts.get(careKey(matter, year, region)) ?? []);

  it('adds municipalities up to their designated city and prefecture, class by class', () => {
    expect(counts('101', 2020, '01101')).toEqual({ 1: 10 });
    expect(counts('101', 2020, '01100')).toEqual({ 1: 15, 2: 1 });
    expect(counts('101', 2020, '01')).toEqual({ 1: 15, 2: 4 });
    expect(counts('101', 2020, '13')).toEqual({});
  });

  it("keeps a designated city's own figure over its wards' sum", () => {
    expect(counts('102', 2021, '01100')).toEqual({ 3: 100 });
  });

  it('adds municipalities up to their insurer, and lists insurers in code order with their members', () => {
    const insurer = (code: string) => Object.fromEntries(facts.insurerCounts.get(careKey('101', 2020, code)) ?? []);
    expect(insurer('01100')).toEqual({ 1: 15, 2: 1 });
    expect(insurer('01900')).toEqual({ 2: 3 });
    expect([...facts.insurers.values()].map((i) => [i.insurerCode, i.prefCode, i.cities])).toEqual([
      ['01100', 1, ['01101', '01102']],
      ['01900', 1, ['01202']],
    ]);
  });

  it('keeps each premium with its insured persons, and none for a year without one', () => {
    expect(facts.premiums.get('2021|01100')).toEqual({ premium: 6000, insured: 1000 });
    expect(facts.premiums.get('2020|01100')).toBeUndefined();
  });
});
