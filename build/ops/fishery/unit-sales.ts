// The two charts of sales per management entity (managementUnitSales, aquacultureManagementUnitSales)
// differ only in the entities and sales they divide: one factory keeps their declarations identical in
// everything else. Figures come from the counts and sales of entityCounts, so a request with addArea
// sums the same facts the build divided.

import { z } from 'zod';
import { fisheryFacts } from '../../facts/fishery.ts';
import { renderUnitSales, unitSalesComposers, type UnitSalesKind } from '../../runtime/render/fishery.ts';
import type { Canonical } from '../../runtime/params.ts';
import { addArea, cityCode, defineOperation, intParam, prefCode, matterScope, regionHeader } from '../operation.ts';
import { ENTITY_COUNTS_PATH, MATTERS } from './kit.ts';
import { count, regionHeader as header, yearValue } from '../result.ts';

export function fisheryUnitSalesOperation(
  path: 'managementUnitSales' | 'aquacultureManagementUnitSales',
  kind: UnitSalesKind,
  doc: { title: string; titleEn: string; description: string; examples: Canonical[] },
) {
  return defineOperation({
    ...doc,
    family: 'fishery',
    result: z.strictObject({ ...header, matter: z.enum(MATTERS), years: z.array(yearValue(count)) }).nullable(),
    view: {
      rows: [{ path: 'years[]' }],
      columns: [
        { key: 'year', label: '年 / year' },
        { key: 'value', label: '1経営体あたり販売金額 (万円) / 10,000 yen per entity' },
      ],
      chart: { kind: 'bar', x: 'year', y: 'value' },
    },
    route: {
      path: `/api/v1/fishery/sea/${path}`,
      params: [
        prefCode(),
        cityCode(),
        intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.'),
        addArea(),
      ],
      compose: { param: 'addArea', from: ENTITY_COUNTS_PATH, composer: unitSalesComposers[kind] },
    },
    needs: ['fishery_entities', 'fishery_sales'],
    prepare: (ctx) => fisheryFacts(ctx.sources),
    render(facts, v, ctx) {
      const head = regionHeader(ctx, v.prefCode!, v.cityCode!);
      const scope = facts.get(matterScope(v, head).key);
      return renderUnitSales(kind, head, v.matter!, scope ? [scope] : []);
    },
  });
}
