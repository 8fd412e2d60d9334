// Anchors that keep the synthetic figures at plausible magnitudes: each prefecture's population in
// 2020 rounded to ten thousand (a widely published census figure), how strongly it draws migrants,
// and the regional blocks of the migration statistics. Everything else is drawn at random from these.

/** Residents in 2020, in thousands, rounded to tens of thousands; index = prefCode - 1. */
export const POPULATION_2020_THOUSANDS = [
  5220, 1240, 1210, 2300, 960, 1070, 1830, 2870, 1930, 1940, 7340, 6280, 14050, 9240, 2200, 1030, 1130,
  770, 810, 2050, 1980, 3630, 7540, 1770, 1410, 2580, 8840, 5470, 1320, 920, 550, 670, 1890, 2800, 1340,
  720, 950, 1330, 690, 5140, 810, 1310, 1740, 1120, 1070, 1590, 1470,
];

/** How strongly a prefecture draws migrants, 0 (weak) to 1 (Tokyo); index = prefCode - 1. */
export const ATTRACTION = [
  0.25, 0.1, 0.12, 0.35, 0.05, 0.1, 0.12, 0.3, 0.28, 0.28, 0.75, 0.7, 1.0, 0.8, 0.15, 0.2, 0.25, 0.15,
  0.2, 0.22, 0.25, 0.3, 0.5, 0.22, 0.35, 0.35, 0.45, 0.32, 0.25, 0.1, 0.12, 0.1, 0.28, 0.3, 0.15, 0.12,
  0.2, 0.15, 0.12, 0.5, 0.22, 0.12, 0.28, 0.18, 0.15, 0.15, 0.4,
];

/** Regional blocks of population/society/forArea and the prefectures they hold. */
export const BLOCK_PREFS: Record<string, number[]> = {
  '01': [1],
  '02': [2, 3, 4, 5, 6, 7],
  '03': [8, 9, 10],
  '04': [11, 12, 13, 14],
  '05': [15, 16, 17, 18, 19, 20, 21, 22, 23],
  '06': [24, 25, 26, 27, 28, 29, 30],
  '07': [31, 32, 33, 34, 35],
  '08': [36, 37, 38, 39],
  '09': [40, 41, 42, 43, 44, 45, 46, 47],
};

export const population2020 = (prefCode: number) => POPULATION_2020_THOUSANDS[prefCode - 1]! * 1000;
export const attraction = (prefCode: number) => ATTRACTION[prefCode - 1]!;
