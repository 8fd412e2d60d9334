// The census under the sample's municipalities (sources/official/municipal-age.csv): in its years (1980 and
// 2020) a municipality's people by sex and 5-year age are the census's, and so are 2020's wards'. Between
// those years a municipality is drawn as a share of its prefecture that moves smoothly from the 1980 census
// to the 2020 census (its total geometrically, each sex-and-age cell's share linearly), and after 2020 its
// total keeps the 1980–2020 trend while its age structure keeps 2020's: the fit to the prefecture's official
// cells (population.ts) then ages it as the prefecture ages. Wards are their 2020 census shares of the city,
// drifting a little, in every year but 2020 (1980's converter knows designated cities only whole).

import { municipalAgeYears, municipalByAgeSex, type OfficialAgeSex } from '../official-statistics.ts';

/** A region-year: 38 cells (men 0–4 … 90+, women 0–4 … 90+) and the people of unknown age. */
export interface Cells {
  cells: number[];
  unknown: number;
}

/** What a part of a region is drawn by in a year: its relative size, its share of the unknown age, and a seed table row. */
export interface Part {
  weight: number;
  unknownWeight: number;
  /** Per cell, what the fit starts from (the region's cell times the part's expected share of it). */
  seed: number[];
}

const cellsOf = (o: OfficialAgeSex): Cells => ({ cells: [...o.male, ...o.female], unknown: o.unknown });
const total = (c: Cells) => c.cells.reduce((a, v) => a + v, 0) + c.unknown;

/** The census years of the municipal anchor (the first and the last interpolate the years between). */
export const censusYears = (): number[] => municipalAgeYears();

/**
 * A region's census cells of a year: its own row, or the sum of its parts' (a designated city's 2020 is its
 * wards'); undefined in a year the anchor does not give.
 */
export function censusCells(code: string, year: number, parts: string[] = []): Cells | undefined {
  const own = municipalByAgeSex(code, year);
  if (own) return cellsOf(own);
  const each = parts.map((p) => municipalByAgeSex(p, year));
  if (parts.length === 0 || each.some((e) => !e)) return undefined;
  return addCells(each.map((e) => cellsOf(e!)));
}

export function addCells(list: Cells[]): Cells {
  const out: Cells = { cells: new Array<number>(38).fill(0), unknown: 0 };
  for (const c of list) {
    c.cells.forEach((v, i) => (out.cells[i]! += v));
    out.unknown += c.unknown;
  }
  return out;
}

/** A region's census cells in both anchor years, and the same of all its siblings together (the shares' denominators). */
export interface Anchored {
  first: Cells;
  last: Cells;
  firstAll: Cells;
  lastAll: Cells;
}

const share = (n: number, of: number) => (of > 0 ? n / of : 0);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/**
 * A municipality's part of its prefecture in a year between or after the census years: `t` is 0 at the
 * first, 1 at the last, beyond 1 after it. The total moves geometrically (linearly where a census counted
 * no one: 双葉町 2020), the cells' shares linearly and stay at the last census's after it.
 */
export function municipalPart(a: Anchored, t: number, whole: Cells): Part {
  const [s0, s1] = [share(total(a.first), total(a.firstAll)), share(total(a.last), total(a.lastAll))];
  const weight = s0 > 0 && s1 > 0 ? s0 * (s1 / s0) ** t : t <= 1 ? lerp(s0, s1, t) : s1;
  const u = Math.min(t, 1);
  const unknownWeight =
    lerp(share(a.first.unknown, a.firstAll.unknown), share(a.last.unknown, a.lastAll.unknown), u) + 1e-6 * weight;
  const seed = whole.cells.map(
    (n, c) => n * lerp(share(a.first.cells[c]!, a.firstAll.cells[c]!), share(a.last.cells[c]!, a.lastAll.cells[c]!), u),
  );
  return { weight, unknownWeight, seed };
}

/** A ward's part of its city in a year: its 2020 census share of each cell and of the total, the total drifting by `drift`. */
export function wardPart(ward: Cells, city: Cells, drift: number, whole: Cells): Part {
  const weight = share(total(ward), total(city)) * Math.exp(drift);
  return {
    weight,
    unknownWeight: share(ward.unknown, city.unknown) + 1e-6 * weight,
    seed: whole.cells.map((n, c) => n * share(ward.cells[c]!, city.cells[c]!)),
  };
}
