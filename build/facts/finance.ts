// Settled expenditure by purpose (forSettlementAmount): each local government's own amounts, and the
// averages it is compared with. A prefecture government and a municipality keep separate accounts, so
// nothing is summed up the region hierarchy: a prefecture's figures are its own government's. The
// averages are means over governments of one kind (the group) or of one level (the nation), per item
// and year, rounded to thousand yen.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { ratio } from '../runtime/rounding.ts';
import { perSources } from './memo.ts';
import { rowsOf, tableOf } from './table.ts';

/** The kinds of local government whose mean is the group average. */
export const FINANCE_GROUPS = {
  prefecture: '都道府県',
  designated: '政令指定都市',
  ward: '特別区',
  city: '市',
  town: '町村',
} as const;
export type FinanceGroup = keyof typeof FINANCE_GROUPS;

export interface FinanceFacts {
  items: Row<'expenditure_items'>[];
  /** Amount by item code, keyed by `region|year` (region as in the table: 2 or 5 digits). */
  amounts: Map<string, Map<string, number>>;
  /** Mean amount by item code, keyed by `group|year` or `nation-prefecture|year` / `nation-municipality|year`. */
  averages: Map<string, Map<string, number>>;
}

export const financeKey = (region: string, year: string | number) => `${region}|${year}`;

/** The group of a government: prefectures, designated cities, Tokyo's special wards, other cities, towns and villages. */
export function financeGroup(sources: Sources, region: string): FinanceGroup | undefined {
  if (region.length === 2) return 'prefecture';
  const city = sources.regions.city(region);
  if (!city || city.bigCityFlag === '1') return undefined; // a ward of a designated city keeps no accounts
  if (city.bigCityFlag === '2') return 'designated';
  if (city.bigCityFlag === '3') return 'ward';
  return city.cityName.endsWith('市') ? 'city' : 'town';
}

/** The key of the national average a government is compared with: that of its level. */
export const nationOf = (region: string) => (region.length === 2 ? 'nation-prefecture' : 'nation-municipality');

export const financeFacts = perSources((sources: Sources): FinanceFacts => {
  const t = tableOf(sources, 'settlement_amounts');
  const regions = [...new Set(t.array('regionCode') as string[])];
  const groups = Object.fromEntries(regions.map((r) => [r, financeGroup(sources, r) ?? 'none']));
  // The national mean is over the governments that have a group: every prefecture, or every municipality.
  const withGroups = t
    .params({ groups })
    .derive({ group: (d: any, $: any) => $.groups[d.regionCode] })
    .derive({
      nation: (d: any) =>
        d.group === 'none' ? 'none' : d.group === 'prefecture' ? 'nation-prefecture' : 'nation-municipality',
    });
  const mean = (by: string) =>
    withGroups
      .groupby(by, 'year', 'itemCode')
      .rollup({ sum: aq.op.sum('amount'), n: aq.op.count() })
      .rename({ [by]: 'key' });
  const averages = new Map<string, Map<string, number>>();
  for (const r of mean('group').concat(mean('nation')).objects() as {
    key: string;
    year: number;
    itemCode: string;
    sum: number;
    n: number;
  }[]) {
    if (r.key === 'none') continue;
    put(averages, financeKey(r.key, r.year), r.itemCode, ratio(r.sum, r.n, 0)!);
  }
  const amounts = new Map<string, Map<string, number>>();
  for (const r of rowsOf(sources, 'settlement_amounts'))
    put(amounts, financeKey(r.regionCode, r.year), r.itemCode, r.amount);
  return { items: rowsOf(sources, 'expenditure_items'), amounts, averages };
});

function put(map: Map<string, Map<string, number>>, key: string, item: string, value: number): void {
  (map.get(key) ?? map.set(key, new Map()).get(key)!).set(item, value);
}
