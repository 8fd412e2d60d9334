// Golden files: whole responses through the Node server, and the digest of a whole output tree.
// `npm run golden` regenerates them; the diff shows what users would see change.

import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../build/server/node.ts';
import { GOLDEN_REQUESTS, GOLDEN_TREE_PREF } from '../golden/requests.ts';
import { goldenTreeChanges } from '../golden/tree.ts';
import { close, listen } from '../helpers/http.ts';
import { ROOT, SAMPLE_DIST } from '../helpers/paths.ts';
import { memoryBuild } from '../helpers/sample.ts';

const GOLDEN = join(ROOT, 'test/golden');
const server = createApiServer({ dir: SAMPLE_DIST });
let base = '';
beforeAll(async () => (base = await listen(server)));
afterAll(() => close(server));

describe('golden responses', () => {
  it.each(GOLDEN_REQUESTS)('%s', async (name, url) => {
    const golden = JSON.parse(readFileSync(join(GOLDEN, 'responses', `${name}.json`), 'utf8'));
    expect(golden.request).toBe(url);
    const res = await fetch(base + url);
    expect(res.status).toBe(golden.status);
    expect(await res.text()).toBe(JSON.stringify(golden.body)); // exact bytes, key order included
  });
});

describe('golden output tree', () => {
  // Built by the global setup from the run's checked tables right after the sample dist, where npm run
  // golden built the tree from text in another process: the same sources, the same bytes.
  it(`of prefecture ${GOLDEN_TREE_PREF}`, async () => {
    expect(
      goldenTreeChanges(await memoryBuild(GOLDEN_TREE_PREF), GOLDEN_TREE_PREF),
      'the output tree changed (npm run golden regenerates it)',
    ).toEqual([]);
  });
});
