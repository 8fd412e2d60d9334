// npm run docs: rewrites the documentation generated from the declarations (docs/operations.md from the
// operations, docs/official-figures.md from them and the sample's table origins, the tables' part of
// sources/README.md from sources/tables.ts), so that an operation's or a
// table's docs come with its declaration. A test fails while a file differs from what
// this would write.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { officialFiguresDoc } from '../core/official-doc.ts';
import { operationsDoc } from '../core/operations-doc.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { OPERATIONS } from '../ops/index.ts';
import { README, withTables } from '../../sources/readme.ts';
import { runCommand, type CommandSpec } from './source-options.ts';

const ROOT = join(import.meta.dirname, '../..');

const DOCS_COMMAND = {
  name: 'npm run docs',
  summary:
    'Rewrites the documentation generated from the declarations: docs/operations.md, docs/official-figures.md and the tables of sources/README.md.',
  options: {},
  example: 'npm run docs',
} as const satisfies CommandSpec;

/** Each generated file, by its path from the repository's root, with what it should hold. */
export function generatedDocs(): [path: string, text: string][] {
  return [
    ['docs/operations.md', operationsDoc(OPERATIONS)],
    ['docs/official-figures.md', officialFiguresDoc(OPERATIONS, loadSources(sampleSourceSet(), { eager: false }))],
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
