// What the two regional comparison charts (medicalAnalysis/chart, careAnalysis/chart) share, and what
// medicalAnalysis/chart selects: for each matter2, the class selections its broadCategoryCode and
// middleCategoryCode name (each a set of the scheme's leaf classes, whose counts are summed), and the region
// unit its secondaryMedicalCode and cityCode select. The codes follow the original's: broad 00 is every class;
// for the disease scheme a middle code ending in 0 (000, 010) is every class of its broad category, for the
// other schemes - is.

import type { MedicalCategory } from '../../facts/medical.ts';
import type { Matter2, MedicalUnit } from '../../../sources/medical-codes.ts';
import type { Condition, PresenceParam } from '../../runtime/routes.ts';
import type { View } from '../../runtime/view.ts';
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
  return [
    { broad: '00', middle: whole('00'), leaves: categories.flatMap(leavesOf) },
    ...categories.flatMap((c) => [
      { broad: c.code, middle: whole(c.code), leaves: leavesOf(c) },
      ...c.items.map((i) => ({ broad: c.code, middle: i.code, leaves: [i.code] })),
    ]),
  ];
}

/** The region unit a request charts: an area code given wins over a municipality code, as in the original. */
export function unitOf(v: { secondaryMedicalCode?: string | undefined; cityCode?: string | undefined }): MedicalUnit {
  if (v.secondaryMedicalCode !== undefined && v.secondaryMedicalCode !== '-') return 'area';
  if (v.cityCode !== undefined && v.cityCode !== '-') return 'municipality';
  return 'prefecture';
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

/** `sort` 1: largest first, regions without a figure last; ties keep code order (the sort is stable). */
export function largestFirst<T extends { value: number | null }>(data: T[]): T[] {
  return data.sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
}

/** Both charts' view: one bar per region, in the answer's order. */
export const REGION_CHART_VIEW = {
  rows: [{ path: 'data[]' }],
  columns: [
    { key: 'code', label: 'code' },
    { key: 'name', label: '地域 / region' },
    { key: 'value', label: '値 / value' },
  ],
  chart: { kind: 'bar', x: 'name', y: 'value', horizontal: true },
} as const satisfies View;
