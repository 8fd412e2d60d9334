// The request log of the three Node servers (npm start and npm run serve share build/server/node.ts; the
// bundle's serve.mjs its own): one line per request on stderr, `GET /api/v1/prefectures 200 1.2 ms`,
// on by default, silenced by --quiet; and the line at start naming the build's scope.

import '../helpers/sample-ready.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../build/server/node.ts';
import { logRequests, requestLine } from '../../build/server/request-log.ts';
import { close, listen } from '../helpers/http.ts';
import { ROOT, SAMPLE_DIST } from '../helpers/paths.ts';
import { freePort, startBundle, waitUp, type Running } from '../helpers/servers.ts';

const LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
/** A logged line: method, target, status, milliseconds (two decimals under 1 ms, one under 10 ms). */
const LINE = /^(GET|HEAD) (\S+) (\d{3}|closed) (\d+(?:\.\d{1,2})?) ms$/;

const started: (ChildProcess | Running)[] = [];
afterAll(() => {
  for (const s of started) 'stop' in s ? s.stop() : s.kill();
});

/** The requests every server is asked, and the status each answers. */
const ASKED: [string, number][] = [
  ['/api/v1/prefectures', 200],
  ['/api/v1/population/composition/perYear?prefCode=13&cityCode=-', 200],
  ['/api/v1/population/composition/perYear?prefCode=abc', 400],
  ['/api/v1/population/composition/perYear?prefCode=27', 404], // outside the sample's scope
  ['/api/v1/no/such/operation', 404],
  ['/manifest.json', 200],
];

async function ask(base: string): Promise<void> {
  for (const [path] of ASKED) await (await fetch(base + path)).arrayBuffer();
}

/** The request lines of a log, as [method, target, status]. */
const requestLines = (log: string) =>
  log
    .split('\n')
    .map((l) => LINE.exec(l))
    .filter((m) => m !== null)
    .map((m) => [m[1]!, m[2]!, m[3]!]);

/** Waits until `log()` holds `n` request lines (they are written once per event-loop turn). */
async function linesOf(log: () => string, n: number): Promise<string[][]> {
  for (let i = 0; i < 600 && requestLines(log()).length < n; i++) await new Promise((ok) => setTimeout(ok, 50));
  return requestLines(log());
}

const EXPECTED = ASKED.map(([path, status]) => ['GET', path, String(status)]);

async function serveProcess(args: string[]) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', LOADER, join(ROOT, 'build/cli/serve.ts'), '--dir', SAMPLE_DIST, '--port', String(port), ...args],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  started.push(child);
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  await waitUp(base, child, () => log);
  return { base, log: () => log };
}

describe('the request log', () => {
  it('the Node server logs one line per request, in the order answered: method, target, status, time', async () => {
    let out = '';
    const server = createApiServer({ dir: SAMPLE_DIST, log: (text) => (out += text) });
    const base = await listen(server);
    try {
      await ask(base);
      await fetch(base + '/api/v1/prefectures', { method: 'HEAD' });
      expect(await linesOf(() => out, ASKED.length + 1)).toEqual([...EXPECTED, ['HEAD', '/api/v1/prefectures', '200']]);
      // Nothing but request lines: a log a user can grep or pipe.
      expect(
        out
          .trimEnd()
          .split('\n')
          .every((l) => LINE.test(l)),
      ).toBe(true);
    } finally {
      await close(server);
    }
  });

  it('npm run serve logs to stderr by default; --quiet leaves only the start lines, which name the scope', async () => {
    const loud = await serveProcess([]);
    await ask(loud.base);
    // The first line is waitUp's request, which found the server listening.
    expect(await linesOf(loud.log, ASKED.length + 1)).toEqual([['GET', '/api/v1/prefectures', '200'], ...EXPECTED]);
    const quiet = await serveProcess(['--quiet']);
    await ask(quiet.base);
    // The quiet server answered as many requests: any line of them would have been written by now.
    await new Promise((ok) => setTimeout(ok, 200));
    expect(requestLines(quiet.log())).toEqual([]);
    for (const log of [loud.log(), quiet.log()])
      expect(log).toContain(
        'regstat: scope: prefectures 1, 13 only (a --prefs build; the others answer 404), 75 operations\n',
      );
  });

  it("the bundle's serve.mjs logs the same lines; --quiet silences them", async () => {
    const loud = await startBundle(SAMPLE_DIST);
    started.push(loud);
    await ask(loud.base);
    expect(await linesOf(loud.log!, ASKED.length + 1)).toEqual([['GET', '/api/v1/prefectures', '200'], ...EXPECTED]);
    expect(loud.log!()).toContain('regstat offline bundle: scope: prefectures 1, 13 only');
    const quiet = await startBundle(SAMPLE_DIST, ['--quiet']);
    started.push(quiet);
    await ask(quiet.base);
    await new Promise((ok) => setTimeout(ok, 200));
    expect(requestLines(quiet.log!())).toEqual([]);
  });

  it('a client that leaves before its answer is logged as closed', async () => {
    let out = '';
    const server = logRequests(
      createServer(() => {}), // never answers
      (text) => (out += text),
    );
    const base = new URL(await listen(server));
    try {
      const req = request({ host: base.hostname, port: base.port, path: '/api/v1/slow?x=1' });
      req.on('error', () => {});
      req.end();
      await new Promise((ok) => server.once('request', ok));
      req.destroy();
      expect(await linesOf(() => out, 1)).toEqual([['GET', '/api/v1/slow?x=1', 'closed']]);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  });

  it('cuts a very long target, so that a line stays one line of the log', () => {
    const line = requestLine('GET', '/api/v1/prefectures?' + 'a'.repeat(5000), 400, 0.25);
    expect(line).toMatch(/^GET \/api\/v1\/prefectures\?a+… 400 0\.25 ms$/);
    expect(line.length).toBeLessThan(340);
    expect(requestLine('GET', '/', 200, 12.4)).toBe('GET / 200 12 ms');
    expect(requestLine('GET', '/', 200, 2.345)).toBe('GET / 200 2.3 ms');
    expect(requestLine('GET', '/', 304, 0.0412)).toBe('GET / 304 0.04 ms');
  });
});
