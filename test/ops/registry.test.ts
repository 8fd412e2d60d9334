// Every operation file is registered, and every registered operation has a file of its own.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../build/ops/index.ts';
import { ROOT } from '../helpers/paths.ts';

describe('operation registry', () => {
  it('matches the files of build/ops', async () => {
    const files = readdirSync(join(ROOT, 'build/ops')).filter(
      (f) => f.endsWith('.ts') && !['index.ts', 'operation.ts'].includes(f),
    );
    const declared = await Promise.all(files.map(async (f) => (await import(join(ROOT, 'build/ops', f))).default));
    expect(new Set(declared)).toEqual(new Set(OPERATIONS));
    expect(OPERATIONS).toHaveLength(files.length);
  });

  it('names each file after its path', () => {
    const files = readdirSync(join(ROOT, 'build/ops'));
    for (const op of OPERATIONS) {
      const name = op.route.path
        .replace('/api/v1/', '')
        .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
        .replace(/\//g, '-');
      expect(files, op.route.path).toContain(`${name}.ts`);
    }
  });

  it('gives every operation a distinct path and keeps parameter names unique', () => {
    expect(new Set(OPERATIONS.map((o) => o.route.path)).size).toBe(OPERATIONS.length);
    for (const op of OPERATIONS) expect(new Set(op.route.params.map((p) => p.name)).size).toBe(op.route.params.length);
  });
});
