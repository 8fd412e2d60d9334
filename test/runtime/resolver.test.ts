import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { querySchema } from '../../build/core/query-schema.ts';
import { resolve, type Resolution } from '../../build/runtime/resolve.ts';
import { routes } from '../helpers/dist.ts';
import { typeOf } from '../../build/runtime/params.ts';
import { filePath, valuesOfFile } from '../../build/runtime/file-path.ts';
import type { ParamSpec, RouteTable } from '../../build/runtime/routes.ts';
import { expectMessages } from '../helpers/errors.ts';

const r = (url: string): Resolution => {
  const q = url.indexOf('?');
  return resolve(routes, q < 0 ? url : url.slice(0, q), q < 0 ? '' : url.slice(q));
};
const file = (url: string) => {
  const res = r(url);
  if (res.kind !== 'file') throw new Error(`${url}: ${JSON.stringify(res)}`);
  return res.path;
};
const err = (url: string) => {
  const res = r(url);
  if (res.kind !== 'error') throw new Error(`${url}: expected an error, got ${JSON.stringify(res)}`);
  return { status: res.error.status, ...res.error.body };
};

const PER_YEAR = '/api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json';

describe('resolver: canonical forms', () => {
  it('maps every spelling of one request to one file', () => {
    for (const url of [
      '/api/v1/population/composition/perYear?prefCode=13&cityCode=-',
      '/api/v1/population/composition/perYear?cityCode=-&prefCode=13',
      '/api/v1/population/composition/perYear?prefCode=13', // a missing cityCode means -
      '/api/v1/population/composition/perYear/?prefCode=13&unknown=1&api_key=x', // extra parameters are ignored
      '/api/v1/population/composition/perYear?prefCode=13&cityCode=%2D',
      '/api/v1/population/composition/perYear?prefCode=13&addArea=', // an empty addArea adds nothing
      '/api/v1/population/composition/perYear?prefCode=13&cityCode=', // an empty value is no value
      '/api/v1/population/composition/perYear/prefCode/13/cityCode/-',
      '/api/v1/population/composition/perYear/prefCode/13/cityCode/-/',
      '/api/v1/population/composition/perYear/prefCode/13/cityCode/-/index.json',
      '/api/v1/population/composition/perYear/cityCode/-/prefCode/13',
      '/api/v1/population/composition/perYear/prefCode/13?cityCode=-',
    ]) {
      expect(file(url), url).toBe(PER_YEAR);
    }
    expect(file('/api/v1/population/composition/perYear?prefCode=01&cityCode=01101')).toBe(
      '/api/v1/population/composition/perYear/prefCode/1/cityCode/01101/index.json',
    );
  });

  it('builds paths in declared parameter order', () => {
    expect(file('/api/v1/population/composition/pyramid?yearRight=1980&cityCode=13101&yearLeft=2020&prefCode=13')).toBe(
      '/api/v1/population/composition/pyramid/prefCode/13/cityCode/13101/yearLeft/2020/yearRight/1980/index.json',
    );
    // The whole country is prefCode - (its default), never the bare path a static host answers for any query.
    expect(file('/api/v1/cities')).toBe('/api/v1/cities/prefCode/-/index.json');
    expect(file('/api/v1/cities?prefCode=-')).toBe('/api/v1/cities/prefCode/-/index.json');
    expect(file('/api/v1/cities/prefCode/-')).toBe('/api/v1/cities/prefCode/-/index.json');
    expect(file('/api/v1/cities/index.json')).toBe('/api/v1/cities/prefCode/-/index.json');
    expect(file('/api/v1/cities?prefCode=13')).toBe('/api/v1/cities/prefCode/13/index.json');
    expect(file('/api/v1/prefectures?prefCode=13')).toBe('/api/v1/prefectures/index.json');
  });

  it('reads the values back out of a file path, and refuses a file of another operation', () => {
    const pyramid = routes.byPath.get('/api/v1/population/composition/pyramid')!;
    const file =
      '/api/v1/population/composition/pyramid/prefCode/13/cityCode/13101/yearLeft/2020/yearRight/1980/index.json';
    expect(valuesOfFile(pyramid, file)).toEqual({
      prefCode: '13',
      cityCode: '13101',
      yearLeft: '2020',
      yearRight: '1980',
    });
    expect(valuesOfFile(routes.byPath.get('/api/v1/prefectures')!, '/api/v1/prefectures/index.json')).toEqual({});
    expect(() => valuesOfFile(pyramid, PER_YEAR)).toThrow(/is not a file of/);
  });

  it('turns addArea into a composition of per-region files', () => {
    expect(r('/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=1_')).toMatchObject({
      kind: 'compose',
      composer: 'perYear',
      files: [PER_YEAR, '/api/v1/population/composition/perYear/prefCode/1/cityCode/-/index.json'],
    });
    expect(r('/api/v1/population/sum/perYear?prefCode=13&cityCode=13101&addArea=13_13102,01_01101')).toMatchObject({
      kind: 'compose',
      composer: 'growth',
      files: [
        '/api/v1/population/composition/perYear/prefCode/13/cityCode/13101/index.json',
        '/api/v1/population/composition/perYear/prefCode/13/cityCode/13102/index.json',
        '/api/v1/population/composition/perYear/prefCode/1/cityCode/01101/index.json',
      ],
    });
  });
});

