import { z } from 'zod';
import { FINANCE_GROUPS, financeFacts, financeGroup, financeKey, nationOf } from '../../facts/finance.ts';
import { columns } from '../../runtime/view.ts';
import { cityCode, defineOperation, intParam, prefCode, regionHeader, regionOf } from '../operation.ts';
import { mustGet } from '../../runtime/maps.ts';
import { percent } from '../../runtime/rounding.ts';
import { echoed, nonEmpty, quotient, regionHeader as header, twoDigitCode, year } from '../result.ts';

// The composition of settled expenditure by purpose (目的別歳出決算額構成割合) of a prefecture government or a
// municipality in one fiscal year, or of the mean government of its group or of the nation: each item's
// share of the total, in percent. The original's item codes and groups are not known: the items are those
// of the settlement statistics, numbered in their order, and the group is the kind of government (docs/compatibility.md,
// Choices).

/** Fiscal years: 2011–2014 the 2018 documentation gives, 2015–2022 the years of the official municipal figures. */
const YEARS = Array.from({ length: 12 }, (_, i) => 2011 + i);
const MATTERS = ['1', '2', '3'];

export default defineOperation({
  title: '目的別歳出決算額構成割合',
  family: 'industry',
  titleEn: 'Settled expenditure by purpose, composition',
  view: {
    rows: [{ path: 'years[].data[]' }],
    columns: columns({
      year: '年度 / fiscal year',
      code: 'code',
      label: '目的 / purpose',
      value: '構成割合 (%) / share',
    }),
    chart: { kind: 'bar', x: 'label', y: 'value', horizontal: true },
  },
  description: `The composition of the expenditure a local government settled in a fiscal \`year\` (2011–2022), by purpose (目的別歳出: 議会費, 総務費, 民生費 … 諸支出金): each item's share of the total, in percent with 2 decimals. The government is the prefecture's when \`cityCode\` is \`-\`, else the municipality's (a designated city as a whole; its wards keep no accounts and answer null). \`matter\` \`1\` gives the government's own composition, \`2\` that of the mean government of its group (${Object.values(FINANCE_GROUPS).join(', ')}) and \`3\` that of the mean prefecture or municipality; a mean is taken per item, in thousand yen rounded half away from zero, before the shares. Only prefectures have 警察費. In the default build a municipality's 民生費 (03), 土木費 (08), 教育費 (11) and 災害復旧費 (12) and its total are the official ones of fiscal years 2015–2022 (SSDSE-A, 地方財政状況調査), so their shares are too; its other purposes and prefecture governments are synthetic.`,
  examples: [
    { year: '2014', prefCode: '13', cityCode: '-', matter: '1' },
    { year: '2011', prefCode: '1', cityCode: '01100', matter: '3' },
    { year: '2022', prefCode: '13', cityCode: '13103', matter: '1' },
  ],
  result: z
    .strictObject({
      ...header,
      matter: echoed(MATTERS),
      years: z.array(
        z.strictObject({
          year,
          data: z.array(z.strictObject({ code: twoDigitCode, label: nonEmpty, value: quotient })),
        }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/municipality/finance/forSettlementAmount',
    params: [
      intParam('year', YEARS, 'Fiscal year (April to March), 2011–2022.'),
      prefCode(),
      cityCode(),
      intParam('matter', [1, 2, 3], '1 the government itself, 2 the mean of its group, 3 the national mean.'),
    ],
  },
  needs: ['settlement_amounts', 'expenditure_items'],
  prepare: (ctx) => financeFacts(ctx.sources),
  render(facts, v, ctx) {
    const region = regionOf(v);
    const group = financeGroup(ctx.sources, region);
    const own = facts.amounts.get(financeKey(region, v.year));
    // A government without accounts that year (a ward, a village without data) has no figures to compare either.
    if (!group || !own) return null;
    // The government's amounts count in its group's mean and its level's, so those means are there.
    const amounts =
      v.matter === '1'
        ? own
        : mustGet(facts.averages, financeKey(v.matter === '2' ? group : nationOf(region), v.year), 'mean');
    const total = [...amounts.values()].reduce((a, n) => a + n, 0);
    const data = facts.items.flatMap((i) => {
      const amount = amounts.get(i.itemCode);
      return amount === undefined ? [] : [{ code: i.itemCode, label: i.itemName, value: percent(amount, total) }];
    });
    return {
      ...regionHeader(ctx, v.prefCode, v.cityCode),
      matter: v.matter,
      years: [{ year: Number(v.year), data }],
    };
  },
});
