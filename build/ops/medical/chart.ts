// What the two regional comparison charts (medicalAnalysis/chart, careAnalysis/chart) share (their view,
// result, answer and class rules), and what medicalAnalysis/chart selects: for each matter2, the class
// selections its broadCategoryCode and
// middleCategoryCode name (each a set of the scheme's leaf classes, whose counts are summed), and the region
// unit its secondaryMedicalCode and cityCode select. The codes follow the original's: broad 00 is every class
// (for a matter2 without classes, - is too); for the disease scheme a middle code ending in 0 (000, 010) is
// every class of its broad category, for the other schemes - is.

import { z } from 'zod';
import type { MedicalCategory } from '../../facts/medical.ts';
import type { Matter2, MedicalUnit } from '../../../sources/medical-codes.ts';
import type { Condition, Constraint, PresenceParam } from '../../runtime/routes.ts';
import { columns, type View } from '../../runtime/view.ts';
import type { BuildContext } from '../operation.ts';

export interface ClassSelection {
  broad: string;
  middle: string;
  /** The leaf class codes whose counts the selection sums. */
  leaves: string[];
}

const leavesOf = (c: MedicalCategory) => (c.items.length ? c.items.map((i) => i.code) : [c.code]);

/** Every selection of a scheme's classes, in the order of the classes. */
export function classSelections(m: Matter2, categories: MedicalCategory[]): ClassSelection[] {
  const whole = (broad: string) => (m.scheme === 'disease' ? `${broad}0` : '-');
  const all = categories.flatMap(leavesOf);
  // A category coded 00 is the count of a scheme without classes (total): the all-classes selection itself,
  // which a client of the original asked for as broad code - (K-Oxon/get_resas), and regstat first as 00.
  return [
    { broad: '00', middle: whole('00'), leaves: all },
    ...(m.scheme === 'total' ? [{ broad: '-', middle: '-', leaves: all }] : []),
    ...categories
      .filter((c) => c.code !== '00')
      .flatMap((c) => [
        { broad: c.code, middle: whole(c.code), leaves: leavesOf(c) },
        ...c.items.map((i) => ({ broad: c.code, middle: i.code, leaves: [i.code] })),
      ]),
  ];
}

/**
 * The region unit a request charts, with the code it names it by (none for the prefectures): an area code
 * given wins over a municipality code, as in the original.
 */
export function unitOf(v: { secondaryMedicalCode?: string | undefined; cityCode?: string | undefined }): {
  unit: MedicalUnit;
  code?: string;
} {
  if (v.secondaryMedicalCode !== undefined && v.secondaryMedicalCode !== '-')
    return { unit: 'area', code: v.secondaryMedicalCode };
  if (v.cityCode !== undefined && v.cityCode !== '-') return { unit: 'municipality', code: v.cityCode };
  return { unit: 'prefecture' };
}

/** The key of a matter's class selection among all matters' (state.selections, the care chart's SELECTIONS). */
export const selectionKey = (matter: string, broad: string, middle: string) => `${matter}|${broad}|${middle}`;

/**
 * The rules of both charts' class parameters: the broad codes each matter offers, and the middle codes each
 * of its broad codes offers, with the docs the charts give them.
 */
export function selectionRules<M extends { code: string }>(
  matters: readonly M[],
  selectionsOf: (m: M) => Pick<ClassSelection, 'broad' | 'middle'>[],
  names: { matter: string; broad: string; middle: string },
  docs: { broad: (m: M) => string; middle: (m: M, broad: string) => string },
): Constraint[] {
  const broad: Constraint = { param: names.broad, by: [{ param: names.matter }], cases: {} };
  const middle: Constraint = { param: names.middle, by: [{ param: names.matter }, { param: names.broad }], cases: {} };
  for (const m of matters) {
    const selections = selectionsOf(m);
    const broads = [...new Set(selections.map((s) => s.broad))];
    broad.cases[m.code] = { values: broads, doc: docs.broad(m) };
    for (const b of broads)
      middle.cases[`${m.code}|${b}`] = {
        values: selections.filter((s) => s.broad === b).map((s) => s.middle),
        doc: docs.middle(m, b),
      };
  }
  return [broad, middle];
}

/** The presence parameter cityCode, taking effect while the finer unit's code (`over`) is not given. */
export const presenceCity = (
  over: string,
  doc: string,
): PresenceParam & { name: 'cityCode'; default: '-'; activeWhen: Condition } => ({
  name: 'cityCode',
  type: 'presence',
  syntax: '[0-9]{5}',
  what: 'a 5-digit municipality code such as 13101',
  required: false,
  default: '-',
  activeWhen: { param: over, values: ['-'] },
  doc,
});

/** The country's prefectures, whatever the build's scope, as the original listed them: code, name, key into facts. */
export const countryPrefectures = (ctx: BuildContext) =>
  ctx.sources.regions.prefectures.map((p) => ({
    code: String(p.prefCode),
    name: p.prefName,
    key: String(p.prefCode).padStart(2, '0'),
  }));

/** A prefecture's municipalities, in code order: code, name, key into facts. */
export const municipalitiesOf = (ctx: BuildContext, pref: string) =>
  ctx.sources.regions.citiesOf(Number(pref)).map((c) => ({ code: c.cityCode, name: c.cityName, key: c.cityCode }));

/** `sort` 1: largest first, regions without a figure last; ties keep code order (the sort is stable). */
function largestFirst<T extends { value: number | null }>(data: T[]): T[] {
  return data.sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
}

/** What both charts echo of the request, in the original's names and order. */
interface ChartEcho {
  sort: string;
  dispType: string;
  matter1: string;
  matter2: string;
  broadCategoryCode: string;
  middleCategoryCode: string;
  year: string;
  prefecture_cd: string;
  municipality_cd: string;
}

/** The member each chart echoes its finer unit's code in. */
type UnitEcho = 'secondary_medical_cd' | 'insurance_cd';

const echo = z.string();

/** Both charts' result: the request echoed, the finer unit's code, the code charted, and a figure per region. */
export const regionChartResult = (unit: UnitEcho) =>
  z.strictObject({
    sort: echo,
    dispType: echo,
    matter1: echo,
    matter2: echo,
    broadCategoryCode: echo,
    middleCategoryCode: echo,
    year: echo,
    prefecture_cd: echo,
    municipality_cd: echo,
    [unit]: echo,
    code: echo,
    data: z.array(z.strictObject({ code: z.string().min(1), name: z.string().min(1), value: z.number().nullable() })),
  });

/**
 * A chart's answer: the request echoed, `unit`'s code as given, the `code` charted, and each region's figure,
 * in code order or (`sort` 1) largest first.
 */
export function regionChart<R extends { code: string; name: string }>(
  request: ChartEcho,
  unit: [UnitEcho, string],
  code: string,
  regions: R[],
  figure: (r: R) => number | null,
) {
  const data = regions.map((r) => ({ code: r.code, name: r.name, value: figure(r) }));
  return {
    ...request,
    [unit[0]]: unit[1],
    code,
    data: request.sort === '1' ? largestFirst(data) : data,
  };
}

/** Both charts' view: one bar per region, in the answer's order. */
export const REGION_CHART_VIEW = {
  rows: [{ path: 'data[]' }],
  columns: columns({ code: 'code', name: '地域 / region', value: '値 / value' }),
  chart: {
    kind: 'bar',
    x: 'name',
    y: 'value',
    horizontal: true,
    yLabelOf: ['matter2', 'matter_2', 'dispType', 'disp_type'],
  },
} as const satisfies View;
