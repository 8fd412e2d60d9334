import { z } from 'zod';
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
import { cityCodeText, letterCode, nonEmpty, prefCodeNumber, text, twoDigitCode } from './shared/result.ts';

// Value added of the companies of a region in one industry selection, in 万円 (the sources give million
// yen: ×100). The sources have no concealed cells, so concealmentFlg is always 0.
export default defineOperation({
  title: '付加価値額（企業単位）',
  family: 'industry',
  titleEn: 'Value added (by company)',
  view: {
    rows: [{ path: 'data[]' }],
    columns: [
      { key: 'year', label: '年 / year' },
      { key: 'value', label: '付加価値額 (万円) / value added' },
      { key: 'concealmentFlg', label: '秘匿 / concealed' },
    ],
    chart: { kind: 'bar', x: 'year', y: 'value' },
  },
  description:
    'Value added (付加価値額, 企業単位) in 万円 (10,000 yen) of a prefecture (`cityCode=-`) or municipality in an economic census `year` (2012 or 2016), for all industries (`sicCode=-`), one broad class (`simcCode=-`) or one of its middle classes: `data` holds the requested year, with `concealmentFlg` 0 (the sources conceal nothing). An industry absent from the region has value 0; a region without any facts that year answers `null`. Codes and names of `-` are empty, as are `cityCode` and `cityName` for a whole prefecture.',
  examples: [
    { year: '2016', prefCode: '13', cityCode: '13101', sicCode: 'I', simcCode: '51' },
    { year: '2012', prefCode: '1', cityCode: '-', sicCode: 'E', simcCode: '-' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeNumber,
      prefName: nonEmpty,
      cityCode: z.union([cityCodeText, z.literal('')]),
      cityName: text,
      sicName: text,
      sicCode: z.union([letterCode, z.literal('')]),
      simcName: text,
      simcCode: z.union([twoDigitCode, z.literal('')]),
      data: z.array(
        z.strictObject({ year: z.int(), value: z.int(), concealmentFlg: z.union([z.literal(0), z.literal(1)]) }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/municipality/value/perYear',
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
      sicCode: n.sicCode,
      simcName: n.simcName,
      simcCode: n.simcCode,
      data: [{ year, value: (cell?.valueAdded ?? 0) * 100, concealmentFlg: 0 }],
    };
  },
  routeData: (ctx) => selectionDomains(ctx.sources),
});
