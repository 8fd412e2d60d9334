// The documentation generated from the declarations is what npm run docs would write now: a declaration
// changed without it fails here, and so does a hand edit of a generated file.

import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDocs, staleDocs } from '../../build/cli/docs.ts';
import { OPERATIONS } from '../../build/ops/index.ts';

describe('generated documentation', () => {
  it('is what npm run docs writes from the declarations', () => {
    expect(staleDocs(), 'run npm run docs').toEqual([]);
  });

  it('has a section for every operation, and notices a hand edit', () => {
    const [[path, text]] = generatedDocs() as [[string, string]];
    for (const op of OPERATIONS) expect(text).toContain(`### \`${op.route.path.replace('/api/v1/', '')}\``);
    const root = mkdtempSync(join(tmpdir(), 'regstat-docs-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, path), text);
    expect(staleDocs(root)).toEqual([]);
    writeFileSync(join(root, path), readFileSync(join(root, path), 'utf8').replace('都道府県一覧', '都道府県'));
    expect(staleDocs(root)).toEqual([path]);
  });
});
