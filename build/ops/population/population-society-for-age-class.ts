import { z } from 'zod';
import { migrationByAgeClass } from '../../facts/migration.ts';
import { MIGRATION_AGE_LABEL } from '../../runtime/render/labels.ts';
import { mustGet } from '../../runtime/maps.ts';
import { cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';
import { netMigrationData, netMigrationView } from './kit.ts';
import { netMigration } from '../result.ts';

// Classes with a net gain go under positiveAgeClasses, with a net loss under negativeAgeClasses
// (netMigrationData in ./kit.ts). Municipal nets add up to the prefecture's: moves inside it cancel.
export default defineOperation({
  title: '年齢階級別純移動数',
  family: 'population',
  titleEn: 'Net migration by age class',
  view: netMigrationView('AgeClasses', 'ageClass', ['age', '年齢階級 / age class']),
  description:
    'Net migration into a prefecture or municipality per year, by age class (`ageClass` `1` 0–14, `2` 15–64, `3` 65 and over): classes with a net gain in `positiveAgeClasses`, with a net loss in `negativeAgeClasses` (an empty list is left out), and the net total in `total`.',
  examples: [
    { prefCode: '13', cityCode: '-' },
    { prefCode: '13', cityCode: '13101' },
  ],
  result: netMigration('AgeClasses', (value) =>
    z.union(
      [...MIGRATION_AGE_LABEL].map(([code, age]) =>
        z.strictObject({ ageClass: z.literal(code), age: z.literal(age), value }),
      ),
    ),
  ).nullable(),
  route: { path: '/api/v1/population/society/forAgeClass', params: [prefCode(), cityCode()] },
  needs: ['migration_by_age_group'],
  share: 'prefecture',
  prepare: (ctx) => migrationByAgeClass(ctx.sources),
  render(byRegion, v) {
    const years = byRegion.get(regionOf(v));
    return years
      ? netMigrationData(years, 'AgeClasses', (r) => ({
          ageClass: r.ageClass,
          age: mustGet(MIGRATION_AGE_LABEL, r.ageClass, 'migration age class'),
          value: r.net,
        }))
      : null;
  },
});
