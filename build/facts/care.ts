// Long-term care facts for every region the care charts list: municipalities as given, designated cities and
// prefectures as sums of them, insurers as sums of their municipalities; premiums per insurer, with the
// persons that weigh each in a prefecture's average.

import type { Sources } from '../../sources/load.ts';
import { getOrSet } from '../runtime/maps.ts';
import { perSources } from './memo.ts';
import { rowsOf } from './table.ts';

interface CareInsurer {
  insurerCode: string;
  insurerName: string;
  prefCode: number;
  /** Member municipalities, as care_insurers lists them. */
  cities: string[];
}

export interface CareFacts {
  /** By insurer code, ascending. */
  insurers: Map<string, CareInsurer>;
  /** Count by class, keyed by careKey: municipalities, designated cities and prefectures (2 digits). */
  counts: Map<string, Map<string, number>>;
  /** The same for insurers, keyed by careKey with the insurer code. */
  insurerCounts: Map<string, Map<string, number>>;
  /** Premium (yen a month) and first-insured persons, keyed `year|insurerCode`. */
  premiums: Map<string, { premium: number; insured: number }>;
}

export const careKey = (matter2: string, year: string | number, region: string) => `${matter2}|${year}|${region}`;

export const careFacts = perSources((sources: Sources): CareFacts => {
  const insurers = readInsurers(sources);
  return { insurers, ...sumUp(sources, insurers), premiums: readPremiums(sources) };
});

/**
 * care_counts: each row added to its municipality, designated city, prefecture and insurer, in one pass
 * over the rows (arquero's rollup and join took three times as long over the sample's 600,000 rows). As in
 * rollupRegions, a region given rows of its own for a matter and year keeps them: sums of its parts do not
 * replace them.
 */
function sumUp(sources: Sources, insurers: Map<string, CareInsurer>): Pick<CareFacts, 'counts' | 'insurerCounts'> {
  const rows = rowsOf(sources, 'care_counts');
  const insurerOf = new Map<string, string>();
  for (const i of insurers.values()) for (const c of i.cities) insurerOf.set(c, i.insurerCode);
  const given = new Set(rows.map((r) => careKey(r.matter2, r.year, r.regionCode)));
  const counts = new Map<string, Map<string, number>>();
  const insurerCounts = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const city = r.regionCode;
    const key = (region: string) => careKey(r.matter2, r.year, region);
    add(counts, key(city), r.classCode, r.count);
    for (const parent of [sources.regions.city(city)?.designatedCityCode, city.slice(0, 2)])
      if (parent && !given.has(key(parent))) add(counts, key(parent), r.classCode, r.count);
    const insurer = insurerOf.get(city);
    if (insurer) add(insurerCounts, key(insurer), r.classCode, r.count);
  }
  return { counts, insurerCounts };
}

function add(into: Map<string, Map<string, number>>, key: string, cls: string, n: number): void {
  const byClass = getOrSet(into, key, () => new Map<string, number>());
  byClass.set(cls, (byClass.get(cls) ?? 0) + n);
}

/** care_insurers: each insurer with its member municipalities, by insurer code ascending. */
function readInsurers(sources: Sources): Map<string, CareInsurer> {
  const out = new Map<string, CareInsurer>();
  for (const r of rowsOf(sources, 'care_insurers'))
    getOrSet(out, r.insurerCode, () => ({
      insurerCode: r.insurerCode,
      insurerName: r.insurerName,
      prefCode: Number(r.insurerCode.slice(0, 2)),
      cities: [],
    })).cities.push(r.cityCode);
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** care_premiums: each insurer's premium and first-insured persons, keyed `year|insurerCode`. */
function readPremiums(sources: Sources): CareFacts['premiums'] {
  return new Map(
    rowsOf(sources, 'care_premiums').map((r) => [
      `${r.year}|${r.insurerCode}`,
      { premium: r.premium, insured: r.insured },
    ]),
  );
}
