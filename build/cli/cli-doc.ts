// docs/cli.md: every command as --help describes it, from the declarations parseCommand reads (their
// summaries, options, defaults and examples), with what each declaration's `docs` adds. npm run docs writes
// it; test/build/docs.test.ts fails while the page differs from what this returns.

import { helpOptions, optionFlag, shownDefault, usageLine, type CommandSpec } from './source-options.ts';

/** A section of the page: commands of one kind. */
export interface CommandGroup {
  title: string;
  /** Markdown, links relative to docs/. */
  intro: string;
  commands: CommandSpec[];
}

const INTRO = `Every command takes \`--help\` (usage, options with their defaults, an example). An unknown option or a bad
value is one line naming the valid ones (exit 2); an input fault (a CSV that is not UTF-8, a bad
\`dataset.json\`, a full disk, a busy port) is one line naming the file or port and what to do (exit 1). A
source table with a header and no rows builds, with a warning naming the operations it leaves empty.`;

/** Text of a declaration (plain, not Markdown) as Markdown: placeholders (<dir>) and stars shown as they are. */
const prose = (s: string) => s.replace(/[<>*]/g, (c) => `\\${c}`);
/** A table cell: pipes escaped, code spans included (GitHub splits cells at them too). */
const cell = (s: string) => s.replace(/\|/g, '\\|');
const code = (s: string) => `\`${s}\``;
/** GitHub's anchor of a heading made of a command's name: npm run import:resas → npm-run-importresas. */
const anchor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

function commandSection(c: CommandSpec): string[] {
  const rows = Object.entries(helpOptions(c)).map(([name, o]) => {
    const shown = shownDefault(o);
    return `| ${cell(code(optionFlag(name, o)))} | ${shown === undefined ? '' : cell(prose(shown))} | ${cell(prose(o.help))} |`;
  });
  return [
    `### ${code(c.name)}`,
    '',
    prose(c.summary),
    '',
    ...(c.docs ? [c.docs, ''] : []),
    `Usage: ${code(usageLine(c))}`,
    '',
    '| option | default | what it does |',
    '|---|---|---|',
    ...rows,
    '',
    `Example: ${code(c.example)}`,
    '',
  ];
}

/** The page, its commands in the order given. */
export function cliDoc(groups: CommandGroup[]): string {
  return [
    "<!-- Generated from the commands' declarations (build/cli/) by npm run docs; do not edit by hand. -->",
    '',
    '# Command line',
    '',
    INTRO,
    '',
    ...groups.map((g) => `- ${g.title}: ${g.commands.map((c) => `[${code(c.name)}](#${anchor(c.name)})`).join(', ')}`),
    '',
    ...groups.flatMap((g) => [`## ${g.title}`, '', g.intro, '', ...g.commands.flatMap(commandSection)]),
  ].join('\n');
}
