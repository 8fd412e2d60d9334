// Every way of serving a dist answers the API reference (/reference/ and /reference, the page's files)
// with the dist's bytes and the right types: the Node server over a built tree and on demand, `npx serve
// dist`, the offline bundle, and nginx with its generated configuration.

import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnDemand } from '../../build/core/on-demand.ts';
import { createApiServer } from '../../build/server/node.ts';
import { close, listen } from '../helpers/http.ts';
import { SAMPLE_DIST, SAMPLE_PREFS } from '../helpers/paths.ts';
import { hasNginx, NGINX_SKIP, startBundle, startNginx, startServe, type Running } from '../helpers/servers.ts';
import { cachedSample } from '../helpers/sample.ts';

/** Request path → the dist file that answers it and the type it must have. */
const EXPECTED: [string, string, string][] = [
  ['/reference/', '/reference/index.html', 'text/html'],
  ['/reference', '/reference/index.html', 'text/html'],
  ['/reference/index.html', '/reference/index.html', 'text/html'],
  ['/reference/init.js', '/reference/init.js', 'text/javascript'],
  ['/reference/swagger-ui-bundle.js', '/reference/swagger-ui-bundle.js', 'text/javascript'],
  ['/reference/swagger-ui.css', '/reference/swagger-ui.css', 'text/css'],
  ['/reference/LICENSE.txt', '/reference/LICENSE.txt', 'text/plain'],
];

async function expectReference(base: string): Promise<void> {
  for (const [url, file, type] of EXPECTED) {
    const res = await fetch(base + url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type')?.replace(/\s/g, '').toLowerCase(), url).toBe(`${type};charset=utf-8`);
    expect(
      Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(SAMPLE_DIST, file))),
      `${url}: the bytes of ${file}`,
    ).toBe(true);
  }
  // Not a page: no folder without an index answers.
  expect((await fetch(base + '/referencex')).status).toBe(404);
}

function onNode(name: string, make: () => Server) {
  describe(name, () => {
    let server: Server;
    let base = '';
    beforeAll(async () => {
      server = make();
      base = await listen(server);
    });
    afterAll(() => close(server));
    it('serves the reference', () => expectReference(base));
  });
}

onNode('the Node server over a built dist', () => createApiServer({ dir: SAMPLE_DIST }));

onNode('the Node server on demand (npm start)', () =>
  createApiServer({
    renderer: new OnDemand({
      sources: cachedSample(),
      prefs: SAMPLE_PREFS,
    }),
  }),
);

function onRunning(name: string, start: () => Promise<Running>, skip = false) {
  describe.skipIf(skip)(name, () => {
    let running: Running;
    beforeAll(async () => {
      running = await start();
    });
    afterAll(() => running?.stop());
    it('serves the reference', () => expectReference(running.base));
  });
}

onRunning('npx serve dist', () => startServe(SAMPLE_DIST));
onRunning('the offline bundle (serve.mjs over dist.pack)', () => startBundle(SAMPLE_DIST));
onRunning(
  `nginx with the generated configuration${hasNginx ? '' : ` (${NGINX_SKIP})`}`,
  () => startNginx(SAMPLE_DIST),
  !hasNginx,
);
