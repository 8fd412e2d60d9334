// Forestry income charts: shares of management entities by band of income, income per entity, and total
// income, per census year. Shared by the build (one region) and the addArea composers (the counts and
// income of several regions summed first), so both print the same numbers the same way.

import { composer, type CombineOf, type Composer } from '../composer.ts';
import { percent, ratio } from '../rounding.ts';
import {
  headOf,
  matterLabel,
  matterScopes,
  numericEntries,
  regionsLabel,
  sumAmounts,
  sumCounts,
  type ClassCounts,
  type FisheryHead,
  type YearAmounts,
} from './fishery.ts';

/** What a region's forestry charts read: entities by year and band, and income (万円) by year, per kind. */
export interface ForestryFacts {
  sales?: ClassCounts;
  contract?: ClassCounts;
  salesAmount?: YearAmounts;
  contractAmount?: YearAmounts;
}
type ForestryIncomeKind = 'sales' | 'contract';

/** What /api/v1/forestry/income/entityCounts holds for a region: its facts, its prefecture's and the nation's. */
interface ForestryCounts extends FisheryHead {
  region: ForestryFacts;
  prefecture: ForestryFacts;
  nation: ForestryFacts;
}

const total = (byBand: Record<string, number>) => Object.values(byBand).reduce((a, n) => a + n, 0);

/**
 * Shares of the entities in each band (percent, 2 decimals), per year, with the legend of every band
 * once; null when the scopes have no entities of the kind.
 */
export function renderBandShares(
  kind: ForestryIncomeKind,
  head: FisheryHead,
  matter: string,
  label: string,
  scopes: ForestryFacts[],
  bands: string[],
) {
  const counts = sumCounts(scopes.map((f) => f[kind]));
  if (!counts || numericEntries(counts).every(([, c]) => total(c) === 0)) return null;
  const legend = bands.map((name, i) => ({ label: name, code: String(i + 1) }));
  const years = numericEntries(counts).map(([year, c]) => ({
    year: Number(year),
    label,
    data: legend.map((b) => ({ ...b, value: percent(c[b.code] ?? 0, total(c)) })),
  }));
  return { ...head, matter, legend, years };
}

/** Income per entity of the kind (万円, rounded half away from zero), per year with entities and income; null when none. */
export function renderPerEntity(kind: ForestryIncomeKind, head: FisheryHead, label: string, scopes: ForestryFacts[]) {
  const counts = sumCounts(scopes.map((f) => f[kind])) ?? {};
  const amounts = sumAmounts(scopes.map((f) => f[`${kind}Amount`]));
  const years = numericEntries(counts).flatMap(([year, c]) => {
    const amount = amounts[year];
    return total(c) > 0 && amount !== undefined ? [{ year: Number(year), value: ratio(amount, total(c), 0)! }] : [];
  });
  return years.length ? { ...head, label, years } : null;
}

/** Total income from sales and from contracts (万円), per year either is known; null when neither is. */
export function renderStacked(head: FisheryHead, label: string, scopes: ForestryFacts[]) {
  const sales = sumAmounts(scopes.map((f) => f.salesAmount));
  const income = sumAmounts(scopes.map((f) => f.contractAmount));
  const years = [...new Set([...Object.keys(sales), ...Object.keys(income)])]
    .sort((a, b) => Number(a) - Number(b))
    .map((year) => ({ year: Number(year), sales: sales[year] ?? 0, income: income[year] ?? 0 }));
  return years.length ? { ...head, label, years } : null;
}

/** Band shares of several regions: matter 1 sums the regions, 2 their prefectures (each once), 3 is the nation's. */
const combineShares =
  (kind: ForestryIncomeKind): CombineOf<ForestryCounts> =>
  (docs, { values, table }) => {
    const bands = Object.values(table.labels.forestryBands ?? {});
    const matter = values.matter ?? '1';
    const label = matterLabel(docs, matter);
    return renderBandShares(kind, headOf(docs[0]), matter, label, matterScopes(docs, matter), bands);
  };

const combinePerEntity =
  (kind: ForestryIncomeKind): CombineOf<ForestryCounts> =>
  (docs) => {
    return renderPerEntity(
      kind,
      headOf(docs[0]),
      regionsLabel(docs),
      docs.map((d) => d.region),
    );
  };

export const forestryComposers = {
  salesRatio: composer('forestrySalesRatio', combineShares('sales')),
  contractRatio: composer('forestryContractRevenueRatio', combineShares('contract')),
  sales: composer('forestrySales', combinePerEntity('sales')),
  contract: composer('forestryContractRevenue', combinePerEntity('contract')),
  stacked: composer<ForestryCounts>('forestryStacked', (docs) => {
    return renderStacked(
      headOf(docs[0]),
      regionsLabel(docs),
      docs.map((d) => d.region),
    );
  }),
} satisfies Record<string, Composer>;
