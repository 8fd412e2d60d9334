import { describe, expect, it } from 'vitest';
import { parseCsv, SourceError, toCsv } from '../sources/csv.ts';

const rows = (text: string) => {
  const out: [string[], number][] = [];
  parseCsv(text, 't.csv', (cells, line) => out.push([cells, line]));
  return out;
};

describe('CSV reader', () => {
  it('reads plain, quoted and CRLF records and counts physical lines', () => {
    expect(rows('a,b\r\n1,"x, ""y"""\n\n"multi\nline",2\n')).toEqual([
      [['a', 'b'], 1],
      [['1', 'x, "y"'], 2],
      [['multi\nline', '2'], 4],
    ]);
  });

  it('drops a byte-order mark and keeps empty cells', () => {
    expect(rows('\ufeffa,b,c\n1,,3')).toEqual([
      [['a', 'b', 'c'], 1],
      [['1', '', '3'], 2],
    ]);
  });

  it('reports an unclosed quote with its line and column', () => {
    expect(() => rows('a,b\n1,"open\n')).toThrowError(new SourceError('t.csv', 2, 2, 'a quoted field is not closed'));
  });

  it('round-trips what it writes', () => {
    const text = toCsv(['name', 'note'], [['札幌市', 'a,b'], ['x', 'say "hi"']]);
    expect(rows(text).map(([c]) => c)).toEqual([['name', 'note'], ['札幌市', 'a,b'], ['x', 'say "hi"']]);
  });
});
