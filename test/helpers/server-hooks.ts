// Hooks around the servers of servers.ts, apart from it: the global setup imports servers.ts, and vitest's
// test API cannot be imported there.

import { afterAll, beforeAll } from 'vitest';
import type { Running } from './servers.ts';

/**
 * A server for the tests of the enclosing describe block (or file): started before them, stopped after them;
 * `base` is its address once they run.
 */
export function serverAround(start: () => Promise<Running>): { base: string } {
  const server = { base: '' };
  let running: Running | undefined;
  beforeAll(async () => {
    running = await start();
    server.base = running.base;
  });
  afterAll(() => running?.stop());
  return server;
}