describe('resolver: errors', () => {
  it('says which parameter is missing, malformed, repeated or out of range', () => {
    expect(err('/api/v1/population/composition/perYear')).toEqual({
      status: 400,
      statusCode: '400',
      message: 'prefCode is required',
      description: 'Give prefCode as a prefecture code: this build serves 1, 13 (see /api/v1/prefectures).',
    });
    expectMessages(
      [
        ['/api/v1/population/composition/perYear?prefCode=&cityCode=-', 'prefCode is required'],
        [
          '/api/v1/population/composition/perYear?prefCode=あいうえお',
          'prefCode must be a prefecture code (an integer), got "あいうえお"',
        ],
        ['/api/v1/population/composition/perYear?prefCode=1&prefCode=2', 'prefCode is given 2 times; give it once'],
        [
          '/api/v1/population/composition/perYear?prefCode=13&cityCode=13101&cityCode=13101',
          'cityCode is given 2 times; give it once',
        ],
      ],
      err,
    );
    // A prefecture of the country outside the build's scope is a 404 that names the scope; a code no prefecture has, a 400.
    expect(err('/api/v1/population/composition/perYear?prefCode=2')).toMatchObject({
      status: 404,
      message: "prefCode 2 is outside this build's scope",
      description: expect.stringContaining('This build serves the data of prefectures 1, 13 only'),
    });
    expect(err('/api/v1/population/composition/perYear?prefCode=48')).toMatchObject({
      status: 400,
      message: 'prefCode 48 is not a prefecture code',
    });
    expectMessages(
      [
        [
          '/api/v1/population/composition/perYear?prefCode=13&addArea=2_',
          'addArea entry "2_" names prefecture 2, outside this build\'s scope (1, 13)',
        ],
        [
          '/api/v1/population/composition/perYear?prefCode=13&cityCode=01101',
          'cityCode 01101 is not a municipality of prefCode 13',
        ],
        [
          '/api/v1/population/composition/perYear?prefCode=13&cityCode=131',
          'cityCode must be - or a 5-digit municipality code, got "131"',
        ],
      ],
      err,
    );
    const year = err('/api/v1/population/composition/pyramid?prefCode=13&yearLeft=1975&yearRight=2020');
    expect(year).toMatchObject({
      status: 400,
      message: 'yearLeft 1975 is out of range',
      description: 'Give yearLeft as one of 1980 to 2045 in steps of 5.',
    });
    expectMessages(
      [
        ['/api/v1/population/composition/pyramid?prefCode=13&yearLeft=2020', 'yearRight is required'],
        [
          '/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=1_%ZZ',
          'The query string is not valid percent-encoding',
        ],
      ],
      err,
    );
  });

  it('limits addArea to 10 entries at the level of cityCode', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `13_131${String(i + 2).padStart(2, '0')}`).join(',');
    expect(r(`/api/v1/population/composition/perYear?prefCode=13&cityCode=13101&addArea=${ten}`).kind).toBe('compose');
    const eleven = `${ten},13_13120`;
    expect(err(`/api/v1/population/composition/perYear?prefCode=13&cityCode=13101&addArea=${eleven}`)).toMatchObject({
      status: 400,
      message: 'addArea has 11 entries; at most 10 are allowed',
    });
    expect(err('/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=1_01101').message).toMatch(
      /names a municipality but cityCode is -; add prefectures as <prefCode>_/,
    );
    expect(err('/api/v1/population/composition/perYear?prefCode=13&cityCode=13101&addArea=1_').message).toMatch(
      /is prefecture-level but cityCode is a municipality/,
    );
    expect(err('/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=13_').message).toMatch(
      /repeats a region already in the request/,
    );
    expect(err('/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=1_,01_').message).toMatch(
      /repeats a region/,
    );
    expect(err('/api/v1/population/composition/perYear?prefCode=13&addArea=1_&addArea=2_').description).toMatch(
      /List several entries comma-separated in one addArea/,
    );
    expect(err('/api/v1/population/composition/perYear?prefCode=13&cityCode=-&addArea=1').message).toBe(
      'addArea entry "1" is not <prefCode>_ or <prefCode>_<cityCode>',
    );
  });

  it('answers 404 for unknown paths, with the same body shape', () => {
    for (const url of [
      '/api/v1/pppppppppppp',
      '/api/v1/population',
      '/api/v1/population/composition/perYear/prefCode',
      '/api/v2/prefectures',
    ]) {
      const e = err(url);
      expect(e.status, url).toBe(404);
      expect(Object.keys(e)).toEqual(['status', 'statusCode', 'message', 'description']);
    }
  });

  it('answers 404 for path segments that name no parameter of the operation, as every static host does', () => {
    for (const url of [
      '/api/v1/prefectures/extra/segment',
      '/api/v1/prefectures/extra/segment/index.json',
      '/api/v1/population/composition/perYear/prefCode/13/cityCode/-/extra/segment',
      '/api/v1/cities/prefCode/13/prefcode/13',
    ])
      expect(err(url), url).toMatchObject({ status: 404, message: expect.stringMatching(/^No operation at /) });
    // Parameters and their aliases still make the path form, in any order.
    expect(file('/api/v1/population/composition/perYear/cityCode/-/prefCode/13')).toBe(PER_YEAR);
    expect(r('/api/v1/population/futureMesh/chart/year/2050/prefecture_cd/13/city_cd/-/displayMethod/0')).toMatchObject(
      {
        kind: 'file',
      },
    );
  });

  it('merges repeated slashes, as a base URL with a trailing slash makes them', () => {
    for (const url of ['//api/v1/prefectures', '/api/v1//prefectures', '/api//v1///prefectures/'])
      expect(r(url), url).toMatchObject({ kind: 'file', path: '/api/v1/prefectures/index.json' });
  });

  it('leaves paths outside the API to static serving', () => {
    expect(r('/manifest.json').kind).toBe('pass');
    expect(r('/').kind).toBe('pass');
  });
});

