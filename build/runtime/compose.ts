// Composition of list-valued parameters (addArea): the resolver names the per-region files, an adapter
// reads them, and one combine function per operation sums their counts and renders the response anew.

import {
  perYearCounts,
  pyramidCounts,
  renderGrowth,
  renderPerYear,
  renderPyramidHalf,
  sumPerYear,
  sumPyramid,
} from './render/population.ts';

/** Combines the `result` members of the region files (regions without data already left out). */
export type Combine = (results: unknown[]) => unknown;

export const composers: Record<string, Combine> = {
  perYear(results) {
    const sum = sumPerYear(results.map(perYearCounts));
    return sum && renderPerYear(sum);
  },
  growth(results) {
    const sum = sumPerYear(results.map(perYearCounts));
    return sum && renderGrowth(sum);
  },
  pyramid(results) {
    const side = (key: 'yearLeft' | 'yearRight') => {
      const sum = sumPyramid(results.map((r) => pyramidCounts((r as Record<string, unknown>)[key])));
      return sum && renderPyramidHalf(sum);
    };
    return results.length === 0 ? null : { yearLeft: side('yearLeft'), yearRight: side('yearRight') };
  },
};

export type ReadFile = (path: string) => Promise<string | null>;

/**
 * Reads the files of a composition and combines them. Returns the `result` member of the response
 * (null when no region has data), or throws when a file is missing: that is a broken dist, not a bad
 * request.
 */
export async function composeResult(composer: string, files: string[], read: ReadFile): Promise<unknown> {
  const combine = composers[composer];
  if (!combine) throw new Error(`no composer named ${composer}`);
  const texts = await Promise.all(files.map(read));
  const results: unknown[] = [];
  texts.forEach((text, i) => {
    if (text === null) throw new Error(`composition input ${files[i]} is missing from dist`);
    const doc = JSON.parse(text) as { result: unknown };
    if (doc.result !== null) results.push(doc.result);
  });
  return results.length === 0 ? null : combine(results);
}
