// Long-term care facts for every region the care charts list: municipalities as given, designated cities and
// prefectures as sums of them, insurers as sums of their municipalities; premiums per insurer, with the
// persons that weigh each in a prefecture's average.

import type { Sources } from '../../sources/load.ts';
import { perSources } from './memo.ts';
import { rowsOf, tableOf } from './table.ts';

export interface CareInsurer {
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
  const { counts, insurerCounts } = sources.tables.care_counts
    ? sumUp(sources, insurers)
    : { counts: new Map(), insurerCounts: new Map() };
  const premiums = new Map(
    rowsOf(sources, 'care_premiums').map((r) => [
      `${r.year}|${r.insurerCode}`,
      { premium: r.premium, insured: r.insured },
    ]),
  );
  return { insurers, counts, insurerCounts, premiums };
});

/**
 * Each row added to its municipality, designated city, prefecture and insurer, in one pass over the columns
 * (arquero's rollup and join took three times as long over the sample's 600,000 rows). As in rollupRegions, a
 * region given rows of its own for a matter and year keeps them: sums of its parts do not replace them.
 */
function sumUp(sources: Sources, insurers: Map<string, CareInsurer>) {
  const t = tableOf(sources, 'care_counts');
  const [matter2, year, region, cls, count] = ['matter2', 'year', 'regionCode', 'classCode', 'count'].map((c) =>
    t.array(c),
  ) as [string[], number[], string[], string[], number[]];
  const insurerOf = new Map<string, string>();
  for (const i of insurers.values()) for (const c of i.cities) insurerOf.set(c, i.insurerCode);
  const given = new Set<string>();
  for (let i = 0; i < region.length; i++) given.add(careKey(matter2[i]!, year[i]!, region[i]!));
  const counts = new Map<string, Map<string, number>>();
  const insurerCounts = new Map<string, Map<string, number>>();
  for (let i = 0; i < region.length; i++) {
    const city = region[i]!;
    const parents = [sources.regions.city(city)?.designatedCityCode, city.slice(0, 2)];
    add(counts, careKey(matter2[i]!, year[i]!, city), cls[i]!, count[i]!);
    for (const p of parents) {
      const key = p ? careKey(matter2[i]!, year[i]!, p) : undefined;
      if (key && !given.has(key)) add(counts, key, cls[i]!, count[i]!);
    }
    const insurer = insurerOf.get(city);
    if (insurer) add(insurerCounts, careKey(matter2[i]!, year[i]!, insurer), cls[i]!, count[i]!);
  }
  return { counts, insurerCounts };
}

function add(into: Map<string, Map<string, number>>, key: string, cls: string, n: number): void {
  const byClass = into.get(key) ?? into.set(key, new Map()).get(key)!;
  byClass.set(cls, (byClass.get(cls) ?? 0) + n);
}

function readInsurers(sources: Sources): Map<string, CareInsurer> {
  const out = new Map<string, CareInsurer>();
  for (const r of rowsOf(sources, 'care_insurers')) {
    const ins =
      out.get(r.insurerCode) ??
      out
        .set(r.insurerCode, {
          insurerCode: r.insurerCode,
          insurerName: r.insurerName,
          prefCode: Number(r.insurerCode.slice(0, 2)),
          cities: [],
        })
        .get(r.insurerCode)!;
    ins.cities.push(r.cityCode);
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}
