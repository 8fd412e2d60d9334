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

/** Combines parsed documents (null where a file is missing: a broken dist, not a bad request). */
export function combineDocs(composer: string, files: string[], docs: ({ result: unknown } | null)[]): unknown {
  const combine = composers[composer];
  if (!combine) throw new Error(`no composer named ${composer}`);
  const results: unknown[] = [];
  docs.forEach((doc, i) => {
    if (doc === null) throw new Error(`composition input ${files[i]} is missing from dist`);
    if (doc.result !== null) results.push(doc.result);
  });
  return results.length === 0 ? null : combine(results);
}

/**
 * Reads the files of a composition and combines them: the `result` member of the response, null
 * when no region has data.
 */
export async function composeResult(composer: string, files: string[], read: ReadFile): Promise<unknown> {
  const texts = await Promise.all(files.map(read));
  return combineDocs(composer, files, texts.map((t) => (t === null ? null : (JSON.parse(t) as { result: unknown }))));
}
