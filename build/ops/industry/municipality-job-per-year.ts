import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { occupations } from '../../facts/classifications.ts';
import { jobOpeningSeries, occupationNames } from '../../facts/labor.ts';
import { ratio } from '../../runtime/rounding.ts';
import { codeOrAll, defineOperation, prefCode } from '../operation.ts';
import { nonEmpty, prefCodeNumber, quotient, text } from '../result.ts';
import { broadCodeEcho, classEcho, middleCodeEcho } from './industry-selection.ts';
import { lineOverYears } from './kit.ts';

// The ratio of effective job openings to effective applicants, 2 decimals, per month. An occupation
// broad class, or all occupations (-), is the ratio of the summed counts, not a mean of ratios.
export default defineOperation({
  title: '有効求人倍率',
  family: 'industry',
  titleEn: 'Ratio of job openings to applicants',
  view: lineOverYears('有効求人倍率 / ratio', { year: '年月 / month', xType: 'month' }),
  description:
    'The ratio of effective job openings to effective job applicants in a prefecture, per month (`year` as `yyyy/mm`), 2 decimals: for all occupations (`iscoCode=-`), one broad occupation class or one of its middle classes (`ismcoCode`). The codes and names of the selection are echoed, empty for `-`.',
  examples: [
    { prefCode: '13', iscoCode: '-', ismcoCode: '-' },
    { prefCode: '13', iscoCode: 'B', ismcoCode: '12' },
  ],
  result: z
    .strictObject({
      prefName: nonEmpty,
      prefCode: prefCodeNumber,
      iscoCode: broadCodeEcho,
      iscoName: text,
      ismcoCode: middleCodeEcho,
      ismcoName: text,
      data: z.array(z.strictObject({ year: z.string().regex(/^[0-9]{4}\/(?:0[1-9]|1[0-2])$/), value: quotient })),
    })
    .nullable(),
  route: {
    path: '/api/v1/municipality/job/perYear',
    params: [
      prefCode(),
      codeOrAll('iscoCode', 'occupationsBroad', 'Occupation broad class, or - for all (see /api/v1/jobs/broad).'),
      codeOrAll(
        'ismcoCode',
        'occupationsMiddle',
        'Occupation middle class of iscoCode, or - for all of it (see /api/v1/jobs/middle).',
        'iscoCode',
      ),
    ],
  },
  needs: ['job_openings', 'occupations_broad', 'occupations_middle'],
  share: 'prefecture',
  prepare: (ctx) => ({ series: jobOpeningSeries(ctx.sources), names: occupationNames(ctx.sources) }),
  render({ series, names }, v, ctx) {
    const rows = series.get(prefRegion(Number(v.prefCode)), v.iscoCode, v.ismcoCode);
    if (!rows) return null;
    const isco = classEcho(v.iscoCode, names.broad, 'occupation broad class');
    const ismco = classEcho(v.ismcoCode, names.middle, 'occupation middle class');
    return {
      prefName: ctx.sources.regions.prefName(v.prefCode),
      prefCode: Number(v.prefCode),
      iscoCode: isco.code,
      iscoName: isco.name,
      ismcoCode: ismco.code,
      ismcoName: ismco.name,
      data: rows.map((r) => ({ year: r.month.replace('-', '/'), value: ratio(r.openings, r.applicants, 2) })),
    };
  },
  routeData: (ctx) => occupations.domains(ctx.sources),
});
