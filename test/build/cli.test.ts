// The commands as a user runs them: --help, unknown options, bad values, a busy port, the error mode,
// npm run nginx's clean-up, what the servers say of synthetic data, and faults in the inputs and the
// output, each ending in one line (no stack) and the right exit status.

import '../helpers/sample-ready.ts';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILD_COMMAND } from '../../build/cli/build.ts';
import { BUNDLE_COMMAND } from '../../build/cli/bundle.ts';
import { IMPORT_COMMAND } from '../../build/cli/import-resas.ts';
import { SAMPLE_COMMAND } from '../../build/cli/sample.ts';
import { NGINX_COMMAND } from '../../build/cli/nginx.ts';
import { SERVE_COMMAND } from '../../build/cli/serve.ts';
import { START_COMMAND } from '../../build/cli/start.ts';
import { parseCommand, type CommandSpec } from '../../build/cli/source-options.ts';
import { failureText } from '../../build/cli/fail.ts';
import { UsageError } from '../../build/user-error.ts';
import { getOrSet } from '../../build/runtime/maps.ts';
import { ROOT, SAMPLE_DIST } from '../helpers/paths.ts';
import { freePort, hasNginx, NGINX_SKIP, waitUp } from '../helpers/servers.ts';

const LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const script = (name: string) =>
  join(
    ROOT,
    name.startsWith('bench')
      ? `build/bench/index.ts`
      : name === 'golden'
        ? 'test/golden/update.ts'
        : `build/cli/${name}.ts`,
  );

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (or kills it after `ms`), from a folder with no dist/ unless cwd says otherwise. */
function run(
  name: string,
  args: string[],
  o: { cwd?: string; env?: Record<string, string>; ms?: number } = {},
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', LOADER, script(name), ...args], {
      cwd: o.cwd ?? work,
      env: { ...process.env, ...o.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.ms ?? 300_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a server command and resolves with its base URL once it says where it serves. */
function serveOn(name: string, args: string[]): Promise<{ base: string; stop: () => void; log: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', LOADER, script(name), ...args], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
      const at = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr);
      if (at) resolve({ base: at[1]!, stop: () => child.kill(), log: () => stderr });
    });
    child.on('close', (code) => reject(new Error(`${name} ended (${code}): ${stderr}`)));
  });
}

const oneLine = (s: string) => expect(s.trimEnd().split('\n'), s).toHaveLength(1);

/**
 * A usage error as the command reports it, in this process: every command parses its line with parseCommand
 * and ends a failure through fail() (runCommand, build/cli/source-options.ts), whose line and status these are.
 * Spawning each command for it cost 3.4 s of CPU a case (its module graph loaded); the spawned cases
 * below show the process path (a missing value, a stray argument, -h beside an unknown option).
 */
function usageFailure(spec: CommandSpec, args: string[]): Ran {
  try {
    parseCommand(spec, args);
  } catch (e) {
    return { code: e instanceof UsageError ? 2 : 1, stdout: '', stderr: `regstat: ${failureText(e)}\n` };
  }
  throw new Error(`${spec.name} accepted ${args.join(' ')}`);
}

/** Each command's --help, run once (the usage test and the -h test read it). */
const helps = new Map<string, Promise<Ran>>();
const helpOf = (name: string) => getOrSet(helps, name, () => run(name, ['--help']));

const COMMANDS: [string, string, CommandSpec][] = [
  ['build', 'npm run build', BUILD_COMMAND],
  ['serve', 'npm run serve', SERVE_COMMAND],
  ['start', 'npm start', START_COMMAND],
  ['bundle', 'npm run bundle', BUNDLE_COMMAND],
  ['sample', 'npm run sample', SAMPLE_COMMAND],
  ['import-resas', 'npm run import:resas', IMPORT_COMMAND],
  ['nginx', 'npm run nginx', NGINX_COMMAND],
];

let work: string;
let sources: string;
let dist: string;
const blockers: Server[] = [];

/** A port that something else holds. */
function busyPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => resolve((s.address() as { port: number }).port));
    blockers.push(s);
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'regstat-cli-'));
  sources = join(work, 'sources');
  mkdirSync(sources);
  writeFileSync(join(sources, 'prefectures.csv'), 'prefCode,prefName\n1,北海道\n13,東京都\n');
  writeFileSync(
    join(sources, 'municipalities.csv'),
    'cityCode,cityName,bigCityFlag,designatedCityCode\n01100,札幌市,2,\n01101,札幌市中央区,1,01100\n13101,千代田区,3,\n',
  );
  dist = join(work, 'dist-masters');
  const r = await run('build', ['--sources', sources, '--only', 'masters', '--out', dist, '--no-cache']);
  expect(r.code, r.stderr).toBe(0);
});

afterAll(() => {
  for (const s of blockers) s.close();
  rmSync(work, { recursive: true, force: true });
});

