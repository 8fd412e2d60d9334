// Every export of build/ and sources/ is imported by another file of build/, sources/ or test/: an export
// that no one imports is dead code, or a local that claims to be an interface. Beside the layers test, which
// checks where imports go, this checks that they come. Only what a host calls by name, not by import, is
// let off.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { unusedExports, type ExportAt } from '../helpers/modules.ts';
import { ROOT } from '../helpers/paths.ts';

/** Exports of entry points that their host calls by name: `file name`. */
const CALLED_BY_HOSTS = new Set([
  // Cloudflare runs a module worker's default export (dist's _worker.js, the offline bundle's worker.js).
  'build/adapters/worker.ts default',
  'build/adapters/edge-worker.ts default',
  // The CloudFront function's footer calls them through the bundle's global name (build/deploy/scripts.ts).
  'build/adapters/cloudfront.ts viewerRequest',
  'build/adapters/cloudfront.ts edgeViewerRequest',
]);

const checked = (file: string) => /^(build|sources)\//.test(file);
const shown = (e: ExportAt) => `${e.file}:${e.line} ${e.name}`;

describe('exports', () => {
  it('every export of build/ and sources/ is imported by another file, but what hosts call by name', () => {
    const files = fg.sync(['build/**/*.{ts,mjs}', 'sources/**/*.{ts,mjs}', 'test/**/*.{ts,mjs}'], {
      cwd: ROOT,
      ignore: ['test/.tmp/**'],
    });
    const modules = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
    const unused = unusedExports(modules, checked).filter((e) => !CALLED_BY_HOSTS.has(`${e.file} ${e.name}`));
    expect(unused.map(shown)).toEqual([]);
  });

  it('names each export no other file imports, in every form an export or an import takes', () => {
    const modules = new Map([
      [
        'build/a.ts',
        [
          'export const used = 1, unused = 2;',
          'export default function main() {}',
          'const local = 3;',
          'export { local as renamed };',
          'export interface Typed {}',
          "export { fromC } from './c.ts';",
          'export const self = 4;',
          'const again = self;',
        ].join('\n'),
      ],
      ['build/b.ts', "import { used } from './a.ts';\nimport type { Typed as T } from './a.ts';"],
      ['build/c.ts', 'export const fromC = 5;\nexport class Whole {}'],
      ['build/d.ts', "export * from './e.ts';"],
      ['build/e.ts', 'export const star = 6;'],
      ['build/f.ts', 'export enum Dynamic { A }'],
      [
        'test/g.test.ts',
        "import * as all from '../build/c.ts';\nconst d = await import('../build/f.ts');\nexport const t = 1;",
      ],
    ]);
    expect(unusedExports(modules, checked).map(shown)).toEqual([
      'build/a.ts:1 unused',
      'build/a.ts:2 default',
      'build/a.ts:4 renamed',
      'build/a.ts:6 fromC',
      'build/a.ts:7 self',
    ]);
  });
});
