// The sample's establishments under the official counts (sources/official/municipal-establishments.csv,
// SSDSE-A): in each official year (2014, 2016, 2021) a municipality's establishments and persons engaged,
// all industries and per broad class, are the official ones; its middle classes (and a designated city's
// wards, which SSDSE-A does not list) stay synthetic, apportioned to add up to them exactly. The other
// years are scaled by a municipality's and class's factor at the nearest official year (2009 and 2012 by
// 2014's), so that their series do not jump where the official years begin.

import { establishmentYears, municipalEstablishments, type OfficialCounts } from '../official-statistics.ts';
import { INDUSTRIES_MIDDLE } from './classifications.ts';
import type { EstablishmentRow } from './establishments.ts';
import { apportion } from './fit.ts';
import type { LeafPopulation } from './population.ts';

const BROAD_OF = new Map(INDUSTRIES_MIDDLE.map(([simc, sic]) => [simc, sic]));
const LETTERS = [...new Set(INDUSTRIES_MIDDLE.map(([, sic]) => sic))];
/** Where a class has no synthetic row to apportion over: its first middle class. */
const FIRST_MIDDLE = new Map(LETTERS.map((l) => [l, INDUSTRIES_MIDDLE.find(([, sic]) => sic === l)![0]]));
const sum = (xs: Iterable<number>) => [...xs].reduce((a, v) => a + v, 0);

/**
 * Each broad class's official count: the classes the table gives; S (公務) 0 in a year whose table counts
 * 民営 establishments only (no public ones: 公務 has none); T (分類不能の産業) the part of the total no broad
 * class counts (格付不能, a few in 2016 and 2021), so that the classes add up to the official total.
 */
function targets(c: OfficialCounts): Map<string, number> {
  const out = new Map(LETTERS.filter((l) => l !== 'T').map((l) => [l, c.classes[l] ?? 0]));
  out.set('T', c.all - sum(out.values()));
  return out;
}

/** Options of a fit: the year's company count (null: none that year) and companies per establishment by class. */
interface Fit {
  companies: boolean;
  owned: (sic: string) => number;
}

/**
 * One broad class of a municipality in a year: `n` establishments over its synthetic rows (`cells`, or
 * placeholders in `leaves` weighted by their synthetic size), then `e` persons over the rows that got an
 * establishment, in proportion to the synthetic figures.
 */
function fitClass(cells: EstablishmentRow[], n: number, e: number, placeholders: () => EstablishmentRow[], o: Fit) {
  if (cells.length === 0 && n === 0 && e === 0) return [];
  const group = cells.length ? cells : placeholders();
  const plants = apportion(
    n,
    group.map((r) => r.plants),
  );
  const staffed = group.map((r, i) => (plants[i]! > 0 ? Math.max(r.employees, 1) : 0));
  const employees = apportion(e, sum(staffed) > 0 ? staffed : group.map((r) => r.employees));
  return group.flatMap((r, i): EstablishmentRow[] => {
    const [p, m] = [plants[i]!, employees[i]!];
    if (p === 0 && m === 0) return [];
    const ratio = r.companies !== null && r.plants > 0 ? r.companies / r.plants : o.owned(BROAD_OF.get(r.simcCode)!);
    const companies = o.companies && p > 0 ? Math.min(p, Math.max(1, Math.round(p * ratio))) : null;
    return [{ ...r, plants: p, employees: m, companies }];
  });
}

/** A municipality's (or designated city's, over its wards) rows in an official year, fitted under `counts`. */
function fitCity(
  cells: EstablishmentRow[],
  leaves: string[],
  year: number,
  counts: ReturnType<typeof municipalEstablishments>,
  o: Fit,
) {
  if (!counts) return cells;
  const size = new Map<string, number>();
  for (const r of cells) size.set(r.regionCode, (size.get(r.regionCode) ?? 0) + r.employees);
  const byClass = groupBy(cells, (r) => BROAD_OF.get(r.simcCode) ?? '');
  const [plants, employees] = [targets(counts.plants), targets(counts.employees)];
  return LETTERS.flatMap((letter) =>
    fitClass(
      byClass.get(letter) ?? [],
      plants.get(letter) ?? 0,
      employees.get(letter) ?? 0,
      () =>
        leaves.map((regionCode) => {
          const w = size.get(regionCode) || 1;
          return {
            regionCode,
            year,
            simcCode: FIRST_MIDDLE.get(letter) ?? '',
            companies: null,
            plants: w,
            employees: w,
          };
        }),
      o,
    ),
  );
}

