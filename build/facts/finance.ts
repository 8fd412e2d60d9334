// Settled expenditure by purpose (forSettlementAmount): each local government's own amounts, and the
// averages it is compared with. A prefecture government and a municipality keep separate accounts, so
// nothing is summed up the region hierarchy: a prefecture's figures are its own government's. The
// averages are means over governments of one kind (the group) or of one level (the nation), per item
// and year, rounded to thousand yen.

import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { getOrSet } from '../runtime/maps.ts';
import { ratio } from '../runtime/rounding.ts';
import { perSources } from './memo.ts';
import { rowsOf } from './table.ts';

/** The kinds of local government whose mean is the group average. */
export const FINANCE_GROUPS = {
  prefecture: '都道府県',
  designated: '政令指定都市',
  ward: '特別区',
  city: '市',
  town: '町村',
} as const;
type FinanceGroup = keyof typeof FINANCE_GROUPS;

interface FinanceFacts {
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

/** settlement_amounts: each government's amounts by item, keyed by `region|year`. */
function ownAmounts(sources: Sources): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of rowsOf(sources, 'settlement_amounts'))
    getOrSet(out, financeKey(r.regionCode, r.year), () => new Map<string, number>()).set(r.itemCode, r.amount);
  return out;
}

type Sum = { sum: number; n: number };

/** Each item's mean over the governments summed, rounded half away from zero to thousand yen. */
function means(items: Map<string, Sum>): Map<string, number> {
  return new Map(
    [...items].flatMap(([item, s]) => {
      const mean = ratio(s.sum, s.n, 0);
      return mean === null ? [] : [[item, mean] as const];
    }),
  );
}

/**
 * settlement_amounts: the mean amount by item over the governments of each group and of each level, keyed by
 * `group|year` and `nation-…|year`. The national mean is over the governments that have a group: every
 * prefecture, or every municipality but the wards of designated cities.
 */
function averageAmounts(sources: Sources): Map<string, Map<string, number>> {
  const sums = new Map<string, Map<string, Sum>>();
  for (const r of rowsOf(sources, 'settlement_amounts')) {
    const group = financeGroup(sources, r.regionCode);
    if (!group) continue;
    for (const key of [group, nationOf(r.regionCode)]) {
      const items = getOrSet(sums, financeKey(key, r.year), () => new Map<string, Sum>());
      const s = getOrSet(items, r.itemCode, () => ({ sum: 0, n: 0 }));
      s.sum += r.amount;
      s.n += 1;
    }
  }
  return new Map([...sums].map(([key, items]) => [key, means(items)]));
}

export const financeFacts = perSources(
  (sources: Sources): FinanceFacts => ({
    items: rowsOf(sources, 'expenditure_items'),
    amounts: ownAmounts(sources),
    averages: averageAmounts(sources),
  }),
);
