// The system Chromium (apt-get install -y chromium), driven by playwright-core, which downloads no browser:
// for the screenshots, the explorer benchmark and the browser tests.

import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const NO_CHROMIUM = `no ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`;

/** Headless, and quiet: no sandbox (containers), no GPU, no background requests to Google. */
export async function launchChromium(): Promise<import('playwright-core').Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
