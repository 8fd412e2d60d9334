import { z } from 'zod';
import { openingRates } from '../../facts/openings.ts';
import { cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';
import { regionEcho, regionEchoResult } from './industry-selection.ts';
import { quotient, year } from '../result.ts';
import { barsOverYears } from './kit.ts';

// The opening rate (創業比率) of a region between economic censuses. The 2023 documentation's shape: the
// municipal region echo and data:[{year, value}] (the 2018 Java model also echoed an industry selection,
// which the newer documentation dropped along with the parameters).
export default defineOperation({
  title: '創業比率',
  family: 'industry',
  titleEn: 'Opening rate of establishments',
  view: barsOverYears('創業比率 (%) / opening rate'),
  description:
    'The opening rate (創業比率) of a prefecture (`cityCode=-`) or municipality in percent: the establishments opened between two economic censuses, per year of the period, over the establishments that existed at its start (2 decimals, rounded half away from zero). `year` is the census that ends the period. A designated city and a prefecture add up the counts of their parts; a region without establishments answers `null`.',
  examples: [
    { prefCode: '13', cityCode: '13101' },
    { prefCode: '1', cityCode: '-' },
  ],
  result: z.strictObject({ ...regionEchoResult, data: z.array(z.strictObject({ year, value: quotient })) }).nullable(),
  route: { path: '/api/v1/municipality/foundation/perYear', params: [prefCode(), cityCode()] },
  needs: ['establishment_openings', 'establishments'],
  share: 'prefecture',
  prepare: (ctx) => openingRates(ctx.sources),
  render(rates, v, ctx) {
    const years = rates.get(regionOf(v));
    if (!years) return null;
    return {
      ...regionEcho(ctx.sources, v.prefCode, v.cityCode),
      data: [...years].sort((a, b) => a[0] - b[0]).map(([y, value]) => ({ year: y, value })),
    };
  },
});
