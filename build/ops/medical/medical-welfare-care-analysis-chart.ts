import { careFacts, careKey, type CareFacts } from '../../facts/care.ts';
import { censusAt } from '../../facts/population.ts';
import { ratio } from '../../runtime/rounding.ts';
import type { Constraint } from '../../runtime/routes.ts';
import { defineOperation, prefCode, type BuildContext } from '../operation.ts';
import { dataYearParam } from './kit.ts';
import { mustGet } from '../../runtime/maps.ts';
import {
  REGION_CHART_VIEW,
  countryPrefectures,
  municipalitiesOf,
  presenceCity,
  regionChart,
  regionChartResult,
  selectionKey,
  selectionRules,
  type ClassSelection,
} from './chart.ts';
import {
  CARE_LEVELS,
  CARE_MATTERS,
  CARE_SERVICES,
  CARE_YEARS,
  careLeaves,
  type CareMatter,
  type CareUnit,
} from '../../../sources/care-codes.ts';

// Regional comparison of long-term care supply and demand (介護需給 地域別比較): one matter_2 and class
// for every prefecture, every municipality of a prefecture, or every insurer of a prefecture, as counts or
// per 100,000 residents aged 65 and over. As in medicalAnalysis/chart, the original answered every
// municipality or insurer code alike, so cityCode and insuranceCode are presence parameters.

const UNITS: CareUnit[] = ['prefecture', 'municipality', 'insurer'];
const UNIT_KEYS: Record<CareUnit, string> = { prefecture: '-|-', municipality: '-|*', insurer: '*|-' };
const UNIT_NAMES: Record<CareUnit, string> = {
  prefecture: 'the prefectures',
  municipality: 'the municipalities (cityCode)',
  insurer: 'the insurers (insuranceCode)',
};

/** The class selections of a matter_2, in the original's codes (broad 0 all, middle x00 all of broad x). */
function careSelections(m: CareMatter): ClassSelection[] {
  const all = careLeaves(m.scheme);
  if (m.scheme === 'none') return [{ broad: '-', middle: '-', leaves: all }];
  if (m.scheme === 'levels')
    return [{ broad: '0', middle: '-', leaves: all }, ...all.map((l) => ({ broad: l, middle: '-', leaves: [l] }))];
  if (m.scheme === 'kinds')
    return [
      { broad: '0', middle: '000', leaves: all },
      ...all.map((k) => ({ broad: k, middle: `${k}00`, leaves: [k] })),
    ];
  return [
    { broad: '0', middle: '000', leaves: all },
    ...CARE_SERVICES.flatMap(([k, , services]) => [
      { broad: k, middle: `${k}00`, leaves: services.map(([code]) => code) },
      ...services.map(([code]) => ({ broad: k, middle: code, leaves: [code] })),
    ]),
  ];
}

const yearRule: Constraint = {
  param: 'year',
  by: [{ param: 'matter_2' }, { param: 'insuranceCode', given: true }, { param: 'cityCode', given: true }],
  cases: Object.fromEntries(
    CARE_MATTERS.flatMap((m) =>
      UNITS.map((unit) => [
        `${m.code}|${UNIT_KEYS[unit]}`,
        { values: (m.years[unit] ?? []).map(String), doc: `for matter_2 ${m.code} and ${UNIT_NAMES[unit]}` },
      ]),
    ),
  ),
};

/** Every matter_2 by its code, and every selection of its classes by selectionKey. */
const MATTERS = new Map(CARE_MATTERS.map((m) => [m.code, m]));
const SELECTIONS = new Map(
  CARE_MATTERS.flatMap((m) =>
    careSelections(m).map((s): [string, ClassSelection] => [selectionKey(m.code, s.broad, s.middle), s]),
  ),
);

const classRules = selectionRules(
  CARE_MATTERS,
  careSelections,
  { matter: 'matter_2', broad: 'broad_category_cd', middle: 'middle_category_cd' },
  { broad: (m) => `for matter_2 ${m.code}`, middle: (m, b) => `for matter_2 ${m.code} and broad_category_cd ${b}` },
);

