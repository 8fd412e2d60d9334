// population/sum/estimate rendered from counts: the total population per population year and the births,
// deaths, in-migrants and out-migrants per calendar year. addArea reads the counts back out of the
// regions' files, sums them and renders again, so the build and the composition print alike.

import { composer } from '../composer.ts';
import { TOTAL_LABEL } from './labels.ts';
import { seriesReader } from './population.ts';

export interface EventYear {
  year: number;
  births: number;
  deaths: number;
  inMigrants: number;
  outMigrants: number;
}

interface EstimateCounts {
  boundaryYear: number;
  /** All residents per population year (actual and projected). */
  population: { year: number; value: number }[];
  /** Events per calendar year, ascending. */
  events: EventYear[];
}

/** The event series in the original's order, after 総人口. */
export const EVENT_SERIES = [
  ['inMigrants', '転入数'],
  ['outMigrants', '転出数'],
  ['births', '出生数'],
  ['deaths', '死亡数'],
] as const;

type EventLabel = (typeof EVENT_SERIES)[number][1];

export function renderEstimate(c: EstimateCounts) {
  return {
    boundaryYear: c.boundaryYear,
    data: [
      { label: TOTAL_LABEL, data: c.population.map((p) => ({ year: p.year, value: p.value })) },
      ...EVENT_SERIES.map(([key, label]) => ({ label, data: c.events.map((e) => ({ year: e.year, value: e[key] })) })),
    ],
  };
}

type Estimate = ReturnType<typeof renderEstimate>;

/** The counts back from a rendered answer (composition sums them). */
function estimateCounts(r: Estimate): EstimateCounts {
  const { series, valueAt } = seriesReader(r.data, 'estimate');
  const value = (label: EventLabel) => valueAt(label);
  const [deaths, inMigrants, outMigrants] = [value('死亡数'), value('転入数'), value('転出数')];
  return {
    boundaryYear: r.boundaryYear,
    population: series(TOTAL_LABEL),
    events: series('出生数').map((p, i) => ({
      year: p.year,
      births: p.value,
      deaths: deaths(i),
      inMigrants: inMigrants(i),
      outMigrants: outMigrants(i),
    })),
  };
}

/** Sums over regions, keeping the years every region has. */
function sumEstimate(list: EstimateCounts[]): EstimateCounts | null {
  const [first] = list;
  if (!first) return null;
  const population = first.population.flatMap((p) => {
    const values = list.flatMap((c) => c.population.find((q) => q.year === p.year)?.value ?? []);
    return values.length === list.length ? [{ year: p.year, value: values.reduce((a, v) => a + v, 0) }] : [];
  });
  const byYear = list.map((c) => new Map(c.events.map((e) => [e.year, e])));
  const events: EventYear[] = [];
  for (const e of first.events) {
    const rows = byYear.flatMap((m) => m.get(e.year) ?? []);
    if (rows.length < list.length) continue;
    const sum = (k: keyof Omit<EventYear, 'year'>) => rows.reduce((a, r) => a + r[k], 0);
    events.push({
      year: e.year,
      births: sum('births'),
      deaths: sum('deaths'),
      inMigrants: sum('inMigrants'),
      outMigrants: sum('outMigrants'),
    });
  }
  return { boundaryYear: first.boundaryYear, population, events };
}

export const estimateComposer = composer<Estimate>('estimate', (results) => {
  const sum = sumEstimate(results.map(estimateCounts));
  return sum && renderEstimate(sum);
});
