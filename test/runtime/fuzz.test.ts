// The resolver is the security boundary: whatever the input, it must not throw, must not name a file
// outside dist/, and every file or composition input it names must exist.

import '../helpers/sample-ready.ts';
import { existsSync } from 'node:fs';
import { join, resolve as resolvePath, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolve } from '../../build/runtime/resolve.ts';
import { routes } from '../helpers/dist.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { Checklist } from '../helpers/checklist.ts';

const HOSTILE = [
  '..',
  '../',
  '../../etc/passwd',
  '..%2f..%2f',
  '%2e%2e',
  '%2e%2e%2f',
  '%252e%252e',
  '..\\..\\',
  '%5c',
  '/',
  '//',
  '%2F',
  '\0',
  '%00',
  '13%00',
  '13\0',
  '-%00',
  '%',
  '%%',
  '%zz',
  '+',
  '%20',
  ' 13',
  '13 ',
  '１３',
  '\u202e',
  '\ud800',
  '%ED%A0%80',
  '9'.repeat(400),
  '1e3',
  '0x0d',
  '-1',
  '1.0',
  '13.',
  '00013',
  'NaN',
  'Infinity',
  '[]',
  '{}',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'index.json',
  '-/index.json',
  '13/../14',
  '<script>',
  '"',
  "'",
  '&',
  '=',
  '?',
  '#',
  '*',
  '%3F',
  '%26',
  '%3D',
  'x'.repeat(5000),
];
const VALID: Record<string, string[]> = {
  prefCode: ['1', '13', '01', '2', '47'],
  cityCode: ['-', '13101', '01101', '01100', '01695', '13999'],
  yearLeft: ['1980', '2020', '2045', '1975'],
  yearRight: ['1980', '2045'],
  addArea: ['', '1_', '13_', '1_,13_', '13_13102', '13_13102,13_13103', Array(11).fill('13_').join(',')],
  year: ['2012', '2016', '2017', '2020', '2022', '2013', '2011', '2014', '2019', '2002', '2008', '2000'],
  sicCode: ['-', 'E', 'A', 'Z', 'e'],
  iscoCode: ['-', 'B', 'L', 'Z'],
  ismcoCode: ['-', '12', '05', '99', '77'],
  dispTradeCode: ['1', '2', '3'],
  dispIndustryCode: ['1', '2', '0'],
  mode: ['1', '2', '3'],
  patentHolderId: ['-', 'C100001', 'C100008', 'X'],
  sort1: ['1', '4', '7', '8'],
  sort2: ['1', '2'],
  offset: ['0', '37', '100', '250', '1100', '999999', '-1'],
  addTec: ['_', '1_', '1_2', '3_,7_5', '_3', '9_', '1_,2_,3_,4_,5_,6_,7_'],
  tecCode: ['1', '8', '9'],
  purpose: ['1', '2', '3'],
  display: ['1', '2', '0'],
  unit: ['0', '1', '2'],
  dispType: ['1', '2'],
  halfPeriod: ['1', '3', '5', '6'],
  entryAirportArea: ['-', '3', '5', '9'],
  entryAirport: ['-', 'NRT', 'KIX', 'ZZZ'],
  departureAirportArea: ['-', '1', '8'],
  departureAirport: ['-', 'CTS', 'OKA', 'HND'],
  sort: ['1', '2', '0'],
  matter: ['0', '1', '2', '3', '4'],
  displayMethod: ['0', '1', '2'],
  prefecture_cd: ['1', '13', '01', '48'],
  city_cd: ['-', '13101', '01100', '13999'],
  matter2: ['102', '103', '201', '202', '204', '205', '207', '206'],
  secondaryMedicalCode: ['-', '1301', '1302', '0101', '0104', '9999', '13'],
  dataKbn: ['1', '2', '3', '4'],
  matter1: ['1', '2', '3'],
};
const NAMES = [...Object.keys(VALID), 'PREFCODE', 'x', '', '__proto__', 'constructor', '%70refCode'];

