// Agriculture crops charts: the year's person-days of farm work, and the share of farm management
// entities that are corporations, per census year. Shared by the build (one region) and the addArea
// composer (several regions' days summed first), so both print the same numbers the same way.

import { composer, type Composer } from '../composer.ts';
import { percent } from '../rounding.ts';
import { headOf, sumAmounts, sumCounts, type ClassCounts, type FisheryHead, type YearAmounts } from './fishery.ts';

/** What a region's agriculture charts read, by census year. */
export interface FarmFacts {
  entities?: YearAmounts;
  corporations?: YearAmounts;
  /** Person-days (人日). */
  workingDays?: YearAmounts;
  /** Entities running each production-related business, by year and business code (1–8). */
  business?: ClassCounts;
}

/** What /api/v1/agriculture/crops/entityCounts holds for a region: its facts, its prefecture's and the nation's. */
export interface FarmCounts extends FisheryHead {
  region: FarmFacts;
  prefecture: FarmFacts;
  nation: FarmFacts;
}

/** The original answered old municipality codes with no data (its documentation says so): always empty here. */
const NO_OLD_CITY = { oldCityCode: '', oldCityName: '' };

const byYear = (o: YearAmounts) => Object.entries(o).sort((a, b) => Number(a[0]) - Number(b[0]));

/** The scopes' person-days summed per census year; null when none has farms. */
export function renderWorkingDays(head: FisheryHead, label: string, scopes: FarmFacts[]) {
  const days = sumAmounts(scopes.map((f) => f.workingDays));
  const years = byYear(days).map(([year, value]) => ({ year: Number(year), value }));
  return years.length ? { ...head, ...NO_OLD_CITY, label, years } : null;
}

/** Corporations per 100 entities (percent, 2 decimals) per census year with entities; null when there are none. */
export function renderCorporateRate(head: FisheryHead, matter: string, label: string, scope: FarmFacts | undefined) {
  const corporations = scope?.corporations ?? {};
  const years = byYear(scope?.entities ?? {})
    .filter(([, n]) => n > 0)
    .map(([year, n]) => ({ year: Number(year), value: percent(corporations[year] ?? 0, n)! }));
  return years.length ? { ...head, ...NO_OLD_CITY, matter, label, years } : null;
}

/**
 * The entities running each production-related business, every business listed (0 when none), per census
 * year of the scopes' counts; null when they have none.
 */
export function renderBusinesses(head: FisheryHead, scopes: FarmFacts[], names: Record<string, string>) {
  const counts = sumCounts(scopes.map((f) => f.business));
  if (!counts) return null;
  const years = Object.entries(counts)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([year, byCode]) => ({
      year: Number(year),
      data: Object.entries(names).map(([code, label]) => ({ code, label, value: byCode[code] ?? 0 })),
    }));
  return { ...head, ...NO_OLD_CITY, years };
}

export const agricultureComposers = {
  workingDays: composer('agricultureWorkingDays', (results) => {
    const docs = results as FarmCounts[];
    const label = docs.map((d) => d.cityName || d.prefName).join('・');
    return renderWorkingDays(
      headOf(docs[0]!),
      label,
      docs.map((d) => d.region),
    );
  }),
  businesses: composer('agricultureRelatedBusiness', (results, { table }) => {
    const docs = results as FarmCounts[];
    return renderBusinesses(
      headOf(docs[0]!),
      docs.map((d) => d.region),
      table.labels.farmBusinesses ?? {},
    );
  }),
} satisfies Record<string, Composer>;
