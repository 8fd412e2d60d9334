// The three establishment series (municipality/company, plant and employee perYear): one declaration
// each, made here from the column of `establishments` it reads. Each answers, for a prefecture or
// municipality and an industry selection, the sum of its column per year: every year of the table in
// which that column is given anywhere (companies are left empty for years without a company count), 0
// where the region has no row of the selection that year, and `null` for a region without any row.

import { z } from 'zod';
import { establishmentFacts, regionsWithEstablishments, type EstablishmentColumn } from '../../facts/establishments.ts';
import { defineOperation, regionOf, type BuildContext } from '../operation.ts';
import {
  selectionDomains,
  selectionEcho,
  selectionNames,
  selectionParams,
  selectionResult,
} from './industry-selection.ts';
import { count } from '../result.ts';
import { lineOverYears } from './kit.ts';

export function establishmentOperation(o: {
  column: EstablishmentColumn;
  path: string;
  title: string;
  titleEn: string;
  label: string;
  meaning: string;
}) {
  return defineOperation({
    title: o.title,
    family: 'industry',
    titleEn: o.titleEn,
    view: lineOverYears(o.label),
    description: `${o.meaning} of a prefecture (\`cityCode=-\`) or municipality per year, for all industries (\`sicCode=-\`), one broad class (\`simcCode=-\`) or one of its middle classes: the sum over its middle classes and, for a prefecture or designated city, over its municipalities or wards. \`data\` lists every year the sources give (the sample: ${o.column === 'companies' ? '2009, 2012 and 2014' : "2009, 2012, 2014, 2016 and 2021, the economic censuses RESAS served and the 2021 one; in 2014, 2016 and 2021 all industries and each broad class are SSDSE-A's official counts: 2014 every establishment, public ones too, 2016 and 2021 民営 only (no 公務 S; what no broad class counts is under T), their middle classes synthetic"}); an industry absent from the region that year has value 0, and a region without any facts answers \`null\`. Codes and names of \`-\` are empty, as are \`cityCode\` and \`cityName\` for a whole prefecture.`,
    examples: [
      { prefCode: '13', cityCode: '13101', sicCode: 'E', simcCode: '20' },
      { prefCode: '1', cityCode: '-', sicCode: '-', simcCode: '-' },
    ],
    result: selectionResult(z.array(z.strictObject({ year: z.int(), value: count }))),
    route: { path: o.path, params: selectionParams() },
    needs: ['establishments', 'industries_broad', 'industries_middle'],
    reads: { establishments: [o.column] },
    share: 'prefecture',
    prepare: (ctx: BuildContext) => ({
      ...establishmentFacts(ctx.sources, o.column, ctx.prefs),
      present: regionsWithEstablishments(ctx.sources, ctx.prefs),
      names: selectionNames(ctx.sources),
    }),
    render({ years, facts, present, names }, v, ctx) {
      const region = regionOf(v);
      if (!present.has(region)) return null;
      const cells = facts.get(region, v.sicCode, v.simcCode);
      return {
        ...selectionEcho(ctx.sources, names, v),
        data: years.map((year) => ({ year, value: cells?.get(year)?.[o.column] ?? 0 })),
      };
    },
    routeData: (ctx) => selectionDomains(ctx.sources),
  });
}
