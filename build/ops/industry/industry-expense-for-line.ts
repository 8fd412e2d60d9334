import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import type { Row } from '../../../sources/tables.ts';
import { researchByPrefecture } from '../../facts/trade.ts';
import { mustGet } from '../../runtime/maps.ts';
import { linesComposer } from '../../runtime/render/industry.ts';
import { ratio } from '../../runtime/rounding.ts';
import type { Constraint } from '../../runtime/routes.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, intParam, prefCode } from '../operation.ts';
import { nonEmpty, prefCodeText, year } from '../result.ts';
import { prefectureAreas } from './kit.ts';

const PATH = '/api/v1/industry/expense/forLine';
/** The industries of each sicCode, and its name. */
const INDUSTRIES = new Map<string, { name: string; industries: string[] }>([
  ['0', { name: '全産業', industries: ['manufacturing', 'nonmanufacturing'] }],
  ['1', { name: '製造業', industries: ['manufacturing'] }],
  ['2', { name: '非製造業', industries: ['nonmanufacturing'] }],
]);

/** The units of each dispType: spending as it is, per company or against sales; companies only counted. */
const unitRule: Constraint = {
  param: 'unit',
  by: [{ param: 'dispType' }],
  cases: {
    '1': { values: ['1', '2', '3'], doc: 'for dispType 1 (研究開発費): 1, 2 or 3' },
    '2': { values: ['1'], doc: 'for dispType 2 (企業数): 1 (companies are counted, not divided)' },
  },
};

/** A year's value from the summed counts: million yen, million yen per company (1 decimal), percent of sales (2 decimals), or companies. */
function value(dispType: string, unit: string, s: { firms: number; expense: number; sales: number }): number | null {
  if (dispType === '2') return s.firms;
  if (unit === '1') return s.expense;
  return unit === '2' ? ratio(s.expense, s.firms, 1) : ratio(s.expense * 100, s.sales, 2);
}

// Research and development of a prefecture's companies by year, one line per prefecture: addArea adds the
// lines of other prefectures beside it (研究開発費地域間比較: the regions are compared, not summed).
export default defineOperation({
  title: '研究開発費地域間比較',
  family: 'industry',
  titleEn: 'Research and development spending',
  view: {
    rows: [{ path: 'changes[].data[]' }],
    columns: columns({ label: '都道府県 / prefecture', year: '年度 / fiscal year', value: '値 / value' }),
    chart: { kind: 'line', x: 'year', y: 'value', series: 'label', xType: 'year' },
  },
  description:
    "Research and development of the companies of a prefecture that spend on it, by fiscal year: `dispType=1` their spending, `unit` `1` in million yen, `2` per company (million yen, 1 decimal), `3` as a percent of their sales (2 decimals); `dispType=2` how many companies (`unit=1` only). `sicCode` `0` counts every industry, `1` manufacturing, `2` the others. One line per prefecture, labelled with its name; `addArea` adds other prefectures' lines beside it, in the order given.",
  examples: [
    { prefCode: '13', dispType: '1', unit: '3', sicCode: '1' },
    { prefCode: '1', dispType: '2', unit: '1', sicCode: '0', addArea: '13_' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeText,
      prefName: nonEmpty,
      sicCode: z.enum(['0', '1', '2']),
      sicName: z.enum(['全産業', '製造業', '非製造業']),
      changes: z.array(
        z.strictObject({
          label: nonEmpty,
          data: z.array(z.strictObject({ year, value: z.number().min(0).nullable() })),
        }),
      ),
    })
    .nullable(),
  route: {
    path: PATH,
    params: [
      prefCode(),
      intParam('dispType', [1, 2], '1 research and development spending, 2 companies that spend on it.'),
      intParam('unit', [1, 2, 3], '1 as it is, 2 per company, 3 percent of sales; dispType 2 takes 1 only.'),
      intParam('sicCode', [0, 1, 2], '0 every industry, 1 manufacturing, 2 the others.'),
      prefectureAreas('Prefectures whose lines are added beside it: <prefCode>_, comma-separated, at most 10.'),
    ],
    constraints: [unitRule],
    compose: { param: 'addArea', from: PATH, composer: linesComposer },
  },
  needs: ['research_expenses'],
  share: 'prefecture',
  prepare: (ctx) => researchByPrefecture(ctx.sources),
  render(byPref, v, ctx) {
    const selected = mustGet(INDUSTRIES, v.sicCode, 'sicCode');
    const rows = byPref.get(prefRegion(Number(v.prefCode)))?.filter((r) => selected.industries.includes(r.industry));
    if (!rows?.length) return null;
    const years = new Map<number, Pick<Row<'research_expenses'>, 'firms' | 'expense' | 'sales'>>();
    for (const r of rows) {
      const s = years.get(r.year) ?? { firms: 0, expense: 0, sales: 0 };
      years.set(r.year, { firms: s.firms + r.firms, expense: s.expense + r.expense, sales: s.sales + r.sales });
    }
    const prefName = ctx.sources.regions.prefName(v.prefCode);
    return {
      prefCode: v.prefCode,
      prefName,
      sicCode: v.sicCode,
      sicName: selected.name,
      changes: [
        {
          label: prefName,
          data: [...years].map(([y, s]) => ({ year: y, value: value(v.dispType, v.unit, s) })),
        },
      ],
    };
  },
});
