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
import type { Canonical } from './params.ts';
import { renderTrade, sumTrade, tradeCounts } from './render/industry.ts';
import type { RouteOp, RouteTable } from './routes.ts';
import { renderFishery, sumCounts, type EntityCounts, type FisheryKind } from './render/fishery.ts';

/** What a combine function knows of the request besides its input files. */
export interface ComposeContext {
  values: Canonical;
  op: RouteOp;
  table: RouteTable;
}

/** Combines the `result` members of the input files (inputs without data already left out). */
export type Combine = (results: unknown[], ctx: ComposeContext) => unknown;

interface Page {
  data: Record<string, unknown>[];
}

export const composers: Record<string, Combine> = {
  /** One pair of the compact layout: the halves are put together before any composer runs. */
  pair(results) {
    return results[0];
  },
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
  /** Fishery shares of several regions: entity counts summed (matter 1 regions, 2 their prefectures), then shares. */
  fishery(results, { values, op, table }) {
    const kind = op.path.split('/').pop() as FisheryKind;
    const docs = results as EntityCounts[];
    const main = docs[0]!;
    const names = (kind === 'shipRatio' ? table.labels.fisheryDestinations : table.labels.fisheryBands) ?? {};
    const head = { prefCode: main.prefCode, prefName: main.prefName, cityCode: main.cityCode, cityName: main.cityName };
    if (values.matter === '3') return renderFishery(kind, head, '3', '全国平均', main.nation[kind], names);
    if (values.matter === '2') {
      const prefs = [...new Map(docs.map((d) => [d.prefCode, d])).values()];
      return renderFishery(kind, head, '2', `${prefs.map((d) => d.prefName).join('・')}平均`, sumCounts(prefs.map((d) => d.prefecture[kind])), names);
    }
    return renderFishery(kind, head, '1', docs.map((d) => d.cityName || d.prefName).join('・'), sumCounts(docs.map((d) => d.region[kind])), names);
  },
  trade(results) {
    return renderTrade(sumTrade(results.map(tradeCounts)));
  },
  /** One page that starts inside the first of two consecutive pages. */
  page(results, { values, op }) {
    const { offset, size } = pagingOf(values, op);
    const start = offset % size;
    return { data: (results as Page[]).flatMap((p) => p.data).slice(start, start + size) };
  },
  /** The patents of every page whose field (section) or theme (subject) is one of addTec's. */
  patentFilter(results, { values, op, table }) {
    const { offset, size } = pagingOf(values, op);
    const fields = table.labels.patentFields ?? {};
    const themes = table.labels.patentThemes ?? {};
    const wanted = (values.addTec ?? '').split(',').map((e) => {
      const [tec, theme] = e.split('_') as [string, string];
      return { section: fields[tec], subject: theme ? themes[`${tec}_${theme}`] : undefined };
    });
    const match = (r: Record<string, unknown>) => wanted.some((w) => r.patentSection === w.section && (w.subject === undefined || r.patentSubject === w.subject));
    return { data: (results as Page[]).flatMap((p) => p.data).filter(match).slice(offset, offset + size) };
  },
};

function pagingOf(values: Canonical, op: RouteOp) {
  if (!op.paging) throw new Error(`${op.path} is not paged`);
  return { offset: Number(values[op.paging.offset]), size: op.paging.size };
}

export type ReadFile = (path: string) => Promise<string | null>;

/** Combines parsed documents (null where a file is missing: a broken dist, not a bad request). */
export function combineDocs(composer: string, files: string[], docs: ({ result: unknown } | null)[], ctx: ComposeContext): unknown {
  const combine = composers[composer];
  if (!combine) throw new Error(`no composer named ${composer}`);
  const results: unknown[] = [];
  docs.forEach((doc, i) => {
    if (doc === null) throw new Error(`composition input ${files[i]} is missing from dist`);
  });
  const pairs = ctx.op.pairs;
  if (pairs && ctx.values[pairs.left] !== ctx.values[pairs.right]) {
    // Files come two by two (left value's, right value's): each pair makes one result.
    for (let i = 0; i < docs.length; i += 2) {
      const [a, b] = [docs[i]!.result as Record<string, unknown> | null, docs[i + 1]!.result as Record<string, unknown> | null];
      if (a !== null && b !== null) results.push({ [pairs.left]: a[pairs.left], [pairs.right]: b[pairs.right] });
    }
  } else for (const doc of docs) if (doc!.result !== null) results.push(doc!.result);
  return results.length === 0 ? null : combine(results, ctx);
}

/**
 * Reads the files of a composition and combines them: the `result` member of the response, null
 * when no region has data.
 */
export async function composeResult(composer: string, files: string[], read: ReadFile, ctx: ComposeContext): Promise<unknown> {
  const texts = await Promise.all(files.map(read));
  return combineDocs(composer, files, texts.map((t) => (t === null ? null : (JSON.parse(t) as { result: unknown }))), ctx);
}
