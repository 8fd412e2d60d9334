// The directory source provider: the tables as <name>.csv files in one folder, plus an optional
// dataset.json saying where they came from (the importer and `npm run sample` write one).

import { constants as bufferLimits } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { csvPosition, decodeUtf8 } from './csv.ts';
import type { DatasetInfo, SourceSet } from './load.ts';
import { TABLE_NAMES } from './tables.ts';
import { InputError, SourceError } from '../build/user-error.ts';

interface DirOptions {
  /** Bytes read at a time: tables are parsed in parts that end at a record, never as one string. */
  partBytes?: number;
  /** The longest a part may grow to hold one record: Node's longest string (about 512 MB) unless a test lowers it. */
  maxPartBytes?: number;
}

const PART_BYTES = 64 * 1024 * 1024;

export function dirSourceSet(dir: string, options: DirOptions = {}): SourceSet {
  if (!existsSync(dir)) throw new InputError(`The sources folder ${dir} does not exist.`);
  const maxPart = options.maxPartBytes ?? bufferLimits.MAX_STRING_LENGTH;
  const partBytes = Math.min(options.partBytes ?? PART_BYTES, maxPart);
  const files: SourceSet['files'] = {};
  for (const name of TABLE_NAMES) {
    const file = join(dir, `${name}.csv`);
    if (!existsSync(file)) continue;
    let key: string | undefined;
    files[name] = {
      file,
      // Read when first needed, like the sample's tables. A file past Node's longest string only has parts.
      get text() {
        const size = statSync(file).size;
        if (size > maxPart)
          throw new InputError(
            `${file} is ${mb(size)}, more than Node holds as one string (${mb(maxPart)}); it can only be read in parts`,
          );
        return decodeUtf8(readFileSync(file), file);
      },
      get contentKey() {
        return (key ??= fileDigest(file));
      },
      parts: () => readParts(file, partBytes, maxPart),
    };
  }
  const infoFile = join(dir, 'dataset.json');
  const dataset: DatasetInfo = existsSync(infoFile)
    ? readDataset(infoFile)
    : { kind: 'imported', notice: `Tables supplied by the user in ${dir}; regstat did not check their origin.` };
  return { dataset, files };
}

const mb = (bytes: number) => (bytes < 2 ** 20 ? `${bytes} bytes` : `${(bytes / 2 ** 20).toFixed(0)} MB`);

const DATASET_FIX =
  'write it as {"kind": "imported", "notice": "<where the tables come from>"}, or delete it (it is optional)';

/** dataset.json, checked: its notice is shown wherever a user could take the numbers for official ones. */
function readDataset(file: string): DatasetInfo {
  const text = decodeUtf8(readFileSync(file), file).replace(/^\ufeff/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const detail = (e as Error).message.replace(/ in JSON at position \d+.*$|, ".*" is not valid JSON$/s, '');
    const at = /at position (\d+)/.exec((e as Error).message);
    const before = text.slice(0, at ? Number(at[1]) : text.length).split('\n');
    throw new SourceError(
      file,
      before.length,
      before.at(-1)!.length + 1,
      `not valid JSON (${detail}); ${DATASET_FIX}`,
      {
        cause: e,
      },
    );
  }
  const wrong = (what: string) => new InputError(`${file}: ${what}; ${DATASET_FIX}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw wrong(`holds ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}, not an object`);
  const info = value as Record<string, unknown>;
  if (info.kind !== 'imported' && info.kind !== 'sample')
    throw wrong(
      `"kind" is ${info.kind === undefined ? 'missing' : JSON.stringify(info.kind)}; it is "imported" (or "sample" for npm run sample's synthetic tables)`,
    );
  if (typeof info.notice !== 'string' || info.notice.trim() === '')
    throw wrong(
      `"notice" is ${info.notice === undefined ? 'missing' : JSON.stringify(info.notice)}; it is a text naming the data's source`,
    );
  // kind and notice are checked; the rest is what an importer wrote (provenance, archive…), passed on as it is.
  return value as DatasetInfo;
}

/**
 * The file in parts of about `partBytes`, each ending at the end of a record, so that no part is a
 * string longer than Node allows however large the file. A part is valid until the next is read.
 */
function* readParts(file: string, partBytes: number, maxPart: number): Generator<Buffer> {
  const fd = openSync(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(partBytes);
    let have = 0;
    let offset = 0; // of buf[0] in the file
    let eof = false;
    for (;;) {
      while (!eof && have < buf.length) {
        const n = readSync(fd, buf, have, buf.length - have, null);
        if (n === 0) eof = true;
        have += n;
      }
      if (eof) {
        if (have > 0) yield buf.subarray(0, have);
        return;
      }
      const cut = recordEnd(buf, have);
      if (cut === 0) {
        // One record fills the part: grow it, up to what one string can hold.
        if (buf.length >= maxPart) {
          throw new SourceError(
            file,
            lineAt(file, offset),
            1,
            `this record is longer than ${mb(maxPart)}, the longest string Node can hold; is a quote left open?`,
          );
        }
        const bigger = Buffer.allocUnsafe(Math.min(maxPart, buf.length * 2));
        buf.copy(bigger, 0, 0, have);
        buf = bigger;
        continue;
      }
      yield buf.subarray(0, cut);
      buf.copy(buf, 0, cut, have);
      have -= cut;
      offset += cut;
    }
  } finally {
    closeSync(fd);
  }
}

