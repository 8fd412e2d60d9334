import { z } from 'zod';
import { ratio } from '../runtime/rounding.ts';
import { cityCode, defineOperation, intParam, prefCode, regionOf } from './operation.ts';
import {
  economyBySelection,
  regionEcho,
  regionSelectionValues,
  selectionDomains,
  selectionKey,
  selectionNames,
  sicCodeParam,
  simcCodeParam,
} from './shared/industry-selection.ts';
import { cityCodeText, nonEmpty, prefCodeNumber, quotient, text } from './shared/result.ts';

// Labour productivity: value added per employee in thousand yen, whole (the sources give million yen:
// ×1000 / employees, half away from zero). The original echoes names only, no codes.
export default defineOperation({
  title: '労働生産性（企業単位）',
  family: 'industry',
  titleEn: 'Labour productivity (by company)',
  view: {
    rows: [{ path: 'data[]' }],
    columns: [
      { key: 'year', label: '年 / year' },
      { key: 'value', label: '労働生産性 (千円/人) / value added per employee' },
      { key: 'concealmentFlg', label: '秘匿 / concealed' },
    ],
    chart: { kind: 'bar', x: 'year', y: 'value' },
  },
  description:
    'Labour productivity (労働生産性, 企業単位): value added per employee in thousand yen (千円/人, whole) of a prefecture (`cityCode=-`) or municipality in an economic census `year` (2012 or 2016), for all industries (`sicCode=-`), one broad class (`simcCode=-`) or one of its middle classes, from the summed value added and employees. `data` holds the requested year, with `concealmentFlg` 0 (the sources conceal nothing). `value` is `null` where the industry has no employees in the region; a region without any facts that year answers `null`. As in the original, only the names of the selection are echoed (empty for `-`), and `cityCode`, `cityName` are empty for a whole prefecture.',
  examples: [
    { year: '2016', prefCode: '13', cityCode: '13105', sicCode: 'I', simcCode: '51' },
    { year: '2012', prefCode: '1', cityCode: '-', sicCode: '-', simcCode: '-' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeNumber,
      prefName: nonEmpty,
      cityCode: z.union([cityCodeText, z.literal('')]),
      cityName: text,
      sicName: text,
      simcName: text,
      data: z.array(
        z.strictObject({ year: z.int(), value: quotient, concealmentFlg: z.union([z.literal(0), z.literal(1)]) }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/municipality/labor/perYear',
    params: [
      intParam('year', [2012, 2016], 'Economic census year: 2012 or 2016.'),
      prefCode(),
      cityCode(),
      sicCodeParam(),
      simcCodeParam(),
    ],
  },
  needs: ['industry_economy', 'industries_broad', 'industries_middle'],
  share: 'prefecture',
  prepare: (ctx) => ({
    facts: economyBySelection(ctx.sources, ctx.prefs),
    names: selectionNames(ctx.sources),
    sources: ctx.sources,
  }),
  enumerate: (ctx) => ['2012', '2016'].flatMap((year) => regionSelectionValues(ctx).map((v) => ({ year, ...v }))),
  render({ facts, names, sources }, v) {
    const region = regionOf(v);
    const year = Number(v.year);
    if (!facts.get(selectionKey(region, '-', '-'))?.has(year)) return null;
    const cell = facts.get(selectionKey(region, v.sicCode, v.simcCode))?.get(year);
    const n = names(v.sicCode, v.simcCode);
    return {
      ...regionEcho(sources, v.prefCode, v.cityCode),
      sicName: n.sicName,
      simcName: n.simcName,
      data: [{ year, value: cell ? ratio(cell.valueAdded * 1000, cell.employees, 0) : null, concealmentFlg: 0 }],
    };
  },
  routeData: (ctx) => selectionDomains(ctx.sources),
});
