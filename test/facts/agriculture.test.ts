// farmFacts over a few rows: wards add up to their designated city, municipalities to their prefecture,
// prefectures to the nation, a prefecture's own row winning over its parts; farmers are kept by
// `<farmersType><gender>`, year and age class, with the sum of their ages.

import { describe, expect, it } from 'vitest';
import { farmFacts } from '../../build/facts/agriculture.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('farmFacts', () => {
  const facts = farmFacts(
    tinySources({
      farm_entities: csv`
        regionCode,year,entities,corporations,workingDays
        01101,2020,10,2,500
        01102,2020,5,1,300
        01202,2020,8,0,400
        01,2020,30,4,1500
        13101,2015,3,1,90
      `,
      farm_businesses: ['regionCode,year,business,entities', '01101,2020,1,2', '01202,2020,1,3', '01202,2020,2,1'].join(
        '\n',
      ),
      farmers: csv`
        regionCode,year,farmersType,gender,ageClass,persons,ageYears
        01101,2020,1,1,3,2,80
        01202,2020,1,1,3,1,45
        01202,2020,2,2,7,1,80
      `,
    }),
  );

  it('adds entities, corporations and working days up the regions', () => {
    expect(facts.get('01100')).toMatchObject({
      entities: { 2020: 15 },
      corporations: { 2020: 3 },
      workingDays: { 2020: 800 },
    });
    expect(facts.get('13')).toMatchObject({
      entities: { 2015: 3 },
      corporations: { 2015: 1 },
      workingDays: { 2015: 90 },
    });
  });

  it('takes a prefecture’s own row over the sum of its municipalities, and the nation from the prefectures', () => {
    expect(facts.get('01')?.entities).toEqual({ 2020: 30 });
    expect(facts.get('00')?.entities).toEqual({ 2020: 30, 2015: 3 });
    expect(facts.get('00')?.workingDays).toEqual({ 2020: 1500, 2015: 90 });
  });

  it('counts the entities of each business by year and code, none where no row gives one', () => {
    expect(facts.get('01')?.business).toEqual({ 2020: { 1: 5, 2: 1 } });
    expect(facts.get('01100')?.business).toEqual({ 2020: { 1: 2 } });
    expect(facts.get('13')?.business).toBeUndefined();
  });

  it('keeps farmers and their ages by type and sex, year and age class', () => {
    expect(facts.get('01')?.persons).toEqual({ 11: { 2020: { 3: 3 } }, 22: { 2020: { 7: 1 } } });
    expect(facts.get('01')?.ageYears).toEqual({ 11: { 2020: { 3: 125 } }, 22: { 2020: { 7: 80 } } });
    expect(facts.get('01100')?.persons).toEqual({ 11: { 2020: { 3: 2 } } });
    expect(facts.get('13')?.persons).toBeUndefined();
  });
});
