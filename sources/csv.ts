// A small RFC 4180 CSV parser that remembers where every cell came from, so a bad value can be
// reported as file:line:column. Sources are UTF-8; a byte-order mark is dropped.

import { isUtf8 } from 'node:buffer';
import { SourceError } from '../build/user-error.ts';

/**
 * The text of UTF-8 bytes, or a SourceError at the first byte that is not UTF-8 (a decoder would put
 * U+FFFD there and the build would publish it). `line` is the line the bytes begin on, counted as
 * parseCsv counts them; the column is the cell, as in every other source error.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, line = 1): string {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buf)) return buf.toString('utf8');
  const bad = firstInvalidUtf8(buf);
  const at = csvPosition(buf, bad);
  // The bad byte and the next, which often tells the encoding (Shift_JIS pairs), unless it ends the cell.
  const end = bad + 1 < buf.length && ![0x0a, 0x0d, 0x2c, 0x22].includes(buf[bad + 1]!) ? bad + 2 : bad + 1;
  const shown = Array.from(buf.subarray(bad, end), (b) => `0x${b.toString(16).padStart(2, '0')}`).join(' ');
  throw new SourceError(
    file,
    line + at.newlines,
    at.cell,
    `${end - bad > 1 ? 'the bytes' : 'the byte'} ${shown} ${end - bad > 1 ? 'are' : 'is'} not UTF-8; save the file as UTF-8 (from Shift_JIS, as Excel writes it: iconv -f SHIFT_JIS -t UTF-8)`,
  );
}

/**
 * Where parseCsv stands after the bytes b[0, end) of a text that begins at a record: the newlines
 * passed, the cell it is in, and the offset just after the last newline that ends a record (0 if none).
 */
export function csvPosition(b: Uint8Array, end: number): { newlines: number; cell: number; recordEnd: number } {
  let newlines = 0;
  let recordEnd = 0;
  if (b.subarray(0, end).indexOf(0x22) < 0) {
    // No quotes (most numeric tables): every newline ends a record.
    let cellStart = 0;
    for (let i = b.indexOf(0x0a); i >= 0 && i < end; i = b.indexOf(0x0a, i + 1)) {
      newlines++;
      recordEnd = cellStart = i + 1;
    }
    let cell = 1;
    for (let i = b.indexOf(0x2c, cellStart); i >= 0 && i < end; i = b.indexOf(0x2c, i + 1)) cell++;
    return { newlines, cell, recordEnd };
  }
  // As parseCsv reads: a quote opens a quoted cell only at the start of a cell; "" inside one is a quote.
  const START = 0,
    PLAIN = 1,
    QUOTED = 2,
    QUOTE_IN_QUOTED = 3;
  let state = START;
  let cell = 1;
  for (let i = 0; i < end; i++) {
    const c = b[i];
    if (c === 0x0a) newlines++;
    if (state === QUOTED) {
      if (c === 0x22) state = QUOTE_IN_QUOTED;
      continue;
    }
    if (state === QUOTE_IN_QUOTED && c === 0x22) {
      state = QUOTED;
      continue;
    }
    if (c === 0x2c) {
      state = START;
      cell++;
    } else if (c === 0x0a) {
      state = START;
      cell = 1;
      recordEnd = i + 1;
    } else if (c === 0x22 && state === START) state = QUOTED;
    else if (c !== 0x0d) state = PLAIN;
  }
  return { newlines, cell, recordEnd };
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
export function firstInvalidUtf8(b: Uint8Array): number {
  const n = b.length;
  for (let i = 0; i < n; ) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let len: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) len = 2;
    else if (c >= 0xe0 && c <= 0xef) {
      len = 3;
      if (c === 0xe0) lo = 0xa0; // no overlong forms
      if (c === 0xed) hi = 0x9f; // no surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      len = 4;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f; // nothing past U+10FFFF
    } else return i;
    for (let k = 1; k < len; k++) {
      const d = b[i + k];
      if (d === undefined || d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
    }
    i += len;
  }
  return n;
}

/**
 * Calls `onRow` with the cells of each record. Quoted fields may hold commas, quotes ("") and line
 * breaks. Blank lines are skipped. `line` is 1-based and counts physical lines. A text given in parts
 * (each ending at the end of a record) is parsed part by part: pass the line this returns, where the
 * next part begins.
 */
