import { z } from 'zod';
import { populationFacts } from '../../facts/population.ts';
import { MOTHER_AGES, vitalFacts } from '../../facts/vital.ts';
import { AGE_FROM, ageClassLabel } from '../../runtime/render/labels.ts';
import { itemAt, type PyramidCounts } from '../../runtime/render/population.ts';
import type { Constraint } from '../../runtime/routes.ts';
import { columns } from '../../runtime/view.ts';
import { cityCode, defineOperation, intParam, prefCode, regionOf } from '../operation.ts';
import { count, quotient, year, yearValue } from '../result.ts';

// The original's ages: ageFrom is `-` (no lower bound) or the first age of a 5-year class, 5 … 85; ageTo
// is the last age of one, 4 … 89, or `-` (no upper bound: 90 and over included). A range picks the classes
// between them; one that ends before it starts is refused (400), as regstat does for every empty selection.
const FROM_AGES = AGE_FROM.slice(1, -1); // 5 … 85
const TO_AGES = AGE_FROM.slice(0, -1).map((a) => a + 4); // 4 … 89
/** The index in AGE_FROM of the first class of ageFrom and of the last class of ageTo. */
const fromClass = (v: string) => (v === '-' ? 0 : Number(v) / 5);
const toClass = (v: string) => (v === '-' ? AGE_FROM.length - 1 : (Number(v) - 4) / 5);
const FROM_VALUES = ['-', ...FROM_AGES.map(String)];
const TO_VALUES = [...TO_AGES.map(String), '-'];
/** The ageTo values that end at or after the class an ageFrom starts. */
const toValuesFor = (from: string) => TO_VALUES.filter((to) => toClass(to) >= fromClass(from));

const ageRule: Constraint = {
  param: 'ageTo',
  by: [{ param: 'ageFrom' }],
  cases: Object.fromEntries(
    FROM_VALUES.map((from) => [
      from,
      { values: toValuesFor(from), doc: `for ageFrom ${from} (the range must not end before it starts)` },
    ]),
  ),
};

/**
 * The total fertility rate of a period: Σ births of mothers aged a…a+4 over the five years / women aged
 * a…a+4 at the middle year, rounded half away from zero to 2 decimals exactly (BigInt, from the counts);
 * null when a class has no women.
 */
function totalFertility(classes: { births: number; women: number }[]): number | null {
  if (classes.some((c) => c.women === 0)) return null;
  const all = classes.reduce((a, c) => a * BigInt(c.women), 1n);
  const num = classes.reduce((a, c) => a + BigInt(c.births) * (all / BigInt(c.women)), 0n);
  return Number((200n * num + all) / (2n * all)) / 100;
}

interface State {
  pyramid: Map<string, Map<number, PyramidCounts>>;
  births: Map<string, Map<string, number[]>>;
  boundaryYear: number | undefined;
  lines: Map<string, { yearRange: string; year: number; value: number | null }[]>;
}

function line(s: State, region: string, byYear: Map<number, PyramidCounts>) {
  let out = s.lines.get(region);
  if (!out) {
    out = [];
    for (const [period, births] of [...(s.births.get(region) ?? [])].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const middle = Number(period.slice(0, 4)) + 2;
      const women = byYear.get(middle)?.woman;
      if (!women) continue;
      const classes = MOTHER_AGES.map((a, i) => ({
        births: itemAt(births, i, 'mother class'),
        women: itemAt(women, a / 5, 'age class'),
      }));
      out.push({ yearRange: period, year: middle, value: totalFertility(classes) });
    }
    s.lines.set(region, out);
  }
  return out;
}

