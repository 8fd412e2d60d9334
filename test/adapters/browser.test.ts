// The service worker in headless Chromium: /offline.html installs dist's sw.js, then the conformance
// table is requested from the page twice, online and with the network cut (the browser offline and the
// server stopped). Both times every answer must be the Node server's, compositions included.

import '../helpers/sample-ready.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from '../../build/cli/chromium.ts';
import { createApiServer } from '../../build/server/node.ts';
import { ENTRIES, pick, type Answer } from '../conformance/table.ts';
import { close, listen } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';

describe.skipIf(!HAS_CHROMIUM)(`service worker in Chromium${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM})`}`, () => {
  const server = createApiServer({ dir: SAMPLE_DIST });
  const reference = new Map<string, Answer>();
  let base = '';
  let browser: import('playwright-core').Browser;
  let context: import('playwright-core').BrowserContext;
  let page: import('playwright-core').Page;

  const inPage = (url: string, method: string): Promise<Answer> =>
    page
      .evaluate(
        async ([u, m]) => {
          const res = await fetch(u!, { method: m });
          const headers: Record<string, string> = {};
          res.headers.forEach((v, k) => (headers[k] = v));
          return { status: res.status, headers, body: await res.text() };
        },
        [url, method],
      )
      .then((a) => ({ ...a, headers: pick(a.headers) }));

  beforeAll(async () => {
    base = await listen(server);
    for (const e of ENTRIES) {
      const res = await fetch(base + e.url, { method: e.method ?? 'GET' });
      reference.set(e.name, { status: res.status, headers: pick(res.headers), body: await res.text() });
    }
    browser = await launchChromium();
    context = await browser.newContext();
    // A hang guard, not a timing: Playwright's 30 s default is short for a loaded CI machine.
    context.setDefaultTimeout(120_000);
    page = await context.newPage();
    await page.goto(`${base}/offline.html`);
    await page.evaluate(() => (window as any).regstatReady);
    const controlled = await page.evaluate(
      () =>
        navigator.serviceWorker.controller !== null ||
        new Promise<boolean>((ok) => navigator.serviceWorker.addEventListener('controllerchange', () => ok(true))),
    );
    expect(controlled).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    if (server.listening) await close(server);
  });

  it('answers the conformance table online, through the worker', async () => {
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${base}/sw.js`);
    for (const e of ENTRIES) expect(await inPage(e.url, e.method ?? 'GET'), e.name).toEqual(reference.get(e.name));
  });

  it('answers it again with the network cut, from its cache, and keeps requests offline on demand', async () => {
    const kept = '/api/v1/population/sum/perYear?prefCode=1&cityCode=-&addArea=13_';
    const keptAnswer = await fetch(base + kept).then(async (r) => ({
      status: r.status,
      headers: pick(r.headers),
      body: await r.text(),
    }));
    expect(await page.evaluate((u) => (window as any).regstatKeep([u]), kept)).toBe(1);
    await context.setOffline(true);
    await close(server);
    // Nothing answers on the network now: a request the worker does not handle fails.
    expect(
      await page.evaluate(() =>
        fetch('/manifest.json').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    for (const e of ENTRIES) expect(await inPage(e.url, e.method ?? 'GET'), e.name).toEqual(reference.get(e.name));
    expect(await inPage(kept, 'GET')).toEqual(keptAnswer);
  });
});
