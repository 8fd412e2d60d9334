// What medicalAnalysis/chart selects: for each matter2, the class selections its broadCategoryCode and
// middleCategoryCode name (each a set of the scheme's leaf classes, whose counts are summed), and the region
// unit its secondaryMedicalCode and cityCode select. The codes follow the original's: broad 00 is every class;
// for the disease scheme a middle code ending in 0 (000, 010) is every class of its broad category, for the
// other schemes - is.

import type { MedicalCategory } from '../../facts/medical.ts';
import type { Matter2, MedicalUnit } from '../../../sources/medical-codes.ts';

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
