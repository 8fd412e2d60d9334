// Fishery shares: management entities by sales band or shipping destination, as percentages of the
// selected entities, per census year. Shared by the build (one region) and the addArea composer (the
// counts of several regions summed first), so both print the same numbers the same way.

import { percent, ratio } from '../rounding.ts';
import { composer, type CombineOf, type Composer, type Inputs } from '../composer.ts';

/** Entities per year, then per class code. */
export type ClassCounts = Record<string, Record<string, number>>;

/** Million yen per year. */
export type YearAmounts = Record<string, number>;

/** The counts behind the fishery operations, for one region: entities by class, and sales amounts. */
export interface FisheryFacts {
  aquacultureSales?: ClassCounts;
  sales?: ClassCounts;
  shipRatio?: ClassCounts;
  /** Sales of the sea-catch entities (those counted in `sales`). */
  salesAmount?: YearAmounts;
  /** Sales of the sea-aquaculture entities (those counted in `aquacultureSales`). */
  aquacultureSalesAmount?: YearAmounts;
  /** Sales of the sea-catch entities by year and main shipping destination, million yen. */
  destinationSales?: ClassCounts;
}
/** The three share charts, each named for the entity counts it reads. */
export type FisheryKind = 'sales' | 'aquacultureSales' | 'shipRatio';
/** The two charts of sales per management entity: the entities counted by band, and their sales. */
export type UnitSalesKind = 'sales' | 'aquacultureSales';

/** What /api/v1/fishery/sea/entityCounts holds for a region: its counts, its prefecture's and the nation's. */
interface EntityCounts {
  prefCode: string;
  prefName: string;
  cityCode: string;
  cityName: string;
  region: FisheryFacts;
  prefecture: FisheryFacts;
  nation: FisheryFacts;
}

/** The members of a record keyed by year or class code, in the keys' numeric order. */
export const numericEntries = <T>(o: Record<string, T>): [string, T][] =>
  Object.entries(o).sort((a, b) => Number(a[0]) - Number(b[0]));

/** Amounts of several scopes added year by year. */
export function sumAmounts(list: (YearAmounts | undefined)[]): YearAmounts {
  const out: YearAmounts = {};
  for (const a of list) for (const [year, v] of Object.entries(a ?? {})) out[year] = (out[year] ?? 0) + v;
  return out;
}

/** The scopes a composed `matter` chart sums: 1 the regions, 2 their prefectures (each once), 3 the nation. */
export function matterScopes<F>(
  docs: Inputs<{ prefCode: string; region: F; prefecture: F; nation: F }>,
  matter: string,
): F[] {
  if (matter === '3') return [docs[0].nation];
  if (matter === '2') return [...new Map(docs.map((d) => [d.prefCode, d.prefecture])).values()];
  return docs.map((d) => d.region);
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

/** The regions of a composed answer by name, joined as the original's charts label them. */
export const regionsLabel = (docs: FisheryHead[]) => docs.map((d) => d.cityName || d.prefName).join('・');

/** The label of a composed `matter` chart: matter 1 the regions, 2 their prefectures' average, 3 the nation's. */
export function matterLabel(docs: FisheryHead[], matter: string): string {
  if (matter === '3') return '全国平均';
  if (matter === '2') return `${[...new Set(docs.map((d) => d.prefName))].join('・')}平均`;
  return regionsLabel(docs);
}

/** The header of a composed answer: its main region's. */
export const headOf = (d: FisheryHead): FisheryHead => ({
  prefCode: d.prefCode,
  prefName: d.prefName,
  cityCode: d.cityCode,
  cityName: d.cityName,
});

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
  const years = numericEntries(counts).map(([y, byCode]) => {
    const year = Number(y);
    const total = Object.values(byCode).reduce((a, n) => a + n, 0);
    const classes = numericEntries(byCode);
    const data = classes.map(([code, n]) => ({ label: names[code] ?? '', code, value: percent(n, total) }));
    if (kind === 'shipRatio') return { year, label, data };
    return { year, legend: classes.map(([code]) => ({ label: names[code] ?? '', code })), label, data };
  });
  const total = Object.values(counts).reduce((a, y) => a + Object.values(y).reduce((b, n) => b + n, 0), 0);
  if (total === 0) return null;
  return { ...head, matter, years };
}

