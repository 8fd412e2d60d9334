import { z } from 'zod';
import { fisheryFacts } from '../../facts/fishery.ts';
import { renderShipValue, shipValueComposer } from '../../runtime/render/fishery.ts';
import { defineOperation } from '../operation.ts';
import { classBars, REGION_PARAMS, regionScopes } from '../census-charts.ts';
import { countsRoute, fisheryLabels } from './kit.ts';
import { codeText, count, regionHeader as header, text, year } from '../result.ts';

// The sales of a region's sea-catch management entities by main shipping destination, per census year.
// addArea composes from entityCounts, which carries the same sales for every region.
export default defineOperation({
  title: '海面漁獲物等出荷先別販売金額構成',
  family: 'fishery',
  titleEn: 'Marine catch sales by shipping destination',
  description:
    "The sales (販売金額) of a region's sea-catch management entities by their main shipping destination, in 万円 (ten thousand yen), per fishery census year: a municipality's, or a prefecture's (`cityCode` `-`) as the sum of its municipalities. Each census lists its own destinations (2008: codes 1–7 and 11; 2013 and 2018: 1–3 and 8–11), as shipRatio does. `addArea` adds other regions' sales, destination by destination. A region without sea-catch entities answers null.",
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '-', addArea: '1_' },
  ],
  result: z
    .strictObject({
      ...header,
      years: z.array(
        z.strictObject({ year, data: z.array(z.strictObject({ code: codeText, label: text, sales: count })) }),
      ),
    })
    .nullable(),
  view: classBars('出荷先 / destination', { key: 'sales', label: '販売金額 (万円) / 10,000 yen' }),
  route: countsRoute('shipValue', REGION_PARAMS, shipValueComposer),
  needs: ['fishery_destination_sales', 'fishery_classes'],
  prepare: (ctx) => ({ facts: fisheryFacts(ctx.sources), labels: fisheryLabels(ctx) }),
  render({ facts, labels }, v, ctx) {
    const { head, scopes } = regionScopes(ctx, facts, v);
    return renderShipValue(head, scopes, labels.fisheryDestinations);
  },
  routeData: (ctx) => ({ labels: fisheryLabels(ctx) }),
});
