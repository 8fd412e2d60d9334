// The two fishery sales totals (totalSales, aquacultureTotalSales) differ only in the sales they sum: one
// factory keeps their declarations identical in everything else. addArea composes from entityCounts,
// which answers for every region, so a composed answer always carries the main region's header.

import { z } from 'zod';
import { fisheryFacts } from '../../facts/fishery.ts';
import { renderTotals, totalsComposers, type TotalKind } from '../../runtime/render/fishery.ts';
import { defineOperation } from '../operation.ts';
import { REGION_PARAMS, regionScopes, yearBars, type ChartDoc } from '../census-charts.ts';
import { countsRoute } from './kit.ts';
import { count, regionHeader as header, yearValue } from '../result.ts';

export function fisheryTotalOperation(kind: 'totalSales' | 'aquacultureTotalSales', amounts: TotalKind, doc: ChartDoc) {
  return defineOperation({
    ...doc,
    family: 'fishery',
    result: z.strictObject({ ...header, years: z.array(yearValue(count)) }).nullable(),
    view: yearBars('販売金額 (万円) / 10,000 yen'),
    route: countsRoute(kind, REGION_PARAMS, totalsComposers[amounts]),
    needs: ['fishery_sales'],
    share: 'prefecture',
    prepare: (ctx) => fisheryFacts(ctx.sources),
    render(facts, v, ctx) {
      const { head, scopes } = regionScopes(ctx, facts, v);
      return renderTotals(amounts, head, scopes);
    },
  });
}
