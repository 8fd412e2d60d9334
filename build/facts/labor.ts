// Facts of the labour operations: job openings and applicants by occupation (municipality/job
// perYear), workers and payroll by industry and age (municipality/wages perYear), summed at every level
// of their classes so that a broad class or "all" divides summed counts, never averages ratios.

import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { sumsAtEveryLevel } from './levels.ts';
import { withSicCode } from './selection.ts';
import { Grouped, tableOf } from './table.ts';

export type JobMonth = Pick<Row<'job_openings'>, 'month' | 'openings' | 'applicants'>;

/** Openings and applicants by prefecture and occupation (`-` for all), by month. */
export function jobOpeningSeries(sources: Sources) {
  const all = sumsAtEveryLevel(
    tableOf(sources, 'job_openings'),
    ['prefCode', 'month'],
    [{ columns: ['iscoCode', 'ismcoCode'], all: '-' }],
    ['openings', 'applicants'],
  );
  return new Grouped<JobMonth, ['prefCode', 'iscoCode', 'ismcoCode']>(
    all.orderby('prefCode', 'iscoCode', 'ismcoCode', 'month'),
    ['prefCode', 'iscoCode', 'ismcoCode'],
  );
}

export type WageYear = Pick<Row<'wages'>, 'year' | 'workers' | 'payroll'>;

/** Workers and payroll by prefecture, industry (`-` for all) and lower age bound (`all` for every age), by year. */
export function wageSeries(sources: Sources) {
  const t = withSicCode(sources, tableOf(sources, 'wages')).derive({ age: (d) => `${d.ageFrom}` });
  const all = sumsAtEveryLevel(
    t,
    ['prefCode', 'year'],
    [
      { columns: ['sicCode', 'simcCode'], all: '-' },
      { columns: ['age'], all: 'all' },
    ],
    ['workers', 'payroll'],
  );
  return new Grouped<WageYear, ['prefCode', 'sicCode', 'simcCode', 'age']>(
    all.orderby('prefCode', 'sicCode', 'simcCode', 'age', 'year'),
    ['prefCode', 'sicCode', 'simcCode', 'age'],
  );
}
