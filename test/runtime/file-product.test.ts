// The files an operation has when it declares no enumeration: the product of its parameters' file values
// under its constraints, which must be exactly the canonical requests the resolver answers with a file.

import { describe, expect, it } from 'vitest';
import { fileProduct } from '../../build/runtime/file-product.ts';
import { resolve } from '../../build/runtime/resolve.ts';
import { filePath } from '../../build/runtime/file-path.ts';
import { compileRoutes, ROUTES_FORMAT, type RouteOp, type RouteTable } from '../../build/runtime/routes.ts';

const OP: RouteOp = {
  path: '/api/v1/test/product',
  params: [
    { name: 'prefCode', type: 'pref', required: true, doc: '' },
    { name: 'cityCode', type: 'city', pref: 'prefCode', required: false, default: '-', doc: '' },
    { name: 'sicCode', type: 'code', domain: 'industriesBroad', all: true, required: false, default: '-', doc: '' },
    {
      name: 'simcCode',
      type: 'code',
      domain: 'industriesMiddle',
      parent: 'sicCode',
      all: true,
      required: false,
      default: '-',
      doc: '',
    },
    // A year with no values of its own: the constraint lists them per sicCode.
    { name: 'year', type: 'int', required: true, min: 2000, max: 2030, doc: '' },
    { name: 'mode', type: 'int', required: false, values: [1, 2], default: 1, doc: '' },
    // Takes effect only in mode 2, and may then be absent (no default).
    { name: 'extra', type: 'int', required: false, values: [7], activeWhen: { param: 'mode', values: ['2'] }, doc: '' },
    { name: 'addArea', type: 'areas', required: false, max: 10, pref: 'prefCode', city: 'cityCode', doc: '' },
  ],
  constraints: [
    {
      param: 'year',
      by: [{ param: 'sicCode' }],
      cases: { '-': { values: ['2016', '2012'], doc: '' }, A: { values: ['2012'], doc: '' } },
    },
    // Read after the fact: no middle class in 2012.
    {
      param: 'simcCode',
      by: [{ param: 'year' }],
      cases: { '2016': { values: ['-', '01'], doc: '' }, '2012': { values: ['-'], doc: '' } },
    },
  ],
};

const TABLE: RouteTable = {
  format: ROUTES_FORMAT,
  operations: [OP],
  prefectures: [13],
  country: [1, 13],
  cities: { '13': ['13101', '13102'] },
  domains: { industriesBroad: ['A', 'B'], industriesMiddle: { A: ['01', '02'], B: ['05'] } },
  labels: {},
  counts: {},
};
const routes = compileRoutes(TABLE);

describe('fileProduct', () => {
  const files = fileProduct(OP, routes);

  it('multiplies the values, in parameter order, under the constraints', () => {
    const region = (city: string) => [
      { prefCode: '13', cityCode: city, sicCode: '-', simcCode: '-', year: '2016', mode: '1' },
      { prefCode: '13', cityCode: city, sicCode: '-', simcCode: '-', year: '2016', mode: '2' },
      { prefCode: '13', cityCode: city, sicCode: '-', simcCode: '-', year: '2016', mode: '2', extra: '7' },
      { prefCode: '13', cityCode: city, sicCode: '-', simcCode: '-', year: '2012', mode: '1' },
      { prefCode: '13', cityCode: city, sicCode: '-', simcCode: '-', year: '2012', mode: '2' },
      { prefCode: '13', cityCode: city, sicCode: '-', simcCode: '-', year: '2012', mode: '2', extra: '7' },
      { prefCode: '13', cityCode: city, sicCode: 'A', simcCode: '-', year: '2012', mode: '1' },
      { prefCode: '13', cityCode: city, sicCode: 'A', simcCode: '-', year: '2012', mode: '2' },
      { prefCode: '13', cityCode: city, sicCode: 'A', simcCode: '-', year: '2012', mode: '2', extra: '7' },
    ];
    expect(files).toEqual(['-', '13101', '13102'].flatMap(region));
  });

  it('is what the resolver answers with a file, each value to its own file', () => {
    const paths = files.map((v) => {
      const query = new URLSearchParams(Object.entries(v).filter((e): e is [string, string] => !!e[1]));
      const r = resolve(routes, OP.path, `?${query}`);
      expect(r, query.toString()).toMatchObject({ kind: 'file', path: filePath(OP, v) });
      return filePath(OP, v);
    });
    expect(new Set(paths).size).toBe(files.length);
    // What it leaves out the resolver refuses: a middle class in 2012, a year sicCode A lacks, a prefecture out of scope.
    for (const query of [
      'prefCode=13&sicCode=A&simcCode=01&year=2012',
      'prefCode=13&sicCode=A&year=2016',
      'prefCode=1&year=2016',
    ])
      expect(resolve(routes, OP.path, `?${query}`).kind, query).toBe('error');
  });

  it('says which parameter an operation must enumerate itself', () => {
    const paged: RouteOp = { ...OP, constraints: [] };
    expect(() => fileProduct(paged, routes)).toThrow(/year takes no list of values .* must declare enumerate/);
  });
});
