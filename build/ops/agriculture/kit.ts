// What the agriculture crops operations share: the path of the counts they compose from, their header
// (the region's, then the old municipality's, always empty), their parameters, and the farmer charts'
// declaration, which the two of them fill with their own result, view and rendering.

import { z } from 'zod';
import { FARMER_AGES } from '../../../sources/agriculture-codes.ts';
import { farmFacts } from '../../facts/agriculture.ts';
import type { Composer } from '../../runtime/composer.ts';
import type { Canonical } from '../../runtime/params.ts';
import { farmerSelection, type FarmerSelection, type FarmFacts } from '../../runtime/render/agriculture.ts';
import type { FisheryHead } from '../../runtime/render/fishery.ts';
import type { CityParam, ParamSpec, RouteData } from '../../runtime/routes.ts';
import { columns, type View } from '../../runtime/view.ts';
import {
  addArea,
  cityCode,
  defineOperation,
  intParam,
  matterScope,
  prefCode,
  regionHeader,
  regionOf,
  type BuildContext,
  type Values,
} from '../operation.ts';
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

/** Whose figures a chart shows: 1 the region itself, 2 its prefecture, 3 the nation. */
export const matterParam = () => intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.');

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
export const countsRoute = <const P extends readonly ParamSpec[]>(name: string, params: P, composer: Composer) => ({
  path: `/api/v1/agriculture/crops/${name}`,
  params,
  compose: { param: 'addArea', from: FARM_COUNTS_PATH, composer },
});

/** A census year's bar stacked by class, `value` of each (the businesses, the age classes). */
export const classBars = (classLabel: string, value: { key: string; label: string }): View => ({
  rows: [{ path: 'years[].data[]' }],
  columns: [
    { key: 'year', label: '年 / year' },
    { key: 'code', label: 'code' },
    { key: 'label', label: classLabel },
    value,
  ],
  chart: { kind: 'bar', x: 'year', y: value.key, fill: 'label' },
});

/** One figure a census year, as a line (the corporations' share, the farmers' average age). */
export const yearLine = (valueLabel: string): View => ({
  rows: [{ path: 'years[]' }],
  columns: columns({ year: '年 / year', value: valueLabel }),
  chart: { kind: 'line', x: 'year', y: 'value', xType: 'year' },
});

/** The header of a chart of the region itself, and its facts: none where it has no data. */
export function regionFacts(ctx: BuildContext, facts: ReadonlyMap<string, FarmFacts>, v: Values<typeof REGION_PARAMS>) {
  const scope = facts.get(regionOf(v));
  return { head: regionHeader(ctx, v.prefCode, v.cityCode), scopes: scope ? [scope] : [] };
}

/** What a farmer chart renders from: the region's header, the selection, and its `matter` scope's label and facts. */
function farmerScope(ctx: BuildContext, facts: ReadonlyMap<string, FarmFacts>, v: Values<typeof FARMER_PARAMS>) {
  const head = regionHeader(ctx, v.prefCode, v.cityCode);
  const { key, label } = matterScope(v, head);
  const scope = facts.get(key);
  return { head, selection: farmerSelection(v), label, scopes: scope ? [scope] : [] };
}

export const farmAgeLabels = () => Object.fromEntries(FARMER_AGES.map((name, i) => [String(i + 1), name]));

/** What a farmer chart declares of its own: its documentation, result, view, route name and composer, and how it renders. */
interface FarmerChart {
  title: string;
  titleEn: string;
  description: string;
  examples: Canonical[];
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
      const f = farmerScope(ctx, facts, v);
      return render(f.head, f.selection, f.label, f.scopes);
    },
  });
}
