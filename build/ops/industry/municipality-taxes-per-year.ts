import { perResident } from '../../facts/taxes.ts';
import { z } from 'zod';
import { cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';
import { cityCodeText, nonEmpty, prefCodeNumber, text } from '../result.ts';
import { taxSeries, taxView } from './taxes.ts';

export default defineOperation({
  title: '一人当たり地方税',
  family: 'industry',
  titleEn: 'Local tax per resident',
  view: taxView('一人当たり地方税'),
  description:
    'Local tax revenue per resident of a prefecture (`cityCode=-`) or municipality, per fiscal year, in thousand yen (rounded to an integer): the revenue of the region divided by its residents. For a whole prefecture `cityCode` and `cityName` are empty.',
  examples: [
    { prefCode: '13', cityCode: '13103' },
    { prefCode: '1', cityCode: '-' },
  ],
  result: z
    .strictObject({
      prefName: nonEmpty,
      prefCode: prefCodeNumber,
      cityName: text,
      cityCode: z.union([cityCodeText, z.literal('')]),
      data: taxSeries,
    })
    .nullable(),
  route: { path: '/api/v1/municipality/taxes/perYear', params: [prefCode(), cityCode()] },
  needs: ['local_taxes'],
  reads: { local_taxes: ['taxes', 'residents'] },
  share: 'prefecture',
  prepare: (ctx) => perResident(ctx.sources, 'taxes'),
  render(byRegion, v, ctx) {
    const data = byRegion.get(regionOf(v));
    if (!data) return null;
    const city = v.cityCode === '-' ? undefined : ctx.sources.regions.city(v.cityCode);
    return {
      prefName: ctx.sources.regions.prefName(v.prefCode),
      prefCode: Number(v.prefCode),
      cityName: city?.cityName ?? '',
      cityCode: city?.cityCode ?? '',
      data,
    };
  },
});
