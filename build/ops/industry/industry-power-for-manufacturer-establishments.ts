import { z } from 'zod';
import { manufacturerSeries, type ManufacturerRow } from '../../facts/industry-power.ts';
import { prefRegion } from '../../../sources/regions.ts';
import { ratio } from '../../runtime/rounding.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, prefCode } from '../operation.ts';
import { manufacturingDomains, manufacturingParams, middleCodeEcho, selectionNames } from './industry-selection.ts';
import { nonEmpty, prefCodeNumber, quotient, text, tupleOf, year } from '../result.ts';

/** The groups in the order of the original's one known response, each with the statuses it adds up. */
const GROUPS = [
  { label: '退出', statuses: ['exiting'] },
  { label: '継続', statuses: ['continuing'] },
  { label: '全事業所', statuses: ['continuing', 'entering'] },
  { label: '参入', statuses: ['entering'] },
] as const;

/** A group's establishments, employees and value added by year: the sums over its statuses, in year order. */
function groupYears(statuses: readonly string[], ofStatus: (status: string) => ManufacturerRow[] | undefined) {
  const byYear = new Map<number, ManufacturerRow>();
  for (const s of statuses) {
    for (const r of ofStatus(s) ?? []) {
      const acc = byYear.get(r.year) ?? { year: r.year, establishments: 0, employees: 0, valueAdded: 0 };
      byYear.set(r.year, {
        year: r.year,
        establishments: acc.establishments + r.establishments,
        employees: acc.employees + r.employees,
        valueAdded: acc.valueAdded + r.valueAdded,
      });
    }
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}

// Averages of summed counts: a middle class or all manufacturing divides the summed value added by the
// summed establishments (or employees), never averaging averages. addArea is not served: averages cannot
// be added from other answers.
export default defineOperation({
  title: '製造業事業所単位分析_継続・参入・退出事業所別の推移',
  family: 'industry',
  titleEn: 'Manufacturing establishments: continuing, entering and exiting',
  view: {
    rows: [{ path: 'establishments[].data[]' }],
    columns: columns({
      label: '区分 / group',
      year: '年 / year',
      value: '平均付加価値額 (万円) / value added per establishment',
      labor: '平均労働生産性 (万円) / per employee',
      employee: '平均従業者数 / employees per establishment',
    }),
    chart: { kind: 'line', x: 'year', y: 'value', series: 'label', xType: 'year' },
  },
  description:
    'Manufacturing establishments of a prefecture by year, 1990–2010, in four groups (`label`): `退出` (gone the year after), `継続` (continuing from the year before), `全事業所` (all: continuing and entering) and `参入` (new this year), each year with `value` (value added per establishment, 10 thousand yen), `labor` (value added per employee) and `employee` (employees per establishment), 4 decimals. `sicCode` is `E` (manufacturing); `simcCode` one of its middle classes or `-` for all. The original also took `addArea`; regstat does not serve it (averages cannot be added from other answers) and ignores it.',
  examples: [
    { prefCode: '13', sicCode: 'E', simcCode: '-' },
    { prefCode: '1', sicCode: 'E', simcCode: '09' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeNumber,
      prefName: nonEmpty,
      sicCode: z.literal('E'),
      sicName: nonEmpty,
      simcCode: middleCodeEcho,
      simcName: text,
      establishments: tupleOf(
        GROUPS.map((g) =>
          z.strictObject({
            label: z.literal(g.label),
            data: z.array(z.strictObject({ year, value: quotient, labor: quotient, employee: quotient })),
          }),
        ),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/industry/power/forManufacturerEstablishments',
    params: [
      prefCode(),
      ...manufacturingParams('Industry broad class: E (manufacturing), the only one this analysis covers.'),
    ],
  },
  needs: ['manufacturer_establishments', 'industries_broad', 'industries_middle'],
  share: 'prefecture',
  prepare: (ctx) => ({ series: manufacturerSeries(ctx.sources), names: selectionNames(ctx.sources) }),
  render({ series, names }, v, ctx) {
    const ofStatus = (status: string) => series.get(prefRegion(Number(v.prefCode)), v.simcCode, status);
    if (!GROUPS.some((g) => g.statuses.some((s) => ofStatus(s)))) return null;
    return {
      prefCode: Number(v.prefCode),
      prefName: ctx.sources.regions.prefName(v.prefCode),
      ...names(v.sicCode, v.simcCode), // sicCode E, the only one its parameter takes
      establishments: GROUPS.map((g) => {
        // 全事業所 of 1990 has no entrants to add: its continuing establishments are all of them.
        const rows = groupYears(g.statuses, ofStatus);
        return {
          label: g.label,
          data: rows.map((r) => ({
            year: r.year,
            value: ratio(r.valueAdded, r.establishments, 4),
            labor: ratio(r.valueAdded, r.employees, 4),
            employee: ratio(r.employees, r.establishments, 4),
          })),
        };
      }),
    };
  },
  routeData: (ctx) => manufacturingDomains(ctx.sources),
});
