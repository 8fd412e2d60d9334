// financeFacts over a few rows: each government's own amounts, never summed up the regions (a prefecture
// government and a municipality keep separate accounts), and the means of its group and of its level.

import { describe, expect, it } from 'vitest';
import { financeFacts, financeGroup, financeKey } from '../../build/facts/finance.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('financeFacts', () => {
  const sources = tinySources({
    expenditure_items: 'itemCode,itemName,level\n01,議会費,all\n09,警察費,prefecture',
    settlement_amounts: csv`
      regionCode,year,itemCode,amount
      01,2014,01,100
      01,2014,09,40
      13,2014,01,301
      01100,2014,01,1000
      01202,2014,01,10
      01202,2013,01,12
      13101,2014,01,50
      01101,2014,01,7
    `,
  });
  const facts = financeFacts(sources);
  const amounts = (key: string) => Object.fromEntries(facts.amounts.get(key) ?? []);
  const averages = (key: string) => Object.fromEntries(facts.averages.get(key) ?? []);

  it("keeps each government's own amounts by year, a prefecture's never the sum of its municipalities", () => {
    expect(amounts(financeKey('01', 2014))).toEqual({ '01': 100, '09': 40 });
    expect(amounts(financeKey('01202', 2013))).toEqual({ '01': 12 });
    expect(facts.amounts.has(financeKey('13', 2013))).toBe(false);
    expect(facts.items.map((i) => i.itemName)).toEqual(['議会費', '警察費']);
  });

  it('groups governments by kind; a ward of a designated city keeps no accounts', () => {
    expect(['01', '01100', '01202', '13101', '01101'].map((r) => financeGroup(sources, r))).toEqual([
      'prefecture',
      'designated',
      'city',
      'ward',
      undefined,
    ]);
  });

  it('averages per item over the governments of a group, rounded half away from zero', () => {
    // (100 + 301) / 2 = 200.5
    expect(averages(financeKey('prefecture', 2014))).toEqual({ '01': 201, '09': 40 });
    expect(averages(financeKey('designated', 2014))).toEqual({ '01': 1000 });
    expect(averages(financeKey('ward', 2014))).toEqual({ '01': 50 });
  });

  it('averages the nation over every government of a level that has a group, wards of designated cities apart', () => {
    expect(averages(financeKey('nation-prefecture', 2014))).toEqual({ '01': 201, '09': 40 });
    // (1000 + 10 + 50) / 3 = 353.33; 01101's 7 is not counted
    expect(averages(financeKey('nation-municipality', 2014))).toEqual({ '01': 353 });
    expect(averages(financeKey('nation-municipality', 2013))).toEqual({ '01': 12 });
    expect(facts.averages.has(financeKey('none', 2014))).toBe(false);
  });
});
