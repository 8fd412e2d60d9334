import { groupRows } from '../facts/rollup.ts';
import { renderTrade } from '../runtime/render/industry.ts';
import { defineOperation, intParam, prefCode, prefectureValues } from './operation.ts';

const PATH = '/api/v1/industry/overseasTransaction/forColumn';

interface Row {
  prefCode: string;
  year: number;
  flow: string;
  industry: string;
  area: number;
  amount: number;
}

// Amounts by world area per year; sum_data totals each year. dispIndustryCode 1 (manufacturing) echoes
// the JSIC class E, 2 (all other industries) has no single class: sicCode "" and sicName 非製造業.
export default defineOperation({
  title: '企業の海外取引額分析',
  family: 'industry',
  route: {
    path: PATH,
    params: [
      prefCode(),
      intParam('dispTradeCode', [1, 2], '1 exports, 2 imports.'),
      intParam('dispIndustryCode', [1, 2], '1 manufacturing, 2 non-manufacturing.'),
      { name: 'addArea', type: 'areas', required: false, max: 10, pref: 'prefCode', doc: 'Prefectures whose amounts are added: <prefCode>_, comma-separated, at most 10.' },
    ],
    compose: { param: 'addArea', from: PATH, composer: 'trade' },
  },
  needs: ['overseas_trade'],
  prepare: (ctx) => ({ byPref: groupRows<Row>(ctx.sources.tables.overseas_trade!.table.orderby('prefCode', 'year', 'area'), 'prefCode'), regions: ctx.sources.regions }),
  enumerate: (ctx) => prefectureValues(ctx).flatMap((p) => ['1', '2'].flatMap((t) => ['1', '2'].map((i) => ({ ...p, dispTradeCode: t, dispIndustryCode: i })))),
  render({ byPref, regions }, v) {
    const flow = v.dispTradeCode === '1' ? 'export' : 'import';
    const industry = v.dispIndustryCode === '1' ? 'manufacturing' : 'nonmanufacturing';
    const rows = byPref.get(v.prefCode!.padStart(2, '0'))?.filter((r) => r.flow === flow && r.industry === industry);
    if (!rows?.length) return null;
    const years = [...new Set(rows.map((r) => r.year))];
    return renderTrade({
      head: {
        prefCode: v.prefCode!,
        prefName: regions.prefecture(Number(v.prefCode))!.prefName,
        sicCode: industry === 'manufacturing' ? 'E' : '',
        sicName: industry === 'manufacturing' ? '製造業' : '非製造業',
      },
      years: years.map((year) => ({ year, values: [1, 2, 3, 4, 5, 6].map((a) => rows.find((r) => r.year === year && r.area === a)?.amount ?? 0) })),
    });
  },
});
