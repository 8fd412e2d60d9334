// The forestry income operations: two charts of shares by band, two of income per entity and one of total
// income, each answering addArea from the counts and income of entityCounts. The factories keep the
// declarations of each pair identical in everything but the kind of income they read.

import { z } from 'zod';
import { FORESTRY_BANDS, type ForestryKind } from '../../../sources/forestry-codes.ts';
import { forestryFacts } from '../../facts/forestry.ts';
import type { Composer } from '../../runtime/composer.ts';
import type { Canonical } from '../../runtime/params.ts';
import { renderBandShares, renderPerEntity, type ForestryFacts } from '../../runtime/render/forestry.ts';
import type { ParamSpec } from '../../runtime/routes.ts';
import { columns } from '../../runtime/view.ts';
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
import { codeText, count, nonEmpty, quotient, regionHeader as header, text, year } from '../result.ts';

export const FORESTRY_COUNTS_PATH = '/api/v1/forestry/income/entityCounts';
const MATTERS = ['1', '2', '3'] as const;
const NEEDS = ['forestry_entities', 'forestry_income'] as const;

/** The region, and other regions whose entities and income addArea adds: the charts of income. */
export const REGION_PARAMS = [prefCode(), cityCode(), addArea()] as const;

/** A chart's route under /api/v1/forestry/income/: addArea composes it from entityCounts with its composer. */
export const countsRoute = <const P extends readonly ParamSpec[]>(name: string, params: P, composer: Composer) => ({
  path: `/api/v1/forestry/income/${name}`,
  params,
  compose: { param: 'addArea', from: FORESTRY_COUNTS_PATH, composer },
});

interface ForestryDoc {
  title: string;
  titleEn: string;
  description: string;
  examples: Canonical[];
}

const forestryBandLabels = () => Object.fromEntries(FORESTRY_BANDS.map((name, i) => [String(i + 1), name]));

/** The facts of a region (none where it has no data), the label a chart gives it, and its header. */
export function forestryRegion(
  ctx: BuildContext,
  facts: ReadonlyMap<string, ForestryFacts>,
  v: Values<typeof REGION_PARAMS>,
) {
  const head = regionHeader(ctx, v.prefCode, v.cityCode);
  const scope = facts.get(regionOf(v));
  return { head, scopes: scope ? [scope] : [], label: head.cityName || head.prefName };
}

/** forSalesRatio and forContractRevenueRatio: the share of entities in each band of the kind's income. */
export function bandShareOperation(path: string, kind: ForestryKind, compose: Composer, doc: ForestryDoc) {
  const band = z.strictObject({ label: text, code: codeText });
  return defineOperation({
    ...doc,
    family: 'forestry',
    result: z
      .strictObject({
        ...header,
        matter: z.enum(MATTERS),
        legend: z.array(band),
        years: z.array(
          z.strictObject({
            year,
            label: nonEmpty,
            data: z.array(z.strictObject({ label: text, code: codeText, value: quotient })),
          }),
        ),
      })
      .nullable(),
    view: {
      rows: [{ path: 'years[].data[]' }],
      columns: columns({ year: '年 / year', code: 'code', label: '金額帯 / band', value: '割合 (%) / share' }),
      chart: { kind: 'bar', x: 'year', y: 'value', fill: 'label' },
    },
    route: countsRoute(
      path,
      [
        prefCode(),
        cityCode(),
        intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.'),
        addArea(),
      ],
      compose,
    ),
    needs: ['forestry_entities'],
    prepare: (ctx) => forestryFacts(ctx.sources),
    render(facts, v, ctx) {
      const head = regionHeader(ctx, v.prefCode, v.cityCode);
      const { key, label } = matterScope(v, head);
      const scope = facts.get(key);
      return renderBandShares(kind, head, v.matter, label, scope ? [scope] : [], FORESTRY_BANDS);
    },
    routeData: () => ({ labels: { forestryBands: forestryBandLabels() } }),
  });
}

/** forSales and forContractRevenue: the kind's income per entity, 万円. */
export function perEntityOperation(path: string, kind: ForestryKind, compose: Composer, doc: ForestryDoc) {
  return defineOperation({
    ...doc,
    family: 'forestry',
    result: z
      .strictObject({ ...header, label: nonEmpty, years: z.array(z.strictObject({ year, value: count })) })
      .nullable(),
    view: {
      rows: [{ path: 'years[]' }],
      columns: columns({ year: '年 / year', value: '1経営体あたり (万円) / 10,000 yen per entity' }),
      chart: { kind: 'bar', x: 'year', y: 'value' },
    },
    route: countsRoute(path, REGION_PARAMS, compose),
    needs: [...NEEDS],
    prepare: (ctx) => forestryFacts(ctx.sources),
    render(facts, v, ctx) {
      const r = forestryRegion(ctx, facts, v);
      return renderPerEntity(kind, r.head, r.label, r.scopes);
    },
  });
}
