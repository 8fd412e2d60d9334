// tourism/hotelAnalysis/groupStack is partly official in the default build: each prefecture's yearly
// guest nights, all and foreign, of its facilities of 10 or more employees (宿泊旅行統計調査 via SSDSE-B
// 2009–2020 and SSDSE-E 2021) are the sum of the size classes 10～29人, 30～99人 and 100人以上 of
// display=1; the 0～9人 class, the months and the accommodation types are synthetic. Checked against the
// SSDSE files in ../shared, read here independently of the anchors importer.

import '../helpers/sample-ready.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../sources/tables.ts';
import { result, routes } from '../helpers/dist.ts';
import { rowsOf } from '../helpers/sample.ts';
import { SAMPLE_PREFS, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { fixedDraw, publishedGrid as grid, SSDSE } from '../helpers/official.ts';

const HAS_TABLES = existsSync(join(SSDSE, 'SSDSE-B-2023.csv')) && existsSync(join(SSDSE, 'SSDSE-E-2023.csv'));
const YEARS = Array.from({ length: 11 }, (_, i) => 2011 + i);
type Nights = { all: number; foreign: number };

/** 延べ宿泊者数 and 外国人延べ宿泊者数 by `prefCode|year`: SSDSE-B's years, and SSDSE-E's (G7101, G7102). */
function rawNights(): Map<string, Nights> {
  const out = new Map<string, Nights>();
  const b = grid(join(SSDSE, 'SSDSE-B-2023.csv'), 'utf-8');
  const [all, foreign] = [b[0]!.indexOf('延べ宿泊者数'), b[0]!.indexOf('外国人延べ宿泊者数')];
  for (const r of b.slice(1))
    out.set(`${Number(r[1]!.slice(1, 3))}|${r[0]}`, { all: Number(r[all]), foreign: Number(r[foreign]) });
  const e = grid(join(SSDSE, 'SSDSE-E-2023.csv'), 'shift_jis');
  const [g, f] = [e[0]!.indexOf('G7101'), e[0]!.indexOf('G7102')];
  for (const r of e.slice(3))
    if (r[0] !== 'R00000')
      out.set(`${Number(r[0]!.slice(1, 3))}|${e[1]![g]}`, { all: Number(r[g]), foreign: Number(r[f]) });
  return out;
}

const stack = (pref: number, matter: number, display: number) =>
  result(`/api/v1/tourism/hotelAnalysis/groupStack?prefCode=${pref}&matter=${matter}&display=${display}&unit=0`)
    .data as Record<string, number>[];

describe.skipIf(!HAS_TABLES)(
  `groupStack's guest nights of the facilities of 10 or more employees (${HAS_TABLES ? SSDSE : SHARED_SKIP_NOTE})`,
  () => {
    const raw = HAS_TABLES ? rawNights() : new Map<string, Nights>();

    it("answers SSDSE's figures as display=1's value2 + value3 + value4, every year, all, Japanese and foreign", () => {
      for (const pref of SAMPLE_PREFS) {
        const official = YEARS.map((y) => raw.get(`${pref}|${y}`)!);
        const counted = (matter: number) => stack(pref, matter, 1).map((p) => p.value2! + p.value3! + p.value4!);
        expect(stack(pref, 1, 1).map((p) => p.year)).toEqual(YEARS);
        expect(counted(1), `${pref} all`).toEqual(official.map((o) => o.all));
        expect(counted(2), `${pref} Japanese`).toEqual(official.map((o) => o.all - o.foreign));
        expect(counted(3), `${pref} foreign`).toEqual(official.map((o) => o.foreign));
      }
    });

    it('fits the sample table under them at 100 prefecture-years drawn at random, all 47 prefectures', () => {
      const sums = new Map<string, Nights>();
      for (const r of rowsOf<Row<'accommodation_stays'>>('accommodation_stays')) {
        if (r.sizeCode === 1) continue; // 0～9人: synthetic
        const key = `${Number(r.prefCode)}|${r.month.slice(0, 4)}`;
        const s = sums.get(key) ?? { all: 0, foreign: 0 };
        sums.set(key, { all: s.all + r.japaneseGuests + r.foreignGuests, foreign: s.foreign + r.foreignGuests });
      }
      const next = fixedDraw(20191231);
      for (let i = 0; i < 100; i++) {
        const key = `${next(47) + 1}|${YEARS[next(YEARS.length)]}`;
        expect(sums.get(key), key).toEqual(raw.get(key));
      }
    });
  },
);

describe('groupStack: what stays synthetic, and how the build says so', () => {
  it('adds the synthetic 0～9人 class to the official ones in value0, which display=2 splits by type', () => {
    for (const pref of SAMPLE_PREFS) {
      const [bySize, byType] = [stack(pref, 1, 1), stack(pref, 1, 2)];
      for (const [i, p] of bySize.entries()) {
        expect(p.value1, `${pref} ${p.year}`).toBeGreaterThan(0);
        expect(p.value0).toBe(p.value1! + p.value2! + p.value3! + p.value4!);
        expect(byType[i]!.value0).toBe(p.value0);
      }
    }
  });

  it('keeps the occupancy rates within 0–100 % after the fit', () => {
    for (const op of ['guestRoomLine', 'capacityLine'])
      for (const pref of SAMPLE_PREFS)
        for (const display of [1, 2]) {
          const r = result(`/api/v1/tourism/hotelAnalysis/${op}?prefCode=${pref}&display=${display}&unit=1`);
          const rates = r.changes.flatMap((c: { data: { value: number | null }[] }) => c.data.map((d) => d.value));
          expect(
            rates.every((v: number | null) => v === null || (v >= 0 && v <= 100)),
            `${op} ${pref}`,
          ).toBe(true);
        }
  });

  it('is mixed; the occupancy lines and facility counts stay synthetic', () => {
    const data = (path: string) => routes.table.operations.find((o) => o.path === path)!.data;
    expect(data('/api/v1/tourism/hotelAnalysis/groupStack')).toBe('mixed');
    for (const op of ['guestRoomLine', 'capacityLine', 'facilityStack'])
      expect(data(`/api/v1/tourism/hotelAnalysis/${op}`), op).toBe('synthetic');
  });
});
