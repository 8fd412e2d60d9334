// An operator installs with `npm ci --omit=dev` and runs the commands of package.json: every package those
// commands load (and the runner of the scripts, tsx) must then be installed, that is, be a dependency
// and not a devDependency. Their module graphs are read by esbuild, from each command's script and from
// the scripts they start as workers and threads.

import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

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

async function packagesLoadedBy(entries: string[]): Promise<Map<string, string>> {
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
  const found = new Map<string, string>(); // package → a file that imports it
  for (const [file, input] of Object.entries(metafile.inputs))
    for (const i of input.imports)
      if (i.external && !i.path.startsWith('node:') && !BUILTIN.has(i.path) && !i.path.startsWith('.'))
        found.set(packageOf(i.path), file);
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
    const missing = [...loaded].filter(([p]) => !(p in pkg.dependencies)).map(([p, file]) => `${p} (from ${file})`);
    expect(missing).toEqual([]);
  });
});