export default defineOperation({
  title: '人口の自然増減',
  family: 'population',
  titleEn: 'Natural change: fertility and population by sex',
  view: {
    rows: [
      { path: 'line.data[]', set: { series: '合計特殊出生率' } },
      { path: 'bar.mandata[]', set: { series: '男性' } },
      { path: 'bar.womandata[]', set: { series: '女性' } },
    ],
    columns: columns({ series: '区分 / series', yearRange: '期間 / period', year: '年 / year', value: '値 / value' }),
    chart: {
      kind: 'line',
      x: 'year',
      y: 'value',
      series: 'series',
      xType: 'year',
      boundary: 'bar.boundaryYear',
      panels: [
        { series: ['合計特殊出生率'], label: '合計特殊出生率 / total fertility rate' },
        { series: ['男性', '女性'], label: '人口 / people' },
      ],
    },
  },
  description:
    "Fertility and the population of an age range in a prefecture (`cityCode=-`) or municipality. `line` gives the total fertility rate (合計特殊出生率, 2 decimals) of each five-year period `yearRange` (such as `1998-2002`, `year` its middle): the sum over the mothers' 5-year classes 15–19 … 45–49 of the period's births over the women of the class at the middle year. `bar` gives, per population year, the men (`mandata`) and women (`womandata`) aged `ageFrom` to `ageTo`, in people (the original's docs say 千人; its values are of the size of people counts). In both, years after `boundaryYear` are projections. As in the original, `ageFrom` is `-` (no lower bound) or the first age of a 5-year class (5, 10, …, 85) and `ageTo` the last age of one (4, 9, …, 89) or `-` (no upper bound, 90 and over included): `ageFrom=15&ageTo=49` counts the people aged 15–49, `ageFrom=-&ageTo=4` those under 5, `ageFrom=85&ageTo=-` those 85 and over, `ageFrom=-&ageTo=-` everyone of stated age. A range that ends before it starts (`ageFrom=50&ageTo=4`) is a 400. regstat's earlier spelling by class starts (`ageFrom=0`, `ageTo=45` for 45–49, `ageTo=90`) is a 400 whose description gives the original's values.",
  examples: [
    { prefCode: '13', cityCode: '-', ageFrom: '15', ageTo: '49' },
    { prefCode: '1', cityCode: '01202', ageFrom: '-', ageTo: '4' },
    { prefCode: '13', cityCode: '13101', ageFrom: '85', ageTo: '-' },
  ],
  result: z
    .strictObject({
      line: z.strictObject({
        boundaryYear: year,
        data: z.array(z.strictObject({ yearRange: z.string().regex(/^[0-9]{4}-[0-9]{4}$/), year, value: quotient })),
      }),
      bar: z.strictObject({
        boundaryYear: year,
        mandata: z.array(yearValue(count)),
        womandata: z.array(yearValue(count)),
      }),
    })
    .nullable(),
  route: {
    path: '/api/v1/population/nature',
    params: [
      prefCode(),
      cityCode(),
      {
        ...intParam(
          'ageFrom',
          FROM_AGES,
          'First age of the bar: - (no lower bound: from age 0) or the first age of a 5-year class, 5, 10, …, 85.',
        ),
        open: 'no lower bound: from age 0',
      },
      {
        ...intParam(
          'ageTo',
          TO_AGES,
          `Last age of the bar: the last age of a 5-year class, 4, 9, …, 89, or - (no upper bound: ${ageClassLabel(90)} included); not before ageFrom.`,
        ),
        open: 'no upper bound: 90 and over included',
      },
    ],
    constraints: [ageRule],
  },
  needs: ['population_years', 'population_by_age_sex', 'births_by_mother_age'],
  share: 'prefecture',
  prepare: (ctx): State => {
    const population = populationFacts(ctx.sources);
    return {
      pyramid: population.pyramid,
      births: vitalFacts(ctx.sources).birthsByAge,
      boundaryYear: population.boundaryYear,
      lines: new Map(),
    };
  },
  render(s, v) {
    const region = regionOf(v);
    const byYear = s.pyramid.get(region);
    if (!byYear || s.boundaryYear === undefined) return null;
    const [from, to] = [fromClass(v.ageFrom), toClass(v.ageTo)];
    const years = [...byYear.values()].sort((a, b) => a.year - b.year);
    const people = (cells: number[]) => cells.slice(from, to + 1).reduce((a, n) => a + n, 0);
    return {
      line: { boundaryYear: s.boundaryYear, data: line(s, region, byYear) },
      bar: {
        boundaryYear: s.boundaryYear,
        mandata: years.map((y) => ({ year: y.year, value: people(y.man) })),
        womandata: years.map((y) => ({ year: y.year, value: people(y.woman) })),
      },
    };
  },
});
