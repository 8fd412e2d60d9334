// npm run docs: rewrites the documentation generated from the declarations (docs/operations.md from the
// operations, docs/official-figures.md from them and the sample's table origins, docs/cli.md from the
// commands' declarations, the tables' part of sources/README.md from sources/tables.ts), so that an
// operation's, a command's or a table's docs come with its declaration. A test fails while a file differs
// from what this would write.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { officialFiguresDoc } from '../core/official-doc.ts';
import { operationsDoc } from '../core/operations-doc.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { OPERATIONS } from '../ops/index.ts';
import { README, withTables } from '../../sources/readme.ts';
import { runCommand, type CommandSpec } from './source-options.ts';
import { cliDoc, type CommandGroup } from './cli-doc.ts';
import { ANCHORS_COMMAND } from './anchors.ts';
import { BUILD_COMMAND } from './build.ts';
import { BUNDLE_COMMAND } from './bundle.ts';
import { BENCH_COMMAND, GOLDEN_COMMAND } from './dev-commands.ts';
import { EDGE_COMMAND } from './edge.ts';
import { ESTAT_COMMAND } from './import-estat.ts';
import { IMPORT_COMMAND } from './import-resas.ts';
import { NGINX_COMMAND } from './nginx.ts';
import { SAMPLE_COMMAND } from './sample.ts';
import { SCREENSHOTS_COMMAND } from './screenshots.ts';
import { SERVE_COMMAND } from './serve.ts';
import { START_COMMAND } from './start.ts';

const ROOT = join(import.meta.dirname, '../..');

const DOCS_COMMAND = {
  name: 'npm run docs',
  summary:
    'Rewrites the documentation generated from the declarations: docs/operations.md, docs/official-figures.md, docs/cli.md and the tables of sources/README.md.',
  options: {},
  example: 'npm run docs',
} as const satisfies CommandSpec;

/** docs/cli.md's sections: every command that parses its line with a declaration (npm test, test:full and format pass theirs on). */
export const COMMAND_GROUPS: CommandGroup[] = [
  {
    title: 'Serving and building',
    intro:
      'The commands that serve and build the API. They and the data commands below need only the production dependencies (`npm ci --omit=dev`; `test/build/production-deps.test.ts` checks it), but for `npm run edge`, whose runtime (miniflare: workerd and sharp, 166 MB) is a development dependency: after `npm ci --omit=dev` it says so in one line, and `npm install --include=dev` adds it.',
    commands: [START_COMMAND, SERVE_COMMAND, BUILD_COMMAND, BUNDLE_COMMAND, EDGE_COMMAND, NGINX_COMMAND],
  },
  {
    title: 'Data',
    intro: 'The commands that write source tables to build from with `--sources` (see [Data](data.md)).',
    commands: [SAMPLE_COMMAND, IMPORT_COMMAND, ESTAT_COMMAND, ANCHORS_COMMAND],
  },
  {
    title: 'Development',
    intro:
      'For working on regstat; `npm test`, `npm run test:full` and `npm run format` are in [CONTRIBUTING.md](../CONTRIBUTING.md).',
    commands: [DOCS_COMMAND, GOLDEN_COMMAND, BENCH_COMMAND, SCREENSHOTS_COMMAND],
  },
];

/** Each generated file, by its path from the repository's root, with what it should hold. */
export function generatedDocs(): [path: string, text: string][] {
  return [
    ['docs/operations.md', operationsDoc(OPERATIONS)],
    ['docs/official-figures.md', officialFiguresDoc(OPERATIONS, loadSources(sampleSourceSet(), { eager: false }))],
    ['docs/cli.md', cliDoc(COMMAND_GROUPS)],
    ['sources/README.md', withTables(readFileSync(README, 'utf8'))],
  ];
}

/** The generated files that differ from what they should hold. */
export const staleDocs = (root = ROOT): string[] =>
  generatedDocs()
    .filter(([path, text]) => {
      try {
        return readFileSync(join(root, path), 'utf8') !== text;
      } catch {
        return true;
      }
    })
    .map(([path]) => path);

runCommand(import.meta, DOCS_COMMAND, () => {
  for (const [path, text] of generatedDocs()) writeFileSync(join(ROOT, path), text);
  process.stderr.write(
    `regstat: wrote ${generatedDocs()
      .map(([p]) => p)
      .join(', ')}\n`,
  );
});
