// The table cache's encoding gives back every value as it was given: integers, decimals, signed zero,
// codes with leading zeros, nothing (null), and dictionaries past one and two bytes of index.

import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns } from '../../sources/columns.ts';
import { sampleSources } from '../helpers/sample.ts';

describe('encodeColumns / decodeColumns', () => {
  it('round-trips every kind of column', () => {
    const rows = 70_000;
    const columns = {
      ints: Array.from({ length: rows }, (_, i) => i - 35_000),
      big: Array.from({ length: rows }, (_, i) => (i % 2 ? 2 ** 40 + i : -0)),
      decimals: Array.from({ length: rows }, (_, i) => i / 7),
      codes: Array.from({ length: rows }, (_, i) => ['01', '13', '47'][i % 3]),
      many: Array.from({ length: rows }, (_, i) => `id${i}`),
      some: Array.from({ length: rows }, (_, i) => (i % 300 ? `k${i % 300}` : null)),
      typed: Int32Array.from({ length: rows }, (_, i) => i * 3),
    };
    const {
      columns: back,
      rows: n,
      meta,
    } = decodeColumns(encodeColumns(columns, rows, { file: 'x.csv', lines: [2, rows] }));
    expect(n).toBe(rows);
    expect(meta).toEqual({ file: 'x.csv', lines: [2, rows] });
    for (const [name, values] of Object.entries(columns))
      expect(back[name], name).toEqual(Array.from(values as ArrayLike<unknown>));
    expect(Object.is(back.big![0], -0)).toBe(true);
  });

  it('reads a buffer that does not begin at a multiple of 8', () => {
    const enc = encodeColumns({ a: [1.5, 2.5], b: ['x', 'y'] }, 2, null);
    const shifted = Buffer.concat([Buffer.alloc(3), enc]).subarray(3);
    expect(decodeColumns(shifted).columns).toEqual({ a: [1.5, 2.5], b: ['x', 'y'] });
  });

  it("gives back every sample table's columns", () => {
    const { tables } = sampleSources();
    for (const [name, t] of Object.entries(tables)) {
      const cols = Object.fromEntries(t!.table.columnNames().map((c) => [c, t!.table.array(c) as ArrayLike<unknown>]));
      const back = decodeColumns(encodeColumns(cols, t!.rows, null)).columns;
      for (const c of Object.keys(cols)) {
        const [given, got] = [cols[c]!, back[c]!];
        let differ = given.length === got.length ? 0 : 1;
        for (let i = 0; i < given.length; i++) if (!Object.is(given[i], got[i])) differ++;
        expect(differ, `${name}.${c}`).toBe(0);
      }
    }
  });
});
