import { z } from 'zod';
import { fisheryFacts } from '../../facts/fishery.ts';
import { columns } from '../../runtime/view.ts';
import { ENTITY_COUNTS_PATH } from './kit.ts';
import { scopedFacts } from '../census-charts.ts';
import { cityCode, defineOperation, prefCode } from '../operation.ts';
import { count, regionHeader as header } from '../result.ts';

/** Entities per census year, then per class code (sales band or destination); a kind without data is left out. */
const yearKey = z.string().regex(/^[0-9]{4}$/);
const counts = z.record(yearKey, z.record(z.string().regex(/^[1-9][0-9]*$/), count));
/** Million yen per census year. */
const amounts = z.record(yearKey, count);
const facts = z.strictObject({
  sales: counts.optional(),
  aquacultureSales: counts.optional(),
  shipRatio: counts.optional(),
  salesAmount: amounts.optional(),
  aquacultureSalesAmount: amounts.optional(),
  destinationSales: counts.optional(),
});

// A regstat extension, not a RESAS operation: the management-entity counts and sales behind the fishery
// share and per-entity charts, for the region, its prefecture and the nation. The addArea composers sum
// these (shares and quotients cannot be added up), and analysts get the counts the charts come from.
export default defineOperation({
  title: '漁業経営体数・販売金額（regstat 拡張: 割合と経営体あたりの元になる数）',
  family: 'fishery',
  titleEn: 'Marine fishery management entities and sales (counts)',
  view: {
    rows: [{ path: '*scope.*matter.*year.*code' }],
    columns: columns({
      scope: '範囲 / scope',
      matter: '区分 / kind',
      year: '年 / year',
      code: 'コード / class',
      value: '経営体数 / entities',
    }),
    chart: { kind: 'bar', x: 'year', y: 'value', fill: 'code', facet: 'matter', facetX: 'scope' },
  },
  description:
    'A regstat extension: the numbers of marine fishery management entities behind the fishery share and per-entity charts, per census year and class code, for the region (`region`), its prefecture (`prefecture`) and the nation (`nation`): by band of sales of catch (`sales`), of aquaculture sales (`aquacultureSales`) and by shipping destination (`shipRatio`); and the sales of the first two, in million yen per census year (`salesAmount`, `aquacultureSalesAmount`), and the sea-catch sales by shipping destination (`destinationSales`, million yen).',
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '1', cityCode: '01202' },
  ],
  result: z.strictObject({ ...header, region: facts, prefecture: facts, nation: facts }),
  route: { path: ENTITY_COUNTS_PATH, params: [prefCode(), cityCode()] },
  needs: [['fishery_entities', 'fishery_destinations', 'fishery_sales', 'fishery_destination_sales']],
  prepare: (ctx) => fisheryFacts(ctx.sources),
  render: (facts, v, ctx) => scopedFacts(ctx, facts, v),
});
