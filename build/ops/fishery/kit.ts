// What the fishery operations share: the counts they compose from (entityCounts), their parameters, the
// views of their two kinds of chart and the facts a chart reads; and the three share operations, which
// differ only in which counts they read.

import { z } from 'zod';
import { fisheryClassLabels, fisheryFacts } from '../../facts/fishery.ts';
import type { Composer } from '../../runtime/composer.ts';
import type { Canonical } from '../../runtime/params.ts';
import { fisheryComposers, renderFishery, type FisheryFacts, type FisheryKind } from '../../runtime/render/fishery.ts';
import type { ParamSpec } from '../../runtime/routes.ts';
import { columns, type View } from '../../runtime/view.ts';
import type { TableName } from '../../../sources/tables.ts';
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
import { codeText, nonEmpty, quotient, regionHeader as header, text, year } from '../result.ts';

export const ENTITY_COUNTS_PATH = '/api/v1/fishery/sea/entityCounts';
export const MATTERS = ['1', '2', '3'] as const;

/** The region, and other regions whose counts addArea adds: the sales totals and shipValue. */
export const REGION_PARAMS = [prefCode(), cityCode(), addArea()] as const;

/** The region, whose figures a chart shows (`matter`), and addArea: the share and per-entity charts. */
export const MATTER_PARAMS = [
  prefCode(),
  cityCode(),
  intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.'),
  addArea(),
] as const;

/** A chart's route under /api/v1/fishery/sea/: addArea composes it from entityCounts with its composer. */
export const countsRoute = <const P extends readonly ParamSpec[]>(name: string, params: P, composer: Composer) => ({
  path: `/api/v1/fishery/sea/${name}`,
  params,
  compose: { param: 'addArea', from: ENTITY_COUNTS_PATH, composer },
});

/** What a fishery chart's documentation says: its titles, what it answers, and its example requests. */
export interface FisheryDoc {
  title: string;
  titleEn: string;
  description: string;
  examples: Canonical[];
}

export const fisheryLabels = (ctx: BuildContext) => ({
  fisheryBands: fisheryClassLabels(ctx.sources, 'band'),
  fisheryDestinations: fisheryClassLabels(ctx.sources, 'destination'),
});

/** One bar a census year (the sales totals, sales per entity). */
export const yearBars = (valueLabel: string): View => ({
  rows: [{ path: 'years[]' }],
  columns: columns({ year: '年 / year', value: valueLabel }),
  chart: { kind: 'bar', x: 'year', y: 'value' },
});

/** A census year's bar stacked by class, `value` of each (the shares by band or destination, sales by destination). */
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

/** The header of a chart of the region itself, and its facts: none where it has no data. */
export function regionFacts(
  ctx: BuildContext,
  facts: ReadonlyMap<string, FisheryFacts>,
  v: Values<typeof REGION_PARAMS>,
) {
  const scope = facts.get(regionOf(v));
  return { head: regionHeader(ctx, v.prefCode, v.cityCode), scopes: scope ? [scope] : [] };
}

/** The header of a `matter` chart, and the label and facts of whose figures it shows (the region, its prefecture, the nation). */
export function matterFacts(
  ctx: BuildContext,
  facts: ReadonlyMap<string, FisheryFacts>,
  v: Values<typeof MATTER_PARAMS>,
) {
  const head = regionHeader(ctx, v.prefCode, v.cityCode);
  const { key, label } = matterScope(v, head);
  return { head, label, scope: facts.get(key) };
}

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
  doc: Omit<FisheryDoc, 'title'>,
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
      const { head, label, scope } = matterFacts(ctx, facts, v);
      const names = kind === 'shipRatio' ? labels.fisheryDestinations : labels.fisheryBands;
      return renderFishery(kind, head, v.matter, label, scope?.[kind], names);
    },
    routeData: (ctx) => ({ labels: fisheryLabels(ctx) }),
  });
}