describe('--help', () => {
  it.each([...COMMANDS.map(([s, n]) => [s, n] as const), ['bench', 'npm run bench'] as const])(
    '%s prints its usage, options with defaults and an example',
    async (name, command) => {
      const long = await helpOf(name);
      expect(long.code, long.stderr).toBe(0);
      expect(long.stderr).toBe('');
      expect(long.stdout).toMatch(new RegExp(`^Usage: ${command.replace(/[.:]/g, '\\$&')} -- `));
      expect(long.stdout).toMatch(/\nOptions:\n(  .*\n)+\nExample:\n  npm (run|start)/);
      expect(long.stdout).toContain('-h, --help');
      if (name !== 'import-resas') expect(long.stdout).toMatch(/\(default: /);
    },
  );

  it.each([
    ['golden', 'npm run golden'],
    ['screenshots', 'npm run screenshots'],
  ])('%s prints its usage and does nothing else; an unknown option is one line', async (name, command) => {
    const help = await run(name, ['--help']);
    expect([help.code, help.stderr], help.stderr).toEqual([0, '']);
    expect(help.stdout).toMatch(new RegExp(`^Usage: ${command} -- \\[options\\]\n`));
    expect(help.stdout).toContain('-h, --help');
    const bad = await run(name, ['--nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      `regstat: unknown option --nope; ${command} takes ${name === 'golden' ? '--tree, --help' : '--dist, --out, --help'}\n`,
    );
  });

  it('-h is --help, even beside an unknown option', async () => {
    const [long, short] = await Promise.all([helpOf('build'), run('build', ['--no-such-option', '-h'])]);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(long.stdout);
  });
});

describe('unknown options and bad values', () => {
  it.each(COMMANDS)('%s names its valid options in one line and exits 2', (_, command, spec) => {
    const r = usageFailure(spec, ['--colour', 'red']);
    expect(r.code).toBe(2);
    oneLine(r.stderr);
    expect(r.stderr).toBe(
      `regstat: unknown option --colour; ${command} takes ${[...Object.keys(spec.options), 'help'].map((o) => `--${o}`).join(', ')}\n`,
    );
  });

  it.each(['build', 'serve', 'start', 'bundle'])('%s --errors takes status or resas', async (name) => {
    const r = await run(name, ['--errors', 'loud']);
    expect(r.code).toBe(2);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^regstat: --errors takes 'status' or 'resas' .*got "loud"\.\n$/);
  });

  it('a missing value and a stray argument are usage errors too', async () => {
    const [missing, stray, port] = await Promise.all([
      run('build', ['--out']),
      run('serve', ['dist']),
      run('serve', ['--port', 'http']),
    ]);
    expect([missing.code, stray.code, port.code]).toEqual([2, 2, 2]);
    expect(missing.stderr).toBe('regstat: --out needs a value (--out <dir>); see npm run build -- --help\n');
    expect(stray.stderr).toMatch(/^regstat: npm run serve takes options only, not dist; its options are --dir, /);
    expect(port.stderr).toBe('regstat: --port (or PORT) takes a port number from 0 to 65535, got "http".\n');
  });
});

describe('a busy port', () => {
  const friendly = (port: number) =>
    `regstat: port ${port} is in use: stop the other server or pass --port ${port + 1} / PORT=${port + 1}\n`;

  it('on npm run serve (one worker or several) is one line and exit 1', async () => {
    const port = await busyPort();
    const [one, several] = await Promise.all([
      run('serve', ['--dir', dist, '--port', String(port)]),
      run('serve', ['--dir', dist, '--port', String(port), '--workers', '2']),
    ]);
    for (const r of [one, several]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(friendly(port));
    }
  });

  it('on npm start (PORT, on demand or serving dist/) is one line and exit 1', async () => {
    const port = await busyPort();
    const withDist = join(work, 'start-here');
    mkdirSync(withDist, { recursive: true });
    spawnSync('cp', ['-r', dist, join(withDist, 'dist')]);
    const [onDemand, built] = await Promise.all([
      run('start', ['--sources', sources, '--only', 'masters', '--no-cache'], { env: { PORT: String(port) } }),
      run('start', [], { cwd: withDist, env: { PORT: String(port) } }),
    ]);
    for (const r of [onDemand, built]) {
      expect(r.code).toBe(1);
      expect(r.stderr.endsWith(friendly(port))).toBe(true);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('--errors', () => {
  const status = async (base: string) => {
    const res = await fetch(`${base}/api/v1/cities?prefCode=99`);
    return [res.status, await res.text()] as const;
  };

  it('resas on npm run serve and npm start answers errors as the original did; status is the default', async () => {
    const servers = await Promise.all([
      serveOn('serve', ['--dir', dist, '--port', '0', '--errors', 'resas']),
      serveOn('serve', ['--dir', dist, '--port', '0']),
      serveOn('start', ['--sources', sources, '--only', 'masters', '--no-cache', '--port', '0', '--errors', 'resas']),
    ]);
    try {
      const [resas, plain, onDemand] = await Promise.all(servers.map((s) => status(s.base)));
      expect(resas).toEqual([200, '"400"']);
      expect(plain?.[0]).toBe(400);
      expect(onDemand).toEqual([200, '"400"']);
    } finally {
      for (const s of servers) s.stop();
    }
  });
});

describe.skipIf(!hasNginx)(`npm run nginx${hasNginx ? '' : ` (${NGINX_SKIP})`}`, () => {
  it('removes its temporary folder when stopped with Ctrl-C', async () => {
    const port = await freePort();
    // Detached: a group of its own, which gets the SIGINT a terminal sends its foreground group on Ctrl-C.
    const child = spawn(
      process.execPath,
      ['--import', LOADER, script('nginx'), '--dir', dist, '--port', String(port)],
      {
        cwd: work,
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((ok) => child.on('close', ok));
    await waitUp(`http://127.0.0.1:${port}`, child, () => stderr);
    const folder = dirname(/\(configuration (\S+)\)/.exec(stderr)![1]!);
    expect(existsSync(join(folder, 'nginx.conf'))).toBe(true);
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(existsSync(folder), `${folder} is left behind`).toBe(false);
  });
});

describe('synthetic data', () => {
  it('npm run serve says so when it starts, and not for a dist of official or imported tables', async () => {
    const servers = await Promise.all([
      serveOn('serve', ['--dir', SAMPLE_DIST, '--port', '0']),
      serveOn('serve', ['--dir', dist, '--port', '0']),
    ]);
    try {
      const [sample, imported] = servers as [(typeof servers)[0], (typeof servers)[0]];
      const res = await fetch(`${imported.base}/api/v1/prefectures`);
      expect(res.headers.get('x-regstat-data')).toBe('imported');
      await vi.waitFor(
        () =>
          expect(sample.log()).toMatch(
            /\nregstat: SYNTHETIC DATA, not official statistics: \d+ of the 75 operations answer synthetic figures only and \d+ in part; each response says which in its X-Regstat-Data header/,
          ),
        { timeout: 120_000 },
      );
      expect(imported.log()).not.toContain('SYNTHETIC');
    } finally {
      for (const s of servers) s.stop();
    }
  });
});

describe('faults in the inputs and the output', () => {
  it('a source that is not UTF-8 and a bad dataset.json end in one line naming the file', async () => {
    const sjis = join(work, 'sjis');
    const badInfo = join(work, 'bad-info');
    for (const d of [sjis, badInfo]) spawnSync('cp', ['-r', sources, d]);
    writeFileSync(
      join(sjis, 'prefectures.csv'),
      Buffer.concat([
        Buffer.from('prefCode,prefName\n1,'),
        Buffer.from([0x96, 0x6b, 0x8a, 0x43, 0x93, 0xb9]),
        Buffer.from('\n'),
      ]),
    );
    writeFileSync(join(badInfo, 'dataset.json'), '{"kind": "imported", notice: "x"}');
    const [a, b] = await Promise.all([
      run('build', ['--sources', sjis, '--only', 'masters', '--out', join(work, 'never-a'), '--no-cache']),
      run('build', ['--sources', badInfo, '--only', 'masters', '--out', join(work, 'never-b'), '--no-cache']),
    ]);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain(
      `\nregstat: ${sjis}/prefectures.csv:2:2: the bytes 0x96 0x6b are not UTF-8; save the file as UTF-8`,
    );
    expect(b.code).toBe(1);
    oneLine(b.stderr);
    expect(b.stderr).toMatch(
      new RegExp(`^regstat: ${badInfo}/dataset\\.json:1:22: not valid JSON \\(.*\\); write it as`),
    );
    for (const r of [a, b]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  // A header-only table's warning, as the build command prints it, is test/sources/inputs.test.ts's (runBuild,
  // which the command runs, in that process): spawned here it cost a build of the population in a process.

  // A real full disk: a small tmpfs in a user and mount namespace of its own (skipped where those are not allowed).
  const canMount =
    spawnSync(
      'unshare',
      ['--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs /tmp && echo ok'],
      {
        encoding: 'utf8',
      },
    ).stdout?.trim() === 'ok';
  it.skipIf(!canMount)('a full disk ends in one line naming the output file, and the previous dist stays', async () => {
    const disk = join(work, 'disk');
    mkdirSync(disk);
    const cmd = [
      // room for the previous dist and part of the next
      `mount -t tmpfs -o size=$(( $(du -sk ${dist} | cut -f1) + 96 ))k tmpfs ${disk}`,
      `cp -r ${dist} ${disk}/dist`,
      `${process.execPath} --import ${LOADER} ${script('build')} --sources ${sources} --out ${disk}/dist --no-cache; echo "exit $?"`,
      `cmp ${dist}/manifest.json ${disk}/dist/manifest.json && echo kept; ls ${disk}`,
    ].join('; ');
    const r = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', cmd], {
      encoding: 'utf8',
      cwd: work,
    });
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(
      /^regstat: no space left on the device writing disk\/dist\/\S+: free some space, or build elsewhere with --out <dir>, and build again; the previous disk\/dist is untouched\.$/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('exit 1\nkept\ndist\n');
  });
});
