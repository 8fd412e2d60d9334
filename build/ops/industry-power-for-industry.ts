import * as aq from 'arquero';
import { z } from 'zod';
import { industries } from '../facts/classifications.ts';
import { groupRows, rollupRegions, sharedKeys } from '../facts/rollup.ts';
import { cityCode, codeOrAll, defineOperation, intParam, prefCode, regionOf, regionValues } from './operation.ts';
import { letterCode, nonEmpty, prefCodeNumber, quotient, text, twoDigitCode } from './shared/result.ts';
import { specialization } from './shared/specialization.ts';

interface Row {
  region: string;
  year: number;
  simcCode: string;
  valueAdded: number;
  employees: number;
  /** The region's totals over all industries, the nation's in this industry and over all. */
  vaRegion: number;
  empRegion: number;
  vaNation: number;
  empNation: number;
  vaNationAll: number;
  empNationAll: number;
}

// Specialization coefficients, 4 decimals (shared/specialization.ts): value added and employees as the
// region's share of the industry divided by the nation's share; labour productivity (value added per
// employee) as the region's over the nation's. The nation is the sum of all prefectures, whatever the
// build's scope.
export default defineOperation({
  title: '産業別特化係数',
  family: 'industry',
  titleEn: 'Specialization coefficients by industry',
  view: {
    rows: [{ path: 'data[]' }],
    columns: [
      { key: 'simcCode', label: 'simcCode' },
      { key: 'simcName', label: '産業中分類 / industry' },
      { key: 'value', label: '付加価値額 / value added' },
      { key: 'employee', label: '従業者数 / employees' },
      { key: 'labor', label: '労働生産性 / labour productivity' },
    ],
    chart: { kind: 'bar', x: 'simcName', y: 'value', horizontal: true },
  },
  description:
    "Specialization coefficients of a prefecture or municipality in an economic census `year` (2012 or 2016), per industry middle class: `value` for value added, `employee` for employees (the region's share of the industry over the nation's) and `labor` for labour productivity (the region's over the nation's), 4 decimals. `sicCode` selects one broad class; `-` lists every class, and `sicCode`, `sicName` are then empty.",
  examples: [
    { year: '2016', prefCode: '13', cityCode: '-', sicCode: '-' },
    { year: '2016', prefCode: '13', cityCode: '13101', sicCode: 'E' },
  ],
  result: z
    .strictObject({
      prefName: nonEmpty,
      prefCode: prefCodeNumber,
      sicCode: z.union([letterCode, z.literal('')]),
      sicName: text,
      data: z.array(
        z.strictObject({
          simcCode: twoDigitCode,
          simcName: nonEmpty,
          value: quotient,
          employee: quotient,
          labor: quotient,
        }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/industry/power/forIndustry',
    params: [
      intParam('year', [2012, 2016], 'Economic census year: 2012 or 2016.'),
      prefCode(),
      cityCode(),
      codeOrAll('sicCode', 'industriesBroad', 'Industry broad class, or - for all (see /api/v1/industries/broad).'),
    ],
  },
  needs: ['industry_economy', 'industries_broad', 'industries_middle'],
  share: 'year',
  prepare(ctx) {
    const econ = rollupRegions(
      ctx.sources.tables.industry_economy!.table,
      ctx.sources.regions,
      ['year', 'simcCode'],
      ['valueAdded', 'employees'],
      'year',
    );
    const nation = econ
      .filter((d) => aq.op.length(d.region) === 2)
      .groupby('year', 'simcCode')
      .rollup({ vaNation: aq.op.sum('valueAdded'), empNation: aq.op.sum('employees') });
    const nationAll = nation
      .groupby('year')
      .rollup({ vaNationAll: aq.op.sum('vaNation'), empNationAll: aq.op.sum('empNation') });
    // The regions of the build's scope only (the nation is every prefecture's): a --prefs build, and a first answer on demand, do that much less.
    const scope = ctx.prefs.map((p) => String(p).padStart(2, '0'));
    const rows = (econ.params({ scope }) as typeof econ)
      .filter((d: any, $: any) => aq.op.includes($.scope, aq.op.substring(d.region, 0, 2)))
      .groupby('region', 'year')
      .derive({ vaRegion: aq.op.sum('valueAdded'), empRegion: aq.op.sum('employees') })
      .ungroup()
      .join(nation, sharedKeys('year', 'simcCode'))
      .join(nationAll, 'year')
      .orderby('region', 'year', 'simcCode');
    const middle = new Map(industries.middle(ctx.sources).map((m) => [m.simcCode, m]));
    const broad = new Map(industries.broad(ctx.sources).map((b) => [b.sicCode, b.sicName]));
    return { byRegion: groupRows<Row>(rows, 'region'), middle, broad, prefs: ctx.sources.regions };
  },
  enumerate: (ctx) =>
    ['2012', '2016'].flatMap((year) =>
      regionValues(ctx).flatMap((r) =>
        ['-', ...industries.broad(ctx.sources).map((b) => b.sicCode)].map((sicCode) => ({ year, ...r, sicCode })),
      ),
    ),
  render({ byRegion, middle, broad, prefs }, v) {
    const rows = byRegion.get(regionOf(v))?.filter((r) => r.year === Number(v.year));
    if (!rows?.length) return null;
    const all = v.sicCode === '-';
    return {
      prefName: prefs.prefecture(Number(v.prefCode))!.prefName,
      prefCode: Number(v.prefCode),
      sicCode: all ? '' : v.sicCode,
      sicName: all ? '' : broad.get(v.sicCode)!,
      data: rows
        .filter((r) => all || middle.get(r.simcCode)!.sicCode === v.sicCode)
        .map((r) => {
          const cells = [
            r,
            { valueAdded: r.vaRegion, employees: r.empRegion },
            { valueAdded: r.vaNation, employees: r.empNation },
            { valueAdded: r.vaNationAll, employees: r.empNationAll },
          ] as const;
          return {
            simcCode: r.simcCode,
            simcName: middle.get(r.simcCode)!.simcName,
            value: specialization('value', ...cells, 4),
            employee: specialization('employee', ...cells, 4),
            labor: specialization('labor', ...cells, 4),
          };
        }),
    };
  },
  routeData: (ctx) => industries.domains(ctx.sources),
});
