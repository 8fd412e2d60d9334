// Composition of list-valued parameters (addArea, addTec) and of pages: the resolver names the files, an
// adapter reads them, and the operation's composer (exported by its family's render module) combines them.

import { fisheryComposers, shipValueComposer, totalsComposers, unitSalesComposers } from './render/fishery.ts';
import { forestryComposers } from './render/forestry.ts';
import { agricultureComposers } from './render/agriculture.ts';
import { linesComposer, tradeComposer } from './render/industry.ts';
import { pageComposer, patentFilterComposer } from './render/patents.ts';
import { growthComposer, perYearComposer, pyramidComposer } from './render/population.ts';
import { estimateComposer } from './render/vital.ts';
import type { ComposeContext, Composer } from './composer.ts';

export type { Combine, ComposeContext } from './composer.ts';

/** Every composer, by the name routes.json gives it. */
export const COMPOSERS: ReadonlyMap<string, Composer> = new Map(
  [
    perYearComposer,
    growthComposer,
    pyramidComposer,
    ...Object.values(fisheryComposers),
    ...Object.values(totalsComposers),
    shipValueComposer,
    ...Object.values(unitSalesComposers),
    ...Object.values(forestryComposers),
    ...Object.values(agricultureComposers),
    tradeComposer,
    linesComposer,
    pageComposer,
    patentFilterComposer,
    estimateComposer,
  ].map((c) => [c.name, c]),
);

export type ReadFile = (path: string) => Promise<string | null>;

/** A compact layout's pair with no composer: its one result, put together from the two halves. */
const onePair = (results: unknown[]) => results[0];

/**
 * Combines parsed documents (null where a file is missing: a broken dist, not a bad request) by the
 * named composer, or, with none, returns the one result of a compact layout's pair.
 */
export function combineDocs(
  composer: string | undefined,
  files: string[],
  docs: ({ result: unknown } | null)[],
  ctx: ComposeContext,
): unknown {
  const combine = composer === undefined ? onePair : COMPOSERS.get(composer)?.combine;
  if (!combine) throw new Error(`no composer named ${composer}`);
  const results: unknown[] = [];
  docs.forEach((doc, i) => {
    if (doc === null) throw new Error(`composition input ${files[i]} is missing from dist`);
  });
  const pairs = ctx.op.pairs;
  if (pairs && ctx.values[pairs.left] !== ctx.values[pairs.right]) {
    // Files come two by two (left value's, right value's): each pair makes one result.
    for (let i = 0; i < docs.length; i += 2) {
      const [a, b] = [
        docs[i]!.result as Record<string, unknown> | null,
        docs[i + 1]!.result as Record<string, unknown> | null,
      ];
      if (a !== null && b !== null) results.push({ [pairs.left]: a[pairs.left], [pairs.right]: b[pairs.right] });
    }
  } else for (const doc of docs) if (doc!.result !== null) results.push(doc!.result);
  return results.length === 0 ? null : combine(results, ctx);
}

/**
 * Reads the files of a composition and combines them: the `result` member of the response, null
 * when no region has data.
 */
export async function composeResult(
  composer: string | undefined,
  files: string[],
  read: ReadFile,
  ctx: ComposeContext,
): Promise<unknown> {
  const texts = await Promise.all(files.map(read));
  return combineDocs(
    composer,
    files,
    texts.map((t) => (t === null ? null : (JSON.parse(t) as { result: unknown }))),
    ctx,
  );
}