/** Fishery shares of several regions: entity counts summed (matter 1 regions, 2 their prefectures), then shares. */
const combineFishery =
  (kind: FisheryKind): CombineOf<EntityCounts> =>
  (docs, { values, table }) => {
    const names = (kind === 'shipRatio' ? table.labels.fisheryDestinations : table.labels.fisheryBands) ?? {};
    const matter = values.matter ?? '1';
    const counts = sumCounts(matterScopes(docs, matter).map((s) => s[kind]));
    return renderFishery(kind, headOf(docs[0]), matter, matterLabel(docs, matter), counts, names);
  };

/** The sales kinds of the totals: sea catch, sea aquaculture. */
export type TotalKind = 'salesAmount' | 'aquacultureSalesAmount';

/** Sales in 万円 (the facts' million yen × 100) per year, the scopes summed; null when none has any. */
export function renderTotals(kind: TotalKind, head: FisheryHead, scopes: FisheryFacts[]) {
  const sums = Object.entries(sumAmounts(scopes.map((f) => f[kind])));
  if (!sums.length) return null;
  return {
    ...head,
    years: sums.map(([year, v]) => ({ year: Number(year), value: v * 100 })).sort((a, b) => a.year - b.year),
  };
}

/** Sea-catch sales by shipping destination in 万円 per year, the scopes summed; destinations in code order. */
export function renderShipValue(head: FisheryHead, scopes: FisheryFacts[], names: Record<string, string>) {
  const sums = sumCounts(scopes.map((f) => f.destinationSales));
  if (!sums) return null;
  const years = numericEntries(sums).map(([year, byCode]) => ({
    year: Number(year),
    data: numericEntries(byCode).map(([code, n]) => ({ code, label: names[code] ?? '', sales: n * 100 })),
  }));
  return { ...head, years };
}

/** Totals of several regions: the main region's header (entityCounts always answers), the regions' sales summed. */
const combineTotals =
  (kind: TotalKind): CombineOf<EntityCounts> =>
  (docs) =>
    renderTotals(
      kind,
      headOf(docs[0]),
      docs.map((d) => d.region),
    );

export const totalsComposers: Record<TotalKind, Composer> = {
  salesAmount: composer('fisheryTotalSales', combineTotals('salesAmount')),
  aquacultureSalesAmount: composer('fisheryAquacultureTotalSales', combineTotals('aquacultureSalesAmount')),
};

export const shipValueComposer = composer<EntityCounts>('fisheryShipValue', (docs, { table }) => {
  return renderShipValue(
    headOf(docs[0]),
    docs.map((d) => d.region),
    table.labels.fisheryDestinations ?? {},
  );
});

/**
 * Sales per management entity, in 万円 (ten thousand yen) rounded half away from zero, per census year:
 * the sales (million yen) of the scopes summed over their entities summed. A year without entities or
 * without sales is left out; null when none is left.
 */
export function renderUnitSales(kind: UnitSalesKind, head: FisheryHead, matter: string, scopes: FisheryFacts[]) {
  const entities = sumCounts(scopes.map((f) => f[kind]));
  const amounts = sumAmounts(scopes.map((f) => f[`${kind}Amount`]));
  const years = numericEntries(entities ?? {}).flatMap(([year, byBand]) => {
    const n = Object.values(byBand).reduce((a, b) => a + b, 0);
    const amount = amounts[year];
    return n > 0 && amount !== undefined ? [{ year: Number(year), value: ratio(amount * 100, n, 0)! }] : [];
  });
  return years.length ? { ...head, matter, years } : null;
}

/** Sales per entity of several regions: matter 1 sums the regions, 2 their prefectures (each once), 3 is the nation's. */
const combineUnitSales =
  (kind: UnitSalesKind): CombineOf<EntityCounts> =>
  (docs, { values }) => {
    const matter = values.matter ?? '1';
    return renderUnitSales(kind, headOf(docs[0]), matter, matterScopes(docs, matter));
  };

export const unitSalesComposers: Record<UnitSalesKind, Composer> = {
  sales: composer('fisheryManagementUnitSales', combineUnitSales('sales')),
  aquacultureSales: composer('fisheryAquacultureManagementUnitSales', combineUnitSales('aquacultureSales')),
};

/** One composer per kind of share, each knowing its kind (the counts of entityCounts hold all three). */
export const fisheryComposers: Record<FisheryKind, Composer> = {
  sales: composer('fisherySales', combineFishery('sales')),
  aquacultureSales: composer('fisheryAquacultureSales', combineFishery('aquacultureSales')),
  shipRatio: composer('fisheryShipRatio', combineFishery('shipRatio')),
};
