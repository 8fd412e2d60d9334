// Tourism: visitors by nationality, accommodation facilities and stays, and visitors between entry and exit
// airports. Shapes, the canonical aliasing the spec asks for, and the arithmetic against the raw facts.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { errorOf as err, fileFor as fileOf, result, routes } from '../helpers/dist.ts';
import type { Row } from '../../sources/tables.ts';
import { rowsOf } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';

/** Percent with 2 decimals, halves away from zero, from the integer counts (the shares of both circle charts). */
const percent2 = (n: number, d: number) => Math.floor((2 * n * 10000 + d) / (2 * d)) / 100;

describe('tourism/foreigners/forFrom', () => {
  const visitors = rowsOf<Row<'foreign_visitors'>>('foreign_visitors');
  const countries = rowsOf<Row<'countries'>>('countries');

  it('lists every country with the quarters of the year, in the original key order and types', () => {
    const r = result('/api/v1/tourism/foreigners/forFrom?year=2019&prefCode=13&purpose=1');
    expect(Object.keys(r)).toEqual(['year', 'prefCode', 'prefName', 'purpose', 'changes']);
    expect(r).toMatchObject({ year: 2019, prefCode: '13', prefName: '東京都', purpose: 1 });
    expect(r.changes.map((c: any) => c.countryCode)).toEqual(countries.map((c) => c.countryCode));
    expect(Object.keys(r.changes[0])).toEqual(['countryCode', 'countryName', 'data']);
    expect(Object.keys(r.changes[0].data[0])).toEqual(['year', 'quarter', 'value']);
    for (const c of r.changes) {
      expect(c.countryName).toBe(countries.find((k) => k.countryCode === c.countryCode)!.countryName);
      expect(c.data.map((d: any) => d.quarter)).toEqual([1, 2, 3, 4]);
      for (const d of c.data) {
        const fact = visitors.find(
          (v) =>
            v.prefCode === '13' &&
            v.year === 2019 &&
            v.quarter === d.quarter &&
            v.purpose === 1 &&
            v.countryCode === c.countryCode,
        )!;
        expect(d).toEqual({ year: 2019, quarter: d.quarter, value: fact.visitors });
      }
    }
  });

  it('has no first quarter in 2011 and only the first in 2020', () => {
    const quarters = (year: number) => [
      ...new Set(
        result(`/api/v1/tourism/foreigners/forFrom?year=${year}&prefCode=1&purpose=2`).changes.flatMap((c: any) =>
          c.data.map((d: any) => d.quarter),
        ),
      ),
    ];
    expect(quarters(2011)).toEqual([2, 3, 4]);
    expect(quarters(2020)).toEqual([1]);
    expect(quarters(2015)).toEqual([1, 2, 3, 4]);
  });

  it('counts sightseeing visitors as part of all visitors', () => {
    const all = result('/api/v1/tourism/foreigners/forFrom?year=2018&prefCode=13&purpose=1');
    const leisure = result('/api/v1/tourism/foreigners/forFrom?year=2018&prefCode=13&purpose=2');
    all.changes.forEach((c: any, i: number) =>
      c.data.forEach((d: any, q: number) => expect(leisure.changes[i].data[q].value).toBeLessThanOrEqual(d.value)),
    );
  });

  it('rejects years, purposes and prefectures it does not have', () => {
    expect(err('/api/v1/tourism/foreigners/forFrom?year=2010&prefCode=13&purpose=1')).toEqual({
      status: 400,
      message: 'year 2010 is out of range',
    });
    expect(err('/api/v1/tourism/foreigners/forFrom?year=2021&prefCode=13&purpose=1').status).toBe(400);
    expectMessages([
      ['/api/v1/tourism/foreigners/forFrom?year=2019&prefCode=13&purpose=3', 'purpose 3 is out of range'],
      ['/api/v1/tourism/foreigners/forFrom?year=2019&prefCode=13', 'purpose is required'],
    ]);
    expect(err('/api/v1/tourism/foreigners/forFrom?year=2019&prefCode=48&purpose=1').status).toBe(400);
  });
});

