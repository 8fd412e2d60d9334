// Synthetic destinations of high-school graduates, as the School Basic Survey (学校基本調査) counts them:
// each prefecture's graduates of a year, by sex, entering a university, a junior college or a job, in
// their own prefecture or another. A prefecture's graduates are its official 15–19-year-olds (the census
// the sample is anchored to) over five; more of them go on to university each year, fewer to junior
// college, and those who leave go where universities and jobs draw them, the nearer the more.

import { prefectureCells } from './population.ts';
import { attraction, distanceKm, population2020 } from './profile.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

const GRADUATE_YEARS = Array.from({ length: 17 }, (_, i) => 2000 + i);
/** Besides their own prefecture, how many prefectures a prefecture's graduates go to. */
const DESTINATIONS = 10;
type Sex = 'male' | 'female';

/** 15–19-year-olds of a sex in a year, between the census years around it. */
function teenagers(pref: number, sex: Sex, year: number): number {
  const byYear = prefectureCells().get(pref)!;
  const at = (y: number) => byYear.get(y)!.cells[(sex === 'male' ? 0 : 19) + 3]!;
  const from = year - (year % 5);
  const t = (year - from) / 5;
  return t === 0 ? at(from) : (1 - t) * at(from) + t * at(from + 5);
}

/** Share of a prefecture's graduates entering each course in a year (the rest neither). */
function courseShares(pref: number, sex: Sex, year: number): [number, number, number] {
  const a = attraction(pref);
  const t = year - 2000;
  const university = (sex === 'male' ? 0.36 : 0.26) + 0.15 * a + 0.008 * t;
  const juniorCollege = sex === 'male' ? 0.02 : Math.max(0.07, 0.17 - 0.006 * t);
  const employment = 0.26 - 0.14 * a - 0.002 * t;
  return [university, juniorCollege, employment];
}

/**
 * Share of a course's entrants who stay in their own prefecture: more where universities and jobs are,
 * and where the next prefecture is far (Hokkaido, Okinawa).
 */
function stays(pref: number, course: number): number {
  let nearest = Infinity;
  for (let q = 1; q <= 47; q++) if (q !== pref) nearest = Math.min(nearest, distanceKm(pref, q));
  const a = attraction(pref) + Math.min(0.35, Math.max(0, (nearest - 60) / 600));
  return course === 3 ? 0.62 + 0.33 * a : course === 2 ? 0.5 + 0.3 * a : 0.2 + 0.6 * a;
}

/** The other prefectures a prefecture's graduates go to, with their weights (summing to 1). */
function destinations(pref: number): [number, number][] {
  const weights: [number, number][] = [];
  for (let q = 1; q <= 47; q++)
    if (q !== pref)
      weights.push([q, ((attraction(q) + 0.1) * Math.sqrt(population2020(q))) / (distanceKm(pref, q) + 60) ** 2]);
  // The nearest three, then those drawing most.
  const near = [...weights].sort((x, y) => distanceKm(pref, x[0]) - distanceKm(pref, y[0])).slice(0, 3);
  const drawing = weights.sort((x, y) => y[1] - x[1] || x[0] - y[0]).filter((w) => !near.includes(w));
  const top = [...near, ...drawing.slice(0, DESTINATIONS - near.length)];
  const sum = top.reduce((s, [, w]) => s + w, 0);
  return top.map(([q, w]): [number, number] => [q, w / sum]).sort((x, y) => x[0] - y[0]);
}

function graduateDestinations(seed: string) {
  const rows: { prefCode: string; year: number; destPrefCode: string; sex: Sex; course: number; count: number }[] = [];
  const pad2 = (n: number) => String(n).padStart(2, '0');
  for (let pref = 1; pref <= 47; pref++) {
    const others = destinations(pref);
    for (const year of GRADUATE_YEARS) {
      for (const sex of ['male', 'female'] as const) {
        const rnd = random(seed, 'graduates', pref, year, sex);
        const graduates = (teenagers(pref, sex, year) / 5) * 0.94;
        courseShares(pref, sex, year).forEach((share, i) => {
          const course = i + 1;
          const entrants = graduates * share * Math.exp(0.03 * rnd.normal());
          const stay = Math.min(0.95, stays(pref, course) * Math.exp(0.04 * rnd.normal()));
          const to = new Map<number, number>([[pref, entrants * stay]]);
          for (const [q, w] of others) to.set(q, entrants * (1 - stay) * w * Math.exp(0.1 * rnd.normal()));
          for (const [q, n] of [...to].sort((x, y) => x[0] - y[0]))
            rows.push({ prefCode: pad2(pref), year, destPrefCode: pad2(q), sex, course, count: Math.round(n) });
        });
      }
    }
  }
  return rows;
}

export const SAMPLE = {
  graduate_destinations: (d) => csvOf('graduate_destinations', graduateDestinations(d.seed)),
} satisfies SampleTables;
