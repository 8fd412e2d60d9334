import { z } from 'zod';
import { countKey, medicalFacts, type MedicalCategory } from '../../facts/medical.ts';
import { percent } from '../../runtime/rounding.ts';
import type { Constraint } from '../../runtime/routes.ts';
import { columns } from '../../runtime/view.ts';
import { cityCode, defineOperation, prefCode, regionHeader, type BuildContext } from '../operation.ts';
import { COMPOSED, mattersWith, yearsOf } from '../../../sources/medical-codes.ts';
import { areaDomain, dataYearParam, matter1Param, matter2Of, matter2Param, medicalYearRule } from './kit.ts';
import { nonEmpty, year } from '../result.ts';

// Composition ratios of medical supply and demand: for one region and year, the share of each broad
// category of a matter2's classification (changes) and, per broad category, the shares of its middle
// classes (theme). Everything about which parameters apply and which years exist follows from rate's
// data-year table in sources/medical-codes.ts, its documentation's: narrower than the chart's, which serves
// the years a client asked the original's chart for (201 and 202 by municipality, say; rate's cityCode is
// for 204 and 205 only). The matter2 without classes (203, 206, 208) have no composition: the rate does not
// take them (COMPOSED).

const dataKbnRule: Constraint = {
  param: 'dataKbn',
  by: [
    { param: 'cityCode', given: true },
    { param: 'secondaryMedicalCode', given: true },
  ],
  cases: {
    '-|-': {
      values: ['1', '3'],
      doc: 'for a whole prefecture (2, the prefecture average, needs a municipality or a secondary medical area)',
    },
    '*|-': { values: ['1', '2', '3'], doc: 'for a municipality' },
    '-|*': { values: ['1', '2', '3'], doc: 'for a secondary medical area' },
  },
};

const classCode = z.string().regex(/^[0-9A-Za-z]{1,8}$/);
/** A legend and a chart of shares (percent, 2 decimals) of the codes given. */
const shares = (code: z.ZodType) => ({
  legend: z.array(z.strictObject({ label: nonEmpty, code })),
  pref: z.strictObject({
    label: nonEmpty,
    data: z.array(z.strictObject({ name: nonEmpty, code, value: z.number().min(0).max(100) })),
  }),
});

