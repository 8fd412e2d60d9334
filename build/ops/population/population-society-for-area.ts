import { z } from 'zod';
import { migrationByBlock } from '../../facts/migration.ts';
import { BLOCK_NAMES } from '../../runtime/render/labels.ts';
import { defineOperation, prefCode, regionOf } from '../operation.ts';
import { netMigrationData, netMigrationView } from './kit.ts';
import { netMigration } from '../result.ts';

// Blocks with a net gain are listed under positiveAreas, with a net loss under negativeAreas
// (netMigrationData in ./kit.ts).
export default defineOperation({
  title: '地域ブロック別純移動数',
  family: 'population',
  titleEn: 'Net migration by regional block',
  view: netMigrationView('Areas', 'areaCode', ['areaName', '地域ブロック / block']),
  description:
    'Net migration into a prefecture per year, by the regional block moved from or to: blocks with a net gain in `positiveAreas`, with a net loss in `negativeAreas` (each `areaCode`, `areaName` and `value`; an empty list is left out), and the net total in `total`.',
  examples: [{ prefCode: '13' }],
  result: netMigration('Areas', (value) =>
    z.union(
      Object.entries(BLOCK_NAMES).map(([code, name]) =>
        z.strictObject({ areaCode: z.literal(code), areaName: z.literal(name), value }),
      ),
    ),
  ).nullable(),
  route: { path: '/api/v1/population/society/forArea', params: [prefCode()] },
  needs: ['migration_by_block'],
  prepare: (ctx) => migrationByBlock(ctx.sources),
  render(byPref, v) {
    const years = byPref.get(regionOf(v));
    return years
      ? netMigrationData(years, 'Areas', (r) => ({
          areaCode: r.blockCode,
          areaName: BLOCK_NAMES[r.blockCode],
          value: r.net,
        }))
      : null;
  },
});
