// The explorer as a visitor meets it: for each view, a fresh browser context (nothing cached) opens the
// deep link, and the time until the chart and table are drawn is measured, with the requests and bytes
// the page fetched. Headless Chromium on loopback: it measures the page's own work, not a network.

import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from '../cli/chromium.ts';
import { createApiServer } from '../server/node.ts';

const VIEWS = [
  '',
  '#/population/composition/pyramid?prefCode=13&cityCode=-&yearLeft=1980&yearRight=2045',
  '#/population/sum/perYear?prefCode=13&cityCode=-&addArea=1_',
  '#/industry/power/forIndustry?year=2016&prefCode=13&cityCode=-&sicCode=-',
  '#/industry/patent/list?year=2019&mode=1&prefCode=13&cityCode=-&sort1=1&sort2=1&offset=0',
  '#/tourism/hotelAnalysis/facilityStack?display=1&unit=1&prefCode=13',
  '#/medicalWelfare/medicalAnalysis/rate?prefCode=13&matter2=102&secondaryMedicalCode=-&dataKbn=1&year=2020',
];

export async function benchExplorer(dist: string, runs = 5): Promise<void> {
  console.log('\nexplorer (headless Chromium, a fresh context per run, median of ' + runs + ')');
  if (!HAS_CHROMIUM) return console.log(`  skipped: ${NO_CHROMIUM}`);
  const server = createApiServer({ dir: dist });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await launchChromium();
  try {
    for (const view of VIEWS) {
      const times: number[] = [];
      let requests = 0;
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const sizes: Promise<number>[] = [];
        page.on('response', (r) =>
          sizes.push(
            r.body().then(
              (b) => b.length,
              () => 0,
            ),
          ),
        );
        const t0 = performance.now();
        await page.goto(`${base}/${view}`);
        await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 60_000 });
        times.push(performance.now() - t0);
        requests = sizes.length;
        bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
        await context.close();
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      console.log(
        `  ${(view || '/ (home)').slice(0, 70).padEnd(70)} ${median.toFixed(0).padStart(5)} ms to the drawn answer, ${requests} requests, ${(bytes / 1e3).toFixed(0)} kB`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}
