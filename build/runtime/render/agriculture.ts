// Agriculture crops charts: the year's person-days of farm work, and the share of farm management
// entities that are corporations, per census year. Shared by the build (one region) and the addArea
// composer (several regions' days summed first), so both print the same numbers the same way.

import { composer, type CombineOf, type ComposeContext, type Composer } from '../composer.ts';
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

/** What a region's agriculture charts read, by census year. */
export interface FarmFacts {
  entities?: YearAmounts;
  corporations?: YearAmounts;
  /** Person-days (人日). */
  workingDays?: YearAmounts;
  /** Entities running each production-related business, by year and business code (1–8). */
  business?: ClassCounts;
  /** Farmers by `<farmersType><gender>` (`11` male managers … `22` women of the working population), then by year and age class. */
  persons?: Record<string, ClassCounts>;
  /** The sum of those farmers' ages (years), keyed the same way. */
  ageYears?: Record<string, ClassCounts>;
}

/** What a farmer chart reads: its type (1 managers, 2 working population), genderType (1 both, 2 men, 3 women), matter. */
export interface FarmerSelection {
  farmersType: string;
  genderType: string;
  matter: string;
}

/** What /api/v1/agriculture/crops/entityCounts holds for a region: its facts, its prefecture's and the nation's. */
interface FarmCounts extends FisheryHead {
  region: FarmFacts;
  prefecture: FarmFacts;
  nation: FarmFacts;
}

/** The original answered old municipality codes with no data (its documentation says so): always empty here. */
const NO_OLD_CITY = { oldCityCode: '', oldCityName: '' };

/** The scopes' person-days summed per census year; null when none has farms. */
export function renderWorkingDays(head: FisheryHead, label: string, scopes: FarmFacts[]) {
  const days = sumAmounts(scopes.map((f) => f.workingDays));
  const years = numericEntries(days).map(([year, value]) => ({ year: Number(year), value }));
  return years.length ? { ...head, ...NO_OLD_CITY, label, years } : null;
}

/** Corporations per 100 entities (percent, 2 decimals) per census year with entities; null when there are none. */
export function renderCorporateRate(head: FisheryHead, matter: string, label: string, scope: FarmFacts | undefined) {
  const corporations = scope?.corporations ?? {};
  const years = numericEntries(scope?.entities ?? {})
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

/** The farmers of the selection over the scopes, summed: persons and their ages by year and age class. */
function selected(scopes: FarmFacts[], s: FarmerSelection) {
  const genders = s.genderType === '1' ? ['1', '2'] : [String(Number(s.genderType) - 1)];
  const groups = genders.map((g) => `${s.farmersType}${g}`);
  const pick = (m: 'persons' | 'ageYears') => sumCounts(scopes.flatMap((f) => groups.map((g) => f[m]?.[g])));
  return { persons: pick('persons'), ages: pick('ageYears') };
}
const classTotal = (byClass: Record<string, number>) => Object.values(byClass).reduce((a, n) => a + n, 0);
const yearsWithFarmers = (counts: ClassCounts | undefined) =>
  numericEntries(counts ?? {}).filter(([, c]) => classTotal(c) > 0);

/** Each age class's share of the farmers (percent, 2 decimals) per census year with any; null when none. */
export function renderAgeStructure(
  head: FisheryHead,
  s: FarmerSelection,
  label: string,
  scopes: FarmFacts[],
  ages: Record<string, string>,
) {
  const legend = Object.entries(ages).map(([code, name]) => ({ label: name, code }));
  const years = yearsWithFarmers(selected(scopes, s).persons).map(([year, c]) => ({
    year: Number(year),
    unit: '%',
    legend,
    label,
    data: legend.map((a) => ({ ...a, value: percent(c[a.code] ?? 0, classTotal(c))! })),
  }));
  return years.length ? { ...head, ...NO_OLD_CITY, ...s, years } : null;
}

/** The farmers' average age (their ages summed over their number, 1 decimal) per census year with any; null when none. */
export function renderAverageAge(head: FisheryHead, s: FarmerSelection, label: string, scopes: FarmFacts[]) {
  const { persons, ages } = selected(scopes, s);
  const years = yearsWithFarmers(persons).map(([year, c]) => ({
    year: Number(year),
    value: ratio(classTotal(ages?.[year] ?? {}), classTotal(c), 1)!,
  }));
  return years.length ? { ...head, ...NO_OLD_CITY, ...s, label, years } : null;
}

/** The farmer selection of a request's canonical values (a composer's or a declaration's). */
export const farmerSelection = (v: Record<string, string | undefined>): FarmerSelection => ({
  farmersType: v.farmersType ?? '1',
  genderType: v.genderType ?? '1',
  matter: v.matter ?? '1',
});

/** A farmer chart of several regions: their farmers summed over the `matter` scopes, then shared or averaged. */
const combineFarmers =
  (
    render: (head: FisheryHead, s: FarmerSelection, label: string, scopes: FarmFacts[], ctx: ComposeContext) => unknown,
  ): CombineOf<FarmCounts> =>
  (docs, ctx) => {
    const s = farmerSelection(ctx.values);
    return render(headOf(docs[0]), s, matterLabel(docs, s.matter), matterScopes(docs, s.matter), ctx);
  };

export const agricultureComposers = {
  workingDays: composer<FarmCounts>('agricultureWorkingDays', (docs) => {
    return renderWorkingDays(
      headOf(docs[0]),
      regionsLabel(docs),
      docs.map((d) => d.region),
    );
  }),
  businesses: composer<FarmCounts>('agricultureRelatedBusiness', (docs, { table }) => {
    return renderBusinesses(
      headOf(docs[0]),
      docs.map((d) => d.region),
      table.labels.farmBusinesses ?? {},
    );
  }),
  ageStructure: composer(
    'agricultureFarmersAgeStructure',
    combineFarmers((head, s, label, scopes, { table }) =>
      renderAgeStructure(head, s, label, scopes, table.labels.farmerAges ?? {}),
    ),
  ),
  averageAge: composer('agricultureFarmersAverageAge', combineFarmers(renderAverageAge)),
} satisfies Record<string, Composer>;
