// Where a build's files go. The build core only calls write(); the disk effects stage everything in a
// sibling folder and swap it in whole on commit, so a failed or killed build never leaves a half-written
// dist behind and never touches the previous one.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface BuildEffects {
  /** Writes a file at a dist-relative path such as /api/v1/prefectures/index.json. */
  write(path: string, body: string): void;
  commit(): void;
  abort(): void;
}

/** Keeps files in memory: for tests and for the golden-file checks. */
export class MemoryEffects implements BuildEffects {
  readonly files = new Map<string, string>();
  committed = false;
  write(path: string, body: string): void {
    if (this.files.has(path)) throw new Error(`file conflict: ${path} is written twice`);
    this.files.set(path, body);
  }
  commit(): void {
    this.committed = true;
  }
  abort(): void {
    this.files.clear();
  }
}

const STAGING = '.staging-';
const PREVIOUS = '.previous-';

export class DiskEffects implements BuildEffects {
  readonly out: string;
  readonly staging: string;
  private readonly dirs = new Set<string>();

  constructor(out: string) {
    this.out = resolve(out);
    recover(this.out);
    refuseForeign(this.out);
    this.staging = `${this.out}${STAGING}${process.pid}`;
    rmSync(this.staging, { recursive: true, force: true });
    mkdirSync(this.staging, { recursive: true });
  }

  write(path: string, body: string): void {
    const file = join(this.staging, path);
    const dir = dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(file, body, { flag: 'wx' }); // wx: a second write to one path is a build bug
  }

  /** Swaps the staging folder in: two renames on one file system. */
  commit(): void {
    const previous = `${this.out}${PREVIOUS}${process.pid}`;
    const hadPrevious = existsSync(this.out);
    if (hadPrevious) renameSync(this.out, previous);
    renameSync(this.staging, this.out);
    if (hadPrevious) rmSync(previous, { recursive: true, force: true });
  }

  abort(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }
}

/**
 * Cleans up after builds that were killed: staging folders of dead processes are removed, and if a
 * kill fell between the two renames of a swap, the previous output is put back.
 */
function recover(out: string): void {
  const parent = dirname(out);
  if (!existsSync(parent)) return;
  const name = basename(out);
  for (const entry of readdirSync(parent)) {
    for (const mark of [STAGING, PREVIOUS]) {
      if (!entry.startsWith(name + mark)) continue;
      const pid = Number(entry.slice(name.length + mark.length));
      if (!Number.isInteger(pid) || alive(pid)) continue;
      const path = join(parent, entry);
      if (mark === PREVIOUS && !existsSync(out)) renameSync(path, out);
      else rmSync(path, { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The swap deletes the old output: only ever delete a folder that an earlier build wrote. */
function refuseForeign(out: string): void {
  if (!existsSync(out)) return;
  const entries = readdirSync(out);
  if (entries.length === 0) return;
  let generator: unknown;
  try {
    generator = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).generator?.name;
  } catch {
    generator = undefined;
  }
  if (generator !== 'regstat') {
    throw new Error(`${out} exists and was not written by regstat (no regstat manifest.json); a build replaces its output folder whole, so choose another --out or empty it first.`);
  }
}
