// docs/official-figures.md: which figures of the default build are official, per operation and level, as
// its manifest's `origin` says (build/core/origin.ts over the sample's table origins), on one page a user
// can read before choosing an operation. Generated, so that an anchor added to the sample lists itself.

import type { Sources } from '../../sources/load.ts';
import type { Operation } from '../ops/operation.ts';
import { routeOf } from '../ops/operation.ts';
import type { Level, OperationOrigin } from '../runtime/origin.ts';
import { operationOrigin } from './origin.ts';

const LEVELS: Level[] = ['all', 'prefecture', 'municipality'];

/** A table cell: one line, pipes escaped. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** Years as runs: 2014–2020, 2022. */
function yearRanges(years: number[]): string {
  const runs: number[][] = [];
  for (const y of years) {
    const run = runs.at(-1);
    if (run && run.at(-1) === y - 1) run.push(y);
    else runs.push([y]);
  }
  return runs.map((r) => (r.length > 1 ? `${r[0]}–${r.at(-1)}` : `${r[0]}`)).join(', ');
}

/** The rows of an operation with some official figures that are not only code lists: one per level. */
function rows(path: string, origin: OperationOrigin): string[] {
  return LEVELS.flatMap((level) => {
    const o = origin[level];
    if (!o || o.kind === 'synthetic') return [];
    const [official, synthetic] = [(o.official ?? []).join('; '), (o.synthetic ?? []).join(', ') || '—'];
    const years = o.years ? yearRanges(o.years) : 'every year';
    return [`| \`${path}\` | ${level} | ${o.kind} | ${years} | ${cell(official)} | ${cell(synthetic)} |`];
  });
}

export function officialFiguresDoc(ops: readonly Operation[], sources: Sources): string {
  const origins = ops.map((op) => ({ op, origin: operationOrigin(op, routeOf(op.route), sources) ?? {} }));
  // Masters count nothing themselves: every table they read is a code list (as origin.ts tells them apart).
  const codesOnly = (op: Operation) =>
    op.needs.flat().every((t) => !(t in sources.tables) || sources.dataset.origins?.[t]?.codes);
  const statistical = origins.filter(({ op }) => !codesOnly(op));
  const some = statistical.filter(({ origin }) => Object.values(origin).some((o) => o?.kind !== 'synthetic'));
  const masters = origins.filter((o) => !statistical.includes(o));
  return [
    "<!-- Generated from the operations and the sample's table origins by npm run docs; do not edit by hand. -->",
    '',
    '# Official figures in the default build',
    '',
    `The default build (no extra data) answers ${ops.length} operations. ${masters.length} serve code lists only, all official: ${masters.map(({ op }) => `\`${op.route.path.slice(8)}\``).join(', ')}. Of the ${statistical.length} statistical operations, **${some.length} have official figures** at some level, listed below with the years in which some of their figures are official, what is official and which tables are still synthetic (wholly, or in the part named); the other ${statistical.length - some.length} are synthetic at every level. \`manifest.json\` gives the same per operation (\`origin\`), and every response says it in its \`X-Regstat-Data\` header (\`official\`, \`mixed\`, \`synthetic\`).`,
    '',
    '| operation | level | kind | official years | official | synthetic |',
    '|---|---|---|---|---|---|',
    ...some.flatMap(({ op, origin }) => rows(op.route.path.slice(8), origin)),
    '',
  ].join('\n');
}
