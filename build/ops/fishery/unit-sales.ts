// The two charts of sales per management entity (managementUnitSales, aquacultureManagementUnitSales)
// differ only in the entities and sales they divide: one factory keeps their declarations identical in
// everything else. Figures come from the counts and sales of entityCounts, so a request with addArea
// sums the same facts the build divided.

import { z } from 'zod';
import { fisheryFacts } from '../../facts/fishery.ts';
import { renderUnitSales, unitSalesComposers, type UnitSalesKind } from '../../runtime/render/fishery.ts';
import { defineOperation } from '../operation.ts';
import { MATTER_PARAMS, matterScopes, MATTERS, yearBars, type ChartDoc } from '../census-charts.ts';
import { countsRoute } from './kit.ts';
import { count, regionHeader as header, yearValue } from '../result.ts';

export function fisheryUnitSalesOperation(
  path: 'managementUnitSales' | 'aquacultureManagementUnitSales',
  kind: UnitSalesKind,
  doc: ChartDoc,
) {
  return defineOperation({
    ...doc,
    family: 'fishery',
    result: z.strictObject({ ...header, matter: z.enum(MATTERS), years: z.array(yearValue(count)) }).nullable(),
    view: yearBars('1経営体あたり販売金額 (万円) / 10,000 yen per entity'),
    route: countsRoute(path, MATTER_PARAMS, unitSalesComposers[kind]),
    needs: ['fishery_entities', 'fishery_sales'],
    prepare: (ctx) => fisheryFacts(ctx.sources),
    render(facts, v, ctx) {
      const { head, scopes } = matterScopes(ctx, facts, v);
      return renderUnitSales(kind, head, v.matter, scopes);
    },
  });
}
