import { z } from 'zod';
import { forestryFacts } from '../../facts/forestry.ts';
import { columns } from '../../runtime/view.ts';
import { scopedFacts } from '../census-charts.ts';
import { cityCode, defineOperation, prefCode } from '../operation.ts';
import { count, regionHeader as header } from '../result.ts';
import { FORESTRY_COUNTS_PATH } from './kit.ts';

const yearKey = z.string().regex(/^[0-9]{4}$/);
/** Entities per census year, then per band (1–5). */
const counts = z.record(yearKey, z.record(z.string().regex(/^[1-5]$/), count));
/** 万円 per census year. */
const amounts = z.record(yearKey, count);
const facts = z.strictObject({
  sales: counts.optional(),
  contract: counts.optional(),
  salesAmount: amounts.optional(),
  contractAmount: amounts.optional(),
});

// A regstat extension, not a RESAS operation: the forestry entities and income behind the forestry income
// charts, for the region, its prefecture and the nation. The addArea composers sum these (shares and
// quotients cannot be added up), and analysts get the figures the charts come from.
export default defineOperation({
  title: '林業経営体数・収入（regstat 拡張: 林業収入の元になる数）',
  family: 'forestry',
  titleEn: 'Forestry management entities and income (counts)',
  view: {
    rows: [{ path: '*scope.*kind.*year' }],
    columns: columns({
      scope: '範囲 / scope',
      kind: '区分 / kind',
      year: '年 / year',
      value: '経営体数・万円 / entities, 10,000 yen',
    }),
    chart: { kind: 'bar', x: 'year', y: 'value', fill: 'kind', facetX: 'scope' },
  },
  description:
    'A regstat extension: the forestry management entities and income behind the forestry income charts, per census year, for the region (`region`), its prefecture (`prefecture`) and the nation (`nation`): entities by band (1–5) of sales of forest products (`sales`) and of revenue from contracted work (`contract`), and that income in 万円 (`salesAmount`, `contractAmount`).',
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '-' },
  ],
  result: z.strictObject({ ...header, region: facts, prefecture: facts, nation: facts }),
  route: { path: FORESTRY_COUNTS_PATH, params: [prefCode(), cityCode()] },
  needs: [['forestry_entities', 'forestry_income']],
  prepare: (ctx) => forestryFacts(ctx.sources),
  render: (facts, v, ctx) => scopedFacts(ctx, facts, v),
});
