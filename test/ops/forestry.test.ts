// The forestry income charts, recomputed from the raw rows of forestry_entities and forestry_income: band
// shares, income per entity and total income, for a region, its prefecture and the nation, and with
// regions added (addArea), where the composers sum the counts and income of entityCounts first.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { FORESTRY_BANDS, FORESTRY_YEARS } from '../../sources/forestry-codes.ts';
import type { Row } from '../../sources/tables.ts';
import { composed, result } from '../helpers/dist.ts';
import { inRegion, requestedRegion, rowsOf, sampleSources } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';
import { countScopes } from '../helpers/shape.ts';

const entities = rowsOf<Row<'forestry_entities'>>('forestry_entities');
const income = rowsOf<Row<'forestry_income'>>('forestry_income');
const regions = sampleSources().regions;
const inScope = (scope: string[]) => (code: string) => scope.some((g) => inRegion(g, code));

/** Per year and band, the entities of a kind over the regions. */
function bands(kind: string, scope: string[]) {
  const out = new Map<number, number[]>();
  for (const r of entities)
    if (r.kind === kind && inScope(scope)(r.regionCode)) {
      const y = out.get(r.year) ?? out.set(r.year, [0, 0, 0, 0, 0]).get(r.year)!;
      y[r.band - 1]! += r.entities;
    }
  return out;
}
/** Per year, the income (万円) of a kind over the regions. */
function amounts(kind: string, scope: string[]) {
  const out = new Map<number, number>();
  for (const r of income)
    if (r.kind === kind && inScope(scope)(r.regionCode)) out.set(r.year, (out.get(r.year) ?? 0) + r.amount);
  return out;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** Municipalities with entities of both kinds in every census, so that each chart has every year. */
const everyYear = [...new Set(entities.map((r) => r.regionCode))].filter((code) =>
  (['sales', 'contract'] as const).every((kind) =>
    FORESTRY_YEARS.every((year) =>
      entities.some((r) => r.regionCode === code && r.kind === kind && r.year === year && r.entities > 0),
    ),
  ),
);
const [a, b] = everyYear.filter((c) => c.startsWith('01'));
/** Where the charts are asked for: Hokkaido, one of its municipalities, and Tokyo. */
const PLACES = [
  ['1', '-'],
  ['1', a!],
  ['13', '-'],
] as const;
const t = everyYear.find((c) => c.startsWith('13'))!;
const none = regions.citiesOf(13).find((c) => !entities.some((r) => r.regionCode === c.cityCode))!;

describe('forestry income: band shares', () => {
  const ops = [
    ['forSalesRatio', 'sales'],
    ['forContractRevenueRatio', 'contract'],
  ] as const;

  /** Checks a response's shares against the counts (within rounding) and its legend against the bands. */
  function expectShares(r: any, counts: Map<number, number[]>, what: string) {
    expect(r.legend, what).toEqual(FORESTRY_BANDS.map((label, i) => ({ label, code: String(i + 1) })));
    expect(
      r.years.map((y: any) => y.year),
      what,
    ).toEqual(FORESTRY_YEARS);
    for (const y of r.years) {
      const c = counts.get(y.year)!;
      expect(y.data.map((d: any) => d.code)).toEqual(['1', '2', '3', '4', '5']);
      for (const d of y.data)
        expect(Math.abs(d.value - (100 * c[Number(d.code) - 1]!) / sum(c)), `${what} ${y.year}`).toBeLessThanOrEqual(
          0.005 + 1e-9,
        );
    }
  }

  it('computes the shares of each band from the entities, for the region, its prefecture and the nation', () => {
    for (const [op, kind] of ops)
      for (const [pref, city] of PLACES) {
        const region = requestedRegion(pref, city);
        for (const [matter, scope, label] of [
          ['1', region, city === '-' ? regions.prefecture(Number(pref))!.prefName : regions.city(city)!.cityName],
          ['2', pref.padStart(2, '0'), `${regions.prefecture(Number(pref))!.prefName}平均`],
          ['3', '00', '全国平均'],
        ] as const) {
          const r = result(`/api/v1/forestry/income/${op}?prefCode=${pref}&cityCode=${city}&matter=${matter}`);
          const what = `${op} ${region} matter ${matter}`;
          expect(Object.keys(r), what).toEqual([
            'prefCode',
            'prefName',
            'cityCode',
            'cityName',
            'matter',
            'legend',
            'years',
          ]);
          expect([r.matter, r.years[0].label], what).toEqual([matter, label]);
          expectShares(r, bands(kind, [scope]), what);
        }
      }
    expect(result(`/api/v1/forestry/income/forSalesRatio?prefCode=13&cityCode=${none.cityCode}&matter=1`)).toBeNull();
    expect(
      result(`/api/v1/forestry/income/forSalesRatio?prefCode=13&cityCode=${none.cityCode}&matter=3`),
    ).not.toBeNull();
  });

  it('sums the entities of added regions before the shares (addArea); matter 2 counts each prefecture once', async () => {
    for (const [op, kind] of ops) {
      const two = await composed(`/api/v1/forestry/income/${op}?prefCode=1&cityCode=${a}&matter=1&addArea=1_${b}`);
      expectShares(two, bands(kind, [a!, b!]), `${op} two`);
      expect(two.years[0].label).toBe(`${regions.city(a!)!.cityName}・${regions.city(b!)!.cityName}`);
      const prefs = await composed(
        `/api/v1/forestry/income/${op}?prefCode=1&cityCode=${a}&matter=2&addArea=1_${b},13_13101`,
      );
      expectShares(prefs, bands(kind, ['01', '13']), `${op} prefectures`);
      expect(prefs.years[0].label).toBe('北海道・東京都平均');
      expect(await composed(`/api/v1/forestry/income/${op}?prefCode=1&cityCode=-&matter=3&addArea=13_`)).toEqual(
        result(`/api/v1/forestry/income/${op}?prefCode=1&cityCode=-&matter=3`),
      );
    }
    expectMessages([
      ['/api/v1/forestry/income/forSalesRatio?prefCode=1&cityCode=-&matter=4', 'matter 4 is out of range'],
      ['/api/v1/forestry/income/forSalesRatio?prefCode=1&cityCode=-', 'matter is required'],
    ]);
  });

  // code4nagoya/resas-client's ForestryIncomeFor{Sales,ContractRevenue}RatioRequestTest send exactly this
  // and read a result (its prefCode, legend and years) without checking for null.
  it("answers the Java client's prefCode=- (the nation) with matter 3: the nation's shares, the header empty", () => {
    for (const [op, kind] of ops) {
      const r = result(`/api/v1/forestry/income/${op}?cityCode=-&prefCode=-&matter=3`);
      expect([r.prefCode, r.prefName, r.cityCode, r.cityName, r.matter], op).toEqual(['', '', '', '', '3']);
      expect(new Set(r.years.map((y: any) => y.label)), op).toEqual(new Set(['全国平均']));
      expectShares(r, bands(kind, ['00']), `${op} nation`);
      // The same figures as any region's matter 3.
      expect(r.years, op).toEqual(result(`/api/v1/forestry/income/${op}?prefCode=13&cityCode=-&matter=3`).years);
    }
    expectMessages([
      [
        '/api/v1/forestry/income/forSalesRatio?prefCode=-&cityCode=-&matter=1',
        'matter 1 is not available when prefCode is - (the nation)',
      ],
      [
        '/api/v1/forestry/income/forSalesRatio?prefCode=-&cityCode=13101&matter=3',
        'cityCode must be - when prefCode is - (the nation)',
      ],
      [
        '/api/v1/forestry/income/forSalesRatio?prefCode=-&cityCode=-&matter=3&addArea=13_',
        'addArea adds regions to a region; prefCode - (the nation) holds them all',
      ],
      [
        '/api/v1/forestry/income/forSales?prefCode=-&cityCode=-',
        'prefCode must be a prefecture code (an integer), got "-"',
      ],
    ]);
  });
});

describe('forestry income: per entity and in total', () => {
  const perEntity = (kind: string, scope: string[]) => {
    const n = bands(kind, scope);
    const m = amounts(kind, scope);
    return [...n]
      .filter(([year, c]) => sum(c) > 0 && m.has(year))
      .sort((x, y) => x[0] - y[0])
      .map(([year, c]) => ({ year, value: Math.round(m.get(year)! / sum(c)) }));
  };
  const stacked = (scope: string[]) => {
    const s = amounts('sales', scope);
    const c = amounts('contract', scope);
    return FORESTRY_YEARS.filter((y) => s.has(y) || c.has(y)).map((year) => ({
      year,
      sales: s.get(year) ?? 0,
      income: c.get(year) ?? 0,
    }));
  };

  it('divides the income by the entities (万円), and sums both kinds of income, for a region', () => {
    for (const [pref, city] of PLACES) {
      const region = requestedRegion(pref, city);
      for (const [op, kind] of [
        ['forSales', 'sales'],
        ['forContractRevenue', 'contract'],
      ] as const) {
        const r = result(`/api/v1/forestry/income/${op}?prefCode=${pref}&cityCode=${city}`);
        expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'label', 'years']);
        expect(r.years, `${op} ${region}`).toEqual(perEntity(kind, [region]));
      }
      const s = result(`/api/v1/forestry/income/forStacked?prefCode=${pref}&cityCode=${city}`);
      expect(s.years, `forStacked ${region}`).toEqual(stacked([region]));
    }
    for (const op of ['forSales', 'forContractRevenue', 'forStacked'])
      expect(result(`/api/v1/forestry/income/${op}?prefCode=13&cityCode=${none.cityCode}`), op).toBeNull();
  });

  it('sums income and entities of added regions before dividing (addArea)', async () => {
    const url = (op: string, q: string) => `/api/v1/forestry/income/${op}?${q}`;
    expect((await composed(url('forSales', `prefCode=1&cityCode=${a}&addArea=1_${b}`))).years).toEqual(
      perEntity('sales', [a!, b!]),
    );
    expect((await composed(url('forContractRevenue', 'prefCode=1&cityCode=-&addArea=13_'))).years).toEqual(
      perEntity('contract', ['01', '13']),
    );
    const s = await composed(url('forStacked', `prefCode=1&cityCode=${a}&addArea=1_${b},13_${t}`));
    expect(s.years).toEqual(stacked([a!, b!, t]));
    expect(s.label).toBe([a!, b!, t].map((c) => regions.city(c)!.cityName).join('・'));
  });

  it('gives the counts and income it computes from in entityCounts, as the raw rows sum them', () => {
    const r = result(`/api/v1/forestry/income/entityCounts?prefCode=1&cityCode=${a}`);
    for (const [scope, key] of countScopes(a!, '01'))
      for (const kind of ['sales', 'contract']) {
        const counts = Object.fromEntries(
          [...bands(kind, [scope])].map(([y, c]) => [
            String(y),
            Object.fromEntries(c.map((n, i) => [String(i + 1), n])),
          ]),
        );
        expect(r[key][kind], `${key} ${kind}`).toEqual(counts);
        expect(r[key][`${kind}Amount`], `${key} ${kind}Amount`).toEqual(
          Object.fromEntries([...amounts(kind, [scope])].map(([y, v]) => [String(y), v])),
        );
      }
  });
});
