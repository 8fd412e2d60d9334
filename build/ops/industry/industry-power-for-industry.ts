import { z } from 'zod';
import { industries } from '../../facts/classifications.ts';
import { specializationFacts, type SpecializationRow } from '../../facts/industry-power.ts';
import { mustGet } from '../../runtime/maps.ts';
import { columns } from '../../runtime/view.ts';
import { cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';
import { broadCodeEcho, CENSUS_YEARS_TEXT, censusYearParam, classEcho, sicCodeParam } from './industry-selection.ts';
import { nonEmpty, prefCodeNumber, quotient, text, twoDigitCode } from '../result.ts';
import { specialization } from './specialization.ts';

/** The three coefficients of a middle class in a region, 4 decimals. */
function coefficients(r: SpecializationRow, simcName: string) {
  const cells = [
    r,
    { valueAdded: r.vaRegion, employees: r.empRegion },
    { valueAdded: r.vaNation, employees: r.empNation },
    { valueAdded: r.vaNationAll, employees: r.empNationAll },
  ] as const;
  return {
    simcCode: r.simcCode,
    simcName,
    value: specialization('value', ...cells, 4),
    employee: specialization('employee', ...cells, 4),
    labor: specialization('labor', ...cells, 4),
  };
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
    columns: columns({
      simcCode: 'simcCode',
      simcName: '産業中分類 / industry',
      value: '特化係数（付加価値額） / specialization, value added',
      employee: '特化係数（従業者数） / specialization, employees',
      labor: '特化係数（労働生産性） / specialization, labour productivity',
    }),
    chart: {
      kind: 'bar',
      x: 'simcName',
      y: 'value',
      horizontal: true,
      yLabel: '特化係数（付加価値額） / specialization coefficient of value added',
      rule: 1,
    },
  },
  description:
    'Specialization coefficients of a prefecture or municipality in an economic census `year` (' +
    CENSUS_YEARS_TEXT +
    "), per industry middle class: `value` for value added, `employee` for employees (the region's share of the industry over the nation's) and `labor` for labour productivity (the region's over the nation's), 4 decimals. `sicCode` selects one broad class; `-` lists every class, and `sicCode`, `sicName` are then empty.",
  examples: [
    { year: '2016', prefCode: '13', cityCode: '-', sicCode: '-' },
    { year: '2016', prefCode: '13', cityCode: '13101', sicCode: 'E' },
  ],
  result: z
    .strictObject({
      prefName: nonEmpty,
      prefCode: prefCodeNumber,
      sicCode: broadCodeEcho,
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
    params: [censusYearParam(), prefCode(), cityCode(), sicCodeParam()],
  },
  needs: ['industry_economy', 'industries_broad', 'industries_middle'],
  share: 'year',
  prepare(ctx) {
    const middle = new Map(industries.middle(ctx.sources).map((m) => [m.simcCode, m]));
    const broad = new Map(industries.broad(ctx.sources).map((b) => [b.sicCode, b.sicName]));
    return { byRegion: specializationFacts(ctx.sources, ctx.prefs), middle, broad };
  },
  render({ byRegion, middle, broad }, v, ctx) {
    const rows = byRegion.get(regionOf(v))?.filter((r) => r.year === Number(v.year));
    if (!rows?.length) return null;
    const sic = classEcho(v.sicCode, broad, 'industry broad class');
    return {
      prefName: ctx.sources.regions.prefName(v.prefCode),
      prefCode: Number(v.prefCode),
      sicCode: sic.code,
      sicName: sic.name,
      data: rows.flatMap((r) => {
        const m = mustGet(middle, r.simcCode, 'industry middle class');
        return v.sicCode === '-' || m.sicCode === v.sicCode ? [coefficients(r, m.simcName)] : [];
      }),
    };
  },
  routeData: (ctx) => industries.domains(ctx.sources),
});
