import { z } from 'zod';
import { futureMeshes } from '../../facts/mesh.ts';
import { mustGet } from '../../runtime/maps.ts';
import type { PrefParam } from '../../runtime/routes.ts';
import { defineOperation, intParam } from '../operation.ts';
import { cityCd, meshAnswer } from './kit.ts';
import { echoed, meshChartData, regionHeader as header, MESH_VIEW } from '../result.ts';

const FUTURE_MESH_YEARS = [2015, 2020, 2030, 2040, 2050];
/** The year each is compared with for displayMethod 1: the previous one offered, 2010 for 2015. */
const PREVIOUS: ReadonlyMap<number, number> = new Map([
  [2015, 2010],
  [2020, 2015],
  [2030, 2020],
  [2040, 2030],
  [2050, 2040],
]);

const prefCodeOrPrefectureCd: PrefParam & { name: 'prefCode'; required: true } = {
  name: 'prefCode',
  type: 'pref',
  required: true,
  aliases: ['prefecture_cd'],
  doc: 'Prefecture code (1–47); prefecture_cd is accepted as another name for it.',
};

// Projected meshes of a region binned into 20 ranks, as counts or as the change since the previous
// year offered. The original was called with prefCode and with prefecture_cd: both are accepted.
export default defineOperation({
  title: '将来人口メッシュ',
  family: 'mesh',
  titleEn: 'Projected population by 1 km mesh',
  view: MESH_VIEW,
  description:
    'The projected population of the 1 km meshes of a prefecture or municipality in a `year` (2015–2050), binned into 20 ranks by population, or by its change since the previous year offered (`displayMethod=1`; 2015 compares with 2010): per rank the number of meshes (`value1`) and the cumulative shares of meshes (`value2`) and of the population (`value3`), in whole percent. `prefecture_cd` is accepted for `prefCode`.',
  examples: [
    { year: '2050', prefCode: '13', city_cd: '-', displayMethod: '0' },
    { year: '2030', prefCode: '1', city_cd: '01100', displayMethod: '1' },
  ],
  result: z
    .strictObject({
      ...header,
      year: echoed(FUTURE_MESH_YEARS),
      displayMethod: z.enum(['0', '1']),
      data: meshChartData('人'),
    })
    .nullable(),
  route: {
    path: '/api/v1/population/futureMesh/chart',
    params: [
      intParam('year', FUTURE_MESH_YEARS, 'Year: 2015, 2020, 2030, 2040 or 2050.'),
      prefCodeOrPrefectureCd,
      cityCd('prefCode'),
      intParam('displayMethod', [0, 1], '0 counts, 1 change since the previous year offered (2015: since 2010).'),
    ],
  },
  needs: ['mesh_population_future'],
  share: 'prefecture',
  prepare: (ctx) => futureMeshes(ctx.sources),
  render: (index, v, ctx) =>
    meshAnswer(
      ctx,
      index,
      [v.prefCode, v.city_cd],
      {
        year: Number(v.year),
        previous: v.displayMethod === '1' ? mustGet(PREVIOUS, Number(v.year), 'projection year') : null,
        column: 'population',
        unit: '人',
      },
      { year: v.year, displayMethod: v.displayMethod },
    ),
});
