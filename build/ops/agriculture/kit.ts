// What the agriculture crops operations share: the path of the counts they compose from, their header
// (the region's, then the old municipality's, always empty) and the old municipality parameter.

import { z } from 'zod';
import { FARMER_AGES } from '../../../sources/agriculture-codes.ts';
import type { CityParam } from '../../runtime/routes.ts';
import type { Composer } from '../../runtime/composer.ts';
import type { Canonical } from '../../runtime/params.ts';
import { farmerSelection, type FarmFacts } from '../../runtime/render/agriculture.ts';
import { addArea, cityCode, intParam, matterScope, prefCode, regionHeader, type BuildContext } from '../operation.ts';
import { echoed, regionHeader as header } from '../result.ts';

export const FARM_COUNTS_PATH = '/api/v1/agriculture/crops/entityCounts';

/** The region's codes and names, then the old municipality's (`''`: the original had no data by old municipality). */
export const farmHeader = { ...header, oldCityCode: z.literal(''), oldCityName: z.literal('') };

/** A farmer chart's header: the region's, then the selection it answers, echoed as text. */
export const farmerHeader = {
  ...farmHeader,
  farmersType: echoed([1, 2]),
  genderType: echoed([1, 2, 3]),
  matter: echoed([1, 2, 3]),
};

/** Accepted as the original's documentation lists it, never read: it had no data by old municipality. */
export const oldCityCode = (): CityParam & { name: 'oldCityCode'; ignored: true } => ({
  name: 'oldCityCode',
  type: 'city',
  pref: 'prefCode',
  required: false,
  ignored: true,
  doc: 'An old (pre-merger) municipality code: accepted and never read, as the original had no data by old municipality.',
});

/** A farmer chart's route: the region, 農業者区分, 性別 (1 both, 2 men, 3 women), whose figures (`matter`), addArea. */
export const farmerRoute = (path: string, composer: Composer) => ({
  path,
  params: [
    prefCode(),
    cityCode(),
    oldCityCode(),
    intParam('farmersType', [1, 2], '1 farm managers (農業経営者), 2 the farm working population (農業就業人口).'),
    intParam('genderType', [1, 2, 3], '1 both sexes, 2 men, 3 women.'),
    intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.'),
    addArea(),
  ] as const,
  compose: { param: 'addArea', from: FARM_COUNTS_PATH, composer },
});

/** What a farmer chart renders from: the region's header, the selection, and its `matter` scope's label and facts. */
export function farmerScope(ctx: BuildContext, facts: ReadonlyMap<string, FarmFacts>, v: Canonical) {
  const head = regionHeader(ctx, v.prefCode!, v.cityCode!);
  const { key, label } = matterScope(v, head);
  const scope = facts.get(key);
  return { head, selection: farmerSelection(v), label, scopes: scope ? [scope] : [] };
}
export const farmAgeLabels = () => Object.fromEntries(FARMER_AGES.map((name, i) => [String(i + 1), name]));
