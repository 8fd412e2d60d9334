// The layers of the code import only downward: sources (raw facts) < runtime (what every adapter ships) <
// facts < ops (declarations) < deploy (host files) < core (the build) < pack (the archive: format, reader
// and writer) < server < adapters < start (npm start's render threads and response cache) < cli (commands) < bench. A module that imports upward drags the layers above it into everything below (the service
// worker into the build), and two folders that import each other are one layer in two places. Beneath them
// all, two neutral modules that import nothing: the errors a user can act on, and the version.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { codeFigures } from '../../build/bench/code-figures.ts';
import { importCycles, readModule } from '../helpers/modules.ts';
import { ROOT } from '../helpers/paths.ts';

/** What every layer may import. */
const NEUTRAL = ['build/user-error.ts', 'build/version.ts'];

/** What the commands may import: everything below them. */
const COMMANDS_MAY = [
  ...NEUTRAL,
  'sources',
  'build/runtime',
  'build/ops',
  'build/deploy',
  'build/core',
  'build/pack',
  'build/server',
  'build/adapters',
  'build/start',
];

/** What each folder (or neutral module) may import from, besides itself: every folder of build/ has its row. */
const ALLOWED: [folder: string, may: string[]][] = [
  ...NEUTRAL.map((m): [string, string[]] => [m, []]),
  ['sources', ['build/user-error.ts']],
  // The runtime is bundled into workers and the service worker: nothing of Node, nothing above it (the
  // dataset's description is types only, which the manifest's type includes).
  ['build/runtime', ['build/user-error.ts', 'sources/dataset.ts']],
  ['build/facts', ['build/user-error.ts', 'sources', 'build/runtime']],
  ['build/ops', ['build/user-error.ts', 'sources', 'build/runtime', 'build/facts']],
  // The explorer is a browser page: it reads the runtime's pure helpers and nothing that knows of a build.
  ['build/explorer', ['build/runtime']],
  // Host configurations are made from the route table alone.
  ['build/deploy', ['build/runtime']],
  ['build/core', [...NEUTRAL, 'sources', 'build/runtime', 'build/ops', 'build/deploy']],
  // The pack's format and reader are bundled into the edge worker and serve.mjs; its writer is a build
  // effects driver beside core's (the one import of core).
  ['build/pack', ['build/user-error.ts', 'build/runtime', 'build/core/effects.ts']],
  ['build/server', ['build/user-error.ts', 'build/runtime', 'build/core']],
  // Adapters translate shapes around the server's one fetch; none knows of the build.
  ['build/adapters', ['build/user-error.ts', 'build/runtime', 'build/pack', 'build/server']],
  // npm start's machinery renders through the build's on-demand renderer and reads the packs of its cache.
  ['build/start', [...NEUTRAL, 'sources', 'build/runtime', 'build/core', 'build/pack']],
  ['build/cli', COMMANDS_MAY],
  ['build/bench', [...COMMANDS_MAY, 'build/cli']],
];

const importsOf = (file: string): string[] =>
  readModule(file, readFileSync(join(ROOT, file), 'utf8')).imports.map((i) => i.from);

describe('layers', () => {
  for (const [folder, may] of ALLOWED) {
    it(`${folder} imports only from ${may.length ? may.join(', ') : 'itself'}`, () => {
      const files = folder.endsWith('.ts')
        ? [folder]
        : fg.sync([`${folder}/**/*.ts`, `${folder}/**/*.mjs`], { cwd: ROOT });
      expect(files.length).toBeGreaterThan(0);
      const upward = files.flatMap((f) =>
        importsOf(f)
          .filter((to) => !to.startsWith(`${folder}/`) && !may.some((m) => to === m || to.startsWith(`${m}/`)))
          .map((to) => `${f} → ${to}`),
      );
      expect(upward).toEqual([]);
    });
  }

  it('has a row for every folder of build/', () => {
    const folders = readdirSync(join(ROOT, 'build'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `build/${d.name}`);
    expect(folders.filter((f) => !ALLOWED.some(([folder]) => folder === f))).toEqual([]);
  });

  // A cycle makes its modules one: none of them can be read, tested or bundled without the others (the
  // route table, the parameter types and the data kinds were one such knot).
  it('no module of build/ imports itself through others', () => {
    const files = fg.sync(['build/**/*.ts', 'build/**/*.mjs'], { cwd: ROOT });
    expect(importCycles(new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')])))).toEqual([]);
  });

  it('arquero is imported only by sources/ (the tables) and build/facts/ (every pipeline)', () => {
    const files = fg.sync(['build/**/*.ts', 'build/**/*.mjs'], { cwd: ROOT, ignore: ['build/facts/**'] });
    const users = files.filter((f) => /from 'arquero'/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(users).toEqual([]);
  });

  it('no operation imports another, nor another family: what they share lives in their family folder’s kits', () => {
    const files = fg.sync('build/ops/*/*.ts', { cwd: ROOT, ignore: ['build/ops/*/index.ts'] });
    const ops = files.filter((f) => /^export default /m.test(readFileSync(join(ROOT, f), 'utf8')));
    const family = (f: string) => f.split('/')[2];
    const crossing = files.flatMap((f) =>
      importsOf(f)
        .filter(
          (to) =>
            ops.includes(to) || (to.startsWith('build/ops/') && to.split('/').length === 4 && family(to) !== family(f)),
        )
        .map((to) => `${f} → ${to}`),
    );
    expect(ops.length).toBeGreaterThan(70);
    expect(crossing).toEqual([]);
  });

  // One declaration shape (build/ops/operation.ts): prepare gathers facts and render is given the context,
  // so facts that carry the context along (`{ facts, ctx }`, `regions: ctx.sources.regions`) are a second
  // shape; and the build multiplies the declared parameters, so a hand-written product is a copy that drifts.
  it('no operation carries its context in its facts or writes out the product of its parameters', () => {
    const figures = codeFigures(ROOT);
    expect(figures.factsCtx).toEqual([]);
    expect(figures.loopEnumerations).toEqual([]);
  });

  // Asking whether a table is there (an operation's needs) is not reading it.
  it('no operation reads a source table itself: its facts come from build/facts/', () => {
    const files = fg.sync('build/ops/**/*.ts', { cwd: ROOT });
    const readers = files.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
        .filter(({ line }) => /\.tables(\.|\[)|\.table\b|\.objects\(\)/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
        .map(({ at, line }) => `${at} ${line.trim()}`),
    );
    expect(readers).toEqual([]);
  });

  it('the runtime and the explorer use no Node built-ins', () => {
    const files = fg.sync(['build/runtime/**/*.ts', 'build/explorer/**/*.ts'], { cwd: ROOT });
    const node = files.filter((f) => /from 'node:/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(node).toEqual([]);
  });
});
