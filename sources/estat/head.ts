// A folder given to the importer may hold any .csv, of any size: each is recognised from its first
// lines (every reader finds its header in the first 40 rows), and only a table that is recognised is
// read whole. A file of several hundred MB that is no table costs one read of 1 MB, and one past the
// longest string Node can hold is refused in one line instead of crashing the import.

import { constants as bufferLimits } from 'node:buffer';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { csvPosition } from '../csv.ts';
import { csvBytes, readGrid, type Grid } from './grid.ts';
import { InputError } from '../../build/user-error.ts';

/** Enough for the 40 header rows of the widest table read (the census's, about 60 kB). */
const HEAD_BYTES = 1 << 20;

interface Head {
  grid: Grid;
  /** The file's bytes, when the head is the whole file (no second read needed). */
  bytes?: Buffer;
}

/** The records of the file's first HEAD_BYTES, cut at the end of the last whole record. */
export function readHead(file: string, headBytes = HEAD_BYTES): Head {
  const size = statSync(file).size;
  if (size <= headBytes) {
    const bytes = readFileSync(file);
    return { grid: readGrid(file, bytes), bytes };
  }
  const buf = Buffer.allocUnsafe(headBytes);
  const fd = openSync(file, 'r');
  let n = 0;
  try {
    for (let got; n < headBytes && (got = readSync(fd, buf, n, headBytes - n, n)) > 0; ) n += got;
  } finally {
    closeSync(fd);
  }
  // A head without one whole record is no table: the readers' header lines are short. Cut where the reader
  // reads: after the BOMs it drops, and at its line ends (old Mac's CR made LF).
  const head = csvBytes(buf.subarray(0, n));
  const cut = csvPosition(head, head.length).recordEnd;
  return { grid: cut === 0 ? { file, rows: [] } : readGrid(file, head.subarray(0, cut)) };
}

/** The whole file, once its head has been recognised as `what`; refused if it cannot be one text. */
export function readRecognised(file: string, name: string, what: string, head: Head, maxBytes?: number): Buffer {
  if (head.bytes) return head.bytes;
  const size = statSync(file).size;
  const max = maxBytes ?? bufferLimits.MAX_STRING_LENGTH;
  if (size > max)
    throw new InputError(
      `${name} begins as ${what}, but is ${Math.round(size / 2 ** 20)} MB, more than Node can read as one text (${Math.round(max / 2 ** 20)} MB); such tables are a few MB: check that it is the file you downloaded, or take it out of the folder`,
    );
  return readFileSync(file);
}
