// npm run screenshots: the explorer's pictures in docs/screenshots (shown in docs/explorer.md and the README), taken from a
// built dist in headless Chromium at desktop and phone width. Run it after changing the explorer.

import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApiServer } from '../server/node.ts';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from './chromium.ts';
import { fail } from './fail.ts';
import { DIST_OPTION, parseCommand, type CommandSpec } from './source-options.ts';
import { UsageError } from '../user-error.ts';

export const SCREENSHOTS_COMMAND = {
  name: 'npm run screenshots',
  summary:
    "Takes the explorer's pictures (docs/screenshots, shown in docs/explorer.md and the README) from a built dist in headless Chromium, at desktop and phone width.",
  options: {
    dist: DIST_OPTION,
    out: { type: 'string', default: 'docs/screenshots', value: '<dir>', help: 'where the pictures go' },
  },
  example: 'npm run screenshots -- --dist dist --out docs/screenshots',
} as const satisfies CommandSpec;

/** The views shown: one per kind of chart. */
const SHOTS: [name: string, hash: string][] = [
  ['population-per-year', '#/population/composition/perYear?prefCode=13&cityCode=-'],
  ['population-pyramid', '#/population/composition/pyramid?prefCode=13&cityCode=-&yearLeft=1980&yearRight=2045'],
  ['overseas-transactions', '#/industry/overseasTransaction/forColumn?prefCode=13&dispTradeCode=1&dispIndustryCode=1'],
  [
    'medical-rate',
    '#/medicalWelfare/medicalAnalysis/rate?prefCode=13&matter2=204&cityCode=-&secondaryMedicalCode=-&dataKbn=1&year=2020',
  ],
];

const SIZES = { desktop: { width: 1280, height: 1000 }, phone: { width: 390, height: 1600 } };

async function screenshots() {
  const { values } = parseCommand(SCREENSHOTS_COMMAND, process.argv.slice(2));
  if (!HAS_CHROMIUM) throw new UsageError(`Screenshots need Chromium: ${NO_CHROMIUM}.`);
  const out = resolve(values.out!);
  mkdirSync(out, { recursive: true });
  const server = createApiServer({ dir: resolve(values.dist!) });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await launchChromium();
  try {
    for (const [name, hash] of SHOTS) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const page = await browser.newPage({ viewport });
        await page.goto(`${base}/${hash}`);
        await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30_000 });
        // On a phone the answer comes after the pickers: show it from its title down.
        if (size === 'phone') await page.evaluate(() => document.getElementById('answer')!.scrollIntoView());
        const file = join(out, `${name}-${size}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) screenshots().catch(fail);
