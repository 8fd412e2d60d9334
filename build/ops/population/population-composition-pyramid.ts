import { z } from 'zod';
import { pyramidComposer } from '../../runtime/render/population.ts';
import { populationFacts } from '../../facts/population.ts';
import { AGE_FROM, ageClassLabel } from '../../runtime/render/labels.ts';
import { renderPyramidHalf } from '../../runtime/render/population.ts';
import { JsonText } from '../../runtime/respond.ts';
import { columns } from '../../runtime/view.ts';
import { addArea, cityCode, defineOperation, intParam, prefCode, regionOf } from '../operation.ts';
import { count, quotient, tupleOf, year } from '../result.ts';

const PATH = '/api/v1/population/composition/pyramid';
const YEARS = Array.from({ length: 14 }, (_, i) => 1980 + 5 * i);

/** A group's share of the pyramid, floored to a whole percent. */
const groupPercent = z.int().min(0).max(100).nullable();

/** One pyramid: the three age groups, then men and women in the 19 age classes, in order. */
const half = z.strictObject({
  year,
  oldAgeCount: count,
  oldAgePercent: groupPercent,
  middleAgeCount: count,
  middleAgePercent: groupPercent,
  newAgeCount: count,
  newAgePercent: groupPercent,
  data: tupleOf(
    AGE_FROM.map((from) =>
      z.strictObject({
        class: z.literal(ageClassLabel(from)),
        man: count,
        manPercent: quotient,
        woman: count,
        womanPercent: quotient,
      }),
    ),
  ),
});

// Every (yearLeft, yearRight) pair is a file: 196 per region (14 in the compact layout). Halves are rendered and serialized once
// per region-year and the pair files are assembled from that text.
export default defineOperation({
  title: '人口ピラミッド',
  family: 'population',
  titleEn: 'Population pyramid',
  view: {
    rows: [{ path: 'yearLeft.data[]' }, { path: 'yearRight.data[]' }],
    columns: columns({
      year: '年 / year',
      class: '年齢階級 / age class',
      man: '男性 / men',
      manPercent: '男性 (%) / men',
      woman: '女性 / women',
      womanPercent: '女性 (%) / women',
    }),
    chart: { kind: 'pyramid', y: 'class', left: 'man', right: 'woman', facet: 'year' },
  },
  description:
    "Two population pyramids of a prefecture or municipality side by side, for `yearLeft` and `yearRight` (1980–2045 every 5 years, projections after 2020): men and women in 19 five-year age classes with their shares of the whole pyramid in percent (`manPercent`, `womanPercent`), and the counts and floored shares of the three age groups (`oldAgeCount`, `oldAgePercent`…). `addArea` adds other regions' counts.",
  examples: [
    { prefCode: '13', cityCode: '-', yearLeft: '2020', yearRight: '2045' },
    { prefCode: '1', cityCode: '01100', yearLeft: '1980', yearRight: '2045', addArea: '13_13101' },
  ],
  result: z.strictObject({ yearLeft: half, yearRight: half }).nullable(),
  route: {
    path: PATH,
    params: [
      prefCode(),
      cityCode(),
      intParam('yearLeft', YEARS, 'Year of the left pyramid, 1980–2045 every 5 years (projections after 2020).'),
      intParam('yearRight', YEARS, 'Year of the right pyramid, 1980–2045 every 5 years (projections after 2020).'),
      addArea(),
    ],
    compose: { param: 'addArea', from: PATH, composer: pyramidComposer },
  },
  needs: ['population_by_age_sex'],
  share: 'prefecture',
  prepare(ctx) {
    const { pyramid } = populationFacts(ctx.sources);
    const halves = new Map<string, string>();
    return (region: string, year: number) => {
      const key = `${region}|${year}`;
      let half = halves.get(key);
      if (half === undefined) {
        const counts = pyramid.get(region)?.get(year);
        if (!counts) return undefined;
        halves.set(key, (half = JSON.stringify(renderPyramidHalf(counts))));
      }
      return half;
    };
  },
  // Compact layout: one file per region and year (both halves that year); other pairs are composed.
  compactRoute: { pairs: { left: 'yearLeft', right: 'yearRight' } },
  render(half, v) {
    const region = regionOf(v);
    const yearLeft = half(region, Number(v.yearLeft));
    const yearRight = half(region, Number(v.yearRight));
    return yearLeft && yearRight ? new JsonText(`{"yearLeft":${yearLeft},"yearRight":${yearRight}}`) : null;
  },
});
