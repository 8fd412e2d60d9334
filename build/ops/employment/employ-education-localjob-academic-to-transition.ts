import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { graduateFlows, type FlowRow } from '../../facts/education.ts';
import { mustGet } from '../../runtime/maps.ts';
import { percent } from '../../runtime/rounding.ts';
import type { Constraint } from '../../runtime/routes.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, intParam, prefectureCd } from '../operation.ts';
import { nonEmpty, prefCodeText, year } from '../result.ts';

/** The courses each displayType counts (1 university, 2 junior college, 3 employment). */
const COURSES = new Map([
  ['0', [1, 2, 3]],
  ['10', [1, 2]],
  ['11', [1]],
  ['12', [2]],
  ['20', [3]],
]);
/** The sexes each gender counts. */
const SEXES = new Map([
  ['0', ['male', 'female']],
  ['1', ['male']],
  ['2', ['female']],
]);

/** The displayTypes of each classification: 0 both, 1 going on to study, 2 employment. */
const typeRule: Constraint = {
  param: 'displayType',
  by: [{ param: 'classification' }],
  cases: {
    '0': { values: ['0'], doc: 'for classification 0 (就職・進学の合計): 00' },
    '1': { values: ['10', '11', '12'], doc: 'for classification 1 (進学): 10, 11 or 12' },
    '2': { values: ['20'], doc: 'for classification 2 (就職): 20' },
  },
};

/**
 * A year's figure of `matter` from its sums: counts (displayMethod 0), or percents with 1 decimal
 * (displayMethod 1): staying and leaving of the prefecture's own graduates, coming in of those entering
 * it, net coming in of its own graduates.
 */
function figure(matter: string, rate: boolean, { local, out, in: inflow }: Sums): number | null {
  const [n, d] =
    matter === '0'
      ? [local, local + out]
      : matter === '1'
        ? [out, local + out]
        : matter === '2'
          ? [inflow, local + inflow]
          : [inflow - out, local + out];
  return rate ? percent(n, d, 1) : n;
}

type Sums = Pick<FlowRow, 'local' | 'out' | 'in'>;

// High-school graduates entering a university, a junior college or a job, by where: those staying in
// their prefecture (matter 0), leaving it (1), coming to it from others (2), and the net (3).
export default defineOperation({
  title: '就職者数・進学者数の推移',
  family: 'employment',
  titleEn: 'Graduates going on to study or work',
  view: {
    rows: [{ path: 'changes[].data[]' }],
    columns: columns({
      label: '都道府県 / prefecture',
      year: '年度 / fiscal year',
      value: '人数・率 / people or percent',
    }),
    chart: { kind: 'line', x: 'year', y: 'value', series: 'label', xType: 'year' },
  },
  description:
    "High-school graduates of a prefecture entering a university or junior college (進学) or a job (就職), by fiscal year: `matter` `0` those staying in the prefecture (地元), `1` those leaving it (流出), `2` those coming to it from other prefectures (流入), `3` the net coming in (流入 − 流出). `displayMethod=0` counts people; `displayMethod=1` gives percents with 1 decimal: of the prefecture's own graduates entering that course for `0`, `1` and `3`, of those entering it in the prefecture for `2`. `classification` `0` counts both, `1` study (`displayType` `10` both, `11` university, `12` junior college), `2` work (`displayType` `20`); `gender` `0` both, `1` men, `2` women.",
  examples: [
    { prefecture_cd: '13', displayMethod: '1', matter: '2', classification: '1', displayType: '11', gender: '0' },
    { prefecture_cd: '1', displayMethod: '0', matter: '1', classification: '0', displayType: '0', gender: '2' },
  ],
  result: z
    .strictObject({
      changes: z.array(
        z.strictObject({
          label: nonEmpty,
          prefCode: prefCodeText,
          data: z.array(z.strictObject({ year, value: z.number().nullable() })),
        }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/employEducation/localjobAcademic/toTransition',
    params: [
      prefectureCd(),
      intParam('displayMethod', [0, 1], '0 people, 1 percent (就職率・進学率).'),
      intParam(
        'matter',
        [0, 1, 2, 3],
        '0 staying (地元就職・進学), 1 leaving (流出), 2 coming in (流入), 3 net coming in (純流入).',
      ),
      intParam('classification', [0, 1, 2], '0 study and work, 1 study (進学), 2 work (就職).'),
      intParam(
        'displayType',
        [0, 10, 11, 12, 20],
        '00 study and work, 10 study, 11 university, 12 junior college, 20 work; must belong to classification.',
      ),
      intParam('gender', [0, 1, 2], '0 both, 1 men, 2 women.'),
    ],
    constraints: [typeRule],
  },
  needs: ['graduate_destinations'],
  prepare: (ctx) => graduateFlows(ctx.sources),
  render(flows, v, ctx) {
    const rows = flows.get(prefRegion(Number(v.prefecture_cd)));
    if (!rows) return null;
    const courses = mustGet(COURSES, v.displayType, 'displayType');
    const sexes = mustGet(SEXES, v.gender, 'gender');
    const years = new Map<number, Sums>();
    for (const r of rows) {
      if (!courses.includes(r.course) || !sexes.includes(r.sex)) continue;
      const sums = years.get(r.year) ?? { local: 0, out: 0, in: 0 };
      years.set(r.year, { local: sums.local + r.local, out: sums.out + r.out, in: sums.in + r.in });
    }
    return {
      changes: [
        {
          label: ctx.sources.regions.prefName(v.prefecture_cd),
          prefCode: v.prefecture_cd,
          data: [...years].map(([y, sums]) => ({ year: y, value: figure(v.matter, v.displayMethod === '1', sums) })),
        },
      ],
    };
  },
});
