// Views: how an answer becomes the rows that the explorer's chart, table and CSV share. Checked on the
// walking rules, and on every operation's declared examples in the sample dist: each gives rows, every
// column is filled somewhere, and the chart reads only columns the table has.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../build/ops/index.ts';
import { rowsOf, toCsv, valueAt, type View } from '../../build/runtime/view.ts';
import { composed, resolveUrl, result } from '../helpers/dist.ts';

describe('rowsOf', () => {
  const cols = (...keys: string[]) => keys.map((key) => ({ key, label: key }));

  it('walks arrays, lending each level’s scalars to the rows below (nearer ones win)', () => {
    const r = {
      boundaryYear: 2020,
      data: [
        { label: 'a', data: [{ year: 1, value: 10 }] },
        { label: 'b', data: [{ year: 1, value: 20, label: 'c' }] },
      ],
    };
    expect(
      rowsOf(r, { rows: [{ path: 'data[].data[]' }], columns: cols('boundaryYear', 'label', 'year', 'value') }),
    ).toEqual([
      { boundaryYear: 2020, label: 'a', year: 1, value: 10 },
      { boundaryYear: 2020, label: 'c', year: 1, value: 20 },
    ]);
  });

  it('walks object members by name, keeps a scalar leaf as value, and skips what is missing or null', () => {
    const r = { region: { sales: { 2008: { 1: 5, 2: 6 } }, ship: { 2013: { 9: 7 } } }, legend: [1], other: null };
    expect(
      rowsOf(r, {
        rows: [{ path: 'region.*matter.*year.*code' }, { path: 'other.*x' }, { path: 'missing[]' }],
        columns: cols('matter', 'year', 'code', 'value'),
      }),
    ).toEqual([
      { matter: 'sales', year: '2008', code: '1', value: 5 },
      { matter: 'sales', year: '2008', code: '2', value: 6 },
      { matter: 'ship', year: '2013', code: '9', value: 7 },
    ]);
  });

  it('walks a result that is an array, sets constants, melts wide rows and derives periods', () => {
    expect(rowsOf([{ a: 1 }, { a: 2 }], { rows: [{ path: '[]', set: { s: 'x' } }], columns: cols('a', 's') })).toEqual([
      { a: 1, s: 'x' },
      { a: 2, s: 'x' },
    ]);
    const melted = rowsOf(
      { data: [{ year: 2009, value1: 3, value2: 4 }] },
      {
        rows: [{ path: 'data[]', melt: { keys: { value1: 'アジア', value2: '中国' }, name: 'area', value: 'value' } }],
        columns: cols('year', 'area', 'value'),
      },
    );
    expect(melted).toEqual([
      { year: 2009, area: 'アジア', value: 3 },
      { year: 2009, area: '中国', value: 4 },
    ]);
    const periods = rowsOf(
      {
        d: [
          { year: 2011, month: 0 },
          { year: 2011, month: 3 },
        ],
      },
      { rows: [{ path: 'd[]', derive: { period: 'yearMonth' } }], columns: cols('period') },
    );
    expect(periods).toEqual([{ period: '2011' }, { period: '2011/03' }]);
  });

  it('reads a scalar at a path', () => {
    expect(valueAt({ line: { boundaryYear: 2020 } }, 'line.boundaryYear')).toBe(2020);
    expect(valueAt({ line: {} }, 'line.boundaryYear')).toBeNull();
  });
});

describe('toCsv', () => {
  it('writes RFC 4180 with a BOM, CRLF, quoting only where needed, and empty cells for null', () => {
    const csv = toCsv(
      [
        { a: '港区,千代田区', b: 1.5 },
        { a: 'say "hi"', b: null },
      ],
      [
        { key: 'a', label: '名前 / name' },
        { key: 'b', label: 'value' },
      ],
    );
    expect(csv).toBe('\uFEFF名前 / name,value\r\n"港区,千代田区",1.5\r\n"say ""hi""",\r\n');
  });
});

describe('every operation’s view on the sample dist', () => {
  for (const op of OPERATIONS) {
    it(`${op.route.path}: its examples give rows, every column is filled, and the chart reads table columns`, async () => {
      const view: View = op.view;
      const keys = new Set(view.columns.map((c) => c.key));
      expect(keys.size, 'column keys are unique').toBe(view.columns.length);
      if (view.chart) {
        const c = view.chart;
        const used =
          c.kind === 'pyramid'
            ? [c.y, c.left, c.right, c.facet]
            : [c.x, c.y, c.kind === 'line' ? c.series : c.fill, c.kind === 'bar' ? c.facet : undefined];
        for (const k of used.filter((x): x is string => !!x)) expect(keys.has(k), `chart column ${k}`).toBe(true);
      }
      const filled = new Set<string>();
      let rows = 0;
      for (const example of op.examples) {
        const url = `${op.route.path}?${new URLSearchParams(example as Record<string, string>)}`;
        const kind = resolveUrl(url).kind;
        const answer = kind === 'compose' ? await composed(url) : kind === 'file' ? result(url) : undefined;
        if (answer === undefined || answer === null) continue;
        for (const row of rowsOf(answer, view)) {
          rows++;
          for (const [k, v] of Object.entries(row)) if (v !== null) filled.add(k);
        }
      }
      expect(rows).toBeGreaterThan(0);
      expect([...keys].filter((k) => !filled.has(k))).toEqual([]);
    });
  }
});
