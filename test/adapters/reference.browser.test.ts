// The API reference (/reference/) in headless Chromium: Swagger UI renders every operation of the dist's
// openapi.json, "Try it out" reaches the API of the same origin, and the page asks no other origin for
// anything (regstat runs on air-gapped networks) and logs no error, served by the Node server (at
// /reference/ and /reference) and by `npx serve dist`.

import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from '../../build/cli/chromium.ts';
import { createApiServer } from '../../build/server/node.ts';
import { close, listen } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { startServe, type Running } from '../helpers/servers.ts';

const doc = JSON.parse(readFileSync(join(SAMPLE_DIST, 'openapi.json'), 'utf8'));
const GET_PATHS = Object.keys(doc.paths)
  .filter((p) => doc.paths[p].get)
  .sort();

interface Visit {
  page: import('playwright-core').Page;
  requests: string[];
  errors: string[];
}

describe.skipIf(!HAS_CHROMIUM)(`API reference in Chromium${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM})`}`, () => {
  const server = createApiServer({ dir: SAMPLE_DIST });
  let base = '';
  let serve: Running;
  let browser: import('playwright-core').Browser;

  /** Opens a page with every request and error recorded, and waits for Swagger UI's first operation. */
  async function visit(url: string): Promise<Visit> {
    const page = await browser.newPage();
    const v: Visit = { page, requests: [], errors: [] };
    page.on('request', (r) => v.requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error') v.errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => v.errors.push(`pageerror: ${e.message}`));
    await page.goto(url);
    await page.waitForSelector('.opblock', { timeout: 120_000 });
    return v;
  }

  const renderedPaths = (v: Visit) =>
    v.page
      .locator('.opblock .opblock-summary-path')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!).sort());

  /** Expands /api/v1/prefectures, presses Try it out and Execute, and returns the response shown. */
  async function tryPrefectures(v: Visit): Promise<string> {
    const block = v.page.locator('.opblock', {
      has: v.page.locator('.opblock-summary-path[data-path="/api/v1/prefectures"]'),
    });
    await block.locator('.opblock-summary').first().click();
    await block.locator('button.try-out__btn').click();
    await block.locator('button.execute').click();
    const body = block.locator('.live-responses-table tr.response .response-col_description');
    await body.waitFor({ timeout: 120_000 });
    return (await body.textContent()) ?? '';
  }

  /** Every request URL of another origin than base's (data: and blob: URLs are the page's own). */
  const foreign = (v: Visit, at: string) =>
    v.requests.filter((u) => !/^(?:data|blob):/.test(u) && new URL(u).origin !== new URL(at).origin);

  beforeAll(async () => {
    base = await listen(server);
    serve = await startServe(SAMPLE_DIST);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    serve?.stop();
    if (server.listening) await close(server);
  });

  describe('from the Node server at /reference/', () => {
    let v: Visit;
    beforeAll(async () => {
      v = await visit(`${base}/reference/`);
    });

    it('renders one operation block per GET path of openapi.json', async () => {
      expect(GET_PATHS.length).toBe(Object.keys(doc.paths).length);
      expect(await v.page.locator('.opblock').count()).toBe(GET_PATHS.length);
      expect(await renderedPaths(v)).toEqual(GET_PATHS);
    });

    it('answers Try it out for /api/v1/prefectures from this origin', async () => {
      const shown = await tryPrefectures(v);
      expect(shown).toContain('北海道');
      expect(v.requests).toContain(`${base}/api/v1/prefectures`);
    });

    it('requested nothing from another origin: only its folder, openapi.json and the API', () => {
      expect(foreign(v, base)).toEqual([]);
      expect(v.requests).toEqual(
        expect.arrayContaining([
          `${base}/reference/swagger-ui-bundle.js`,
          `${base}/reference/init.js`,
          `${base}/openapi.json`,
        ]),
      );
    });

    it('logged no error', () => {
      expect(v.errors).toEqual([]);
    });
  });

  it('has a policy that refuses other origins, should Swagger UI ever ask one', async () => {
    const v = await visit(`${base}/reference/`);
    const refused = await v.page.evaluate(async () => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
      const fetched = await fetch('http://192.0.2.1/x.json').then(
        () => 'answered',
        () => 'refused',
      );
      new Image().src = 'http://192.0.2.1/x.png';
      const sheet = Object.assign(document.createElement('link'), {
        rel: 'stylesheet',
        href: 'http://192.0.2.1/x.css',
      });
      const script = Object.assign(document.createElement('script'), { src: 'http://192.0.2.1/x.js' });
      document.head.append(sheet, script);
      await new Promise((ok) => setTimeout(ok, 500));
      return { fetched, seen: seen.sort() };
    });
    expect(refused).toEqual({
      fetched: 'refused',
      seen: ['connect-src', 'img-src', 'script-src-elem', 'style-src-elem'],
    });
  });

  it('renders at /reference (no slash) too, from the same files', async () => {
    const v = await visit(`${base}/reference`);
    expect(await renderedPaths(v)).toEqual(GET_PATHS);
    expect(v.requests).toContain(`${base}/reference/swagger-ui-bundle.js`);
    expect(foreign(v, base)).toEqual([]);
    expect(v.errors).toEqual([]);
  });

  it('works from npx serve dist', async () => {
    const v = await visit(`${serve.base}/reference/`);
    expect(await renderedPaths(v)).toEqual(GET_PATHS);
    expect(await tryPrefectures(v)).toContain('北海道');
    expect(foreign(v, serve.base)).toEqual([]);
    expect(v.errors).toEqual([]);
  });
});
