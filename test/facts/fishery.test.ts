// fisheryFacts over a few rows: wards add up to their designated city, municipalities to their prefecture,
// prefectures to the nation; a prefecture's own row wins over its parts for its activity only; entities,
// destinations and sales keep their own kinds.

import { describe, expect, it } from 'vitest';
import { fisheryClassLabels, fisheryFacts } from '../../build/facts/fishery.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('fisheryFacts', () => {
  const sources = tinySources({
    fishery_entities: csv`
      regionCode,year,activity,band,entities
      01101,2018,catch,1,2
      01102,2018,catch,1,3
      01202,2018,catch,2,4
      01202,2018,aquaculture,1,6
      01,2018,catch,1,100
      13101,2013,catch,3,1
    `,
    fishery_destinations: ['regionCode,year,destination,entities', '01202,2018,1,3', '01101,2018,2,1'].join('\n'),
    fishery_sales: csv`
      regionCode,year,activity,sales
      01202,2018,catch,40
      01202,2018,aquaculture,25
      01101,2018,catch,10
    `,
    fishery_destination_sales: ['regionCode,year,destination,sales', '01202,2018,1,30', '01102,2018,1,5'].join('\n'),
    fishery_classes: ['kind,code,label', 'band,1,100万円未満', 'band,2,100～500万円', 'destination,1,漁協市場'].join(
      '\n',
    ),
  });
  const facts = fisheryFacts(sources);

  it('adds the entities by band up the regions, a prefecture’s own catch row winning over its parts', () => {
    expect(facts.get('01100')?.sales).toEqual({ 2018: { 1: 5 } });
    expect(facts.get('01202')?.sales).toEqual({ 2018: { 2: 4 } });
    expect(facts.get('01')?.sales).toEqual({ 2018: { 1: 100 } });
    expect(facts.get('00')?.sales).toEqual({ 2018: { 1: 100 }, 2013: { 3: 1 } });
  });

  it('rolls each activity up on its own: the prefecture’s catch row leaves its aquaculture the sum of its parts', () => {
    expect(facts.get('01')?.aquacultureSales).toEqual({ 2018: { 1: 6 } });
    expect(facts.get('00')?.aquacultureSales).toEqual({ 2018: { 1: 6 } });
    expect(facts.get('13')?.aquacultureSales).toBeUndefined();
  });

  it('counts the entities by shipping destination and sums the sales by activity and by destination', () => {
    expect(facts.get('01')?.shipRatio).toEqual({ 2018: { 1: 3, 2: 1 } });
    expect(facts.get('01100')?.shipRatio).toEqual({ 2018: { 2: 1 } });
    expect(facts.get('01')?.salesAmount).toEqual({ 2018: 50 });
    expect(facts.get('00')?.aquacultureSalesAmount).toEqual({ 2018: 25 });
    expect(facts.get('01')?.destinationSales).toEqual({ 2018: { 1: 35 } });
  });

  it('has no figure where no row gives one', () => {
    expect(facts.get('13')?.shipRatio).toBeUndefined();
    expect(facts.get('13101')?.salesAmount).toBeUndefined();
    expect(facts.get('01102')?.salesAmount).toBeUndefined();
  });

  it('labels the classes of one kind by code', () => {
    expect(fisheryClassLabels(sources, 'band')).toEqual({ 1: '100万円未満', 2: '100～500万円' });
    expect(fisheryClassLabels(sources, 'destination')).toEqual({ 1: '漁協市場' });
  });
});
