import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8, parseCsv, toCsv } from '../../sources/csv.ts';
import { SourceError } from '../../build/user-error.ts';

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
    const text = toCsv(
      ['name', 'note'],
      [
        ['札幌市', 'a,b'],
        ['x', 'say "hi"'],
      ],
    );
    expect(rows(text).map(([c]) => c)).toEqual([
      ['name', 'note'],
      ['札幌市', 'a,b'],
      ['x', 'say "hi"'],
    ]);
  });

  it('parses a text given in parts that end at records, counting lines across them', () => {
    const out: [string[], number][] = [];
    let line = parseCsv('\ufeffa,b\n"x\ny",1\n', 't.csv', (cells, l) => out.push([cells, l]));
    expect(line).toBe(4);
    line = parseCsv('\ufeffz,2\n', 't.csv', (cells, l) => out.push([cells, l]), line); // not the file's start: not a byte-order mark
    expect(out).toEqual([
      [['a', 'b'], 1],
      [['x\ny', '1'], 2],
      [['\ufeffz', '2'], 4],
    ]);
    expect(line).toBe(5);
  });
});

describe('UTF-8 check', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

  it('decodes valid UTF-8, byte-order mark included, as it is', () => {
    expect(decodeUtf8(bytes('\ufeffprefCode,prefName\n1,北海道\n'), 't.csv')).toBe(
      '\ufeffprefCode,prefName\n1,北海道\n',
    );
  });

  it('rejects invalid bytes with file, line and cell instead of replacing them with U+FFFD', () => {
    // 北海道 in Shift_JIS, as Excel saves it
    const sjis = bytes('prefCode,prefName\n1,', [0x96, 0x6b, 0x8a, 0x43, 0x93, 0xb9], '\n');
    expect(() => decodeUtf8(sjis, 'sources/prefectures.csv')).toThrowError(
      new SourceError(
        'sources/prefectures.csv',
        2,
        2,
        'the bytes 0x96 0x6b are not UTF-8; save the file as UTF-8 (from Shift_JIS, as Excel writes it: iconv -f SHIFT_JIS -t UTF-8)',
      ),
    );
    // After a quoted cell with a comma and a line break, from a part that begins on line 10
    const quoted = bytes('a,"b,\nc",d', [0xff], '\n');
    expect(() => decodeUtf8(quoted, 't.csv', 10)).toThrowError(/^t\.csv:11:3: the byte 0xff is not UTF-8/);
  });

  it('finds the first byte of a malformed sequence', () => {
    expect(firstInvalidUtf8(bytes('abc'))).toBe(3);
    expect(firstInvalidUtf8(bytes('東京'))).toBe(6);
    expect(firstInvalidUtf8(bytes('a', [0xe6, 0x9d]))).toBe(1); // cut short
    expect(firstInvalidUtf8(bytes('a', [0xc0, 0x80]))).toBe(1); // overlong
    expect(firstInvalidUtf8(bytes([0xed, 0xa0, 0x80]))).toBe(0); // a surrogate
    expect(firstInvalidUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // past U+10FFFF
    expect(firstInvalidUtf8(bytes('😀', [0x80]))).toBe(4);
  });
});
