import { z } from 'zod';
import { populationFacts } from '../../facts/population.ts';
import { ratio } from '../../runtime/rounding.ts';
import { columns } from '../../runtime/view.ts';
import { cityCodeText, count, nonEmpty, quotient } from '../result.ts';
import { defineOperation, intParam, prefCode } from '../operation.ts';

/** Projection years the operation serves (the sample's; the original documented year=2040). */
const FUTURE_YEARS = [2025, 2030, 2035, 2040, 2045];
/** The base year of the decrease of young women (the 2014 Masuda report's, which RESAS charted). */
const BASE_YEAR = 2010;
/** Young women: the classes 20–24 … 35–39 (AGE_FROM's 5th to 8th). */
const youngWomen = (women: number[]) => women.slice(4, 8).reduce((a, n) => a + n, 0);

export default defineOperation({
  title: '将来人口推計',
  family: 'population',
  titleEn: 'Projected population of municipalities',
  view: {
    rows: [{ path: 'cities[]' }],
    columns: columns({
      cityCode: 'cityCode',
      cityName: '市区町村 / municipality',
      value: '推計人口 / projected population',
      ratio: '若年女性人口減少率 / decrease of women aged 20–39',
    }),
    chart: { kind: 'bar', x: 'cityName', y: 'ratio', horizontal: true },
  },
  description:
    "Every municipality of a prefecture with its projected population in `year` (`value`, all residents) and its `ratio`, the decrease of young women (若年女性人口減少率: women aged 20–39) from 2010 to `year` as a fraction of the 2010 figure, 2 decimals (0.5 is a decrease by half; negative when they grow; null without women in 2010). As in the original, the wards of a designated city are listed instead of the city, Tokyo's special wards as municipalities, in code order; municipalities without population figures are left out. `year` is a projection year, 2025–2045 (the original documented 2040). In the default build `value` is IPSS 2018's official municipal projection wherever IPSS gives the municipality or ward (not 福島県's municipalities, nor the wards of さいたま, 相模原, 新潟, 静岡, 浜松, 堺, 岡山 and 熊本, which it projects whole), while `ratio` stays synthetic: its base, 2010's women, is synthetic there (the default build's municipal census years are 1980 and 2020).",
  examples: [
    { year: '2040', prefCode: '13' },
    { year: '2045', prefCode: '1' },
  ],
  result: z
    .strictObject({
      cities: z.array(z.strictObject({ cityCode: cityCodeText, cityName: nonEmpty, value: count, ratio: quotient })),
    })
    .nullable(),
  route: {
    path: '/api/v1/population/future/cities',
    params: [intParam('year', FUTURE_YEARS, 'Projection year: 2025, 2030, 2035, 2040 or 2045.'), prefCode()],
  },
  needs: ['population_years', 'population_by_age_sex'],
  // Municipalities and wards only; `ratio` compares `year` with 2010, whose figures may be of another origin.
  lists: 'municipality',
  baseYears: { ratio: BASE_YEAR },
  share: 'prefecture',
  prepare: (ctx) => populationFacts(ctx.sources),
  render(population, v, ctx) {
    const at = Number(v.year);
    const cities = ctx.sources.regions
      .citiesOf(Number(v.prefCode))
      .filter((c) => c.bigCityFlag !== '2')
      .sort((a, b) => (a.cityCode < b.cityCode ? -1 : 1))
      .flatMap((c) => {
        const total = population.perYear.get(c.cityCode)?.years.find((y) => y.year === at)?.total;
        const byYear = population.pyramid.get(c.cityCode);
        const [base, then] = [byYear?.get(BASE_YEAR), byYear?.get(at)];
        if (total === undefined || !base || !then) return [];
        return [
          {
            cityCode: c.cityCode,
            cityName: c.cityName,
            value: total,
            ratio: ratio(youngWomen(base.woman) - youngWomen(then.woman), youngWomen(base.woman), 2),
          },
        ];
      });
    return cities.length ? { cities } : null;
  },
});
