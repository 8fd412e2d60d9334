import { z } from 'zod';
import { migrationByAgeClass, type AgeClassRow } from '../../facts/migration.ts';
import { MIGRATION_AGE_LABEL } from '../../runtime/render/labels.ts';
import { cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';
import { netMigration } from '../result.ts';

// Classes with a net gain go under positiveAgeClasses, with a net loss under negativeAgeClasses; an
// empty list is left out. Municipal nets add up to the prefecture's: moves inside it cancel.
export default defineOperation({
  title: '年齢階級別純移動数',
  family: 'population',
  titleEn: 'Net migration by age class',
  view: {
    rows: [{ path: 'data[].positiveAgeClasses[]' }, { path: 'data[].negativeAgeClasses[]' }],
    columns: [
      { key: 'year', label: '年 / year' },
      { key: 'ageClass', label: 'ageClass' },
      { key: 'age', label: '年齢階級 / age class' },
      { key: 'value', label: '純移動数 / net migration' },
    ],
    chart: { kind: 'bar', x: 'year', y: 'value', fill: 'age' },
  },
  description:
    'Net migration into a prefecture or municipality per year, by age class (`ageClass` `1` 0–14, `2` 15–64, `3` 65 and over): classes with a net gain in `positiveAgeClasses`, with a net loss in `negativeAgeClasses` (an empty list is left out), and the net total in `total`.',
  examples: [
    { prefCode: '13', cityCode: '-' },
    { prefCode: '13', cityCode: '13101' },
  ],
  result: netMigration('AgeClasses', (value) =>
    z.union(
      Object.entries(MIGRATION_AGE_LABEL).map(([code, age]) =>
        z.strictObject({ ageClass: z.literal(Number(code)), age: z.literal(age), value }),
      ),
    ),
  ).nullable(),
  route: { path: '/api/v1/population/society/forAgeClass', params: [prefCode(), cityCode()] },
  needs: ['migration_by_age_group'],
  share: 'prefecture',
  prepare: (ctx) => migrationByAgeClass(ctx.sources),
  render(byRegion, v) {
    const rows = byRegion.get(regionOf(v));
    if (!rows) return null;
    const years = [...new Set(rows.map((r) => r.year))];
    return {
      data: years.map((year) => {
        const mine = rows.filter((r) => r.year === year);
        const cls = (r: AgeClassRow) => ({ ageClass: r.ageClass, age: MIGRATION_AGE_LABEL[r.ageClass]!, value: r.net });
        const positive = mine.filter((r) => r.net > 0).map(cls);
        const negative = mine.filter((r) => r.net < 0).map(cls);
        return {
          year,
          ...(positive.length ? { positiveAgeClasses: positive } : {}),
          ...(negative.length ? { negativeAgeClasses: negative } : {}),
          total: { value: mine[0]!.total },
        };
      }),
    };
  },
});
