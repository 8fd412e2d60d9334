import { z } from 'zod';
import { censusMeshes } from '../../facts/mesh.ts';
import { defineOperation, prefectureCd, intParam } from '../operation.ts';
import { cityCd, meshAnswer } from './kit.ts';
import { echoed, meshChartData, regionHeader as header, MESH_VIEW } from '../result.ts';

const MESH_YEARS = [2005, 2010, 2015, 2020];

/** The chart of one matter: population (0) in 人, households (3) in 世帯. */
const chart = (matter: '0' | '3', unit: '人' | '世帯') =>
  z.strictObject({
    ...header,
    year: echoed(MESH_YEARS),
    displayMethod: z.enum(['0', '1']),
    matter: z.literal(matter),
    data: meshChartData(unit),
  });

// Census meshes of a region binned into 20 ranks (see facts/mesh.ts for the rule): population (matter
// 0) or households (3), as counts (displayMethod 0) or as the change since the previous census (1).
export default defineOperation({
  title: 'メッシュ人口',
  family: 'mesh',
  titleEn: 'Population by 1 km mesh',
  view: MESH_VIEW,
  description:
    'The 1 km meshes of a prefecture or municipality in a census `year` (2005–2020), binned into 20 ranks by population (`matter=0`) or households (`matter=3`), or by their change since the previous census (`displayMethod=1`): per rank (`classification_cd`, `classification_name`) the number of meshes (`value1`) and the cumulative shares of meshes (`value2`) and of the population or households (`value3`), in whole percent.',
  examples: [
    { year: '2020', prefecture_cd: '13', city_cd: '13101', matter: '0', displayMethod: '0' },
    { year: '2015', prefecture_cd: '1', city_cd: '-', matter: '3', displayMethod: '1' },
  ],
  result: z.discriminatedUnion('matter', [chart('0', '人'), chart('3', '世帯')]).nullable(),
  route: {
    path: '/api/v1/population/mesh/chart',
    params: [
      intParam('year', MESH_YEARS, 'Census year, 2005–2020.'),
      prefectureCd(),
      cityCd('prefecture_cd'),
      intParam('matter', [0, 3], '0 population, 3 households.'),
      intParam('displayMethod', [0, 1], '0 counts, 1 change since the previous census.'),
    ],
  },
  needs: ['mesh_population'],
  share: 'prefecture',
  prepare: (ctx) => censusMeshes(ctx.sources),
  render(index, v, ctx) {
    const households = v.matter === '3';
    return meshAnswer(
      ctx,
      index,
      [v.prefecture_cd, v.city_cd],
      {
        year: Number(v.year),
        previous: v.displayMethod === '1' ? Number(v.year) - 5 : null,
        column: households ? 'households' : 'population',
        unit: households ? '世帯' : '人',
      },
      { year: v.year, displayMethod: v.displayMethod, matter: v.matter },
    );
  },
});
