// Every enumerated combination of every operation resolves, through its query form, to a file that
// exists; and every file of dist/api is reachable that way.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { enumerateFiles, plan } from '../../build/core/build.ts';
import { resolve } from '../../build/runtime/resolve.ts';
import { routes, sampleFiles } from '../helpers/dist.ts';
import { SAMPLE_PREFS } from '../helpers/paths.ts';
import { sampleSources } from '../helpers/sample.ts';
import { Checklist } from '../helpers/checklist.ts';
import { diskFiles } from '../helpers/global-setup.ts';
import { FULL } from '../helpers/scope.ts';

describe('enumeration and files', () => {
  it('maps every valid combination to an existing file, and every file to a combination', async () => {
    const onDisk = new Set(sampleFiles().filter((f) => f.startsWith('/api/v1/') && f.endsWith('/index.json')));
    const p = plan({ sources: sampleSources(), prefs: SAMPLE_PREFS });
    const reached = new Set<string>();
    const list = new Checklist();
    for (const op of p.operations) {
      for (const values of enumerateFiles(p, op)) {
        const search = '?' + new URLSearchParams(values as Record<string, string>).toString();
        const r = resolve(routes, op.route.path, search);
        list.same(r.kind, 'file', () => op.route.path + search);
        if (r.kind !== 'file') continue;
        list.check(onDisk.has(r.path), () => `${r.path} is not in the dist`);
        reached.add(r.path);
      }
    }
    expect(list.failures).toEqual([]);
    // The API's own index is the one file no operation enumerates: /api/v1/ reaches it.
    const index = resolve(routes, '/api/v1/');
    expect(index).toMatchObject({ kind: 'file', path: '/api/v1/index.json' });
    if (index.kind === 'file') reached.add(index.path);
    expect([...onDisk].filter((f) => !reached.has(f))).toEqual([]);
    expect(reached.size).toBe(onDisk.size);
  });

  // The list the tests read is the build's writes (test/helpers/build-sample.ts); listing the disk's 480,000
  // files again takes 10–50 s, so the default run trusts the writer, whose own tests check its files.
  it.runIf(FULL)('lists the files the disk holds, no more and no fewer', () => {
    expect(diskFiles().sort()).toEqual(sampleFiles());
  });
});