export function parseCsv(
  text: string,
  file: string,
  onRow: (cells: string[], line: number) => void,
  startLine = 1,
): number {
  const s = startLine === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = startLine;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const rowLine = line;
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (s.charCodeAt(i) === 34 /* " */) {
        [cell, i] = quotedCell(s, i, file, rowLine, cells.length + 1);
        for (const ch of cell) if (ch === '\n') line++;
        const c = s.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13) {
          throw new SourceError(
            file,
            line,
            cells.length + 1,
            'a quoted field must be followed by a comma or the end of the line',
          );
        }
      } else {
        let j = i;
        while (j < n) {
          const c = s.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          j++;
        }
        cell = s.slice(i, j);
        i = j;
      }
      cells.push(cell);
      const c = s.charCodeAt(i);
      if (c === 44) {
        i++;
        continue;
      }
      if (c === 13) i++;
      if (s.charCodeAt(i) === 10) i++;
      break;
    }
    if (!(cells.length === 1 && cells[0] === '')) onRow(cells, rowLine);
    line++;
  }
  return line;
}

/** The quoted field opening at `i` ("" read as one quote), and where it ends: just past its closing quote. */
function quotedCell(s: string, i: number, file: string, rowLine: number, column: number): [string, number] {
  let j = i + 1;
  let out = '';
  for (;;) {
    const q = s.indexOf('"', j);
    if (q < 0) throw new SourceError(file, rowLine, column, 'a quoted field is not closed');
    out += s.slice(j, q);
    if (s.charCodeAt(q + 1) !== 34) return [out, q + 1];
    out += '"';
    j = q + 2;
  }
}

/** Quotes a cell when it needs it. */
function csvCell(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: readonly string[], rows: Iterable<readonly (string | number)[]>): string {
  const lines: string[] = [columns.join(',')];
  // Most rows need no quoting: joining them whole is several times faster than cell by cell.
  for (const row of rows)
    lines.push(
      row.some((v) => typeof v !== 'number' && /[",\r\n]/.test(v)) ? row.map(csvCell).join(',') : row.join(','),
    );
  return lines.join('\n') + '\n';
}

/** One record of a table with a fixed header: its cells by column name, and errors placed at file:line:column. */
export interface CsvRecord {
  text(column: string): string;
  /** A whole number of 0 or more. */
  int(column: string): number;
  /** A whole number that may be negative (a net figure). */
  signed(column: string): number;
  /** A finite number of 0 or more. */
  num(column: string): number;
  oneOf<T extends string>(column: string, values: readonly T[]): T;
  fault(column: string, detail: string): SourceError;
}

/** The records of a CSV text whose header must be exactly `columns` (`fix` says what to do when it is not). */
export function headedRecords(text: string, file: string, columns: readonly string[], fix: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  let header = false;
  parseCsv(text, file, (cells, line) => {
    if (!header) {
      if (cells.join(',') !== columns.join(','))
        throw new SourceError(
          file,
          line,
          1,
          `expected the header ${columns.join(',')}, found ${cells.join(',')}; ${fix}`,
        );
      header = true;
      return;
    }
    const fault = (c: string, detail: string) => new SourceError(file, line, columns.indexOf(c) + 1, `${c}: ${detail}`);
    const cell = (c: string) => cells[columns.indexOf(c)] ?? '';
    out.push({
      text: cell,
      fault,
      int(c) {
        if (!/^[0-9]+$/.test(cell(c))) throw fault(c, `expected a whole number, found ${JSON.stringify(cell(c))}`);
        return Number(cell(c));
      },
      signed(c) {
        if (!/^-?[0-9]+$/.test(cell(c))) throw fault(c, `expected a whole number, found ${JSON.stringify(cell(c))}`);
        return Number(cell(c));
      },
      num(c) {
        const v = Number(cell(c));
        if (cell(c) === '' || !Number.isFinite(v) || v < 0)
          throw fault(c, `expected a number of people, found ${JSON.stringify(cell(c))}`);
        return v;
      },
      oneOf<T extends string>(c: string, values: readonly T[]) {
        if (!(values as readonly string[]).includes(cell(c)))
          throw fault(c, `expected ${values.join(' or ')}, found ${JSON.stringify(cell(c))}`);
        return cell(c) as T;
      },
    });
  });
  return out;
}
