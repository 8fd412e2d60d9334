import { z } from 'zod';
import { farmFacts } from '../../facts/agriculture.ts';
import { columns } from '../../runtime/view.ts';
import { scopedFacts } from '../census-charts.ts';
import { cityCode, defineOperation, prefCode } from '../operation.ts';
import { count, regionHeader as header } from '../result.ts';
import { FARM_COUNTS_PATH } from './kit.ts';

const yearKey = z.string().regex(/^[0-9]{4}$/);
/** Per census year. */
const byYear = z.record(yearKey, count);
const facts = z.strictObject({
  entities: byYear.optional(),
  corporations: byYear.optional(),
  workingDays: byYear.optional(),
  /** Per census year, then per business code (1–8). */
  business: z.record(yearKey, z.record(z.string().regex(/^[1-8]$/), count)).optional(),
  /** Per `<farmersType><gender>`, census year and age class (1–7): farmers, and the sum of their ages. */
  persons: z
    .record(z.string().regex(/^[12][12]$/), z.record(yearKey, z.record(z.string().regex(/^[1-7]$/), count)))
    .optional(),
  ageYears: z
    .record(z.string().regex(/^[12][12]$/), z.record(yearKey, z.record(z.string().regex(/^[1-7]$/), count)))
    .optional(),
});

// A regstat extension, not a RESAS operation: the farm management entities behind the agriculture crops
// charts, for the region, its prefecture and the nation. The addArea composer sums these, and analysts
// get the figures the charts come from.
export default defineOperation({
  title: '農業経営体数・法人経営体数・延べ農作業日数（regstat 拡張: 農業の元になる数）',
  family: 'agriculture',
  titleEn: 'Farm management entities, corporations and working days (counts)',
  view: {
    rows: [{ path: '*scope.*measure.*year' }],
    columns: columns({
      scope: '範囲 / scope',
      measure: '項目 / measure',
      year: '年 / year',
      value: '経営体・人日 / entities, person-days',
    }),
    chart: { kind: 'bar', x: 'year', y: 'value', fill: 'measure', facetX: 'scope' },
  },
  description:
    'A regstat extension: the farm management entities behind the agriculture crops charts, per census of agriculture year, for the region (`region`), its prefecture (`prefecture`) and the nation (`nation`): the entities (`entities`), how many of them are corporations (`corporations`), and the person-days of farm work they did in the year (`workingDays`), the entities running each production-related business, by business code (`business`), and the farmers by `<farmersType><gender>` key (`11` male managers … `22` women of the working population) and age class, with the sum of their ages (`persons`, `ageYears`).',
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '13101' },
  ],
  result: z.strictObject({ ...header, region: facts, prefecture: facts, nation: facts }),
  route: { path: FARM_COUNTS_PATH, params: [prefCode(), cityCode()] },
  needs: [['farm_entities', 'farm_businesses', 'farmers']],
  prepare: (ctx) => farmFacts(ctx.sources),
  render: (facts, v, ctx) => scopedFacts(ctx, facts, v),
});
