// What the agriculture crops operations share: the path of the counts they compose from, their header
// (the region's, then the old municipality's, always empty), their parameters, and the farmer charts'
// declaration, which the two of them fill with their own result, view and rendering.

import { z } from 'zod';
import { FARMER_AGES } from '../../../sources/agriculture-codes.ts';
import { farmFacts } from '../../facts/agriculture.ts';
import type { Composer } from '../../runtime/composer.ts';
import { farmerSelection, type FarmerSelection, type FarmFacts } from '../../runtime/render/agriculture.ts';
import type { FisheryHead } from '../../runtime/render/fishery.ts';
import type { CityParam, RouteData } from '../../runtime/routes.ts';
import type { View } from '../../runtime/view.ts';
import { countsRoutes, matterParam, matterScopes, type ChartDoc } from '../census-charts.ts';
import { addArea, cityCode, defineOperation, intParam, prefCode } from '../operation.ts';
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

/** The region, the old municipality, and other regions whose counts addArea adds: workingDays and relatedBusiness. */
export const REGION_PARAMS = [prefCode(), cityCode(), oldCityCode(), addArea()] as const;

/** A farmer chart's parameters: the region, 農業者区分, 性別 (1 both, 2 men, 3 women), whose figures (`matter`), addArea. */
const FARMER_PARAMS = [
  prefCode(),
  cityCode(),
  oldCityCode(),
  intParam('farmersType', [1, 2], '1 farm managers (農業経営者), 2 the farm working population (農業就業人口).'),
  intParam('genderType', [1, 2, 3], '1 both sexes, 2 men, 3 women.'),
  matterParam(),
  addArea(),
] as const;

/** A chart's route under /api/v1/agriculture/crops/: addArea composes it from entityCounts with its composer. */
export const countsRoute = countsRoutes('/api/v1/agriculture/crops', FARM_COUNTS_PATH);

export const farmAgeLabels = () => Object.fromEntries(FARMER_AGES.map((name, i) => [String(i + 1), name]));

/** What a farmer chart declares of its own: its documentation, result, view, route name and composer, and how it renders. */
interface FarmerChart extends ChartDoc {
  result: z.ZodType;
  view: View;
  name: string;
  composer: Composer;
  render(head: FisheryHead, selection: FarmerSelection, label: string, scopes: FarmFacts[]): unknown;
  routeData?: () => RouteData;
}

/**
 * A farmer chart (farmersAgeStructure, farmersAverageAge): the farmers of a type and sex over the region,
 * its prefecture or the nation, read from the farmers table; addArea composes it from entityCounts.
 */
export function farmerChartOperation({ name, composer, render, ...chart }: FarmerChart) {
  return defineOperation({
    ...chart,
    family: 'agriculture',
    route: countsRoute(name, FARMER_PARAMS, composer),
    needs: ['farmers'],
    prepare: (ctx) => farmFacts(ctx.sources),
    render(facts, v, ctx) {
      const { head, label, scopes } = matterScopes(ctx, facts, v);
      return render(head, farmerSelection(v), label, scopes);
    },
  });
}
