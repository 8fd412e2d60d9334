// Sums at every level of a classification: a middle class, its broad class (middle `-`), all classes
// (both `-`). The original answered a broad class or "all" as the sum of what it holds, so these are
// added up from the finest rows rather than read from a total of their own.

import * as aq from 'arquero';
import type { Table } from './rollup.ts';

/** Class columns, broadest first, and the code a dropped column takes (`-` for "all" in the parameters). */
interface Hierarchy {
  columns: readonly string[];
  all: string;
}

/** Each level of one hierarchy: the columns kept, and the rest with the code for all. */
function levelsOf(h: Hierarchy): { kept: string[]; fill: Record<string, string> }[] {
  return h.columns
    .map((_, i) => h.columns.length - i)
    .concat(0)
    .map((k) => ({
      kept: h.columns.slice(0, k),
      fill: Object.fromEntries(h.columns.slice(k).map((c) => [c, h.all])),
    }));
}

/**
 * `values` summed by `by` and by every combination of the hierarchies' levels (for two hierarchies of
 * two and one columns: 3 × 2 groupings), a dropped column holding its hierarchy's code for all.
 */
export function sumsAtEveryLevel(t: Table, by: readonly string[], hierarchies: Hierarchy[], values: string[]): Table {
  const sums = Object.fromEntries(values.map((v) => [v, aq.op.sum(v)]));
  const combos = hierarchies.reduce(
    (acc, h) =>
      acc.flatMap((a) => levelsOf(h).map((l) => ({ kept: [...a.kept, ...l.kept], fill: { ...a.fill, ...l.fill } }))),
    [{ kept: [] as string[], fill: {} as Record<string, string> }],
  );
  const parts = combos.map(({ kept, fill }) =>
    t
      .groupby(...by, ...kept)
      .rollup(sums)
      .derive(Object.fromEntries(Object.entries(fill).map(([c, code]) => [c, aq.escape(() => code)]))),
  );
  return parts.slice(1).reduce((all, part) => all.concat(part), parts[0]!);
}
