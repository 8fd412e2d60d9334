// An operation that declares a share (Operation.share) is answered on demand, before its whole facts
// are prepared, from the rows of one prefecture or one year (sources/scope.ts). That is only right if
// its answers read nothing else: every file of such an operation for the shares below must be the same
// bytes from the share as from the whole.

import { describe, expect, it } from 'vitest';
import { enumerateFiles, plan, renderFile } from '../../build/core/build.ts';
import { OnDemand, shareContext, shareOfFile, shareValue } from '../../build/core/on-demand.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { shareOf } from '../../sources/scope.ts';
import { BY_PREFECTURE } from '../../sources/sample/population.ts';
import { cachedSample, sampleSources } from '../helpers/sample.ts';
import { covered, part } from '../helpers/scope.ts';
import { Checklist } from '../helpers/checklist.ts';

/** Hokkaido (a designated city, villages without data), Tokyo (special wards), Okinawa (the last code). */
const PREFS = [1, 13, 47];
const shared = OPERATIONS.filter((op) => op.share);

describe('shares of the sources', () => {
  it('are declared by the operations whose first answers were slow, on a parameter each has', () => {
    expect(shared.length).toBeGreaterThanOrEqual(20);
    for (const op of shared) {
      const names = op.route.params
        .filter((p) => (op.share === 'year' ? p.name === 'year' : p.type === 'pref'))
        .map((p) => p.name);
      expect(names, op.route.path).toHaveLength(1);
    }
  });

  it("keep one prefecture's or one year's rows and the whole masters", () => {
    const sources = sampleSources();
    const tokyo = shareOf(sources, 'prefecture', '13');
    const codes = tokyo.tables.establishments!.table.array('regionCode') as string[];
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c.startsWith('13'))).toBe(true);
    expect(codes.length).toBe(
      (sources.tables.establishments!.table.array('regionCode') as string[]).filter((c) => c.startsWith('13')).length,
    );
    expect(tokyo.tables.municipalities!.rows).toBe(sources.tables.municipalities!.rows);
    const years = shareOf(sources, 'year', '2016').tables.airport_visits!.table.array('year') as number[];
    expect(years.length).toBeGreaterThan(0);
    expect(new Set(years)).toEqual(new Set([2016]));
  });

  it("of the sample's population are made apart, as the whole's rows of the prefecture, until the whole is loaded", () => {
    const whole = cachedSample();
    for (const name of BY_PREFECTURE) expect(whole.tables[name]!.rows).toBeGreaterThan(0); // loads the whole
    // 長野県 and 東京都 have prefecture rows of their own (1980), 北海道 a designated city.
    for (const pref of ['20', '13', '1']) {
      const apart = shareOf(cachedSample(), 'prefecture', pref);
      const filtered = shareOf(whole, 'prefecture', pref);
      for (const name of BY_PREFECTURE) {
        const [a, f] = [apart.tables[name]!, filtered.tables[name]!];
        expect(a.file, 'made apart').toBe(`sample:${name}.csv (prefecture ${pref.padStart(2, '0')})`);
        expect(f.file, 'filtered from the whole').toBe(`sample:${name}.csv`);
        expect(a.rows, `${name} ${pref}`).toBe(f.rows);
        for (const c of a.table.columnNames())
          expect(a.table.array(c), `${name} ${pref} ${c}`).toEqual(f.table.array(c));
      }
    }
  });

  it('on demand, answer a population file first from its prefecture made apart, the same bytes as the whole', () => {
    const op = OPERATIONS.find((o) => o.route.path === '/api/v1/population/composition/perYear')!;
    const onDemand = new OnDemand({ sources: cachedSample() });
    const { ctx } = plan({ sources: sampleSources() });
    const whole = op.prepare(ctx);
    for (const [prefCode, cityCode] of [
      ['13', '-'],
      ['1', '01100'],
      ['20', '20201'],
    ] as const) {
      const file = `${op.route.path}/prefCode/${prefCode}/cityCode/${cityCode}/index.json`;
      expect(onDemand.read(file), file).toBe(renderFile(op, whole, { prefCode, cityCode }, ctx));
    }
    expect(onDemand.preparedOf(op.route.path)).toEqual({ whole: false, shares: 3 });
  });

  const p = plan({ sources: sampleSources(), prefs: PREFS });
  // Each operation prepares its whole and three shares (93 s for all on one core): the default run takes every
  // 4th operation (the budget of npm test), test:full (CI's second run) every one.
  describe.each(part(shared, 4).map((op) => [op.route.path, op] as const))('%s', (_, op) => {
    it(`answers ${covered(14, 'file')} of three shares as the whole does`, () => {
      const whole = op.prepare(p.ctx);
      const files = enumerateFiles(p, op);
      const values = [...new Set(files.map((v) => shareValue(op, v)).filter((v) => v !== undefined))] as string[];
      // Three prefectures, or the first, a middle and the last year.
      const picked = op.share === 'year' ? [values[0]!, values[values.length >> 1]!, values.at(-1)!] : values;
      expect(picked.length, 'files that name a share').toBeGreaterThan(0);
      const list = new Checklist();
      const keys = new Map(
        files
          .filter((f) => picked.includes(shareValue(op, f)!))
          .map((f) => [shareOfFile(op, f)!.key, shareOfFile(op, f)!]),
      );
      // As on demand: each share's rows, the scope narrowed to the prefecture a file names.
      for (const share of keys.values()) {
        const ctx = shareContext(p.ctx, op, share);
        const state = op.prepare(ctx);
        for (const v of part(
          files.filter((f) => shareOfFile(op, f)?.key === share.key),
          14,
        )) {
          list.check(renderFile(op, state, v, ctx) === renderFile(op, whole, v, p.ctx), () => JSON.stringify(v));
        }
      }
      expect(list.failures, 'files answered otherwise from their share').toEqual([]);
      expect(list.checked).toBeGreaterThan(0);
    });
  });

  it('on demand, answer from shares first and from the whole after a few, the same bytes', () => {
    // Any operation with a share shows it; taxes prepares in 0.1 s where wages took 3 s (twice here).
    const op = OPERATIONS.find((o) => o.route.path === '/api/v1/municipality/taxes/perYear')!;
    const onDemand = new OnDemand({ sources: sampleSources() });
    const { ctx } = onDemand.plan;
    const file = (pref: number) => `${op.route.path}/prefCode/${pref}/cityCode/-/index.json`;
    const whole = op.prepare(ctx);
    const prepared: string[] = [];
    // Six prefectures: the first four from their shares, then from the whole.
    for (const pref of [1, 13, 47, 2, 3, 4]) {
      const expected = renderFile(op, whole, { prefCode: String(pref), cityCode: '-' }, ctx);
      expect(onDemand.read(file(pref)), String(pref)).toBe(expected);
      const { whole: all, shares } = onDemand.preparedOf(op.route.path);
      prepared.push(all ? 'whole' : `${shares} shares`);
    }
    expect(prepared).toEqual(['1 shares', '2 shares', '3 shares', '4 shares', 'whole', 'whole']);
  });
});
