// The official figures under the sample's municipalities: the census (sources/official/municipal-age.csv)
// and IPSS 2018's municipal projections (municipal-projection.csv). In the census years (1980 and 2020) a
// municipality's people by sex and 5-year age are the census's, and so are 2020's wards'; in 2025–2045 they
// are IPSS's, where IPSS gives the municipality or ward (not 福島県's municipalities, not the wards of 8
// designated cities, which it gives whole). Between the census years a municipality is drawn as a share of
// its prefecture that moves smoothly from the 1980 census to the 2020 census (its total geometrically, each
// sex-and-age cell's share linearly); after 2020 one IPSS does not give keeps the 1980–2020 trend of its total
// and 2020's age structure, fitted to what the others leave of the prefecture (population.ts). Wards are
// their 2020 census shares of the city, drifting a little, in every year but 2020 (1980's converter knows
// designated cities only whole) and the projection years IPSS gives them in.

import {
  municipalAgeYears,
  municipalByAgeSex,
  municipalProjectionByAgeSex,
  type OfficialAgeSex,
} from '../official-statistics.ts';

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

let years: number[] | undefined;
/** The census years of the municipal anchor (the first and the last interpolate the years between); kept, as asked per unit and year. */
export const censusYears = (): number[] => (years ??= municipalAgeYears());

/**
 * A region's census cells of a year: its own row, or the sum of its parts' (a designated city's 2020 is its
 * wards'); undefined in a year the anchor does not give.
 */
export const censusCells = (code: string, year: number, parts: string[] = []): Cells | undefined =>
  anchorCells(municipalByAgeSex, code, year, parts);

/**
 * A region's IPSS 2018 cells of a projection year (unknown 0): its own row (8 designated cities are given
 * whole), or the sum of its parts' (the other designated cities' wards); undefined where IPSS gives none.
 */
export const projectedCells = (code: string, year: number, parts: string[] = []): Cells | undefined =>
  anchorCells(municipalProjectionByAgeSex, code, year, parts);

function anchorCells(
  read: (code: string, year: number) => OfficialAgeSex | undefined,
  code: string,
  year: number,
  parts: string[],
): Cells | undefined {
  const own = read(code, year);
  if (own) return cellsOf(own);
  const each = parts.map((p) => read(p, year));
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
 * A municipality's part of `whole` (its prefecture, or what the municipalities IPSS gives leave of it) in a
 * year between or after the census years: `t` is 0 at the first, 1 at the last, beyond 1 after it. The
 * total moves geometrically (linearly where a census counted no one: 双葉町 2020), the cells' shares
 * linearly and stay at the last census's after it.
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