const BROAD = ['-', '0', ...CARE_LEVELS.map((_, i) => String(i + 1))];
const MIDDLE = ['000', ...CARE_SERVICES.flatMap(([k, , s]) => [`${k}00`, ...s.map(([code]) => code)])];

export default defineOperation({
  title: '介護需給 地域別比較',
  family: 'medical',
  titleEn: 'Long-term care demand and supply by region',
  view: REGION_CHART_VIEW,
  description:
    "One figure of long-term care (`matter_2`: `101` users, `102` certified persons, `201` facilities, `202` places, `203` care workers, `204` nurses, `301` the monthly premium, `302` care costs in thousand yen) for a class (`broad_category_cd`, `middle_category_cd`) in `year`, for every region of one kind: every prefecture; with any `cityCode`, every municipality of `prefCode`; with any `insuranceCode`, every insurer of `prefCode` (an insurer code given wins). Each code is read only for being given (canonically `any`), as the original answered them alike. `disp_type` `2` gives the figure per 100,000 residents aged 65 and over (1 decimal) of the census at or before `year` (none for the premium); `sort_type` `1` orders by value, largest first, `2` by code. A prefecture's premium is its insurers' average weighted by their first-insured persons.",
  examples: [
    {
      prefCode: '13',
      matter_2: '102',
      broad_category_cd: '0',
      middle_category_cd: '-',
      insuranceCode: '-',
      cityCode: '-',
      year: '2020',
      disp_type: '1',
      sort_type: '2',
    },
    {
      prefCode: '13',
      matter_2: '202',
      broad_category_cd: '3',
      middle_category_cd: '301',
      insuranceCode: '-',
      cityCode: 'any',
      year: '2021',
      disp_type: '2',
      sort_type: '1',
    },
    {
      prefCode: '1',
      matter_2: '301',
      broad_category_cd: '-',
      middle_category_cd: '-',
      insuranceCode: 'any',
      year: '2021',
      disp_type: '1',
      sort_type: '2',
    },
  ],
  result: regionChartResult('insurance_cd'),
  route: {
    path: '/api/v1/medicalWelfare/careAnalysis/chart',
    params: [
      prefCode(),
      {
        name: 'matter_2',
        type: 'int',
        required: true,
        values: CARE_MATTERS.map((m) => Number(m.code)),
        doc: CARE_MATTERS.map((m) => `${m.code} ${m.name}`).join('; ') + '.',
      },
      {
        name: 'broad_category_cd',
        type: 'code',
        domain: 'careBroadClasses',
        all: true,
        required: false,
        default: '-',
        doc: '0 all classes; 1 在宅, 2 居住系, 3 施設 (101, 201, 202, 302); the care level 1–8 (102); - for 203, 204 and 301.',
      },
      {
        name: 'middle_category_cd',
        type: 'code',
        domain: 'careMiddleClasses',
        all: true,
        required: false,
        default: '-',
        doc: '000 all; 100, 200, 300 all of a kind (101, 201, 202, 302); a service 101–304 (201, 202); - for 102, 203, 204 and 301.',
      },
      {
        name: 'insuranceCode',
        type: 'presence',
        syntax: '[0-9]{5,6}',
        what: 'an insurer code such as 13101',
        required: false,
        default: '-',
        doc: 'Any insurer code: the chart then lists every insurer of prefCode (102, 301, 302). - for none.',
      },
      presenceCity(
        'insuranceCode',
        'Any municipality code: the chart then lists every municipality of prefCode (201, 202). - for none; an insurer code given wins.',
      ),
      dataYearParam(CARE_YEARS, 'matter_2'),
      {
        name: 'disp_type',
        type: 'int',
        required: false,
        values: [1, 2],
        default: 1,
        doc: '1 as is, 2 per 100,000 residents aged 65 and over.',
      },
      {
        name: 'sort_type',
        type: 'int',
        required: false,
        values: [1, 2],
        default: 2,
        doc: '1 by value, largest first; 2 by code.',
      },
      {
        name: 'matter_1',
        type: 'int',
        required: false,
        values: [1, 2, 3],
        ignored: true,
        doc: '1 demand, 2 supply, 3 premiums and costs: implied by matter_2.',
      },
    ],
    constraints: [yearRule, ...classRules],
  },
  needs: ['care_insurers', 'care_counts', 'care_premiums'],
  prepare: (ctx) => careFacts(ctx.sources),
  render(facts, v, ctx) {
    const m = mustGet(MATTERS, v.matter_2, 'matter_2');
    const s = mustGet(SELECTIONS, selectionKey(m.code, v.broad_category_cd, v.middle_category_cd), 'class selection');
    const unit: CareUnit = v.insuranceCode !== '-' ? 'insurer' : v.cityCode !== '-' ? 'municipality' : 'prefecture';
    return regionChart(
      {
        sort: v.sort_type,
        dispType: v.disp_type,
        matter1: String(m.matter1),
        matter2: m.code,
        broadCategoryCode: v.broad_category_cd,
        middleCategoryCode: v.middle_category_cd,
        year: v.year,
        prefecture_cd: v.prefCode,
        // The documentation: 対象の市区町村コード(使用しないため「-」).
        municipality_cd: '-',
      },
      ['insurance_cd', v.insuranceCode],
      v.prefCode,
      regionsOf(ctx, facts, unit, v.prefCode),
      (r) => figure(ctx, facts, m, s, unit, r, v),
    );
  },
  routeData: () => ({ domains: { careBroadClasses: BROAD.slice(1), careMiddleClasses: MIDDLE } }),
});

