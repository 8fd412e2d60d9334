// Every declaration of a family folder is registered in that family's index, declares the family of its
// folder and is named after its path; every registered operation has such a file. Files of a family
// folder without a default export are its kits: what the family's declarations share.

import { join, relative } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { BY_FAMILY, FAMILIES, OPERATIONS } from '../../build/ops/index.ts';
import type { Operation } from '../../build/ops/operation.ts';
import { FAMILY_TABLE } from '../../build/runtime/families.ts';
import { ROOT } from '../helpers/paths.ts';

const fileName = (op: Operation) =>
  op.route.path
    .replace('/api/v1/', '')
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    .replace(/\//g, '-') + '.ts';

/** Every declaration found in build/ops/<family>/, by its file. */
async function declarations(): Promise<Map<string, Operation>> {
  const files = fg.sync('build/ops/*/*.ts', { cwd: ROOT, ignore: ['build/ops/*/index.ts'] }).sort();
  const found = new Map<string, Operation>();
  for (const f of files) {
    const op = (await import(join(ROOT, f))).default as Operation | undefined;
    if (op) found.set(f, op);
  }
  return found;
}

describe('operation registry', () => {
  it('has a folder for every family of the family table, and the families in its order', () => {
    const folders = fg.sync('build/ops/*', { cwd: ROOT, onlyDirectories: true }).map((d) => d.split('/')[2]);
    expect(new Set(folders)).toEqual(new Set(Object.keys(FAMILY_TABLE)));
    expect(FAMILIES).toEqual(Object.keys(FAMILY_TABLE));
  });

  it('registers every declaration in the index of its folder, whose family it declares', async () => {
    const found = await declarations();
    expect(found.size).toBe(OPERATIONS.length);
    for (const [file, op] of found) {
      const folder = relative(join(ROOT, 'build/ops'), join(ROOT, file)).split('/')[0];
      expect(op.family, file).toBe(folder);
      expect(BY_FAMILY[op.family], `${file} is in ${folder}/index.ts`).toContain(op);
      expect(file.endsWith(`/${fileName(op)}`), `${file} is named after ${op.route.path}`).toBe(true);
    }
    expect(new Set(found.values())).toEqual(new Set(OPERATIONS));
  });

  it('gives every operation a distinct path and keeps parameter names unique', () => {
    expect(new Set(OPERATIONS.map((o) => o.route.path)).size).toBe(OPERATIONS.length);
    for (const op of OPERATIONS) expect(new Set(op.route.params.map((p) => p.name)).size).toBe(op.route.params.length);
  });
});