/** Just after the last newline of b[0, n) that ends a record; 0 if none does. */
function recordEnd(b: Buffer, n: number): number {
  const head = b.subarray(0, n);
  if (head.indexOf(0x22) < 0) return head.lastIndexOf(0x0a) + 1;
  return csvPosition(b, n).recordEnd;
}

/** The physical line at a byte offset (only for an error message). */
function lineAt(file: string, offset: number): number {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    let line = 1;
    for (let pos = 0; pos < offset; ) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, offset - pos), pos);
      if (n === 0) break;
      for (let i = buf.indexOf(0x0a); i >= 0 && i < n; i = buf.indexOf(0x0a, i + 1)) line++;
      pos += n;
    }
    return line;
  } finally {
    closeSync(fd);
  }
}

function fileDigest(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 22);
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** What writing a source set did to a folder that held tables before. */
interface Written {
  /** The tables it held that were written anew. */
  replaced: string[];
  /** Its entries that are not source tables (notes, scripts…), carried over as they were. */
  kept: string[];
}

/**
 * Writes the tables into a staging folder beside `dir` and swaps it in whole, so an import that fails
 * (or is killed) leaves the previous tables as they were. A folder is written over only if it is a
 * folder of source tables (one with a dataset.json) or empty, and only if every table it holds is
 * written anew: a table this set does not have (the sample's 38 others, for an import of population)
 * is never deleted. Its other entries are the user's, and are copied into the new folder.
 */
export function writeSourceSet(set: SourceSet, dir: string): Written {
  const before = existsSync(dir) ? readdirSync(dir).sort() : [];
  const { replaced, kept } = checkOverwrite(set, dir, before);
  const parent = dirname(resolve(dir));
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, `.${basename(dir)}.partial-`));
  try {
    chmodSync(staging, 0o777 & ~process.umask()); // mkdtemp makes it private; the tables are not
    for (const [name, src] of Object.entries(set.files)) writeFileSync(join(staging, `${name}.csv`), src!.text);
    writeFileSync(join(staging, 'dataset.json'), JSON.stringify(set.dataset, null, 2) + '\n');
    for (const entry of kept)
      cpSync(join(dir, entry), join(staging, entry), { recursive: true, preserveTimestamps: true });
    const previous = existsSync(dir) ? `${staging}.previous` : null;
    if (previous) renameSync(dir, previous);
    renameSync(staging, dir);
    if (previous) rmSync(previous, { recursive: true, force: true });
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  return { replaced, kept };
}

const TABLE_FILES = new Set(TABLE_NAMES.map((t) => `${t}.csv`));

/**
 * Refuses an output folder that holds something other than source tables. The commands call it before
 * their work as well as writeSourceSet after it: an import of the census took 10 s to be told its folder was wrong.
 */
export function checkSourcesFolder(dir: string, entries = existsSync(dir) ? readdirSync(dir) : []): void {
  if (entries.length > 0 && !entries.includes('dataset.json'))
    throw new InputError(
      `${dir} exists and is not a folder of source tables (it has no dataset.json); name a new folder, or empty this one`,
    );
}

/** Refuses, naming them, to delete tables the set does not write; else what it replaces and what it keeps. */
function checkOverwrite(set: SourceSet, dir: string, entries: string[]): Written {
  checkSourcesFolder(dir, entries);
  const tables = entries.filter((e) => TABLE_FILES.has(e));
  const lost = tables.filter((e) => !(e.slice(0, -4) in set.files));
  if (lost.length > 0) {
    const info = readDataset(join(dir, 'dataset.json'));
    const whose =
      info.kind === 'sample' ? 'written by npm run sample' : `tables of ${JSON.stringify(info.notice.slice(0, 60))}`;
    throw new InputError(
      `${dir} holds ${tables.length} tables (${whose}); this writes ${tables.length - lost.length} of them and would delete the other ${lost.length} (${preview(lost)}), so nothing was written. Name a new folder, or delete that one first if you no longer need its tables`,
    );
  }
  return { replaced: tables, kept: entries.filter((e) => e !== 'dataset.json' && !TABLE_FILES.has(e)) };
}

const preview = (names: string[]) =>
  names.length <= 6 ? names.join(', ') : `${names.slice(0, 6).join(', ')} and ${names.length - 6} more`;

/** What a command says it did to the folder, after its own line. */
export function writtenLines(dir: string, w: Written): string[] {
  return [
    ...(w.replaced.length ? [`  replaced the ${w.replaced.length} tables ${dir} held (${preview(w.replaced)})`] : []),
    ...(w.kept.length ? [`  kept what else ${dir} held: ${preview(w.kept)}`] : []),
  ];
}
