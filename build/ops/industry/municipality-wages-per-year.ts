import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { wageSeries } from '../../facts/labor.ts';
import { ratio } from '../../runtime/rounding.ts';
import { defineOperation, intParam, prefCode } from '../operation.ts';
import {
  classesEcho,
  selectionDomains,
  selectionNames,
  selectionResult,
  sicCodeParam,
  simcCodeParam,
} from './industry-selection.ts';
import { quotient, year } from '../result.ts';
import { lineOverYears } from './kit.ts';

/** wagesAge 1 is every age; 2–13 are the age classes from under 20 to 70 and over, as their lower bounds. */
const AGE_FROM = [0, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70];
const WAGES_AGE = Array.from({ length: 13 }, (_, i) => i + 1);
/** Every code named, so the explorer's picker (which reads a value's name from this doc) names each class. */
const ageClass = (i: number) =>
  i === 0
    ? `under ${AGE_FROM[1]}`
    : i === AGE_FROM.length - 1
      ? `${AGE_FROM[i]} and over`
      : `${AGE_FROM[i]}–${AGE_FROM[i + 1]! - 1}`;
const WAGES_AGE_DOC = `Age: 1 all ages, ${AGE_FROM.map((_, i) => `${i + 2} ${ageClass(i)}`).join(', ')}.`;
const ageKey = (wagesAge: string) => (wagesAge === '1' ? 'all' : String(AGE_FROM[Number(wagesAge) - 2]));

// Pay per worker, not a mean of class means: a broad class, all industries and all ages divide the summed
// payroll by the summed workers.
export default defineOperation({
  title: '一人当たり賃金',
  family: 'industry',
  titleEn: 'Annual wage per worker',
  view: lineOverYears('一人当たり賃金 (万円) / 10k yen'),
  description:
    "Annual pay per worker in a prefecture, per year, in 10 thousand yen with 2 decimals: the workers' summed pay over their number, for all industries (`sicCode=-`), a broad class or one of its middle classes (`simcCode`), and for all ages (`wagesAge=1`) or one age class (`2` under 20, `3` 20–24, `4` 25–29, … `12` 65–69, `13` 70 and over). Only `1` for all ages is documented by clients of the original; the classes 2–13 are regstat's reading of its age classes. The codes and names of the selection are echoed, empty for `-`.",
  examples: [
    { prefCode: '13', sicCode: '-', simcCode: '-', wagesAge: '1' },
    { prefCode: '1', sicCode: 'E', simcCode: '09', wagesAge: '5' },
  ],
  result: selectionResult(z.array(z.strictObject({ year, value: quotient })), { city: false }),
  route: {
    path: '/api/v1/municipality/wages/perYear',
    params: [prefCode(), sicCodeParam(), simcCodeParam(), intParam('wagesAge', WAGES_AGE, WAGES_AGE_DOC)],
  },
  needs: ['wages', 'industries_broad', 'industries_middle'],
  share: 'prefecture',
  prepare(ctx) {
    return { series: wageSeries(ctx.sources), names: selectionNames(ctx.sources) };
  },
  render({ series, names }, v, ctx) {
    const rows = series.get(prefRegion(Number(v.prefCode)), v.sicCode, v.simcCode, ageKey(v.wagesAge));
    if (!rows) return null;
    return {
      prefCode: Number(v.prefCode),
      prefName: ctx.sources.regions.prefName(v.prefCode),
      ...classesEcho(names, v),
      data: rows.map((r) => ({ year: r.year, value: ratio(r.payroll, r.workers, 2) })),
    };
  },
  routeData: (ctx) => selectionDomains(ctx.sources),
});
