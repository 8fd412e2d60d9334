import { z } from 'zod';
import { groupRows, rollupRegions } from '../facts/rollup.ts';
import { ratio } from '../runtime/rounding.ts';
import { cityCode, defineOperation, prefCode, regionOf, regionValues } from './operation.ts';
import { cityCodeText, count, nonEmpty, prefCodeNumber, text, year } from './shared/result.ts';

interface Row {
  region: string;
  year: number;
  taxes: number;
  residents: number;
}

// Local tax per resident, in thousand yen: the region's revenue over its residents, both summed up the
// region hierarchy first, so a prefecture is not a mean of its municipalities' figures.
export default defineOperation({
  title: '一人当たり地方税',
  family: 'industry',
  titleEn: 'Local tax per resident',
  view: {
    rows: [{ path: 'data[]' }],
    columns: [
      { key: 'year', label: '年度 / year' },
      { key: 'value', label: '一人当たり地方税 (千円) / thousand yen' },
    ],
    chart: { kind: 'line', x: 'year', y: 'value', xType: 'year' },
  },
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
      data: z.array(z.strictObject({ year, value: count })),
    })
    .nullable(),
  route: { path: '/api/v1/municipality/taxes/perYear', params: [prefCode(), cityCode()] },
  needs: ['local_taxes'],
  prepare(ctx) {
    const rolled = rollupRegions(ctx.sources.tables.local_taxes!.table, ctx.sources.regions, ['year'], ['taxes', 'residents'], 'year').orderby(
      'region',
      'year',
    );
    return groupRows<Row>(rolled, 'region');
  },
  enumerate: regionValues,
  render(byRegion, v, ctx) {
    const rows = byRegion.get(regionOf(v));
    if (!rows) return null;
    const city = v.cityCode === '-' ? undefined : ctx.sources.regions.city(v.cityCode);
    return {
      prefName: ctx.sources.regions.prefecture(Number(v.prefCode))!.prefName,
      prefCode: Number(v.prefCode),
      cityName: city?.cityName ?? '',
      cityCode: city?.cityCode ?? '',
      data: rows.filter((r) => r.residents > 0).map((r) => ({ year: r.year, value: ratio(r.taxes, r.residents, 0)! })),
    };
  },
});
