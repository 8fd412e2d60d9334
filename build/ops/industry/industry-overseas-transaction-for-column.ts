import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { tradeByPrefecture } from '../../facts/trade.ts';
import { renderTrade, tradeComposer } from '../../runtime/render/industry.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, intParam, prefCode } from '../operation.ts';
import { count, prefCodeText, nonEmpty, year } from '../result.ts';
import { prefectureAreas } from './kit.ts';

const PATH = '/api/v1/industry/overseasTransaction/forColumn';

const amounts = Object.fromEntries([1, 2, 3, 4, 5, 6].map((a) => [`value${a}`, count]));

/** One object whose value1, value2… are the totals of the years of data, in their order: as many as there are years. */
const sumData = z.array(z.record(z.string().regex(/^value[1-9][0-9]*$/), count)).length(1);

// Amounts by world area per year; sum_data totals each year. dispIndustryCode 1 (manufacturing) echoes
// the JSIC class E, 2 (all other industries) has no single class: sicCode "" and sicName 非製造業.
export default defineOperation({
  title: '企業の海外取引額分析',
  family: 'industry',
  titleEn: 'Overseas transactions of companies',
  view: {
    rows: [
      {
        path: 'data[]',
        melt: {
          keys: {
            value1: 'アジア（中国を除く）',
            value2: '中国（香港を含む）',
            value3: '中東',
            value4: 'ヨーロッパ',
            value5: '北米',
            value6: 'その他',
          },
          name: 'area',
          value: 'value',
        },
      },
    ],
    columns: columns({ year: '年 / year', area: '地域 / world area', value: '取引額（百万円） / million yen' }),
    chart: { kind: 'bar', x: 'year', y: 'value', fill: 'area' },
  },
  description:
    "Overseas transactions of a prefecture's companies in million yen per year, by world area: `value1` Asia without China, `value2` China with Hong Kong, `value3` Middle East, `value4` Europe, `value5` North America, `value6` other. `dispTradeCode` selects exports (`1`) or imports (`2`), `dispIndustryCode` manufacturing (`1`, `sicCode` `E`) or all other industries (`2`); `sum_data` holds each year's total as `value1`, `value2`… in year order. `addArea` adds other prefectures' amounts.",
  examples: [
    { prefCode: '13', dispTradeCode: '1', dispIndustryCode: '1' },
    { prefCode: '13', dispTradeCode: '2', dispIndustryCode: '2', addArea: '1_' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeText,
      prefName: nonEmpty,
      sicCode: z.enum(['E', '']),
      sicName: z.enum(['製造業', '非製造業']),
      sum_data: sumData,
      data: z.array(z.strictObject({ year, ...amounts })),
    })
    .check((ctx) => {
      const { sum_data, data } = ctx.value;
      const keys = Object.keys(sum_data[0] ?? {});
      const expected = data.map((_, i) => `value${i + 1}`);
      if (keys.join() !== expected.join()) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          path: ['sum_data', 0],
          message: `keys ${keys.join(', ')}; expected one per year of data: ${expected.join(', ')}`,
        });
      }
    })
    .nullable(),
  route: {
    path: PATH,
    params: [
      prefCode(),
      intParam('dispTradeCode', [1, 2], '1 exports, 2 imports.'),
      intParam('dispIndustryCode', [1, 2], '1 manufacturing, 2 non-manufacturing.'),
      prefectureAreas('Prefectures whose amounts are added: <prefCode>_, comma-separated, at most 10.'),
    ],
    compose: { param: 'addArea', from: PATH, composer: tradeComposer },
  },
  needs: ['overseas_trade'],
  prepare: (ctx) => ({
    byPref: tradeByPrefecture(ctx.sources),
  }),
  render({ byPref }, v, ctx) {
    const flow = v.dispTradeCode === '1' ? 'export' : 'import';
    const industry = v.dispIndustryCode === '1' ? 'manufacturing' : 'nonmanufacturing';
    const rows = byPref.get(prefRegion(Number(v.prefCode)))?.filter((r) => r.flow === flow && r.industry === industry);
    if (!rows?.length) return null;
    const years = [...new Set(rows.map((r) => r.year))];
    return renderTrade({
      head: {
        prefCode: v.prefCode,
        prefName: ctx.sources.regions.prefName(v.prefCode),
        sicCode: industry === 'manufacturing' ? 'E' : '',
        sicName: industry === 'manufacturing' ? '製造業' : '非製造業',
      },
      years: years.map((year) => ({
        year,
        values: [1, 2, 3, 4, 5, 6].map((a) => rows.find((r) => r.year === year && r.area === a)?.amount ?? 0),
      })),
    });
  },
});