function makeRandom(seed: number) {
  return () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function input(rnd: () => number): { pathname: string; search: string } {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const ops = routes.table.operations.map((o) => o.path);
  const value = (name: string) => (rnd() < 0.6 ? pick(VALID[name] ?? ['1']) : pick(HOSTILE));
  const enc = (s: string) => {
    if (rnd() < 0.5) return s;
    try {
      return encodeURIComponent(s).replace(/%25/g, rnd() < 0.5 ? '%' : '%25');
    } catch {
      return s; // a lone surrogate cannot be encoded: send it raw
    }
  };

  let pathname: string;
  const shape = rnd();
  if (shape < 0.5) pathname = pick(ops);
  else if (shape < 0.8) {
    // Path form, with hostile segments mixed in.
    pathname = pick(ops);
    const n = Math.floor(rnd() * 5);
    for (let i = 0; i < n; i++) {
      const name = pick(NAMES);
      pathname += `/${enc(rnd() < 0.8 ? name : pick(HOSTILE))}/${enc(value(name))}`;
    }
    if (rnd() < 0.3) pathname += pick(['/', '/index.json', '/index.json/..', '/..', '/.']);
  } else {
    pathname =
      pick(['/api/v1/', '/api/', '/api/v1', '/', '/api/v1/population/', '/api/v1/../../etc']) +
      pick(HOSTILE).replace(/\0/g, '%00');
  }

  const parts: string[] = [];
  const op = routes.byPath.get(pathname);
  if (op && rnd() < 0.5) {
    // A coherent request, so that valid files and compositions are reached too.
    const pref = pick(routes.table.prefectures);
    const cities = routes.table.cities[String(pref)]!;
    const city = rnd() < 0.4 || !op.params.some((p) => p.name === 'cityCode') ? '-' : pick(cities);
    const areas = Array.from({ length: Math.floor(rnd() * 12) }, () => {
      const p = pick(routes.table.prefectures);
      return city === '-' ? `${p}_` : `${p}_${pick(routes.table.cities[String(p)]!)}`;
    });
    for (const p of op.params) {
      if (rnd() < 0.05) continue;
      const v =
        p.name === 'prefCode'
          ? String(pref)
          : p.name === 'cityCode'
            ? city
            : p.name === 'addArea'
              ? areas.join(',')
              : value(p.name);
      parts.push(`${p.name}=${enc(v)}`);
    }
  }
  const n = Math.floor(rnd() * 7);
  for (let i = 0; i < n; i++) {
    const name = pick(NAMES);
    parts.push(rnd() < 0.1 ? enc(name) : `${enc(name)}=${enc(value(name))}`);
  }
  if (rnd() < 0.1) parts.push('&&', '=', '==');
  return { pathname, search: parts.length || rnd() < 0.5 ? `?${parts.join('&')}` : '' };
}

describe('resolver under random and hostile input', () => {
  it('never throws, never leaves dist/, never names a missing file (100,000 inputs)', () => {
    const rnd = makeRandom(20261122);
    const root = resolvePath(SAMPLE_DIST) + sep;
    const seen = { file: 0, compose: 0, error: 0, pass: 0 };
    const inside = (p: string) => {
      const full = resolvePath(join(SAMPLE_DIST, p));
      return full.startsWith(root) && existsSync(full);
    };
    const list = new Checklist();
    for (let i = 0; i < 100_000; i++) {
      const { pathname, search } = input(rnd);
      let r;
      try {
        r = resolve(routes, pathname, search);
      } catch (e) {
        throw new Error(`resolve threw for ${JSON.stringify(pathname + search)}: ${e}`);
      }
      seen[r.kind]++;
      const where = () => JSON.stringify(pathname + search);
      if (r.kind === 'file') list.check(inside(r.path), () => `${where()} names ${r.path}, outside dist or missing`);
      else if (r.kind === 'compose')
        for (const f of r.files) list.check(inside(f), () => `${where()} composes ${f}, outside dist or missing`);
      else if (r.kind === 'error') {
        const { status, body } = r.error;
        list.check([400, 404].includes(status), () => `${where()}: status ${status}`);
        list.same(body.statusCode, String(status), () => `${where()}: statusCode`);
        list.same(typeof body.message, 'string', () => `${where()}: message`);
        list.same(typeof body.description, 'string', () => `${where()}: description`);
        list.check(JSON.stringify(body).length < 3000, () => `${where()}: a body of 3,000 characters or more`);
      } else list.check(!pathname.startsWith('/api/'), () => `${where()} passed to the host`);
    }
    expect(list.failures).toEqual([]);
    // The generator must reach every outcome, or the test proves little.
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(500);
  });
});
