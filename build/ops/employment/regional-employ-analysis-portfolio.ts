import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { jobPortfolio, occupationNames, type PortfolioRow } from '../../facts/labor.ts';
import { getOrSet } from '../../runtime/maps.ts';
import { ratio } from '../../runtime/rounding.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, intParam, prefCode } from '../operation.ts';
import { count, echoed, letterCode, nonEmpty, prefCodeText, twoDigitCode } from '../result.ts';

/** Fiscal years (April to March) of the sample's job statistics. */
const YEARS = Array.from({ length: 11 }, (_, i) => 2011 + i);
const MATTERS = ['1', '2', '3', '4', '5'];

/** A stock's mean over a year's months, rounded half away from zero: a class has a row, so a month at least. */
function monthlyMean(stock: number, months: number): number {
  const mean = ratio(stock, months, 0);
  if (mean === null) throw new Error('an occupation class without months');
  return mean;
}

/**
 * A class's figure of `matter` from its summed rows: seekers (all, men, women) and openings are stocks, so
 * a year's is the mean of its months, rounded half away from zero; placements are a flow, the year's sum.
 */
function figure(matter: string, rows: PortfolioRow[]): number {
  const sum = (f: (r: PortfolioRow) => number) => rows.reduce((a, r) => a + f(r), 0);
  if (matter === '5') return sum((r) => r.placements);
  const months = Math.max(...rows.map((r) => r.months));
  const stock =
    matter === '1'
      ? sum((r) => r.applicants)
      : matter === '2'
        ? sum((r) => r.applicants - r.womenApplicants)
        : matter === '3'
          ? sum((r) => r.womenApplicants)
          : sum((r) => r.openings);
  return monthlyMean(stock, months);
}

// Job seekers, openings or placements of a prefecture's fiscal year by occupation, for a treemap: each
// class largest first, the unclassifiable occupations apart (otherscount), and the total (allcount).
export default defineOperation({
  title: '求人・求職者',
  family: 'employment',
  titleEn: 'Job seekers and openings by occupation',
  view: {
    rows: [{ path: 'data[]' }],
    columns: columns({
      broadName: '職業大分類 / broad occupation',
      middleName: '職業中分類 / middle occupation',
      value: '人数・件数 / people or placements',
    }),
    chart: { kind: 'bar', x: 'broadName', y: 'value', fill: 'middleName', horizontal: true },
  },
  description:
    "Effective job seekers (`matter` `1` all, `2` men, `3` women), effective job openings (`4`) or placements (`5`) of a prefecture in a fiscal `year` (April to March), by occupation: broad classes (`class=1`, `middleCode` and `middleName` `-`) or middle classes (`class=2`). Seekers and openings are the mean of the year's months, rounded; placements are the year's sum. Classes come largest first (ties in code order); the unclassifiable occupations (分類不能の職業) are not listed but counted in `otherscount`, and `allcount` is the total of the listed values and `otherscount`. Echoes are text.",
  examples: [
    { prefCode: '13', year: '2015', matter: '1', class: '1' },
    { prefCode: '1', year: '2021', matter: '5', class: '2' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeText,
      prefName: nonEmpty,
      year: echoed(YEARS),
      matter: echoed(MATTERS),
      class: echoed(['1', '2']),
      data: z.array(
        z.strictObject({
          broadCode: letterCode,
          broadName: nonEmpty,
          middleCode: z.union([twoDigitCode, z.literal('-')]),
          middleName: nonEmpty,
          value: count,
        }),
      ),
      allcount: count,
      otherscount: count,
    })
    .nullable(),
  route: {
    path: '/api/v1/regionalEmploy/analysis/portfolio',
    params: [
      prefCode(),
      intParam('year', YEARS, 'Fiscal year (April to March), 2011–2021.'),
      intParam(
        'matter',
        [1, 2, 3, 4, 5],
        '1 job seekers, 2 men seekers, 3 women seekers, 4 job openings, 5 placements.',
      ),
      intParam('class', [1, 2], '1 occupation broad classes, 2 middle classes.'),
    ],
  },
  needs: ['job_openings', 'job_placements', 'occupations_broad', 'occupations_middle'],
  share: 'prefecture',
  prepare: (ctx) => ({ years: jobPortfolio(ctx.sources), names: occupationNames(ctx.sources) }),
  render({ years, names: { broad, middle } }, v, ctx) {
    const rows = years.get(prefRegion(Number(v.prefCode)), v.year);
    if (!rows) return null;
    // The classes charted, in code order: broad classes (middleCode -) or middle classes.
    const classes = new Map<string, { broadCode: string; middleCode: string; members: PortfolioRow[] }>();
    for (const r of rows) {
      const middleCode = v.class === '1' ? '-' : r.ismcoCode;
      getOrSet(classes, `${r.iscoCode}|${middleCode}`, () => ({
        broadCode: r.iscoCode,
        middleCode,
        members: [],
      })).members.push(r);
    }
    const data = [];
    let others = 0;
    for (const { broadCode, middleCode, members } of classes.values()) {
      const value = figure(v.matter, members);
      const broadName = broad.get(broadCode) ?? broadCode;
      if (broadName.includes('分類不能')) others += value;
      else {
        const middleName = middleCode === '-' ? '-' : (middle.get(middleCode) ?? middleCode);
        data.push({ broadCode, broadName, middleCode, middleName, value });
      }
    }
    data.sort((a, b) => b.value - a.value); // stable: ties stay in code order
    return {
      prefCode: v.prefCode,
      prefName: ctx.sources.regions.prefName(v.prefCode),
      year: v.year,
      matter: v.matter,
      class: v.class,
      data,
      allcount: data.reduce((a, d) => a + d.value, 0) + others,
      otherscount: others,
    };
  },
});
