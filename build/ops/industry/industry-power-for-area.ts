import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import type { BySelection } from '../../facts/selection.ts';
import { mustGet } from '../../runtime/maps.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, intParam, prefCode } from '../operation.ts';
import {
  broadCodeEcho,
  CENSUS_YEARS_TEXT,
  censusYearParam,
  economyState,
  middleCodeEcho,
  selectionDomains,
  sicCodeParam,
  simcCodeParam,
} from './industry-selection.ts';
import { cityCodeText, nonEmpty, prefCodeNumber, prefCodeText, text } from '../result.ts';
import { specialization, type Economy, type Measure } from './specialization.ts';

/** The coefficient of each dispType. */
const MEASURES = new Map<string, Measure>([
  ['1', 'value'],
  ['2', 'employee'],
  ['3', 'labor'],
]);

/** The nation's economy in a selection and year: the sum of every prefecture's. */
function nationSum(
  facts: BySelection<keyof Economy>,
  prefCodes: number[],
  sicCode: string,
  simcCode: string,
  year: number,
): Economy {
  const out = { valueAdded: 0, employees: 0 };
  for (const p of prefCodes) {
    const cell = facts.get(prefRegion(p), sicCode, simcCode)?.get(year);
    if (cell) ((out.valueAdded += cell.valueAdded), (out.employees += cell.employees));
  }
  return out;
}

// One industry's specialization coefficient (shared/specialization.ts, as forIndustry computes it, to 5
// decimals) in every prefecture, and with areaType 2 in every municipality of prefCode (designated
// cities whole, not their wards). A region where the industry has no employees is left out, as the
// original leaves prefectures out. The nation is the sum of all prefectures, and every prefecture is
// listed, whatever the build's scope.
export default defineOperation({
  title: '地域別特化係数',
  family: 'industry',
  titleEn: 'Specialization coefficients by region',
  view: {
    rows: [
      { path: 'prefectures[]', melt: { keys: { prefName: '都道府県 / prefectures' }, name: 'level', value: 'name' } },
      { path: 'cities[]', melt: { keys: { cityName: '市区町村 / municipalities' }, name: 'level', value: 'name' } },
    ],
    columns: columns({
      level: '区分 / level',
      prefCode: 'prefCode',
      cityCode: 'cityCode',
      name: '地域 / region',
      value: '特化係数 / coefficient',
    }),
    chart: { kind: 'bar', x: 'name', y: 'value', facet: 'level', horizontal: true, rule: 1 },
  },
  description:
    'The specialization coefficient of one industry in an economic census `year` (' +
    CENSUS_YEARS_TEXT +
    "), region by region: `dispType` 1 value added, 2 employees (the region's share of the industry over the nation's share), 3 labour productivity (the region's value added per employee over the nation's), 5 decimals. `prefectures` lists every prefecture; with `areaType=2`, `cities` lists the municipalities of `prefCode` (designated cities as one, without their wards; empty with `areaType=1`). A region where the industry has no employees is left out. The industry is all industries (`sicCode=-`), one broad class (`simcCode=-`) or one of its middle classes; codes and names of `-` are empty. `addIndustry` (a list of unknown syntax) is not supported: like any unknown parameter it is ignored.",
  examples: [
    { year: '2016', prefCode: '13', areaType: '2', dispType: '1', sicCode: 'E', simcCode: '20' },
    { year: '2012', prefCode: '1', areaType: '1', dispType: '3', sicCode: 'A', simcCode: '-' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeText,
      prefName: nonEmpty,
      sicCode: broadCodeEcho,
      sicName: text,
      simcCode: middleCodeEcho,
      simcName: text,
      prefectures: z.array(z.strictObject({ prefCode: prefCodeNumber, prefName: nonEmpty, value: z.number() })),
      cities: z.array(
        z.strictObject({
          prefCode: prefCodeNumber,
          prefName: nonEmpty,
          cityCode: cityCodeText,
          cityName: nonEmpty,
          value: z.number(),
        }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/industry/power/forArea',
    params: [
      censusYearParam(),
      prefCode(),
      intParam('areaType', [1, 2], 'Regions listed: 1 prefectures, 2 prefectures and the municipalities of prefCode.'),
      intParam('dispType', [1, 2, 3], 'Coefficient of: 1 value added, 2 employees, 3 labour productivity.'),
      sicCodeParam(),
      simcCodeParam(),
    ],
  },
  needs: ['industry_economy', 'industries_broad', 'industries_middle'],
  // Employees decide which regions are listed whatever the coefficient; dispType 2 reads nothing else.
  reads: {
    industry_economy: {
      param: 'dispType',
      cases: { '1': ['valueAdded', 'employees'], '2': ['employees'], '3': ['valueAdded', 'employees'] },
    },
  },
  share: 'year',
  prepare: economyState,
  render({ facts, names }, v, ctx) {
    const year = Number(v.year);
    const regions = ctx.sources.regions;
    const country = regions.prefectures.map((p) => p.prefCode);
    const nationAll = nationSum(facts, country, '-', '-', year);
    if (nationAll.employees === 0) return null;
    const nation = nationSum(facts, country, v.sicCode, v.simcCode, year);
    const measure = mustGet(MEASURES, v.dispType, 'dispType');
    const coefficient = (region: string) => {
      const industry = facts.get(region, v.sicCode, v.simcCode)?.get(year);
      const all = facts.get(region, '-', '-')?.get(year);
      if (!industry || !all || industry.employees === 0) return null;
      return specialization(measure, industry, all, nation, nationAll, 5);
    };
    const prefectures = regions.prefectures.flatMap((p) => {
      const value = coefficient(prefRegion(p.prefCode));
      return value === null ? [] : [{ prefCode: p.prefCode, prefName: p.prefName, value }];
    });
    const pref = { prefCode: Number(v.prefCode), prefName: regions.prefName(v.prefCode) };
    const cities =
      v.areaType === '2'
        ? regions.citiesOf(pref.prefCode).flatMap((c) => {
            const value = c.bigCityFlag === '1' ? null : coefficient(c.cityCode);
            return value === null ? [] : [{ ...pref, cityCode: c.cityCode, cityName: c.cityName, value }];
          })
        : [];
    return { prefCode: v.prefCode, prefName: pref.prefName, ...names(v.sicCode, v.simcCode), prefectures, cities };
  },
  routeData: (ctx) => selectionDomains(ctx.sources),
});
