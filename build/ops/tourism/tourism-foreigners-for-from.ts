import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { foreignVisitors } from '../../facts/tourism.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, intParam, prefCode } from '../operation.ts';
import { count, nonEmpty, prefCodeText, year } from '../result.ts';

const FOREIGNER_YEARS = [2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020];

// Visitors by nationality for the quarters of one year (2011 starts in Q2, 2020 has only Q1: the
// quarters are those the sources hold). A country is listed when the sources have any figure for it
// in that prefecture, year and purpose, zeros included, in code order.
export default defineOperation({
  title: '指定地域への国籍別訪問者数',
  family: 'tourism',
  titleEn: 'Foreign visitors by nationality',
  view: {
    rows: [{ path: 'changes[].data[]' }],
    columns: columns({
      countryCode: 'countryCode',
      countryName: '国・地域 / nationality',
      year: '年 / year',
      quarter: '四半期 / quarter',
      value: '訪問者数 / visitors',
    }),
    chart: { kind: 'bar', x: 'countryName', y: 'value', fill: 'quarter', horizontal: true },
  },
  description:
    "Foreign visitors to a prefecture in the quarters of a `year` (2011–2020), by nationality: each country's `countryCode`, `countryName` and its visitors per `quarter`. `purpose` `1` counts all visitors, `2` those who came for sightseeing and leisure.",
  examples: [
    { year: '2019', prefCode: '13', purpose: '1' },
    { year: '2011', prefCode: '1', purpose: '2' },
  ],
  result: z
    .strictObject({
      year,
      prefCode: prefCodeText,
      prefName: nonEmpty,
      purpose: z.literal([1, 2]),
      changes: z.array(
        z.strictObject({
          countryCode: z.string().regex(/^[0-9]{1,6}$/),
          countryName: nonEmpty,
          data: z.array(z.strictObject({ year, quarter: z.literal([1, 2, 3, 4]), value: count })),
        }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/tourism/foreigners/forFrom',
    params: [
      intParam('year', FOREIGNER_YEARS, 'Year, 2011–2020 (2011 from the second quarter, 2020 the first quarter only).'),
      prefCode(),
      intParam('purpose', [1, 2], '1 all purposes, 2 sightseeing and leisure.'),
    ],
  },
  needs: ['foreign_visitors', 'countries'],
  share: 'prefecture',
  prepare: (ctx) => foreignVisitors(ctx.sources),
  render(byKey, v, ctx) {
    const rows = byKey.get(prefRegion(Number(v.prefCode)), v.year, v.purpose);
    if (!rows) return null;
    const changes: {
      countryCode: string;
      countryName: string;
      data: { year: number; quarter: number; value: number }[];
    }[] = [];
    for (const r of rows) {
      let country = changes.at(-1);
      if (country?.countryCode !== r.countryCode)
        changes.push((country = { countryCode: r.countryCode, countryName: r.countryName, data: [] }));
      country.data.push({ year: r.year, quarter: r.quarter, value: r.visitors });
    }
    return {
      year: Number(v.year),
      prefCode: v.prefCode,
      prefName: ctx.sources.regions.prefName(v.prefCode),
      purpose: Number(v.purpose),
      changes,
    };
  },
});
