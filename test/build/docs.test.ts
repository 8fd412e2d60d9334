// The documentation generated from the declarations is what npm run docs would write now: a declaration
// changed without it fails here, and so does a hand edit of a generated file.

import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_GROUPS, generatedDocs, staleDocs } from '../../build/cli/docs.ts';
import { helpOptions, optionFlag } from '../../build/cli/source-options.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { TABLE_NAMES } from '../../sources/tables.ts';
import { ROOT } from '../helpers/paths.ts';

describe('generated documentation', () => {
  it('is what npm run docs writes from the declarations', () => {
    expect(staleDocs(), 'run npm run docs').toEqual([]);
  });

  it('has a section for every operation, command and table, and notices a hand edit', () => {
    const docs = new Map(generatedDocs());
    const operations = docs.get('docs/operations.md') ?? '';
    for (const op of OPERATIONS) expect(operations).toContain(`### \`${op.route.path.replace('/api/v1/', '')}\``);
    const cli = docs.get('docs/cli.md') ?? '';
    for (const command of COMMAND_GROUPS.flatMap((g) => g.commands)) {
      expect(cli).toContain(`### \`${command.name}\``);
      for (const [name, o] of Object.entries(helpOptions(command)))
        expect(cli).toContain(`| \`${optionFlag(name, o).replace(/\|/g, '\\|')}\` |`);
    }
    const tables = docs.get('sources/README.md') ?? '';
    for (const name of TABLE_NAMES) expect(tables).toContain(`### \`${name}.csv\``);
    const root = mkdtempSync(join(tmpdir(), 'regstat-docs-'));
    for (const [path, text] of docs) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    expect(staleDocs(root)).toEqual([]);
    writeFileSync(join(root, 'docs/operations.md'), operations.replace('都道府県一覧', '都道府県'));
    writeFileSync(join(root, 'docs/cli.md'), cli.replace('| 512 |', '| 256 |'));
    writeFileSync(join(root, 'sources/README.md'), tables.replace('| prefCode |', '| pref |'));
    expect(staleDocs(root)).toEqual(['docs/operations.md', 'docs/cli.md', 'sources/README.md']);
  });

  it('lists every command of package.json on docs/cli.md but those that pass their arguments on', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const passOn = ['test', 'test:full', 'format', 'format:check', 'typecheck']; // the README describes them
    const documented = COMMAND_GROUPS.flatMap((g) => g.commands.map((c) => c.name)).sort();
    const commands = Object.keys(scripts)
      .filter((s) => !passOn.includes(s))
      .map((s) => (s === 'start' ? 'npm start' : `npm run ${s}`))
      .sort();
    expect(documented).toEqual(commands);
  });
});
