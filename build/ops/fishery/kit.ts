// What the fishery operations share beyond the census charts' kit: the counts they compose from
// (entityCounts), the class labels, and the three share operations, which differ only in which counts they read.

import { z } from 'zod';
import { fisheryClassLabels, fisheryFacts } from '../../facts/fishery.ts';
import { fisheryComposers, renderFishery, type FisheryKind } from '../../runtime/render/fishery.ts';
import type { TableName } from '../../../sources/tables.ts';
import { classBars, countsRoutes, MATTER_PARAMS, MATTERS, matterScopes, type ChartDoc } from '../census-charts.ts';
import { defineOperation, type BuildContext } from '../operation.ts';
import { codeText, nonEmpty, quotient, regionHeader as header, text, year } from '../result.ts';

export const ENTITY_COUNTS_PATH = '/api/v1/fishery/sea/entityCounts';

/** A chart's route under /api/v1/fishery/sea/: addArea composes it from entityCounts with its composer. */
export const countsRoute = countsRoutes('/api/v1/fishery/sea', ENTITY_COUNTS_PATH);

export const fisheryLabels = (ctx: BuildContext) => ({
  fisheryBands: fisheryClassLabels(ctx.sources, 'band'),
  fisheryDestinations: fisheryClassLabels(ctx.sources, 'destination'),
});

/** The `result` of a share operation: per year, sales bands come with a legend of their codes, shipping destinations do not. */
function fisheryShareResult(kind: FisheryKind) {
  const share = z.strictObject({ label: text, code: codeText, value: quotient });
  const legend = z.array(z.strictObject({ label: text, code: codeText }));
  const years =
    kind === 'shipRatio'
      ? z.strictObject({ year, label: nonEmpty, data: z.array(share) })
      : z.strictObject({ year, legend, label: nonEmpty, data: z.array(share) });
  return z.strictObject({ ...header, matter: z.enum(MATTERS), years: z.array(years) }).nullable();
}

export function fisheryShareOperation(
  kind: FisheryKind,
  title: string,
  needs: TableName[],
  doc: Omit<ChartDoc, 'title'>,
) {
  return defineOperation({
    title,
    family: 'fishery',
    ...doc,
    result: fisheryShareResult(kind),
    view: classBars('区分 / class', { key: 'value', label: '割合 (%) / share' }),
    route: countsRoute(kind, MATTER_PARAMS, fisheryComposers[kind]),
    needs: [...needs, 'fishery_classes'],
    prepare: (ctx) => ({ facts: fisheryFacts(ctx.sources), labels: fisheryLabels(ctx) }),
    render({ facts, labels }, v, ctx) {
      const { head, label, scopes } = matterScopes(ctx, facts, v);
      const names = kind === 'shipRatio' ? labels.fisheryDestinations : labels.fisheryBands;
      return renderFishery(kind, head, v.matter, label, scopes[0]?.[kind], names);
    },
    routeData: (ctx) => ({ labels: fisheryLabels(ctx) }),
  });
}
