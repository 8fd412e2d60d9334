import { z } from 'zod';
import { populationFacts } from '../facts/population.ts';
import { MOTHER_AGES, vitalFacts } from '../facts/vital.ts';
import { AGE_FROM, ageClassLabel } from '../runtime/render/labels.ts';
import type { PyramidCounts } from '../runtime/render/population.ts';
import type { Constraint } from '../runtime/routes.ts';
import { cityCode, defineOperation, intParam, prefCode, regionOf, regionValues } from './operation.ts';
import { count, quotient, year, yearValue } from './shared/result.ts';

/** ageTo runs from ageFrom's class up: the classes it may end with, for each class it starts with. */
const ageRule: Constraint = {
  param: 'ageTo',
  by: [{ param: 'ageFrom' }],
  cases: Object.fromEntries(
    AGE_FROM.map((from) => [String(from), { values: AGE_FROM.filter((to) => to >= from).map(String), doc: `for ageFrom ${from} (ageTo ≥ ageFrom)` }]),
  ),
};

/**
 * The total fertility rate of a period: Σ births of mothers aged a…a+4 over the five years / women aged
 * a…a+4 at the middle year, rounded half away from zero to 2 decimals exactly (BigInt, from the counts);
 * null when a class has no women.
 */
export function totalFertility(births: number[], women: number[]): number | null {
  if (women.some((w) => w === 0)) return null;
  const all = women.reduce((a, w) => a * BigInt(w), 1n);
  const num = births.reduce((a, b, i) => a + BigInt(b) * (all / BigInt(women[i]!)), 0n);
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
      out.push({
        yearRange: period,
        year: middle,
        value: totalFertility(
          births,
          MOTHER_AGES.map((a) => women[a / 5]!),
        ),
      });
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
    columns: [
      { key: 'series', label: '区分 / series' },
      { key: 'yearRange', label: '期間 / period' },
      { key: 'year', label: '年 / year' },
      { key: 'value', label: '値 / value' },
    ],
    chart: { kind: 'line', x: 'year', y: 'value', series: 'series', xType: 'year', boundary: 'bar.boundaryYear' },
  },
  description:
    "Fertility and the population of an age range in a prefecture (`cityCode=-`) or municipality. `line` gives the total fertility rate (合計特殊出生率, 2 decimals) of each five-year period `yearRange` (such as `1998-2002`, `year` its middle): the sum over the mothers' 5-year classes 15–19 … 45–49 of the period's births over the women of the class at the middle year. `bar` gives, per population year, the men (`mandata`) and women (`womandata`) aged `ageFrom` to `ageTo`, in people (the original's docs say 千人; its values are of the size of people counts). In both, years after `boundaryYear` are projections. `ageFrom` and `ageTo` name 5-year classes by their lower bound, 0, 5, …, 90 (90: 90 and over), and `ageTo` must not be below `ageFrom`: `ageFrom=15&ageTo=45` counts the people aged 15–49, `ageFrom=0&ageTo=90` everyone of stated age.",
  examples: [
    { prefCode: '13', cityCode: '-', ageFrom: '15', ageTo: '45' },
    { prefCode: '1', cityCode: '01202', ageFrom: '20', ageTo: '35' },
    { prefCode: '13', cityCode: '13101', ageFrom: '0', ageTo: '90' },
  ],
  result: z
    .strictObject({
      line: z.strictObject({
        boundaryYear: year,
        data: z.array(z.strictObject({ yearRange: z.string().regex(/^[0-9]{4}-[0-9]{4}$/), year, value: quotient })),
      }),
      bar: z.strictObject({ boundaryYear: year, mandata: z.array(yearValue(count)), womandata: z.array(yearValue(count)) }),
    })
    .nullable(),
  route: {
    path: '/api/v1/population/nature',
    params: [
      prefCode(),
      cityCode(),
      intParam('ageFrom', AGE_FROM, `First 5-year age class of the bar, by its lower bound: 0, 5, …, 90 (${ageClassLabel(0)} … ${ageClassLabel(90)}).`),
      intParam('ageTo', AGE_FROM, 'Last 5-year age class of the bar, by its lower bound (0, 5, …, 90; 45 ends with 45–49); not below ageFrom.'),
    ],
    constraints: [ageRule],
  },
  needs: ['population_years', 'population_by_age_sex', 'births_by_mother_age'],
  prepare: (ctx): State => {
    const population = populationFacts(ctx.sources);
    return { pyramid: population.pyramid, births: vitalFacts(ctx.sources).birthsByAge, boundaryYear: population.boundaryYear, lines: new Map() };
  },
  enumerate: (ctx) =>
    regionValues(ctx).flatMap((r) =>
      AGE_FROM.flatMap((from) => AGE_FROM.filter((to) => to >= from).map((to) => ({ ...r, ageFrom: String(from), ageTo: String(to) }))),
    ),
  render(s, v) {
    const region = regionOf(v);
    const byYear = s.pyramid.get(region);
    if (!byYear || s.boundaryYear === undefined) return null;
    const [from, to] = [Number(v.ageFrom) / 5, Number(v.ageTo) / 5];
    const years = [...byYear.keys()].sort((a, b) => a - b);
    const people = (cells: number[]) => cells.slice(from, to + 1).reduce((a, n) => a + n, 0);
    return {
      line: { boundaryYear: s.boundaryYear, data: line(s, region, byYear) },
      bar: {
        boundaryYear: s.boundaryYear,
        mandata: years.map((y) => ({ year: y, value: people(byYear.get(y)!.man) })),
        womandata: years.map((y) => ({ year: y, value: people(byYear.get(y)!.woman) })),
      },
    };
  },
});
