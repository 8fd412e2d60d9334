// docs/operations.md: every operation as its declaration states it (path, family, titles, description,
// parameters with their defaults and what they mean, the example its docs link), generated so that adding
// an operation adds its page section without a hand edit, and a test holds the file to the declarations.

import type { Operation } from '../ops/operation.ts';
import { FAMILY_TABLE, type Family } from '../runtime/families.ts';
import { isListParam } from '../runtime/params.ts';
import type { ParamSpec } from '../runtime/routes.ts';

const HEADER = `<!-- Generated from the operation declarations (build/ops/) by npm run docs; do not edit by hand. -->

# Operations

Every operation regstat serves, grouped by family as the explorer lists them, from its declaration in
\`build/ops/<family>/\`. Parameters marked *optional* may be left out: the default in brackets applies, or
the parameter takes no effect. A *list* parameter (\`addArea\`, \`addTec\`) is composed at request time.
What each build holds of them (files, official or synthetic figures) is in its \`manifest.json\`.
`;

/** A table cell: one line, pipes escaped. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function parameterRow(p: ParamSpec): string {
  const how = [
    p.required ? 'required' : 'optional',
    p.default !== undefined ? `[\`${p.default}\`]` : '',
    isListParam(p) ? 'list' : '',
    p.ignored ? 'accepted, not read' : '',
    p.aliases?.length ? `also \`${p.aliases.join('`, `')}\`` : '',
  ].filter(Boolean);
  return `| \`${p.name}\` | ${how.join(', ')} | ${cell(p.doc)} |`;
}

function exampleUrl(op: Operation): string {
  const given = Object.entries(op.examples[0] ?? {}).filter((e): e is [string, string] => !!e[1]);
  const query = new URLSearchParams(given).toString();
  return `${op.route.path}${query ? `?${query}` : ''}`;
}

function section(op: Operation): string {
  const params = op.route.params.length
    ? ['| parameter | | meaning |', '|---|---|---|', ...op.route.params.map(parameterRow)].join('\n')
    : 'No parameters.';
  return [
    `### \`${op.route.path.replace('/api/v1/', '')}\``,
    '',
    `**${op.title}** — ${op.titleEn}`,
    '',
    op.description,
    '',
    params,
    '',
    `Example: \`${exampleUrl(op)}\``,
  ].join('\n');
}

/** The whole page, families in the family table's order. */
export function operationsDoc(operations: readonly Operation[]): string {
  const families = Object.keys(FAMILY_TABLE) as Family[];
  const parts = families.flatMap((f) => {
    const ops = operations.filter((o) => o.family === f);
    if (!ops.length) return [];
    return [
      `## ${FAMILY_TABLE[f].title}`,
      '',
      FAMILY_TABLE[f].description,
      '',
      ...ops.map(section).flatMap((s) => [s, '']),
    ];
  });
  return [HEADER, `${operations.length} operations.`, '', ...parts].join('\n').replace(/\n+$/, '\n');
}
