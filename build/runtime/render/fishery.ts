// Fishery shares: management entities by sales band or shipping destination, as percentages of the
// selected entities, per census year. Shared by the build (one region) and the addArea composer (the
// counts of several regions summed first), so both print the same numbers the same way.

import { percent } from '../rounding.ts';
import { composer, type Combine, type Composer } from '../composer.ts';

/** Entities per year, then per class code. */
export type ClassCounts = Record<string, Record<string, number>>;

/** The counts behind the three fishery operations, for one region. */
export interface FisheryFacts {
  aquacultureSales?: ClassCounts;
  sales?: ClassCounts;
  shipRatio?: ClassCounts;
}
export type FisheryKind = keyof FisheryFacts;

/** What /api/v1/fishery/sea/entityCounts holds for a region: its counts, its prefecture's and the nation's. */
export interface EntityCounts {
  prefCode: string;
  prefName: string;
  cityCode: string;
  cityName: string;
  region: FisheryFacts;
  prefecture: FisheryFacts;
  nation: FisheryFacts;
}

export function sumCounts(list: (ClassCounts | undefined)[]): ClassCounts | undefined {
  const out: ClassCounts = {};
  let any = false;
  for (const counts of list) {
    if (!counts) continue;
    any = true;
    for (const [year, byCode] of Object.entries(counts)) {
      const y = (out[year] ??= {});
      for (const [code, n] of Object.entries(byCode)) y[code] = (y[code] ?? 0) + n;
    }
  }
  return any ? out : undefined;
}

export interface FisheryHead {
  prefCode: string;
  prefName: string;
  cityCode: string;
  cityName: string;
}

/**
 * The `result` of a fishery share operation, or null when the selection has no entities. Sales bands
 * carry a legend of all bands; shipping destinations list only the codes counted that year.
 */
export function renderFishery(
  kind: FisheryKind,
  head: FisheryHead,
  matter: string,
  label: string,
  counts: ClassCounts | undefined,
  names: Record<string, string>,
) {
  if (!counts) return null;
  const years = Object.keys(counts)
    .map(Number)
    .sort((a, b) => a - b)
    .map((year) => {
      const byCode = counts[year]!;
      const total = Object.values(byCode).reduce((a, n) => a + n, 0);
      const codes = Object.keys(byCode).sort((a, b) => Number(a) - Number(b));
      const data = codes.map((code) => ({ label: names[code] ?? '', code, value: percent(byCode[code]!, total) }));
      if (kind === 'shipRatio') return { year, label, data };
      return { year, legend: codes.map((code) => ({ label: names[code] ?? '', code })), label, data };
    });
  const total = Object.values(counts).reduce((a, y) => a + Object.values(y).reduce((b, n) => b + n, 0), 0);
  if (total === 0) return null;
  return { ...head, matter, years };
}

/** Fishery shares of several regions: entity counts summed (matter 1 regions, 2 their prefectures), then shares. */
const combineFishery =
  (kind: FisheryKind): Combine =>
  (results, { values, table }) => {
    const docs = results as EntityCounts[];
    const main = docs[0]!;
    const names = (kind === 'shipRatio' ? table.labels.fisheryDestinations : table.labels.fisheryBands) ?? {};
    const head = { prefCode: main.prefCode, prefName: main.prefName, cityCode: main.cityCode, cityName: main.cityName };
    if (values.matter === '3') return renderFishery(kind, head, '3', '全国平均', main.nation[kind], names);
    if (values.matter === '2') {
      const prefs = [...new Map(docs.map((d) => [d.prefCode, d])).values()];
      return renderFishery(
        kind,
        head,
        '2',
        `${prefs.map((d) => d.prefName).join('・')}平均`,
        sumCounts(prefs.map((d) => d.prefecture[kind])),
        names,
      );
    }
    return renderFishery(
      kind,
      head,
      '1',
      docs.map((d) => d.cityName || d.prefName).join('・'),
      sumCounts(docs.map((d) => d.region[kind])),
      names,
    );
  };

/** A region's yearly sales total (totalSales, aquacultureTotalSales). */
export interface FisheryTotal extends FisheryHead {
  years: { year: number; value: number }[];
}

/**
 * Sales totals of several regions: the first one's header, and per year the sum of the values of the
 * regions that have that year (million yen are added as they are, so a sum is exact).
 */
export const fisheryTotalsComposer = composer('fisheryTotals', (results) => {
  const docs = results as FisheryTotal[];
  const sums = new Map<number, number>();
  for (const d of docs) for (const y of d.years) sums.set(y.year, (sums.get(y.year) ?? 0) + y.value);
  const years = [...sums].sort((a, b) => a[0] - b[0]).map(([year, value]) => ({ year, value }));
  return { ...docs[0]!, years };
});

/** One composer per kind of share, each knowing its kind (the counts of entityCounts hold all three). */
export const fisheryComposers: Record<FisheryKind, Composer> = {
  sales: composer('fisherySales', combineFishery('sales')),
  aquacultureSales: composer('fisheryAquacultureSales', combineFishery('aquacultureSales')),
  shipRatio: composer('fisheryShipRatio', combineFishery('shipRatio')),
};
