// Processes the benchmark drives: wrk for load, nginx as the yardstick, the regstat server.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { nginxConfig } from '../deploy/nginx.ts';
import { join } from 'node:path';

export function have(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** Installs Debian packages when running as root; otherwise says what to install. */
export function ensure(pkgs: { cmd: string; pkg: string }[]): boolean {
  const missing = pkgs.filter((p) => !have(p.cmd));
  if (missing.length === 0) return true;
  const names = missing.map((p) => p.pkg).join(' ');
  if (process.getuid?.() !== 0) {
    console.log(`  skipped: needs ${names} (apt-get install -y ${names})`);
    return false;
  }
  console.log(`  installing ${names} from Debian…`);
  const r = spawnSync(
    'sh',
    [
      '-c',
      `apt-get install -y -qq ${names} >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq ${names} >/dev/null 2>&1)`,
    ],
    {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  return r.status === 0 && missing.every((p) => have(p.cmd));
}

interface WrkResult {
  rps: number;
  p99ms: number;
  errors: number;
}

export function wrk(url: string, seconds: number, connections = 50): WrkResult {
  const r = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(r.stdout);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(r.stdout)?.[1] ?? 0) +
    Number(/Socket errors:.*?(\d+)/.exec(r.stdout)?.[1] ?? 0);
  if (!rps) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
  return { rps, p99ms, errors };
}

/** nginx in the foreground serving `root` with the configuration generated from its routes.json. */
export function startNginx(root: string, port: number, workDir: string, workers: number | 'auto'): ChildProcess {
  mkdirSync(workDir, { recursive: true });
  const conf = join(workDir, 'nginx.conf');
  const table = JSON.parse(readFileSync(join(root, 'routes.json'), 'utf8'));
  // Logging off and keep-alive long, as a benchmark of the file path should have it.
  const text = nginxConfig(table, { root, port, work: workDir, workers }).replace(
    '  access_log off;',
    '  access_log off;\n  tcp_nopush on;\n  keepalive_requests 100000;',
  );
  writeFileSync(conf, text);
  return spawn('nginx', ['-c', conf, '-p', workDir, '-e', join(workDir, 'error.log')], { stdio: 'ignore' });
}

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`${url} did not come up`);
}

export interface WrkLatency {
  rps: number;
  p50ms: number;
  p99ms: number;
  /** Answers that were not 2xx or 3xx. */
  notOk: number;
  /** Requests wrk gave up on after its 2 s timeout, and other socket errors. */
  socket: number;
}

const ms = (m: RegExpExecArray | null) => (m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1) : NaN);

/** wrk at `connections` over a list of paths drawn at random (a Lua script), with its median and p99 latency. */
export function wrkPaths(
  base: string,
  paths: string[],
  seconds: number,
  connections: number,
  work: string,
): WrkLatency {
  const script = join(work, `paths-${paths.length}-${Date.now()}.lua`);
  writeFileSync(
    script,
    [
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(',\n')} }`,
      'function request() return wrk.format("GET", paths[math.random(#paths)]) end',
    ].join('\n'),
  );
  const r = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, base], {
    encoding: 'utf8',
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1]);
  if (!rps) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
  const socket = [...(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(r.stdout) ?? [])]
    .slice(1)
    .reduce((a, x) => a + Number(x), 0);
  return {
    rps,
    p50ms: ms(/\s50%\s+([\d.]+)(us|ms|s)/.exec(r.stdout)),
    p99ms: ms(/\s99%\s+([\d.]+)(us|ms|s)/.exec(r.stdout)),
    notOk: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(r.stdout)?.[1] ?? 0),
    socket,
  };
}

/** CPU seconds a process (or one of its threads) has used, user and system, from /proc. */
export function cpuSecondsOf(pid: number, thread?: number): number {
  const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
    .split(') ')[1]!
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 per second on Linux)
}

/** A process's resident memory now and at its peak, in bytes, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  // An exiting process (a zombie) has no memory lines: 0, so that a running peak is not made NaN.
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The descendants of a process named `name` (workerd under miniflare), from /proc. */
export function descendantsNamed(root: number, name: string): number[] {
  const parent = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      names.set(Number(entry), /\((.*)\)/.exec(stat)![1]!);
      parent.set(Number(entry), Number(stat.split(') ')[1]!.split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid: number): boolean => pid === root || (parent.has(pid) && pid !== 1 && under(parent.get(pid)!));
  return [...names].filter(([pid, n]) => n === name && under(pid)).map(([pid]) => pid);
}