describe('tourism/hotelAnalysis/facilityStack', () => {
  const facilities = rowsOf<Row<'accommodation_facilities'>>('accommodation_facilities');

  it('maps requests that spell out the defaults and requests that omit them to one file', () => {
    const canonical = fileOf('/api/v1/tourism/hotelAnalysis/facilityStack?display=2&unit=0&prefCode=13');
    expect(canonical).toBe('/api/v1/tourism/hotelAnalysis/facilityStack/display/2/unit/0/prefCode/13/index.json');
    for (const q of [
      'prefCode=13',
      'prefCode=13&display=2',
      'unit=0&prefCode=13',
      'display=&unit=&prefCode=13',
      'prefCode=13&foo=1',
    ]) {
      expect(fileOf(`/api/v1/tourism/hotelAnalysis/facilityStack?${q}`), q).toBe(canonical);
    }
    expect(fileOf('/api/v1/tourism/hotelAnalysis/facilityStack?prefCode=13&unit=1')).toBe(
      '/api/v1/tourism/hotelAnalysis/facilityStack/display/2/unit/1/prefCode/13/index.json',
    );
  });

  it('sums the other dimension and gives monthly counts (unit 1) and yearly means (unit 0)', () => {
    for (const display of [1, 2]) {
      const monthly = result(`/api/v1/tourism/hotelAnalysis/facilityStack?display=${display}&unit=1&prefCode=1`);
      const yearly = result(`/api/v1/tourism/hotelAnalysis/facilityStack?display=${display}&unit=0&prefCode=1`);
      expect(monthly.unit).toBe('1');
      expect(yearly.unit).toBe('0');
      expect(monthly.data.map((d: any) => d.code)).toEqual(
        display === 1 ? ['1', '2', '3', '4'] : ['1', '2', '3', '4', '5', '6'],
      );
      expect(Object.keys(monthly.data[0])).toEqual(['code', 'label', 'years']);
      expect(yearly.data[0].label).toBe(display === 1 ? '0～9人' : '旅館');
      for (const d of monthly.data) {
        expect(d.years).toHaveLength(132); // 2011-01 … 2021-12
        for (const m of d.years.filter((_: unknown, i: number) => i % 17 === 0)) {
          const month = `${m.year}-${String(m.month).padStart(2, '0')}`;
          const sum = facilities
            .filter(
              (f) =>
                f.prefCode === '01' &&
                f.month === month &&
                (display === 1 ? f.sizeCode : f.typeCode) === Number(d.code),
            )
            .reduce((a, f) => a + f.facilities, 0);
          expect(m.value, `${d.label} ${month}`).toBe(sum);
        }
        const y = yearly.data.find((x: any) => x.code === d.code);
        expect(y.years.map((v: any) => v.year)).toEqual([
          2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021,
        ]);
        for (const v of y.years) {
          expect(v.month).toBe(0);
          const months = d.years.filter((m: any) => m.year === v.year).map((m: any) => m.value);
          expect(Math.abs(v.value - months.reduce((a: number, b: number) => a + b, 0) / 12)).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });

  it('rejects values outside the lists', () => {
    expectMessages([
      ['/api/v1/tourism/hotelAnalysis/facilityStack?prefCode=13&display=3', 'display 3 is out of range'],
      ['/api/v1/tourism/hotelAnalysis/facilityStack?prefCode=13&unit=2', 'unit 2 is out of range'],
      ['/api/v1/tourism/hotelAnalysis/facilityStack?display=1', 'prefCode is required'],
    ]);
  });
});

describe('tourism/hotelAnalysis: groupStack, guestRoomLine, capacityLine', () => {
  const stays = rowsOf<Row<'accommodation_stays'>>('accommodation_stays');
  const facilities = rowsOf<Row<'accommodation_facilities'>>('accommodation_facilities');
  /** The labels of the size classes or the accommodation types, in code order. */
  const classLabels = (kind: 'size' | 'type') =>
    rowsOf<Row<'accommodation_classes'>>('accommodation_classes')
      .filter((c) => c.kind === kind)
      .sort((x, y) => x.code - y.code)
      .map((c) => c.label);
  const classOf = (display: number, s: (typeof stays)[number]) => (display === 1 ? s.sizeCode : s.typeCode);
  const inPeriod = (s: (typeof stays)[number], year: number, month: number) =>
    month === 0 ? s.month.startsWith(`${year}-`) : s.month === `${year}-${String(month).padStart(2, '0')}`;
  /** n / d × 100 to one decimal, half away from zero, from the integer sums. */
  const rate = (n: number, d: number) => (d === 0 ? null : Math.floor((2 * n * 1000 + d) / (2 * d)) / 10);

  it('stays are counted for the facilities of accommodation_facilities, one row each', () => {
    expect(stays.length).toBe(facilities.length);
    const keys = new Set(facilities.map((f) => `${f.prefCode}|${f.month}|${f.typeCode}|${f.sizeCode}`));
    for (const s of stays.filter((_, i) => i % 97 === 0))
      expect(keys.has(`${s.prefCode}|${s.month}|${s.typeCode}|${s.sizeCode}`)).toBe(true);
    // The survey counts no rooms for facilities of 0–9 employees, and every other class's.
    expect(stays.every((s) => (s.sizeCode === 1) === (s.roomsAvailable === null))).toBe(true);
  });

  it("groupStack: guest nights per class in value1…, every class in value0, in the Dart model's keys", () => {
    const base = '/api/v1/tourism/hotelAnalysis/groupStack';
    expect(fileOf(`${base}?prefCode=13&matter=1`)).toBe(`${base}/matter/1/display/2/unit/0/prefCode/13/index.json`);
    expect(err(`${base}?prefCode=13`).message).toBe('matter is required');
    for (const [matter, display, unit] of [
      [1, 2, 0],
      [2, 1, 1],
      [3, 2, 1],
      [3, 1, 0],
    ] as const) {
      const r = result(`${base}?matter=${matter}&display=${display}&unit=${unit}&prefCode=1`);
      expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'matter', 'displayMethod', 'data']);
      expect(r).toMatchObject({
        prefCode: '1',
        prefName: '北海道',
        matter: String(matter),
        displayMethod: String(display),
      });
      expect(r.data).toHaveLength(unit === 0 ? 11 : 132);
      expect(Object.keys(r.data[0])).toEqual(['year', 'month', ...[0, 1, 2, 3, 4, 5, 6].map((i) => `value${i}`)]);
      const guests = (s: (typeof stays)[number]) =>
        matter === 1 ? s.japaneseGuests + s.foreignGuests : matter === 2 ? s.japaneseGuests : s.foreignGuests;
      for (const d of r.data.filter((_: unknown, i: number) => i % 5 === 0)) {
        const rows = stays.filter((s) => s.prefCode === '01' && inPeriod(s, d.year, d.month));
        expect(d.value0).toBe(rows.reduce((a, s) => a + guests(s), 0));
        for (let c = 1; c <= 6; c++) {
          const mine = rows.filter((s) => classOf(display, s) === c);
          if (display === 1 && c > 4) expect(d[`value${c}`]).toBeNull();
          else expect(d[`value${c}`], `value${c} ${d.year}/${d.month}`).toBe(mine.reduce((a, s) => a + guests(s), 0));
        }
      }
    }
  });

  it('guestRoomLine and capacityLine: rates of the sums, every class first, null for 0～9人', () => {
    for (const [op, n, d] of [
      ['guestRoomLine', (s: any) => s.roomsOccupied ?? 0, (s: any) => s.roomsAvailable ?? 0],
      [
        'capacityLine',
        (s: any) => (s.capacity === null ? 0 : s.japaneseGuests + s.foreignGuests),
        (s: any) => s.capacity ?? 0,
      ],
    ] as const) {
      for (const [display, unit] of [
        [1, 0],
        [2, 1],
      ] as const) {
        const r = result(`/api/v1/tourism/hotelAnalysis/${op}?display=${display}&unit=${unit}&prefCode=13`);
        expect(Object.keys(r)).toEqual(['unit', 'changes']);
        expect(r.unit).toBe(String(unit));
        const labels = r.changes.map((c: any) => c.label);
        expect(labels).toEqual(
          display === 1
            ? ['すべての従業者規模', ...classLabels('size')]
            : ['すべての施設タイプ', ...classLabels('type')],
        );
        r.changes.forEach((c: any, code: number) => {
          expect(Object.keys(c)).toEqual(['label', 'data']);
          expect(c.data).toHaveLength(unit === 0 ? 11 : 132);
          for (const p of c.data.filter((_: unknown, i: number) => i % 7 === 0)) {
            expect(Object.keys(p)).toEqual(['year', 'month', 'value']);
            const rows = stays.filter(
              (s) =>
                s.prefCode === '13' && inPeriod(s, p.year, p.month) && (code === 0 || classOf(display, s) === code),
            );
            const expected =
              display === 1 && code === 1
                ? null
                : rate(
                    rows.reduce((a, s) => a + n(s), 0),
                    rows.reduce((a, s) => a + d(s), 0),
                  );
            expect(p.value, `${op} ${c.label} ${p.year}/${p.month}`).toBe(expected);
          }
        });
      }
    }
  });

  it('rejects values outside the lists', () => {
    expectMessages([
      ['/api/v1/tourism/hotelAnalysis/groupStack?prefCode=13&matter=4', 'matter 4 is out of range'],
      ['/api/v1/tourism/hotelAnalysis/guestRoomLine?prefCode=13&unit=2', 'unit 2 is out of range'],
      ['/api/v1/tourism/hotelAnalysis/capacityLine?display=1', 'prefCode is required'],
    ]);
  });
});

describe('tourism/airport/forCircle', () => {
  const visits = rowsOf<Row<'airport_visits'>>('airport_visits');
  const names = new Map(rowsOf<Row<'airports'>>('airports').map((a) => [a.airportCode, a.airportName]));

  it('splits the visitors of a prefecture by airport pair, entry and exit airport, largest first', () => {
    const base = '/api/v1/tourism/airport/forCircle';
    expect(fileOf(`${base}?year=2016&prefCode=01`)).toBe(`${base}/year/2016/halfPeriod/1/prefCode/1/index.json`);
    for (const [year, halfPeriod, pref] of [
      [2019, 1, 13],
      [2015, 3, 1],
      [2014, 5, 13],
    ] as const) {
      const r = result(`${base}?year=${year}&halfPeriod=${halfPeriod}&prefCode=${pref}`);
      expect(Object.keys(r)).toEqual([
        'year',
        'halfPeriod',
        'prefCode',
        'entryAndDepartureAirport',
        'entryAirport',
        'departureAirport',
      ]);
      expect(r).toMatchObject({ year: String(year), halfPeriod: String(halfPeriod), prefCode: String(pref) });
      const rows = visits.filter(
        (v) =>
          v.year === year &&
          v.prefCode === String(pref).padStart(2, '0') &&
          (halfPeriod === 1 || v.quarter === halfPeriod - 1),
      );
      const total = rows.reduce((a, v) => a + v.visitors, 0);
      expect(total).toBeGreaterThan(0);
      const sums = (key: (v: (typeof rows)[number]) => string) => {
        const m = new Map<string, number>();
        for (const v of rows) m.set(key(v), (m.get(key(v)) ?? 0) + v.visitors);
        return new Map([...m].filter(([, n]) => n > 0));
      };
      const pairs = sums((v) => `${v.entryAirport}|${v.exitAirport}`);
      expect(r.entryAndDepartureAirport).toHaveLength(pairs.size);
      expect(Object.keys(r.entryAndDepartureAirport[0])).toEqual([
        'entryAirportCode',
        'entryAirportName',
        'departureAirportCode',
        'departureAirportName',
        'value',
        'rate',
      ]);
      for (const p of r.entryAndDepartureAirport) {
        expect(p.value).toBe(pairs.get(`${p.entryAirportCode}|${p.departureAirportCode}`));
        expect(p.rate).toBe(percent2(p.value, total));
        expect(p.entryAirportName).toBe(names.get(p.entryAirportCode));
        expect(p.departureAirportName).toBe(names.get(p.departureAirportCode));
      }
      for (const [side, key] of [
        ['entryAirport', (v: (typeof rows)[number]) => v.entryAirport],
        ['departureAirport', (v: (typeof rows)[number]) => v.exitAirport],
      ] as const) {
        const expected = sums(key);
        expect(r[side].map((a: any) => a.airportCode).sort()).toEqual([...expected.keys()].sort());
        expect(r[side].reduce((a: number, x: any) => a + x.value, 0)).toBe(total);
        for (const a of r[side]) {
          expect(Object.keys(a)).toEqual(['airportCode', 'airportName', 'value', 'rate']);
          expect(a.value).toBe(expected.get(a.airportCode));
          expect(a.rate).toBe(percent2(a.value, total));
        }
        const values = r[side].map((a: any) => a.value);
        expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
      }
    }
    expectMessages([
      [`${base}?year=2013&prefCode=13`, 'year 2013 is out of range'],
      [`${base}?year=2019`, 'prefCode is required'],
    ]);
  });
});

describe('tourism/airport/forBar', () => {
  const airports = rowsOf<Row<'airports'>>('airports');
  const travellers = rowsOf<Row<'airport_travellers'>>('airport_travellers');
  const visits = rowsOf<Row<'airport_visits'>>('airport_visits');
  const areaOf = new Map(airports.map((a) => [a.airportCode, a.areaCode]));
  const base = '/api/v1/tourism/airport/forBar';
  const canonicalPath = (p: Record<string, string>) =>
    `${base}/dispType/${p.dispType}/year/${p.year}/halfPeriod/${p.halfPeriod}/entryAirportArea/${p.ea}/entryAirport/${p.e}/departureAirportArea/${p.xa}/departureAirport/${p.x}/sort/${p.sort}/index.json`;

  it('fills every default and treats an airport outside its area as -', () => {
    const all = canonicalPath({
      dispType: '1',
      year: '2016',
      halfPeriod: '1',
      ea: '-',
      e: '-',
      xa: '-',
      x: '-',
      sort: '1',
    });
    for (const q of [
      'year=2016',
      'year=2016&dispType=1&halfPeriod=1&sort=1',
      'year=2016&entryAirportArea=-&entryAirport=-&departureAirportArea=-&departureAirport=-',
      'year=2016&entryAirport=NRT', // an airport while the area is - (all areas) counts as -
      'year=2016&entryAirport=&departureAirport=KIX',
      'sort=1&year=2016&X-API-KEY=x',
    ]) {
      expect(fileOf(`${base}?${q}`), q).toBe(all);
    }
    const kanto = canonicalPath({
      dispType: '1',
      year: '2016',
      halfPeriod: '1',
      ea: '3',
      e: '-',
      xa: '-',
      x: '-',
      sort: '1',
    });
    expect(fileOf(`${base}?year=2016&entryAirportArea=3&entryAirport=KIX`)).toBe(kanto); // KIX is in 近畿, not 関東
    expect(fileOf(`${base}?year=2016&entryAirportArea=3`)).toBe(kanto);
    expect(
      fileOf(
        `${base}?year=2016&entryAirportArea=3&entryAirport=NRT&dispType=2&sort=2&halfPeriod=4&departureAirportArea=5&departureAirport=KIX`,
      ),
    ).toBe(
      canonicalPath({ dispType: '2', year: '2016', halfPeriod: '4', ea: '3', e: 'NRT', xa: '5', x: 'KIX', sort: '2' }),
    );
  });

  it('echoes the canonical request as text and lists every prefecture of the build', () => {
    const r = result(`${base}?year=2019&entryAirportArea=3&entryAirport=NRT`);
    // The order of the original's field list (resas_v1_api_docs in ../shared; the spec groups them by type).
    expect(Object.keys(r)).toEqual([
      'dispType',
      'year',
      'halfPeriod',
      'entryAirport1',
      'entryAirport2',
      'departureAirport1',
      'departureAirport2',
      'sort',
      'data',
    ]);
    expect(r).toMatchObject({
      dispType: '1',
      year: '2019',
      halfPeriod: '1',
      sort: '1',
      entryAirport1: '3',
      entryAirport2: 'NRT',
      departureAirport1: '',
      departureAirport2: '',
    });
    expect(r.data.map((d: any) => d.prefCode).sort()).toEqual(routes.table.prefectures.map(String).sort());
    expect(Object.keys(r.data[0])).toEqual(['prefCode', 'prefName', 'value']);
  });

  it('adds up the visitors of the selected airports and quarters, and computes visit rates from counts', () => {
    const cases = [
      { q: 'year=2019', year: 2019, quarters: [1, 2, 3, 4], entry: () => true, exit: () => true },
      {
        q: 'year=2017&halfPeriod=3&entryAirportArea=3',
        year: 2017,
        quarters: [2],
        entry: (a: string) => areaOf.get(a) === '3',
        exit: () => true,
      },
      {
        q: 'year=2015&halfPeriod=5&entryAirportArea=5&entryAirport=KIX&departureAirportArea=3&departureAirport=NRT',
        year: 2015,
        quarters: [4],
        entry: (a: string) => a === 'KIX',
        exit: (a: string) => a === 'NRT',
      },
      {
        q: 'year=2018&departureAirportArea=1',
        year: 2018,
        quarters: [1, 2, 3, 4],
        entry: () => true,
        exit: (a: string) => areaOf.get(a) === '1',
      },
    ];
    for (const c of cases) {
      const pick = <T extends { year: number; quarter: number; entryAirport: string; exitAirport: string }>(
        rows: T[],
      ) =>
        rows.filter(
          (r) =>
            r.year === c.year && c.quarters.includes(r.quarter) && c.entry(r.entryAirport) && c.exit(r.exitAirport),
        );
      const total = pick(travellers).reduce((a, r) => a + r.visitors, 0);
      const count = (pref: string) =>
        pick(visits)
          .filter((v) => v.prefCode === pref)
          .reduce((a, r) => a + r.visitors, 0);
      const counts = result(`${base}?${c.q}&dispType=1`);
      const rates = result(`${base}?${c.q}&dispType=2`);
      expect(total, c.q).toBeGreaterThan(0);
      for (const d of counts.data) {
        const n = count(d.prefCode.padStart(2, '0'));
        expect(d.value, `${c.q} ${d.prefCode}`).toBe(n);
        const rate = rates.data.find((x: any) => x.prefCode === d.prefCode).value;
        expect(Math.abs(rate - (n / total) * 100), `${c.q} ${d.prefCode}`).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(rate).toBeLessThanOrEqual(100);
      }
    }
  });

  it('sorts by value descending (sort 1) or by prefecture code (sort 2)', () => {
    for (const dispType of [1, 2]) {
      const byValue = result(`${base}?year=2019&dispType=${dispType}&sort=1`).data;
      const byCode = result(`${base}?year=2019&dispType=${dispType}&sort=2`).data;
      for (let i = 1; i < byValue.length; i++) {
        expect(
          byValue[i - 1].value > byValue[i].value ||
            (byValue[i - 1].value === byValue[i].value &&
              Number(byValue[i - 1].prefCode) < Number(byValue[i].prefCode)),
        ).toBe(true);
        expect(Number(byCode[i - 1].prefCode)).toBeLessThan(Number(byCode[i].prefCode));
      }
      expect([...byValue].sort((a: any, b: any) => a.prefCode - b.prefCode)).toEqual(byCode);
    }
  });

  it('rejects unknown codes and out-of-range values, naming the parameter', () => {
    expect(err(`${base}?year=2013`)).toEqual({ status: 400, message: 'year 2013 is out of range' });
    expect(err(`${base}?year=2020`).status).toBe(400);
    expectMessages([
      [`${base}`, 'year is required'],
      [`${base}?year=2016&dispType=3`, 'dispType 3 is out of range'],
      [`${base}?year=2016&halfPeriod=6`, 'halfPeriod 6 is out of range'],
      [`${base}?year=2016&sort=0`, 'sort 0 is out of range'],
      [`${base}?year=2016&entryAirportArea=99`, 'entryAirportArea 99 is not a code of this build'],
      [`${base}?year=2016&entryAirportArea=3&entryAirport=XXX`, 'entryAirport XXX is not a code of this build'],
    ]);
    expect(err(`${base}?year=2016&departureAirport=../..`).status).toBe(400);
  });

  it('lists the airport areas and airports in the manifest', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { SAMPLE_DIST } = await import('../helpers/paths.ts');
    const m = JSON.parse(readFileSync(join(SAMPLE_DIST, 'manifest.json'), 'utf8'));
    const op = m.operations.find((o: any) => o.path === base);
    const area = op.params.find((p: any) => p.name === 'entryAirportArea');
    const airport = op.params.find((p: any) => p.name === 'departureAirport');
    expect(area.values).toEqual(['-', ...new Set(airports.map((a) => a.areaCode))]);
    expect(area.names['3']).toBe('関東');
    expect(airport.valuesBy).toBe('departureAirportArea');
    expect(airport.values['3']).toEqual(['-', 'NRT', 'HND', 'IBR']);
    expect(airport.names.NRT).toBe('成田国際空港');
  });
});