describe('resolver and zod query schemas agree', () => {
  const pick = <T>(xs: T[], rnd: () => number) => xs[Math.floor(rnd() * xs.length)]!;

  /**
   * Values of a parameter drawn from the built routes.json: the values it allows (so the medical
   * constraints and the airport parents meet real combinations), and near-valid or invalid variants of them.
   */
  function candidates(p: ParamSpec, table: RouteTable): string[] {
    const allowed = typeOf(p).allowed(p, table);
    let valid: string[];
    if ('list' in allowed) {
      const entries = allowed.values
        ? Object.entries(allowed.values).flatMap(([field, themes]) => [
            `${field}_`,
            ...themes.slice(0, 2).map((t) => `${field}_${t}`),
          ])
        : table.prefectures.flatMap((pref) => [
            `${pref}_`,
            ...(table.cities[pref] ?? []).slice(0, 3).map((c) => `${pref}_${c}`),
          ]);
      valid = [
        ...entries.slice(0, 6),
        `${entries[0]},${entries[1]}`,
        `${entries[1]},${entries[entries.length - 1]}`,
        '_',
        Array(p.type === 'areas' ? p.max + 1 : 7)
          .fill(entries[0])
          .join(','),
      ];
    } else if ('min' in allowed)
      valid = [allowed.min, allowed.min + 37, allowed.min + 100, allowed.max, allowed.max + 1, allowed.min - 1].map(
        String,
      );
    else
      valid = [...new Set(('valuesBy' in allowed ? Object.values(allowed.values).flat() : allowed.values).map(String))];
    const few = valid.slice(0, 3);
    return [...valid, ...few.map((v) => `0${v}`), ...few.map((v) => `${v}x`), '', '-', 'x', '９'];
  }

  it('on 5,000 random queries whose values come from routes.json', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const table = routes.table.operations.filter((op) => !op.unavailable);
    const values = new Map(
      table.map((op) => [op, new Map(op.params.map((p) => [p.name, candidates(p, routes.table)]))]),
    );
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const op = pick(table, rnd);
      const query: Record<string, string> = {};
      for (const p of op.params) if (rnd() < 0.85) query[p.name] = pick(values.get(op)!.get(p.name)!, rnd);
      const search =
        '?' +
        Object.entries(query)
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join('&');
      const res = resolve(routes, op.path, search);
      const schema = querySchema(op, routes);
      const zod = schema.safeParse(query);
      expect(res.kind !== 'error', `${op.path}${search}: resolver ${res.kind}, zod ${zod.success}`).toBe(zod.success);
      if (zod.success) accepted++;
      // Both canonicalize alike: the file the resolver names is the one the schema's output names.
      if (res.kind === 'file' && !op.paging) expect(res.path, `${op.path}${search}`).toBe(filePath(op, zod.data!));
      if (res.kind === 'file') expect(filePath(op, valuesOfFile(op, res.path))).toBe(res.path);
    }
    // Enough of both kinds for the agreement to mean something.
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(4500);
  });
});
