// A small RFC 4180 CSV parser that remembers where every cell came from, so a bad value can be
// reported as file:line:column. Sources are UTF-8; a byte-order mark is dropped.

export interface CsvCell {
  text: string;
  line: number;
  column: number;
}

export class SourceError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = 'SourceError';
  }
}

/**
 * Calls `onRow` with the cells of each record. Quoted fields may hold commas, quotes ("") and line
 * breaks. Blank lines are skipped. `line` is 1-based and counts physical lines.
 */
export function parseCsv(text: string, file: string, onRow: (cells: string[], line: number) => void): void {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const rowLine = line;
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (s.charCodeAt(i) === 34 /* " */) {
        let j = i + 1;
        let out = '';
        for (;;) {
          const q = s.indexOf('"', j);
          if (q < 0) throw new SourceError(file, rowLine, cells.length + 1, 'a quoted field is not closed');
          out += s.slice(j, q);
          if (s.charCodeAt(q + 1) === 34) {
            out += '"';
            j = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        for (const ch of out) if (ch === '\n') line++;
        cell = out;
        const c = s.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13) {
          throw new SourceError(file, line, cells.length + 1, 'a quoted field must be followed by a comma or the end of the line');
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
}

/** Quotes a cell when it needs it. */
export function csvCell(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: readonly string[], rows: Iterable<readonly (string | number)[]>): string {
  const lines: string[] = [columns.join(',')];
  // Most rows need no quoting: joining them whole is several times faster than cell by cell.
  for (const row of rows) lines.push(row.some((v) => typeof v !== 'number' && /[",\r\n]/.test(v)) ? row.map(csvCell).join(',') : row.join(','));
  return lines.join('\n') + '\n';
}
