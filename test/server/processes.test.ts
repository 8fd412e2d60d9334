// The processes behind the servers, when one of them dies as processes do on a busy machine (kill -9, the
// kernel's OOM killer): a worker of `npm run serve -- --workers 2` is replaced and the log says so, and
// npm start's pack writer ends with the server that started it instead of building on under PID 1.

import '../helpers/sample-ready.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, SAMPLE_DIST } from '../helpers/paths.ts';
import { freePort, waitUp } from '../helpers/servers.ts';

const LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const LINUX = process.platform === 'linux';
const started: ChildProcess[] = [];
const pids: number[] = [];
afterAll(() => {
  for (const c of started) c.kill('SIGKILL');
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** /proc/<pid>/stat: whether the process runs (a zombie waiting for PID 1 to reap it has ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The running children of a process that run `script` (tsx's esbuild service is a child of the primary too). */
function childrenOf(parent: number, script = 'build/cli/serve.ts'): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const runs = readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(script);
        return Number(ppid) === parent && state !== 'Z' && runs ? [Number(d)] : [];
      } catch {
        return []; // ended while listed
      }
    });
}

/** Polls `ready` every 50 ms for up to a minute (a bound for a hang, not a speed). */
async function until(ready: () => boolean, what: () => string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (ready()) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`still waiting: ${what()}`);
}

/** The status of the first answer to `url`, asking every 50 ms while the port refuses, for up to a minute. */
async function statusOnceUp(url: string): Promise<number> {
  for (let i = 0; i < 1200; i++) {
    try {
      return (await fetch(url)).status;
    } catch {
      await new Promise((ok) => setTimeout(ok, 50));
    }
  }
  throw new Error(`${url} refused for a minute`);
}

describe.skipIf(!LINUX)('a process that dies', () => {
  it('a killed worker of npm run serve --workers 2 is replaced, and the log says so', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const args = ['--import', LOADER, join(ROOT, 'build/cli/serve.ts'), '--dir', SAMPLE_DIST, '--port', String(port)];
    const primary = spawn(process.execPath, [...args, '--workers', '2'], { stdio: ['ignore', 'ignore', 'pipe'] });
    started.push(primary);
    let log = '';
    primary.stderr!.on('data', (d) => (log += d));
    await waitUp(base, primary, () => log);
    await until(
      () => childrenOf(primary.pid!).length === 2,
      () => log,
    );
    const [victim] = childrenOf(primary.pid!);
    process.kill(victim!, 'SIGKILL');
    await until(
      () => /starting another/.test(log) && childrenOf(primary.pid!).filter((p) => p !== victim).length === 2,
      () => log,
    );
    expect(log).toContain(`regstat: worker ${victim} was killed (SIGKILL); starting another (2 of 2)\n`);
    // The workers may still be starting (the one killed may have been the only one listening): ask until one answers.
    expect(await statusOnceUp(`${base}/api/v1/prefectures`)).toBe(200);
  });

  it("npm start's pack writer ends when its server is killed", async () => {
    const work = mkdtempSync(join(tmpdir(), 'regstat-writer-'));
    // A stand-in for the server: it starts the writer of the whole default build as npm start does, says its pid, waits.
    const server = spawn(
      process.execPath,
      [
        '--import',
        LOADER,
        '--input-type=module',
        '-e',
        `const { writePack } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'build/start/pack-cache.ts')).href)});
         const { child } = writePack({}, ${JSON.stringify(join(work, 'cache.pack'))});
         console.log(child.pid); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    started.push(server);
    const writer = await new Promise<number>((ok) => server.stdout!.once('data', (d) => ok(Number(String(d).trim()))));
    pids.push(writer);
    // The writer runs at nice 19, so on a busy machine it may wait minutes for CPU: at the test's own
    // priority (where raising it is allowed, as for root in CI) its end measures the watch, not the load.
    try {
      setPriority(writer, 0);
    } catch {
      // not allowed: the test still holds on a machine with CPU to spare
    }
    try {
      // The whole build takes minutes: the writer is at work when its server goes.
      await new Promise((ok) => setTimeout(ok, 500));
      expect(alive(writer)).toBe(true);
      // Its heap is held: left to grow, V8 let the whole build's writer reach 3.9 GB resident (pack-cache.ts).
      expect(readFileSync(`/proc/${writer}/cmdline`, 'utf8').split('\0')).toContain('--max-old-space-size=1280');
      server.kill('SIGKILL');
      await until(
        () => !alive(writer),
        () => `the writer ${writer} still runs after its server was killed`,
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