export default defineOperation({
  title: '医療需給 構成割合',
  family: 'medical',
  titleEn: 'Medical demand and supply shares',
  view: {
    rows: [{ path: 'changes.*scope.data[]' }],
    columns: columns({ label: '地域 / region', code: 'code', name: '区分 / class', value: '構成割合 (%) / share' }),
    chart: { kind: 'bar', x: 'label', y: 'value', fill: 'name', horizontal: true },
  },
  description:
    "The composition of medical demand or supply (`matter2`, such as `102` inpatients by disease or `204` beds by type) in a region and `year`, in percent: `changes` gives each broad category's share of the total, `theme` each middle class's share of its broad category. The region is a prefecture, a municipality (`cityCode`, `204` and `205` only) or a secondary medical area (`secondaryMedicalCode`); `dataKbn` `2` charts its prefecture's average instead and `3` the nation's. Which years exist depends on `matter2` and the kind of region.",
  examples: [
    { prefCode: '13', matter2: '102', secondaryMedicalCode: '-', dataKbn: '1', year: '2020' },
    { prefCode: '13', matter2: '204', cityCode: '13101', dataKbn: '2', year: '2020' },
    { prefCode: '13', matter2: '205', cityCode: '-', secondaryMedicalCode: '1302', dataKbn: '3', year: '2016' },
  ],
  result: z
    .strictObject({
      year,
      changes: z.strictObject(shares(classCode)),
      // A broad category without middle classes is one item, code -.
      theme: z.array(
        z.strictObject({
          broad_category_name: nonEmpty,
          broad_category_cd: classCode,
          ...shares(z.union([classCode, z.literal('-')])),
        }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/medicalWelfare/medicalAnalysis/rate',
    params: [
      prefCode(),
      matter2Param(COMPOSED),
      {
        ...cityCode(),
        activeWhen: { param: 'matter2', values: mattersWith('municipality', COMPOSED) },
        doc: 'Municipality code, or - for the whole prefecture; takes effect for matter2 204 and 205 only.',
      },
      {
        name: 'secondaryMedicalCode',
        type: 'code',
        domain: 'secondaryMedicalAreas',
        parent: 'prefCode',
        all: true,
        default: '-',
        required: false,
        // A municipality is the finer region: when it is given, the area is not read.
        activeWhen: [
          { param: 'matter2', values: mattersWith('area', COMPOSED) },
          { param: 'cityCode', values: ['-', ''] },
        ],
        doc: 'Secondary medical area code (see /api/v1/medicalWelfare/medicalAnalysis/list), or -; takes effect for matter2 102, 201, 202, 204 and 205 when no municipality is given.',
      },
      {
        name: 'dataKbn',
        type: 'int',
        required: false,
        values: [1, 2, 3],
        default: 1,
        doc: '1 the region itself, 2 its prefecture average (not for a whole prefecture), 3 the national average.',
      },
      dataYearParam(yearsOf(COMPOSED), 'matter2'),
      matter1Param(),
    ],
    constraints: [medicalYearRule(['cityCode', 'secondaryMedicalCode'], COMPOSED), dataKbnRule],
  },
  needs: ['medical_classes', 'medical_counts', 'medical_areas'],
  // Shares of the classes: the split of the counts by classCode, synthetic even where their total is official.
  reads: { medical_counts: ['classCode', 'count'] },
  share: 'year',
  prepare: (ctx) => medicalFacts(ctx.sources),
  render(facts, v, ctx) {
    const m = matter2Of(v.matter2);
    const { key, label } = regionOf(ctx, facts.areas, v);
    const counts = facts.counts.get(countKey(m.code, v.year, key));
    if (!counts) return null;
    return { year: Number(v.year), ...composition(facts.classes[m.scheme], counts, label) };
  },
  // Its secondaryMedicalCode domain, as the list declares it: a build without the list still checks the areas it enumerates.
  routeData: (ctx) => ({ domains: { secondaryMedicalAreas: areaDomain(ctx) } }),
});

/** The region a file charts: the region itself, its prefecture or the nation (dataKbn), with its label. */
function regionOf(
  ctx: BuildContext,
  areas: ReturnType<typeof medicalFacts>['areas'],
  v: {
    prefCode: string;
    cityCode?: string | undefined;
    dataKbn?: string | undefined;
    secondaryMedicalCode?: string | undefined;
  },
) {
  const head = regionHeader(ctx, v.prefCode, v.cityCode ?? '-');
  if (v.dataKbn === '3') return { key: '00', label: '全国平均' };
  if (v.dataKbn === '2') return { key: v.prefCode.padStart(2, '0'), label: `${head.prefName}平均` };
  if (head.cityCode) return { key: head.cityCode, label: head.cityName };
  const area = v.secondaryMedicalCode && v.secondaryMedicalCode !== '-' ? areas.get(v.secondaryMedicalCode) : undefined;
  if (area) return { key: area.areaCode, label: area.areaName };
  return { key: v.prefCode.padStart(2, '0'), label: head.prefName };
}

/**
 * `changes`: each broad category's share of the total; `theme`: per broad category, each middle class's
 * share of the category (one item, code `-`, for a category without middle classes). Shares are percent
 * with 2 decimals, rounded half away from zero from the counts; a chart whose counts are all zero shows 0.
 */
function composition(categories: MedicalCategory[], counts: Map<string, number>, label: string) {
  const itemsOf = (c: MedicalCategory) => (c.items.length ? c.items : [{ code: c.code, name: c.name }]);
  const n = (code: string) => counts.get(code) ?? 0;
  const catTotal = (c: MedicalCategory) => itemsOf(c).reduce((a, i) => a + n(i.code), 0);
  const total = categories.reduce((a, c) => a + catTotal(c), 0);
  const share = (x: number, of: number) => percent(x, of) ?? 0;
  return {
    changes: {
      legend: categories.map((c) => ({ label: c.name, code: c.code })),
      pref: { label, data: categories.map((c) => ({ name: c.name, code: c.code, value: share(catTotal(c), total) })) },
    },
    theme: categories.map((c) => {
      const items = c.items.length ? c.items : [{ code: '-', name: c.name }];
      const of = catTotal(c);
      return {
        broad_category_name: c.name,
        broad_category_cd: c.code,
        legend: items.map((i) => ({ label: i.name, code: i.code })),
        pref: {
          label,
          data: items.map((i) => ({ name: i.name, code: i.code, value: share(i.code === '-' ? of : n(i.code), of) })),
        },
      };
    }),
  };
}