interface Region {
  code: string;
  name: string;
  key: string;
  /** The municipalities whose elderly count: the region itself, or an insurer's members. */
  cities?: string[];
}

/** The regions a unit lists, in code order: the country's prefectures, or prefCode's municipalities or insurers. */
function regionsOf(ctx: BuildContext, facts: CareFacts, unit: CareUnit, pref: string): Region[] {
  if (unit === 'insurer')
    return [...facts.insurers.values()]
      .filter((i) => i.prefCode === Number(pref))
      .map((i) => ({ code: i.insurerCode, name: i.insurerName, key: i.insurerCode, cities: i.cities }));
  if (unit === 'municipality') return municipalitiesOf(ctx, pref);
  return countryPrefectures(ctx);
}

/** A region's figure: the classes' counts summed (or the premium), per 100,000 elderly with disp_type 2. */
function figure(
  ctx: BuildContext,
  facts: CareFacts,
  m: CareMatter,
  s: ClassSelection,
  unit: CareUnit,
  r: Region,
  v: { year: string; disp_type: string },
): number | null {
  if (m.premium) return v.disp_type === '1' ? premium(facts, unit, r, v.year) : null;
  const counts = (unit === 'insurer' ? facts.insurerCounts : facts.counts).get(careKey(m.code, v.year, r.key));
  if (!counts) return null;
  const n = s.leaves.reduce((a, c) => a + (counts.get(c) ?? 0), 0);
  if (v.disp_type === '1') return n;
  const cities = r.cities ?? [r.key];
  const elderly = cities.flatMap((c) => censusAt(ctx.sources, c, Number(v.year))?.old ?? []);
  if (elderly.length < cities.length) return null;
  const people = elderly.reduce((a, b) => a + b, 0);
  return people ? ratio(n * 100_000, people, 1) : null;
}

/** An insurer's premium, or a prefecture's average over its insurers weighted by their insured (whole yen). */
function premium(facts: CareFacts, unit: CareUnit, r: Region, year: string): number | null {
  if (unit === 'insurer') return facts.premiums.get(`${year}|${r.key}`)?.premium ?? null;
  if (unit !== 'prefecture') return null;
  let sum = 0;
  let insured = 0;
  for (const i of facts.insurers.values()) {
    const p = i.prefCode === Number(r.key) ? facts.premiums.get(`${year}|${i.insurerCode}`) : undefined;
    if (!p) continue;
    sum += p.premium * p.insured;
    insured += p.insured;
  }
  return insured ? ratio(sum, insured, 0) : null;
}