/** Per leaf and broad class: fitted over synthetic establishments and persons in `year`. */
function factors(before: EstablishmentRow[], after: EstablishmentRow[], year: number) {
  const sums = (rows: EstablishmentRow[]) => {
    const out = new Map<string, { plants: number; employees: number }>();
    for (const r of rows.filter((r) => r.year === year)) {
      const key = `${r.regionCode}|${BROAD_OF.get(r.simcCode)}`;
      const s = out.get(key) ?? { plants: 0, employees: 0 };
      out.set(key, { plants: s.plants + r.plants, employees: s.employees + r.employees });
    }
    return out;
  };
  const [b, a] = [sums(before), sums(after)];
  const out = new Map<string, { plants: number; employees: number }>();
  for (const [key, s] of b) {
    const f = a.get(key) ?? { plants: 0, employees: 0 };
    if (s.plants > 0 && s.employees > 0)
      out.set(key, { plants: f.plants / s.plants, employees: f.employees / s.employees });
  }
  return out;
}

/** A synthetic year's rows scaled by their leaf's and class's factors (rows without one kept as they are). */
function scaled(rows: EstablishmentRow[], f: ReturnType<typeof factors>): EstablishmentRow[] {
  return rows.flatMap((r) => {
    const k = f.get(`${r.regionCode}|${BROAD_OF.get(r.simcCode)}`);
    if (!k) return [r];
    const plants = Math.round(r.plants * k.plants);
    if (plants === 0) return [];
    const employees = Math.max(plants, Math.round(r.employees * k.employees));
    const companies = r.companies === null ? null : Math.min(plants, Math.max(1, Math.round(r.companies * k.plants)));
    return [{ ...r, plants, employees, companies }];
  });
}

/** Groups `items` by `key`, in order. */
function groupBy<T>(items: Iterable<T>, key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/** The official year nearest to `year` (the earlier of two as near). */
const nearest = (years: number[], year: number) =>
  years.reduce((best, y) => (Math.abs(y - year) < Math.abs(best - year) ? y : best));

/**
 * The rows with the official counts in their years: each municipality's (a designated city's over its
 * wards) fitted; a synthetic year's rows scaled by the factors of the nearest official year.
 */
export function fitOfficial(
  rows: EstablishmentRow[],
  leaves: LeafPopulation[],
  owned: (sic: string) => number,
  companyYears: Set<number>,
): EstablishmentRow[] {
  const years = establishmentYears();
  if (years.length === 0) return rows;
  const cities = groupBy(leaves, (l) => l.city.designatedCityCode || l.city.cityCode);
  const cityOf = new Map([...cities].flatMap(([city, ls]) => ls.map((l) => [l.city.cityCode, city])));
  const byCity = groupBy(
    rows.filter((r) => years.includes(r.year)),
    (r) => `${cityOf.get(r.regionCode)}|${r.year}`,
  );
  const fitted = [...cities].flatMap(([city, ls]) =>
    years.flatMap((year) =>
      fitCity(
        byCity.get(`${city}|${year}`) ?? [],
        ls.map((l) => l.city.cityCode),
        year,
        municipalEstablishments(city, year),
        { owned, companies: companyYears.has(year) },
      ),
    ),
  );
  const synthetic = groupBy(
    rows.filter((r) => !years.includes(r.year)),
    (r) => String(nearest(years, r.year)),
  );
  const others = [...synthetic].flatMap(([year, list]) => scaled(list, factors(rows, fitted, Number(year))));
  return [...others, ...fitted].sort(
    (a, b) => compare(a.regionCode, b.regionCode) || compare(a.simcCode, b.simcCode) || a.year - b.year,
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
