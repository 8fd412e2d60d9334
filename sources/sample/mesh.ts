// Synthetic 1 km mesh populations (JIS X 0410 standard mesh, third level). Each municipality gets a
// compact patch of meshes near its prefecture's capital, laid out so no mesh belongs to two
// municipalities; residents are spread over its meshes densest at its centre. The meshes of a
// municipality add up exactly to its population in the population family, every census year from
// 2000 and every projection year up to 2045 (2050 continues the 2040–2045 trend).

import { japanmesh } from 'japanmesh';
import { PREF_CENTER } from './profile.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { apportion } from './fit.ts';
import { random } from './random.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

const MESH_CENSUS_YEARS = [2000, 2005, 2010, 2015, 2020];
const MESH_FUTURE_YEARS = [2010, 2015, 2020, 2030, 2040, 2050];

// A third-level mesh is 30" of latitude by 45" of longitude.
const DLAT = 30 / 3600;
const DLNG = 45 / 3600;

const total = (leaf: LeafPopulation, year: number) => {
  const y = leaf.byYear.get(year);
  if (!y) return undefined;
  return y.man.reduce((a, v) => a + v, 0) + y.woman.reduce((a, v) => a + v, 0) + (leaf.unknown.get(year) ?? 0);
};

/** The third-level mesh of a point, or null where the library has no mesh (south of 26°N). */
function meshCode(lat: number, lng: number): string | null {
  try {
    return japanmesh.toCode(lat, lng, 1000);
  } catch {
    return null;
  }
}

/** Cells of a square spiral around (0, 0), nearest first. */
function* spiral(): Generator<[number, number]> {
  yield [0, 0];
  for (let r = 1; ; r++) {
    for (let i = -r; i < r; i++) yield [r, i];
    for (let i = r; i > -r; i--) yield [i, r];
    for (let i = r; i > -r; i--) yield [-r, i];
    for (let i = -r; i < r; i++) yield [i, -r];
  }
}

interface MeshRows {
  census: { meshCode: string; cityCode: string; year: number; population: number; households: number }[];
  future: { meshCode: string; cityCode: string; year: number; population: number }[];
}

function meshPopulation(seed: string, leaves: LeafPopulation[]): MeshRows {
  const rows: MeshRows = { census: [], future: [] };
  const byPref = new Map<number, LeafPopulation[]>();
  for (const l of leaves)
    (byPref.get(l.city.prefCode) ?? byPref.set(l.city.prefCode, []).get(l.city.prefCode)!).push(l);

  // Neighbouring prefectures' patches may reach into each other: a mesh goes to whoever takes it first.
  const taken = new Set<string>();
  for (const [pref, list] of [...byPref].sort((a, b) => a[0] - b[0])) {
    const center = PREF_CENTER[pref - 1]!;
    list.forEach((leaf, k) => {
      const rnd = random(seed, 'mesh', leaf.city.cityCode);
      // Urban places sit near the capital on few meshes; rural ones further out on many.
      const pop2020 = total(leaf, 2020) ?? 0;
      const n = Math.max(3, Math.round(6 + Math.sqrt(pop2020) / 20 + 60 * (1 - leaf.urban) * rnd()));
      const patch = placePatch(leaf, k, n, center, taken);
      meshRows(leaf, rnd, patch, n, rows);
    });
  }
  return rows;
}

/** A municipality's meshes: its centre on a golden-angle spiral round the prefecture's, then up to n free meshes spiralling out. */
interface Patch {
  ci: number;
  cj: number;
  cells: [number, number][];
  codes: string[];
}

function placePatch(
  leaf: LeafPopulation,
  k: number,
  n: number,
  [lat0, lng0]: readonly [number, number],
  taken: Set<string>,
): Patch {
  const angle = k * 2.399963;
  const dist = 4 + 3.2 * Math.sqrt(k) * (1.3 - leaf.urban * 0.6);
  const ci = Math.round(dist * Math.sin(angle));
  const cj = Math.round(dist * Math.cos(angle));
  const cells: [number, number][] = [];
  const codes: string[] = [];
  for (const [di, dj] of spiral()) {
    const [i, j] = [ci + di, cj + dj];
    const code = meshCode(lat0 + (i + 0.5) * DLAT, lng0 + (j + 0.5) * DLNG);
    if (code === null || taken.has(code)) continue;
    taken.add(code);
    cells.push([i, j]);
    codes.push(code);
    if (cells.length === n) break;
  }
  return { ci, cj, cells, codes };
}

/** The municipality's people (and households) shared among its meshes, census years and projected years. */
function meshRows(
  leaf: LeafPopulation,
  rnd: ReturnType<typeof random>,
  { ci, cj, cells, codes }: Patch,
  n: number,
  { census, future }: MeshRows,
): void {
  // Density falls away from the centre; the core thins out over time, the edge more so in the country.
  const base = cells.map(
    ([i, j]) => Math.exp(-Math.hypot(i - ci, j - cj) / (1.2 + 2 * leaf.urban)) * Math.exp(0.7 * rnd.normal()),
  );
  const edge = cells.map(([i, j]) => Math.hypot(i - ci, j - cj) / Math.sqrt(n));
  const hh = 2.0 + 0.8 * (1 - leaf.urban) + 0.1 * rnd.normal();
  const weightsIn = (year: number) =>
    base.map((b, m) => b * Math.exp(-(year - 2000) * 0.004 * edge[m]! * (1.5 - leaf.urban)));
  for (const year of MESH_CENSUS_YEARS) {
    const parts = apportion(total(leaf, year) ?? 0, weightsIn(year));
    parts.forEach((p, m) =>
      census.push({
        meshCode: codes[m]!,
        cityCode: leaf.city.cityCode,
        year,
        population: p,
        households: Math.round(p / (hh - (year - 2000) * 0.01)),
      }),
    );
  }
  for (const year of MESH_FUTURE_YEARS) {
    const t2045 = total(leaf, 2045) ?? 0;
    const t2040 = total(leaf, 2040) ?? 0;
    const sum = year <= 2045 ? (total(leaf, year) ?? 0) : Math.round(t2040 > 0 ? (t2045 * t2045) / t2040 : t2045);
    apportion(sum, weightsIn(year)).forEach((p, m) =>
      future.push({ meshCode: codes[m]!, cityCode: leaf.city.cityCode, year, population: p }),
    );
  }
}

const meshOf = shared((d) => meshPopulation(d.seed, leavesOf(d)));

export const SAMPLE = {
  mesh_population: (d) => csvOf('mesh_population', meshOf(d).census),
  mesh_population_future: (d) => csvOf('mesh_population_future', meshOf(d).future),
} satisfies SampleTables;
