// What the census charts of agriculture, forestry and fishery share: each family's entityCounts answers
// the facts of a region, its prefecture and the nation, and its charts answer addArea by composing from
// it; a chart shows the region itself, or (`matter`) its prefecture or the nation; and it draws one bar a
// census year, or a bar a year stacked by class. The three families' kits held a copy each of most of it.

import type { Composer } from '../runtime/composer.ts';
import type { Canonical } from '../runtime/params.ts';
import type { Constraint, ParamSpec } from '../runtime/routes.ts';
import { columns, type View } from '../runtime/view.ts';
import {
  addArea,
  cityCode,
  intParam,
  prefCode,
  regionHeader,
  regionOf,
  type BuildContext,
  type RegionValues,
} from './operation.ts';

/** What a chart's documentation says: its titles, what it answers, and its example requests. */
export interface ChartDoc {
  title: string;
  titleEn: string;
  description: string;
  examples: Canonical[];
}

/** The routes of a family's charts under `base`: addArea composes each from `counts` with the chart's composer. */
export const countsRoutes =
  (base: string, counts: string) =>
  <const P extends readonly ParamSpec[]>(name: string, params: P, composer: Composer) => ({
    path: `${base}/${name}`,
    params,
    compose: { param: 'addArea', from: counts, composer },
  });

/** The values of `matter`, as a chart echoes them. */
export const MATTERS = ['1', '2', '3'] as const;

/** Whose figures a chart shows: 1 the region itself, 2 its prefecture, 3 the nation. */
export const matterParam = () => intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.');

/** The region, and other regions whose counts addArea adds. */
export const REGION_PARAMS = [prefCode(), cityCode(), addArea()] as const;

/** The region, whose figures the chart shows (`matter`), and addArea. */
export const MATTER_PARAMS = [prefCode(), cityCode(), matterParam(), addArea()] as const;

/**
 * MATTER_PARAMS where prefCode may also be `-`, the nation, as the 2018 Java client asks the forestry
 * share charts for the national figure (`prefCode=-&cityCode=-&matter=3`); NATION_MATTER_RULE keeps
 * such a request to matter 3, the only one that names the nation.
 */
export const NATION_MATTER_PARAMS = [
  {
    ...prefCode(),
    nation: 'the nation (全国)',
    doc: 'Prefecture code (1–47, see /api/v1/prefectures), or - for the nation (then cityCode is - and matter 3).',
  },
  cityCode(),
  matterParam(),
  addArea(),
] as const;

/** With prefCode - (the nation), matter is 3: the nation has no region of its own to show nor a prefecture. */
export const NATION_MATTER_RULE: Constraint = {
  param: 'matter',
  by: [{ param: 'prefCode', given: true }],
  cases: {
    '*': { values: [...MATTERS], doc: 'for a prefecture' },
    '-': { values: ['3'], doc: 'when prefCode is - (the nation)' },
  },
};

/**
 * Whose figures a chart with `matter` shows: 1 the region itself, 2 its prefecture, 3 the nation; the
 * key of its facts (`00` the nation) and the label the chart gives it.
 */
function matterScope(v: Canonical, head: { prefName: string; cityName: string }) {
  if (v.matter === '2') return { key: (v.prefCode ?? '').padStart(2, '0'), label: `${head.prefName}平均` };
  if (v.matter === '3') return { key: '00', label: '全国平均' };
  return { key: regionOf(v), label: head.cityName || head.prefName };
}

/**
 * What a counts extension (fishery, forestry, agriculture `entityCounts`) answers for a region: its header
 * and the facts of the region, its prefecture and the nation, `{}` where there are none, so that it answers
 * for every region and an addArea composer always has the main region's header.
 */
export function scopedFacts<F>(ctx: BuildContext, facts: ReadonlyMap<string, F>, v: RegionValues) {
  return {
    ...regionHeader(ctx, v.prefCode, v.cityCode),
    region: facts.get(regionOf(v)) ?? {},
    prefecture: facts.get(v.prefCode.padStart(2, '0')) ?? {},
    nation: facts.get('00') ?? {},
  };
}

/** The header of a chart of the region itself, and its facts: none where it has no data. */
export function regionScopes<F>(ctx: BuildContext, facts: ReadonlyMap<string, F>, v: RegionValues) {
  const scope = facts.get(regionOf(v));
  return { head: regionHeader(ctx, v.prefCode, v.cityCode), scopes: scope ? [scope] : [] };
}

/** The header of a `matter` chart, and the label and facts of whose figures it shows (the region, its prefecture, the nation). */
export function matterScopes<F>(ctx: BuildContext, facts: ReadonlyMap<string, F>, v: RegionValues) {
  const head = regionHeader(ctx, v.prefCode, v.cityCode);
  const { key, label } = matterScope(v, head);
  const scope = facts.get(key);
  return { head, label, scopes: scope ? [scope] : [] };
}

/** One bar a census year (sales totals, figures per entity). */
export const yearBars = (valueLabel: string): View => ({
  rows: [{ path: 'years[]' }],
  columns: columns({ year: '年 / year', value: valueLabel }),
  chart: { kind: 'bar', x: 'year', y: 'value' },
});

/** One figure a census year, as a line (the corporations' share, the farmers' average age). */
export const yearLine = (valueLabel: string): View => ({
  rows: [{ path: 'years[]' }],
  columns: columns({ year: '年 / year', value: valueLabel }),
  chart: { kind: 'line', x: 'year', y: 'value', xType: 'year' },
});

/** A census year's bar stacked by class, `value` of each (shares by band, sales by destination, businesses). */
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
