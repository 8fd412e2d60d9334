// Every enumerated combination of every operation resolves, through its query form, to a file that
// exists; and every file of dist/api is reachable that way.

import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../build/ops/index.ts';
import { resolve } from '../../build/runtime/resolve.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { routes } from '../helpers/dist.ts';
import { SAMPLE_DIST, SAMPLE_PREFS } from '../helpers/paths.ts';

describe('enumeration and files', () => {
  it('maps every valid combination to an existing file, and every file to a combination', async () => {
    const onDisk = new Set((await fg('api/v1/**/index.json', { cwd: SAMPLE_DIST })).map((f) => `/${f}`));
    const ctx = { sources: loadSources(sampleSourceSet()), prefs: SAMPLE_PREFS };
    const reached = new Set<string>();
    for (const op of OPERATIONS) {
      for (const values of op.enumerate(ctx)) {
        const search = '?' + new URLSearchParams(values as Record<string, string>).toString();
        const r = resolve(routes, op.route.path, search);
        expect(r.kind, op.route.path + search).toBe('file');
        if (r.kind !== 'file') continue;
        expect(onDisk.has(r.path), r.path).toBe(true);
        reached.add(r.path);
      }
    }
    // The API's own index is the one file no operation enumerates: /api/v1/ reaches it.
    const index = resolve(routes, '/api/v1/');
    expect(index).toMatchObject({ kind: 'file', path: '/api/v1/index.json' });
    if (index.kind === 'file') reached.add(index.path);
    expect([...onDisk].filter((f) => !reached.has(f))).toEqual([]);
    expect(reached.size).toBe(onDisk.size);
  });
});
