// Checked source tables kept on disk between runs, so a server started again answers without
// generating, parsing and checking millions of rows. An entry is named by a digest of everything its
// checks read (its content, the tables it refers to, the loader's code), so a changed source, seed or
// generator is simply a miss; nothing is ever invalidated by hand.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as aq from 'arquero';
import { decodeColumns, encodeColumns } from './columns.ts';
import { columnOf, type LoadedTable } from './load.ts';
import type { TableSpec } from './tables.ts';

export interface TableCache {
  get(key: string, spec: TableSpec): LoadedTable | null;
  put(key: string, table: LoadedTable): void;
}

/** Where the cache lives unless REGSTAT_CACHE says otherwise: beside the installed packages, as other tools keep theirs. */
const DEFAULT_CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/regstat/tables', import.meta.url));

/** What an entry keeps beside the columns. */
interface Meta {
  file: string;
  sha256: string;
  /** Physical lines, as first line and run length pairs: a generated table is one run. */
  lines: number[];
}

/** Entries unused for this long are removed when another is written, so old seeds and code versions do not pile up. */
const MAX_AGE_MS = 14 * 24 * 3600 * 1000;

export class DiskTableCache implements TableCache {
  readonly dir: string;
  constructor(dir = process.env.REGSTAT_CACHE || DEFAULT_CACHE_DIR) {
    this.dir = resolve(dir);
  }

  get(key: string, spec: TableSpec): LoadedTable | null {
    const path = this.path(key);
    if (!existsSync(path)) return null;
    try {
      const { columns, rows, meta } = decodeColumns(gunzipSync(readFileSync(path)));
      const { file, sha256, lines } = meta as Meta;
      if (Object.keys(spec.schema.shape).some((c) => !columns[c])) return null;
      return { spec, file, table: aq.table(columns), lines: expandRuns(lines, rows), sha256, rows };
    } catch {
      return null; // a damaged entry is a miss; the next put replaces it
    }
  }

  put(key: string, t: LoadedTable): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      const columns = Object.fromEntries(Object.keys(t.spec.schema.shape).map((c) => [c, columnOf(t, c)]));
      const meta: Meta = { file: t.file, sha256: t.sha256, lines: runs(t.lines) };
      // Written beside and renamed: a reader never sees half an entry, even if this process is killed.
      const tmp = `${this.path(key)}.${process.pid}.tmp`;
      writeFileSync(tmp, gzipSync(encodeColumns(columns, t.rows, meta), { level: 1 }));
      renameSync(tmp, this.path(key));
      this.prune();
    } catch {
      // A cache that cannot be written (read-only install, full disk) only costs time.
    }
  }

  private path(key: string): string {
    return join(this.dir, `${key}.cols.gz`);
  }

  private prune(): void {
    const now = Date.now();
    for (const f of readdirSync(this.dir)) {
      const p = join(this.dir, f);
      const st = statSync(p);
      if (!st.isFile()) continue; // packs/: npm start's response cache prunes itself
      const age = now - st.mtimeMs;
      if (age > MAX_AGE_MS || (f.endsWith('.tmp') && age > 3600_000)) rmSync(p, { force: true });
    }
  }
}

function runs(lines: Int32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && lines[j] === lines[j - 1]! + 1) j++;
    out.push(lines[i]!, j - i);
    i = j;
  }
  return out;
}

function expandRuns(r: number[], rows: number): Int32Array {
  const out = new Int32Array(rows);
  let k = 0;
  for (let i = 0; i < r.length; i += 2) for (let n = 0; n < r[i + 1]!; n++) out[k++] = r[i]! + n;
  return out;
}
