// Synthetic job-market facts: effective openings and applicants by prefecture, month and occupation
// middle class, April 2011 to September 2022. The nation's ratio follows the business cycle as the
// official ratio did (a long climb to 2019, the 2020 slump), each occupation has its own level (care work
// and construction scarce, clerical work plentiful), and big cities run hotter.

import type { Row } from '../tables.ts';
import { OCCUPATIONS_MIDDLE } from './classifications.ts';
import { attraction, population2020 } from './profile.ts';
import { random } from './random.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

const JOB_MONTHS: string[] = [];
for (let y = 2011, m = 4; y < 2022 || (y === 2022 && m <= 9); m === 12 ? ((y += 1), (m = 1)) : (m += 1)) {
  JOB_MONTHS.push(`${y}-${String(m).padStart(2, '0')}`);
}

const BROAD_RATIO: Record<string, number> = {
  A: 1.4,
  B: 2.0,
  C: 0.45,
  D: 2.1,
  E: 3.0,
  F: 5.5,
  G: 1.2,
  H: 1.5,
  I: 2.3,
  J: 5.0,
  K: 0.8,
  L: 0.3,
};
const BROAD_APPLICANTS: Record<string, number> = {
  A: 0.004,
  B: 0.12,
  C: 0.3,
  D: 0.09,
  E: 0.13,
  F: 0.005,
  G: 0.01,
  H: 0.14,
  I: 0.05,
  J: 0.03,
  K: 0.12,
  L: 0.01,
};

/** The nationwide cycle of the ratio by month index from April 2011. */
function cycle(t: number): number {
  if (t < 105) return 0.6 + (1.0 * t) / 105; // to 2019-12
  if (t < 114) return 1.6 - (0.55 * (t - 105)) / 9; // to 2020-09
  return 1.05 + (0.25 * (t - 114)) / 24; // to 2022-09
}

function jobOpenings(seed: string) {
  const rows: Row<'job_openings'>[] = [];
  const perBroad = new Map<string, number>();
  for (const [, isco] of OCCUPATIONS_MIDDLE) perBroad.set(isco, (perBroad.get(isco) ?? 0) + 1);
  for (let prefCode = 1; prefCode <= 47; prefCode++) {
    const rnd = random(seed, 'jobs', prefCode);
    const heat = 0.8 + 0.6 * attraction(prefCode);
    const classes = OCCUPATIONS_MIDDLE.map(([ismco, isco]) => ({
      ismco,
      isco,
      ratio: BROAD_RATIO[isco]! * Math.exp(0.35 * rnd.normal()),
      applicants:
        (population2020(prefCode) * 0.012 * BROAD_APPLICANTS[isco]! * Math.exp(0.4 * rnd.normal())) /
        perBroad.get(isco)!,
    }));
    JOB_MONTHS.forEach((month, t) => {
      const season = 1 + 0.06 * Math.sin(((t + 3) / 12) * 2 * Math.PI);
      for (const c of classes) {
        const applicants = Math.round(
          c.applicants * (1.25 - 0.25 * Math.min(1, t / 105)) * season * Math.exp(0.05 * rnd.normal()),
        );
        const openings = applicants * c.ratio * heat * Math.exp(0.06 * rnd.normal());
        rows.push({
          prefCode: String(prefCode).padStart(2, '0'),
          month,
          iscoCode: c.isco,
          ismcoCode: c.ismco,
          openings,
          applicants,
        });
      }
    });
  }
  // The nation's ratio is the cycle (0.61 in April 2011 to 1.60 in 2019, 1.05 in the 2020 slump, as the
  // official series ran); occupations and prefectures spread around it.
  const months = new Map(JOB_MONTHS.map((m) => [m, { openings: 0, applicants: 0 }]));
  for (const r of rows) {
    const m = months.get(r.month)!;
    m.openings += r.openings;
    m.applicants += r.applicants;
  }
  const scale = new Map(
    JOB_MONTHS.map((m, t) => [m, (cycle(t) * months.get(m)!.applicants) / months.get(m)!.openings]),
  );
  for (const r of rows) r.openings = Math.round(r.openings * scale.get(r.month)!);
  return rows;
}

/** Women's share of the applicants of each broad occupation. */
const WOMEN: Record<string, number> = {
  A: 0.15,
  B: 0.55,
  C: 0.72,
  D: 0.55,
  E: 0.7,
  F: 0.1,
  G: 0.3,
  H: 0.35,
  I: 0.08,
  J: 0.04,
  K: 0.45,
  L: 0.5,
};

/** The fiscal year (April to March) of a month. */
const fiscalYear = (month: string) => Number(month.slice(0, 4)) - (month.slice(5) < '04' ? 1 : 0);

/**
 * Of the applicants of jobOpenings, the women and the placements, per fiscal year: the complete ones
 * (to March 2022). Women are summed over the months as the applicants are; a year places about a tenth of
 * its summed applicants, fewer where openings are scarce.
 */
function jobPlacements(seed: string, openings = jobOpenings(seed)) {
  const years = new Map<
    string,
    { prefCode: string; year: number; iscoCode: string; ismcoCode: string; applicants: number; openings: number }
  >();
  for (const r of openings) {
    const year = fiscalYear(r.month);
    if (year > 2021) continue;
    const key = `${r.prefCode}|${year}|${r.ismcoCode}`;
    const y = years.get(key) ?? {
      prefCode: r.prefCode,
      year,
      iscoCode: r.iscoCode,
      ismcoCode: r.ismcoCode,
      applicants: 0,
      openings: 0,
    };
    y.applicants += r.applicants;
    y.openings += r.openings;
    years.set(key, y);
  }
  return [...years.values()].map((y) => {
    const rnd = random(seed, 'placements', y.prefCode, y.year, y.ismcoCode);
    const women = Math.min(0.95, WOMEN[y.iscoCode]! * Math.exp(0.1 * rnd.normal()));
    const placed =
      0.1 * Math.min(1, (0.5 * y.openings) / Math.max(1, y.applicants) + 0.5) * Math.exp(0.1 * rnd.normal());
    return {
      prefCode: y.prefCode,
      year: y.year,
      iscoCode: y.iscoCode,
      ismcoCode: y.ismcoCode,
      womenApplicants: Math.round(y.applicants * women),
      placements: Math.round(y.applicants * placed),
    };
  });
}

const openingsOf = shared((d) => jobOpenings(d.seed));

export const SAMPLE = {
  job_openings: (d) => csvOf('job_openings', openingsOf(d)),
  job_placements: (d) => csvOf('job_placements', jobPlacements(d.seed, openingsOf(d))),
} satisfies SampleTables;
