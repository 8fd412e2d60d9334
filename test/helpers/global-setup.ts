// Checks the sample's tables, then has the shared sample dist built once per test run, in the background
// (build-sample.ts; sample-state.ts says why). The build is keyed by a digest of the code and sources that
// produce it, so an unchanged tree reuses the previous run's dist (a fresh clone builds).

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import fg from 'fast-glob';
import { TABLE_NAMES, type TableName } from '../../sources/tables.ts';
import { cachedSample } from './sample.ts';
import { PACKS_READY, SAMPLE_FAILED, SAMPLE_READY } from './sample-state.ts';
import { keptBundlePath } from './servers.ts';
import {
  HAS_SHARED,
  RAM_PREFIX,
  SAMPLE_DIST,
  SAMPLE_FILES,
  SAMPLE_PREFS,
  SHARED_SKIP_NOTE,
  TEST_TMP,
  TMP,
} from './paths.ts';

const ROOT = join(import.meta.dirname, '../..');

function digest(): string {
  const hash = createHash('sha256').update(JSON.stringify(SAMPLE_PREFS));
  // The servers, npm start's machinery, commands and benchmarks write nothing into dist: changing them reuses the dist.
  const ignore = ['build/server/**', 'build/start/**', 'build/cli/**', 'build/bench/**'];
  for (const f of fg.sync(['build/**/*', 'sources/**/*', 'package-lock.json'], { cwd: ROOT, ignore }).sort()) {
    hash.update(f).update(readFileSync(join(ROOT, f)));
  }
  return hash.digest('hex');
}

/** The list of the dist's files, written after the dist, so a list never describes another dist. */
function writeList(paths: string[]): void {
  writeFileSync(`${SAMPLE_FILES}.tmp`, [...paths].sort().join('\n'));
  renameSync(`${SAMPLE_FILES}.tmp`, SAMPLE_FILES);
}

/** Every file of the sample dist as read from disk (when a dist is reused without its list). */
export function diskFiles(dir = SAMPLE_DIST): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => '/' + relative(dir, join(d.parentPath, d.name)));
}

/**
 * Every table of the sample checked into the run's shared cache (0.5 s when it is already there): test
 * files read it. Cold, half the tables are checked by a second process at the same time (20 s on one core).
 */
async function checkTables(): Promise<void> {
  // About half the work, measured (the medical counts 3.8 s, establishments 3.2 s, wages 1.8 s…), and none of
  // the population's, which the others are drawn from: cold, 15.5 s where one process took 22.8 s.
  const names: TableName[] = ['medical_counts', 'establishments', 'wages', 'local_taxes', 'airport_visits'];
  const done = runHelper('check-tables.ts', names, "checking the sample's tables");
  const mine = cachedSample();
  for (const name of TABLE_NAMES) if (!names.includes(name)) void mine.tables[name];
  await done;
}

/** Runs a script of this folder in a process of its own; rejects with its stderr when it fails. */
async function runHelper(script: string, args: string[], what: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script), ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((ok) => child.on('exit', ok));
  if (code !== 0) throw new Error(`${what} failed: ${stderr}`);
}

/**
 * Names this checkout in its RAM folder, so that a later run of another checkout keeps the folder while this
 * checkout exists: REGSTAT_TEST_TMP's too, when it names one there (another checkout's run removed an unclaimed one mid-run).
 */
function claimRamFolder(): void {
  if (!TEST_TMP.startsWith(RAM_PREFIX)) return;
  mkdirSync(TEST_TMP, { recursive: true });
  writeFileSync(join(TEST_TMP, 'checkout'), ROOT);
}

export default async function setup() {
  mkdirSync(TMP, { recursive: true }); // tests write beside the sample, when REGSTAT_TEST_TMP puts the sample elsewhere
  claimRamFolder();
  for (const mark of [SAMPLE_READY, PACKS_READY, SAMPLE_FAILED]) rmSync(mark, { force: true });
  const stamp = `${SAMPLE_DIST}.digest`;
  const key = digest();
  const fresh = existsSync(SAMPLE_DIST) && existsSync(stamp) && readFileSync(stamp, 'utf8') === key;
  if (!fresh) {
    rmSync(stamp, { force: true });
    rmSync(SAMPLE_FILES, { force: true });
    if (existsSync(SAMPLE_DIST)) rmSync(SAMPLE_DIST, { recursive: true });
    // Bundles and builds packed from the previous dist's code (kept beside it).
    for (const f of fg.sync([`${basename(SAMPLE_DIST)}.bundle-*`, 'build-*.pack'], { cwd: dirname(SAMPLE_DIST) }))
      rmSync(join(dirname(SAMPLE_DIST), f), { force: true });
  }
  await checkTables();
  if (!HAS_SHARED) console.warn(`\n[regstat] Real-data tests ${SHARED_SKIP_NOTE}.\n`);
  if (fresh && !existsSync(SAMPLE_FILES)) writeList(diskFiles());
  if (fresh && existsSync(keptBundlePath(SAMPLE_DIST, key))) {
    // A pack a killed run left unwritten is built by the first file that reads it (memoryBuild).
    for (const mark of [SAMPLE_READY, PACKS_READY]) writeFileSync(mark, key);
    return;
  }
  const build = buildInBackground(key, fresh ? 'bundle' : 'build');
  return () => build.stop();
}

/**
 * Runs build-sample.ts in a process of its own and returns at once: the files that do not read the dist
 * run meanwhile (sample-state.ts). Its failure is written where the files that wait for it look.
 */
function buildInBackground(key: string, mode: 'build' | 'bundle'): { stop(): Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'build-sample.ts'), key, mode], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((done) =>
    child.on('exit', (code, signal) => {
      if (code !== 0) writeFileSync(SAMPLE_FAILED, `exit ${code ?? signal}\n${stderr}`);
      done();
    }),
  );
  return {
    // A run that ends before the build (a filter that picked no file reading the dist, a failure) stops it.
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
