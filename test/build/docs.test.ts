// The documentation generated from the declarations is what npm run docs would write now: a declaration
// changed without it fails here, and so does a hand edit of a generated file.

import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDocs, staleDocs } from '../../build/cli/docs.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { TABLE_NAMES } from '../../sources/tables.ts';

describe('generated documentation', () => {
  it('is what npm run docs writes from the declarations', () => {
    expect(staleDocs(), 'run npm run docs').toEqual([]);
  });

  it('has a section for every operation and every table, and notices a hand edit', () => {
    const docs = new Map(generatedDocs());
    const operations = docs.get('docs/operations.md') ?? '';
    for (const op of OPERATIONS) expect(operations).toContain(`### \`${op.route.path.replace('/api/v1/', '')}\``);
    const tables = docs.get('sources/README.md') ?? '';
    for (const name of TABLE_NAMES) expect(tables).toContain(`### \`${name}.csv\``);
    const root = mkdtempSync(join(tmpdir(), 'regstat-docs-'));
    for (const [path, text] of docs) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    expect(staleDocs(root)).toEqual([]);
    writeFileSync(join(root, 'docs/operations.md'), operations.replace('都道府県一覧', '都道府県'));
    writeFileSync(join(root, 'sources/README.md'), tables.replace('| prefCode |', '| pref |'));
    expect(staleDocs(root)).toEqual(['docs/operations.md', 'sources/README.md']);
  });
});
