// Anchors that keep the synthetic figures at plausible magnitudes: each prefecture's official 2020
// population, how strongly it draws migrants, and the regional blocks of the migration statistics.
// Everything else is drawn at random from these.

import { prefecturePopulation } from '../official.ts';

// The blocks live with the regions: the e-Stat importer adds real migration up by them too.
export { BLOCK_PREFS } from '../regions.ts';

/** How strongly a prefecture draws migrants, 0 (weak) to 1 (Tokyo); index = prefCode - 1. */
const ATTRACTION = [
  0.25, 0.1, 0.12, 0.35, 0.05, 0.1, 0.12, 0.3, 0.28, 0.28, 0.75, 0.7, 1.0, 0.8, 0.15, 0.2, 0.25, 0.15, 0.2, 0.22, 0.25,
  0.3, 0.5, 0.22, 0.35, 0.35, 0.45, 0.32, 0.25, 0.1, 0.12, 0.1, 0.28, 0.3, 0.15, 0.12, 0.2, 0.15, 0.12, 0.5, 0.22, 0.12,
  0.28, 0.18, 0.15, 0.15, 0.4,
];

/** The official 2020 census population (sources/official): the scale of the figures drawn per prefecture. */
export const population2020 = (prefCode: number) => prefecturePopulation(prefCode, 2020)!;
export const attraction = (prefCode: number) => ATTRACTION[prefCode - 1]!;

/** Approximate latitude and longitude of each prefectural capital; index = prefCode - 1. */
export const PREF_CENTER: [number, number][] = [
  [43.06, 141.35],
  [40.82, 140.74],
  [39.7, 141.15],
  [38.27, 140.87],
  [39.72, 140.1],
  [38.24, 140.36],
  [37.75, 140.47],
  [36.34, 140.45],
  [36.57, 139.88],
  [36.39, 139.06],
  [35.86, 139.65],
  [35.61, 140.12],
  [35.69, 139.69],
  [35.45, 139.64],
  [37.9, 139.02],
  [36.7, 137.21],
  [36.59, 136.63],
  [36.07, 136.22],
  [35.66, 138.57],
  [36.65, 138.18],
  [35.39, 136.72],
  [34.98, 138.38],
  [35.18, 136.91],
  [34.73, 136.51],
  [35.0, 135.87],
  [35.02, 135.76],
  [34.69, 135.52],
  [34.69, 135.18],
  [34.69, 135.83],
  [34.23, 135.17],
  [35.5, 134.24],
  [35.47, 133.05],
  [34.66, 133.93],
  [34.4, 132.46],
  [34.19, 131.47],
  [34.07, 134.56],
  [34.34, 134.04],
  [33.84, 132.77],
  [33.56, 133.53],
  [33.61, 130.42],
  [33.25, 130.3],
  [32.74, 129.87],
  [32.79, 130.74],
  [33.24, 131.61],
  [31.91, 131.42],
  [31.56, 130.56],
  [26.21, 127.68],
];

/** Kilometres between two prefectural capitals, on a flat map: enough to make near places draw more. */
export function distanceKm(a: number, b: number): number {
  const [la1, lo1] = PREF_CENTER[a - 1]!;
  const [la2, lo2] = PREF_CENTER[b - 1]!;
  const dy = (la1 - la2) * 111;
  const dx = (lo1 - lo2) * 111 * Math.cos(((la1 + la2) / 2) * (Math.PI / 180));
  return Math.hypot(dx, dy);
}
