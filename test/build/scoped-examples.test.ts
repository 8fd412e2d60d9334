// A build of some prefectures links only requests it answers. The declarations' examples are written for
// prefectures 1 and 13; in a `--prefs 13` build the docs page linked fishery, forestry and agriculture
// examples whose addArea names prefecture 1 (`addArea=1_`), which that build answers 400.

import { describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { resolve } from '../../build/runtime/resolve.ts';
import { compileRoutes } from '../../build/runtime/routes.ts';
import { sampleSources } from '../helpers/sample.ts';

describe('a build of prefecture 13', () => {
  // The operations whose declared examples add an area of another prefecture, and the code lists.
  const operations = OPERATIONS.filter(
    (op) => op.family === 'masters' || op.examples.some((e) => /(^|,)1_/.test(String(e.addArea ?? ''))),
  );
  const effects = new MemoryEffects();
  build({ sources: sampleSources(), prefs: [13], operations }, effects);
  const routes = compileRoutes(JSON.parse(effects.files.get('/routes.json')!));

  it('links from its docs page only requests it answers', () => {
    expect(operations.length, 'operations with an addArea of prefecture 1 among their examples').toBeGreaterThan(5);
    const links = [...effects.files.get('/index.html')!.matchAll(/href="(\/api\/v1\/[^"]+)"/g)].map((m) =>
      m[1]!.replaceAll('&amp;', '&'),
    );
    expect(links.length).toBeGreaterThan(2 * operations.length - 1);
    const refused = links.filter((l) => {
      const url = new URL(l, 'http://localhost');
      return resolve(routes, url.pathname, url.search).kind === 'error';
    });
    expect(refused).toEqual([]);
  });
});
