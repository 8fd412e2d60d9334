// An operator installs with `npm ci --omit=dev` and runs the commands of package.json: every package those
// commands load (and the runner of the scripts, tsx) must then be installed, that is, be a dependency
// and not a devDependency. Their module graphs are read by esbuild, from each command's script and from
// the scripts they start as workers and threads. One exception: npm run edge's runtime (miniflare, with
// workerd and sharp) is a devDependency, imported only when the command runs, which says how to install it.

import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { loadMiniflare } from '../../build/cli/edge.ts';
import { UserError } from '../../build/user-error.ts';
import { ROOT } from '../helpers/paths.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Packages an operator command imports only when it runs, saying how to install them when they are absent. */
const LOADED_ON_USE = ['miniflare'];

/** The commands docs/cli.md gives operators (not the developers' test, bench, golden, screenshots, format). */
const OPERATOR_SCRIPTS = [
  'build',
  'serve',
  'start',
  'sample',
  'import:resas',
  'import:estat',
  'anchors',
  'nginx',
  'bundle',
  'edge',
];

/** What a script runs: its program and the file it gives it (`tsx build/cli/serve.ts`). */
const commandOf = (name: string) => {
  const [program, file] = pkg.scripts[name]!.split(' ') as [string, string];
  return { program, file };
};

/** The package a bare import names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const BUILTIN = new Set(builtinModules);

/** Each package the entries import, with a file that imports it and whether every import of it is dynamic. */
async function packagesLoadedBy(entries: string[]): Promise<Map<string, { file: string; dynamic: boolean }>> {
  const { metafile } = await build({
    entryPoints: entries.map((e) => join(ROOT, e)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    outdir: join(ROOT, 'test/.tmp/production-deps'),
    logLevel: 'silent',
  });
  const found = new Map<string, { file: string; dynamic: boolean }>();
  for (const [file, input] of Object.entries(metafile.inputs))
    for (const i of input.imports)
      if (i.external && !i.path.startsWith('node:') && !BUILTIN.has(i.path) && !i.path.startsWith('.')) {
        const name = packageOf(i.path);
        const dynamic = i.kind === 'dynamic-import' && (found.get(name)?.dynamic ?? true);
        found.set(name, { file, dynamic });
      }
  return found;
}

describe('npm ci --omit=dev', () => {
  it('installs the program every operator command runs', () => {
    for (const name of OPERATOR_SCRIPTS) expect(pkg.dependencies, name).toHaveProperty(commandOf(name).program);
  });

  it('installs every package the operator commands, their workers and threads load', async () => {
    const scripts = OPERATOR_SCRIPTS.map((n) => commandOf(n).file);
    // Scripts started by path (worker threads, the build's writers, npm start's pack writer) are no import esbuild can follow.
    const started = fg.sync(
      ['build/**/*-worker.mjs', 'build/**/*-thread.ts', 'build/**/*-writer.ts', 'build/pack/*.mjs'],
      {
        cwd: ROOT,
      },
    );
    expect(started.length).toBeGreaterThan(0);
    const loaded = await packagesLoadedBy([...scripts, ...started]);
    expect(loaded.size).toBeGreaterThan(5);
    const missing = [...loaded]
      .filter(([p]) => !(p in pkg.dependencies) && !LOADED_ON_USE.includes(p))
      .map(([p, { file }]) => `${p} (from ${file})`);
    expect(missing).toEqual([]);
    // The exceptions are loaded, by import() only, and installed for development.
    for (const p of LOADED_ON_USE) {
      expect(loaded.get(p), p).toMatchObject({ dynamic: true });
      expect(pkg.devDependencies, p).toHaveProperty(p);
      expect(pkg.dependencies, p).not.toHaveProperty(p);
    }
  });

  it("leaves out npm run edge's runtime, and npm run edge then says in one line how to install it", async () => {
    // A package that is not installed fails as miniflare does after npm ci --omit=dev.
    const absent = loadMiniflare(() => import('regstat-no-such-package' as string));
    await expect(absent).rejects.toBeInstanceOf(UserError);
    await expect(absent).rejects.toThrow(
      'npm run edge runs the worker in miniflare, a development dependency this install left out (npm ci --omit=dev): add the development dependencies with npm install --include=dev',
    );
    // Any other failure is not hidden behind it.
    const broken = new Error('workerd cannot start');
    await expect(loadMiniflare(() => Promise.reject(broken))).rejects.toBe(broken);
    expect(typeof (await loadMiniflare()).Miniflare).toBe('function');
  });
});
