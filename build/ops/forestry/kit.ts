// The forestry income operations: two charts of shares by band, two of income per entity and one of total
// income, each answering addArea from the counts and income of entityCounts. The factories keep the
// declarations of each pair identical in everything but the kind of income they read.

import { z } from 'zod';
import { FORESTRY_BANDS, type ForestryKind } from '../../../sources/forestry-codes.ts';
import { forestryFacts } from '../../facts/forestry.ts';
import type { Composer } from '../../runtime/composer.ts';
import { renderBandShares, renderPerEntity, type ForestryFacts } from '../../runtime/render/forestry.ts';
import {
  classBars,
  countsRoutes,
  MATTERS,
  NATION_MATTER_PARAMS,
  NATION_MATTER_RULE,
  matterScopes,
  REGION_PARAMS,
  regionScopes,
  yearBars,
  type ChartDoc,
} from '../census-charts.ts';
import { defineOperation, type BuildContext, type RegionValues } from '../operation.ts';
import {
  codeText,
  count,
  nonEmpty,
  quotient,
  regionHeader as header,
  regionOrNationHeader,
  text,
  year,
} from '../result.ts';

export const FORESTRY_COUNTS_PATH = '/api/v1/forestry/income/entityCounts';
const NEEDS = ['forestry_entities', 'forestry_income'] as const;

/** A chart's route under /api/v1/forestry/income/: addArea composes it from entityCounts with its composer. */
export const countsRoute = countsRoutes('/api/v1/forestry/income', FORESTRY_COUNTS_PATH);

const forestryBandLabels = () => Object.fromEntries(FORESTRY_BANDS.map((name, i) => [String(i + 1), name]));

/** The facts of a region (none where it has no data), the label a chart gives it, and its header. */
export function forestryRegion(ctx: BuildContext, facts: ReadonlyMap<string, ForestryFacts>, v: RegionValues) {
  const { head, scopes } = regionScopes(ctx, facts, v);
  return { head, scopes, label: head.cityName || head.prefName };
}

/**
 * forSalesRatio and forContractRevenueRatio: the share of entities in each band of the kind's income. They
 * also answer prefCode=- (the nation) with matter 3, which the 2018 Java client's tests ask for; the
 * header is then empty and the figure the nation's, as matter 3 of any region.
 */
export function bandShareOperation(path: string, kind: ForestryKind, compose: Composer, doc: ChartDoc) {
  const band = z.strictObject({ label: text, code: codeText });
  return defineOperation({
    ...doc,
    family: 'forestry',
    result: z
      .strictObject({
        ...regionOrNationHeader,
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
    view: classBars('金額帯 / band', { key: 'value', label: '割合 (%) / share' }),
    route: { ...countsRoute(path, NATION_MATTER_PARAMS, compose), constraints: [NATION_MATTER_RULE] },
    needs: ['forestry_entities'],
    prepare: (ctx) => forestryFacts(ctx.sources),
    render(facts, v, ctx) {
      const { head, label, scopes } = matterScopes(ctx, facts, v);
      return renderBandShares(kind, head, v.matter, label, scopes, FORESTRY_BANDS);
    },
    routeData: () => ({ labels: { forestryBands: forestryBandLabels() } }),
  });
}

/** forSales and forContractRevenue: the kind's income per entity, 万円. */
export function perEntityOperation(path: string, kind: ForestryKind, compose: Composer, doc: ChartDoc) {
  return defineOperation({
    ...doc,
    family: 'forestry',
    result: z
      .strictObject({ ...header, label: nonEmpty, years: z.array(z.strictObject({ year, value: count })) })
      .nullable(),
    view: yearBars('1経営体あたり (万円) / 10,000 yen per entity'),
    route: countsRoute(path, REGION_PARAMS, compose),
    needs: [...NEEDS],
    prepare: (ctx) => forestryFacts(ctx.sources),
    render(facts, v, ctx) {
      const r = forestryRegion(ctx, facts, v);
      return renderPerEntity(kind, r.head, r.label, r.scopes);
    },
  });
}
