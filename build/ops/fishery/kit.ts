// The three fishery share operations differ only in which counts they read: one factory keeps their
// declarations identical in everything else.

import { fisheryComposers } from '../../runtime/render/fishery.ts';
import { z } from 'zod';
import { fisheryClassLabels, fisheryFacts } from '../../facts/fishery.ts';
import { renderFishery, type FisheryKind } from '../../runtime/render/fishery.ts';
import type { TableName } from '../../../sources/tables.ts';
import type { Canonical } from '../../runtime/params.ts';
import {
  addArea,
  cityCode,
  defineOperation,
  intParam,
  prefCode,
  matterScope,
  regionHeader,
  type BuildContext,
} from '../operation.ts';
import { codeText, nonEmpty, quotient, regionHeader as header, text, year } from '../result.ts';

export const ENTITY_COUNTS_PATH = '/api/v1/fishery/sea/entityCounts';
export const MATTERS = ['1', '2', '3'] as const;

export const fisheryLabels = (ctx: BuildContext) => ({
  fisheryBands: fisheryClassLabels(ctx.sources, 'band'),
  fisheryDestinations: fisheryClassLabels(ctx.sources, 'destination'),
});

/** The `result` of a share operation: per year, sales bands come with a legend of their codes, shipping destinations do not. */
export function fisheryShareResult(kind: FisheryKind) {
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
  doc: { titleEn: string; description: string; examples: Canonical[] },
) {
  const path = `/api/v1/fishery/sea/${kind}`;
  return defineOperation({
    title,
    family: 'fishery',
    ...doc,
    result: fisheryShareResult(kind),
    view: {
      rows: [{ path: 'years[].data[]' }],
      columns: [
        { key: 'year', label: '年 / year' },
        { key: 'code', label: 'code' },
        { key: 'label', label: '区分 / class' },
        { key: 'value', label: '割合 (%) / share' },
      ],
      chart: { kind: 'bar', x: 'year', y: 'value', fill: 'label' },
    },
    route: {
      path,
      params: [
        prefCode(),
        cityCode(),
        intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.'),
        addArea(),
      ],
      compose: { param: 'addArea', from: ENTITY_COUNTS_PATH, composer: fisheryComposers[kind] },
    },
    needs: [...needs, 'fishery_classes'],
    prepare: (ctx) => ({ facts: fisheryFacts(ctx.sources), labels: fisheryLabels(ctx) }),
    render({ facts, labels }, v, ctx) {
      const head = regionHeader(ctx, v.prefCode!, v.cityCode!);
      const names = kind === 'shipRatio' ? labels.fisheryDestinations : labels.fisheryBands;
      const { key, label } = matterScope(v, head);
      return renderFishery(kind, head, v.matter!, label, facts.get(key)?.[kind], names);
    },
    routeData: (ctx) => ({ labels: fisheryLabels(ctx) }),
  });
}