describe('tourism/correlation/forCircle', () => {
  const base = '/api/v1/tourism/correlation/forCircle';
  const sequences = rowsOf<Row<'visit_sequences'>>('visit_sequences');
  const prefNames = new Map(rowsOf<Row<'prefectures'>>('prefectures').map((p) => [p.prefCode, p.prefName]));

  it('lists the prefectures stayed in just before and after, largest first, with shares of allCount', () => {
    for (const [year, halfPeriod, pref] of [
      [2019, 1, '13'],
      [2016, 4, '1'],
      [2014, 2, '13'],
    ] as const) {
      const r = result(`${base}?year=${year}&halfPeriod=${halfPeriod}&prefCode=${pref}`);
      expect(Object.keys(r)).toEqual(['year', 'halfPeriod', 'prefCode', 'before', 'after']);
      expect(r).toMatchObject({ year: String(year), halfPeriod: String(halfPeriod), prefCode: pref });
      for (const position of ['before', 'after'] as const) {
        const mine = sequences.filter(
          (s) =>
            s.prefCode === pref.padStart(2, '0') &&
            s.year === year &&
            s.position === position &&
            (halfPeriod === 1 || s.quarter === halfPeriod - 1),
        );
        const sums = new Map<string, number>();
        for (const s of mine) sums.set(s.otherPrefCode, (sums.get(s.otherPrefCode) ?? 0) + s.visitors);
        const total = [...sums.values()].reduce((a, n) => a + n, 0);
        const side = r[position];
        expect(Object.keys(side)).toEqual(['allCount', 'data']);
        expect(side.allCount).toBe(total);
        expect(side.data.map((d: any) => d.value)).toEqual(
          [...sums.values()].filter((n) => n > 0).sort((a, b) => b - a),
        );
        for (const d of side.data) {
          expect(Object.keys(d)).toEqual(['prefCode', 'prefName', 'value', 'rate']);
          expect(d.value).toBe(sums.get(d.prefCode.padStart(2, '0')));
          expect(d.prefName).toBe(prefNames.get(Number(d.prefCode)));
          expect(d.rate).toBe(percent2(d.value, total));
        }
        expect(side.data.some((d: any) => d.prefCode === pref)).toBe(false);
      }
    }
  });

  it('defaults halfPeriod to the whole year and checks its values', () => {
    expect(fileOf(`${base}?year=2018&prefCode=13`)).toBe(`${base}/year/2018/halfPeriod/1/prefCode/13/index.json`);
    expectMessages([
      [`${base}?year=2018&halfPeriod=6&prefCode=13`, 'halfPeriod 6 is out of range'],
      [`${base}?year=2020&prefCode=13`, 'year 2020 is out of range'],
      [`${base}?year=2018`, 'prefCode is required'],
    ]);
  });
});
