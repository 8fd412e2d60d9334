// The sample sources, generated and loaded once per test file that needs the raw facts.

import { loadSources, type Sources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';

let cached: Sources | undefined;
export const sampleSources = (): Sources => (cached ??= loadSources(sampleSourceSet()));

/** Rows of a source table as plain objects. */
export const rowsOf = <T = Record<string, any>>(name: keyof Sources['tables']): T[] =>
  sampleSources().tables[name]!.table.objects() as T[];
