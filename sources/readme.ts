// The `## Tables` part of sources/README.md from the tables' declarations in
// sources/tables.ts (each table's doc and every column's type and meaning), so the two cannot drift
// apart. Only the part between the two marker comments is written; the prose around it is by hand.

import { fileURLToPath } from 'node:url';
import { TABLE_NAMES, TABLES, type TableSpec } from './tables.ts';

export const README = fileURLToPath(new URL('README.md', import.meta.url));

const BEGIN =
  '<!-- Written by `npm run docs` from sources/tables.ts, down to the end marker: edit the declarations there. -->';
const END = '<!-- End of what `npm run docs` writes. -->';

/** A markdown table cell: a | would end it early. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** One table's section: its heading, its doc and its columns. */
function tableSection(spec: TableSpec): string {
  const heading = `### \`${spec.name}.csv\`${spec.required ? ' (required)' : ''}`;
  const rows = Object.entries(spec.columns).map(
    ([column, { type, meaning }]) => `| ${column} | ${cell(type)} | ${cell(meaning)} |`,
  );
  return [heading, '', spec.doc, '', '| column | type | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The README with its generated part written anew from TABLES; an error if its markers are missing. */
export function withTables(readme: string): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin)
    throw new Error(
      `sources/README.md lacks the markers of its generated part: put ${BEGIN} and ${END} around the tables' sections`,
    );
  const sections = TABLE_NAMES.map((name) => tableSection(TABLES[name]));
  return `${readme.slice(0, begin)}${BEGIN}\n\n${sections.join('\n\n')}\n\n${readme.slice(end)}`;
}
