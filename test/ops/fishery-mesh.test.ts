// Fishery shares, sales and sales per entity, and population mesh charts: figures from counts, the averages, addArea recomputation,
// destination codes per year, and the mesh binning against a brute-force histogram of the mesh table.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { meshChart } from '../../build/facts/mesh.ts';
import { composed, errorOf as err, resolveUrl as resolved, result } from '../helpers/dist.ts';
import type { Row } from '../../sources/tables.ts';
import { inRegion, requestedRegion, rowsOf, sampleSources } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';
import { countScopes } from '../helpers/shape.ts';

describe('fishery shares', () => {
  const entities = rowsOf<Row<'fishery_entities'>>('fishery_entities');
  const destinations = rowsOf<Row<'fishery_destinations'>>('fishery_destinations');
  const regions = sampleSources().regions;
  const bandCounts = (activity: string, year: number, region: string) => {
    const out = new Map<number, number>();
    for (const r of entities)
      if (r.activity === activity && r.year === year && inRegion(region, r.regionCode))
        out.set(r.band, (out.get(r.band) ?? 0) + r.entities);
    return out;
  };
  const coastal = [
    ...new Set(
      entities.filter((r) => r.regionCode.startsWith('01') && r.activity === 'aquaculture').map((r) => r.regionCode),
    ),
  ];
  const inland = regions.citiesOf(13).find((c) => !entities.some((r) => r.regionCode === c.cityCode))!;

  it('computes each share from the entity counts; the shares of a year sum to 100 within rounding', () => {
    for (const [activity, op] of [
      ['catch', 'sales'],
      ['aquaculture', 'aquacultureSales'],
    ] as const) {
      for (const [pref, city, region] of [
        ['1', '-', '01'],
        ['1', coastal[0]!, coastal[0]!],
        ['13', '-', '13'],
      ] as const) {
        const r = result(`/api/v1/fishery/sea/${op}?prefCode=${pref}&cityCode=${city}&matter=1`);
        if (r === null) continue;
        expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'matter', 'years']);
        expect(r.years.map((y: any) => y.year)).toEqual([2008, 2013, 2018]);
        for (const y of r.years) {
          expect(Object.keys(y)).toEqual(['year', 'legend', 'label', 'data']);
          expect(y.legend.map((l: any) => l.code)).toEqual(['1', '2', '3', '4', '5']);
          const counts = bandCounts(activity, y.year, region);
          const total = [...counts.values()].reduce((a, b) => a + b, 0);
          for (const d of y.data)
            expect(
              Math.abs(d.value - (100 * counts.get(Number(d.code))!) / total),
              `${op} ${region} ${y.year} ${d.code}`,
            ).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(Math.abs(y.data.reduce((a: number, d: any) => a + d.value, 0) - 100)).toBeLessThanOrEqual(0.03);
        }
      }
    }
  });

  it('averages over the prefecture (matter 2) and the nation (matter 3) from counts', () => {
    const city = coastal[0]!;
    const pref = result(`/api/v1/fishery/sea/sales?prefCode=1&cityCode=${city}&matter=2`);
    const nation = result(`/api/v1/fishery/sea/sales?prefCode=1&cityCode=${city}&matter=3`);
    expect(pref.years[0].label).toBe('北海道平均');
    expect(nation.years[0].label).toBe('全国平均');
    expect(pref.years).toEqual(
      result('/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=1').years.map((y: any) => ({
        ...y,
        label: '北海道平均',
      })),
    );
    const counts = bandCounts('catch', 2018, '00');
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    for (const d of nation.years[2].data)
      expect(Math.abs(d.value - (100 * counts.get(Number(d.code))!) / total)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(nation.years).toEqual(result('/api/v1/fishery/sea/sales?prefCode=13&cityCode=-&matter=3').years);
  });

  it('answers result null for a region without fisheries, but still gives its averages', () => {
    expect(result(`/api/v1/fishery/sea/sales?prefCode=13&cityCode=${inland.cityCode}&matter=1`)).toBeNull();
    expect(result(`/api/v1/fishery/sea/sales?prefCode=13&cityCode=${inland.cityCode}&matter=3`)).not.toBeNull();
  });

  it('sums the counts of added regions and recomputes the shares (addArea)', async () => {
    const [a, b] = coastal as [string, string];
    const r = await composed(`/api/v1/fishery/sea/aquacultureSales?prefCode=1&cityCode=${a}&matter=1&addArea=1_${b}`);
    for (const y of r.years) {
      const ca = bandCounts('aquaculture', y.year, a);
      const cb = bandCounts('aquaculture', y.year, b);
      const total = [...ca.values(), ...cb.values()].reduce((x, n) => x + n, 0);
      for (const d of y.data)
        expect(
          Math.abs(d.value - (100 * ((ca.get(Number(d.code)) ?? 0) + (cb.get(Number(d.code)) ?? 0))) / total),
        ).toBeLessThanOrEqual(0.005 + 1e-9);
    }
    // One region composed equals its file; prefecture-level entries add prefectures.
    const alone = await composed(`/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=1&addArea=13_`);
    expect(alone.years[0].label).toBe('北海道・東京都');
    expect(await composed(`/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=3&addArea=13_`)).toEqual(
      result('/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=3'),
    );
  });

  it('lists only the shipping destinations of each census year', () => {
    const r = result('/api/v1/fishery/sea/shipRatio?prefCode=1&cityCode=-&matter=1');
    expect(Object.keys(r.years[0])).toEqual(['year', 'label', 'data']);
    const codes = (year: number) => r.years.find((y: any) => y.year === year).data.map((d: any) => d.code);
    expect(codes(2008)).toEqual(['1', '2', '3', '4', '5', '6', '7', '11']);
    expect(codes(2013)).toEqual(['1', '2', '3', '8', '9', '10', '11']);
    expect(codes(2018)).toEqual(['1', '2', '3', '8', '9', '10', '11']);
    const d2018 = destinations.filter((d) => d.year === 2018 && d.regionCode.startsWith('01'));
    const total = d2018.reduce((a, d) => a + d.entities, 0);
    const ten = d2018.filter((d) => d.destination === 10).reduce((a, d) => a + d.entities, 0);
    expect(Math.abs(r.years[2].data.find((d: any) => d.code === '10').value - (100 * ten) / total)).toBeLessThanOrEqual(
      0.005 + 1e-9,
    );
  });

  it('rejects bad matters, municipal entries under a prefecture, and 11 entries', () => {
    expectMessages([
      ['/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=4', 'matter 4 is out of range'],
      ['/api/v1/fishery/sea/sales?prefCode=1&cityCode=-', 'matter is required'],
    ]);
    expect(err(`/api/v1/fishery/sea/shipRatio?prefCode=1&cityCode=-&matter=1&addArea=13_13101`).status).toBe(400);
    expect(err(`/api/v1/fishery/sea/sales?prefCode=1&matter=1&addArea=${Array(11).fill('13_').join(',')}`).status).toBe(
      400,
    );
  });
});

describe('fishery sales totals', () => {
  const sales = rowsOf<Row<'fishery_sales'>>('fishery_sales');
  const regions = sampleSources().regions;
  /** Per census year, the raw rows' sales (million yen) of one activity in a region, summed, in 万円. */
  const yearly = (activity: string, region: string) => {
    const out = new Map<number, number>();
    for (const r of sales)
      if (r.activity === activity && inRegion(region, r.regionCode)) out.set(r.year, (out.get(r.year) ?? 0) + r.sales);
    return [...out].sort((a, b) => a[0] - b[0]).map(([year, million]) => ({ year, value: million * 100 }));
  };
  const withAquaculture = [...new Set(sales.filter((r) => r.activity === 'aquaculture').map((r) => r.regionCode))];
  const hokkaido = withAquaculture.filter((c) => c.startsWith('01'));

  it('answers the sales of a municipality and of a prefecture (its municipalities summed), per census year, in 万円', () => {
    for (const [op, activity] of [
      ['totalSales', 'catch'],
      ['aquacultureTotalSales', 'aquaculture'],
    ] as const) {
      for (const [pref, city] of [
        ['1', '-'],
        ['1', hokkaido[0]!],
        ['13', '-'],
      ] as const) {
        const r = result(`/api/v1/fishery/sea/${op}?prefCode=${pref}&cityCode=${city}`);
        const region = requestedRegion(pref, city);
        const expected = yearly(activity, region);
        if (!expected.length) {
          expect(r, `${op} ${region}`).toBeNull();
          continue;
        }
        expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'years']);
        expect(r.years, `${op} ${region}`).toEqual(expected);
        expect(r.years.map((y: any) => y.year)).toEqual([2008, 2013, 2018]);
      }
    }
  });

  it('adds the sales of added regions year by year (addArea), and answers null without entities', async () => {
    const [a, b] = hokkaido;
    const r = await composed(`/api/v1/fishery/sea/aquacultureTotalSales?prefCode=1&cityCode=${a}&addArea=1_${b}`);
    const sum = [a!, b!].map((region) => yearly('aquaculture', region));
    expect(r.cityCode).toBe(a);
    const prefs = await composed(`/api/v1/fishery/sea/totalSales?prefCode=1&cityCode=-&addArea=13_`);
    const both = [yearly('catch', '01'), yearly('catch', '13')];
    expect(prefs.years.map((y: any) => y.value)).toEqual(
      both[0]!.map((y) => y.value + (both[1]!.find((x) => x.year === y.year)?.value ?? 0)),
    );
    const valueIn = (year: number) => sum.reduce((acc, s) => acc + (s.find((x) => x.year === year)?.value ?? 0), 0);
    expect(r.years).toEqual([2008, 2013, 2018].map((year) => ({ year, value: valueIn(year) })));
    const inland = regions.citiesOf(13).find((c) => !sales.some((s) => s.regionCode === c.cityCode))!;
    expect(result(`/api/v1/fishery/sea/totalSales?prefCode=13&cityCode=${inland.cityCode}`)).toBeNull();
    // A main region without sales still heads the answer: the composers read entityCounts, which answers for every region.
    const coastal = sales.find((s) => s.regionCode.startsWith('13') && s.activity === 'catch')!.regionCode;
    const headed = await composed(
      `/api/v1/fishery/sea/totalSales?prefCode=13&cityCode=${inland.cityCode}&addArea=13_${coastal}`,
    );
    expect([headed.cityCode, headed.years]).toEqual([inland.cityCode, yearly('catch', coastal)]);
  });
});

describe('fishery sales by shipping destination (shipValue)', () => {
  const bySales = rowsOf<Row<'fishery_destination_sales'>>('fishery_destination_sales');
  const totals = rowsOf<Row<'fishery_sales'>>('fishery_sales');
  const regions = sampleSources().regions;
  /** Per census year, per destination, the raw rows' sales over the regions, in 万円. */
  const expected = (scope: string[]) => {
    const out = new Map<number, Map<number, number>>();
    for (const r of bySales)
      if (scope.some((g) => inRegion(g, r.regionCode))) {
        const y = out.get(r.year) ?? out.set(r.year, new Map()).get(r.year)!;
        y.set(r.destination, (y.get(r.destination) ?? 0) + r.sales * 100);
      }
    return [...out]
      .sort((a, b) => a[0] - b[0])
      .map(([year, m]) => ({
        year,
        data: [...m].sort((a, b) => a[0] - b[0]).map(([code, sales]) => ({ code: String(code), sales })),
      }));
  };
  const strip = (r: any) =>
    r.years.map((y: any) => ({ year: y.year, data: y.data.map((d: any) => ({ code: d.code, sales: d.sales })) }));
  const hokkaido = [...new Set(bySales.map((r) => r.regionCode))].filter((c) => c.startsWith('01'));

  it('answers the sales by destination of a municipality and a prefecture, each census with its own destinations', () => {
    for (const [pref, city] of [
      ['1', '-'],
      ['1', hokkaido[0]!],
      ['13', '-'],
    ] as const) {
      const region = requestedRegion(pref, city);
      const r = result(`/api/v1/fishery/sea/shipValue?prefCode=${pref}&cityCode=${city}`);
      expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'years']);
      expect(Object.keys(r.years[0].data[0])).toEqual(['code', 'label', 'sales']);
      expect(strip(r), region).toEqual(expected([region]));
    }
    const r = result('/api/v1/fishery/sea/shipValue?prefCode=1&cityCode=-');
    expect(r.years.map((y: any) => y.data.map((d: any) => d.code).join())).toEqual([
      '1,2,3,4,5,6,7,11',
      '1,2,3,8,9,10,11',
      '1,2,3,8,9,10,11',
    ]);
    expect(r.years[0].data[0].label).toBe('漁協の市場又は荷さばき所');
  });

  it("adds up to the region's catch sales (totalSales), year by year, as the sample draws them", () => {
    for (const city of [...hokkaido.slice(0, 5), '-']) {
      const q = `prefCode=1&cityCode=${city}`;
      const parts = result(`/api/v1/fishery/sea/shipValue?${q}`).years.map((y: any) => ({
        year: y.year,
        value: y.data.reduce((a: number, d: any) => a + d.sales, 0),
      }));
      expect(parts, city).toEqual(result(`/api/v1/fishery/sea/totalSales?${q}`).years);
    }
    expect(totals.length).toBeGreaterThan(0);
  });

  it('adds the sales of added regions destination by destination (addArea)', async () => {
    const [a, b] = hokkaido;
    const two = await composed(`/api/v1/fishery/sea/shipValue?prefCode=1&cityCode=${a}&addArea=1_${b}`);
    expect([two.cityCode, strip(two)]).toEqual([a, expected([a!, b!])]);
    const prefs = await composed('/api/v1/fishery/sea/shipValue?prefCode=13&cityCode=-&addArea=1_');
    expect([prefs.prefCode, strip(prefs)]).toEqual(['13', expected(['13', '01'])]);
    const inland = regions.citiesOf(13).find((c) => !bySales.some((s) => s.regionCode === c.cityCode))!;
    expect(result(`/api/v1/fishery/sea/shipValue?prefCode=13&cityCode=${inland.cityCode}`)).toBeNull();
  });
});

describe('fishery sales per management entity', () => {
  const sales = rowsOf<Row<'fishery_sales'>>('fishery_sales');
  const entities = rowsOf<Row<'fishery_entities'>>('fishery_entities');
  const regions = sampleSources().regions;
  /** Per census year, sales (million yen) and entities of one activity over the regions, from the raw rows. */
  const sums = (activity: string, scope: string[]) => {
    const out = new Map<number, { sales: number; n: number }>();
    const at = (year: number) => out.get(year) ?? out.set(year, { sales: 0, n: 0 }).get(year)!;
    for (const r of sales)
      if (r.activity === activity && scope.some((g) => inRegion(g, r.regionCode))) at(r.year).sales += r.sales;
    for (const r of entities)
      if (r.activity === activity && scope.some((g) => inRegion(g, r.regionCode))) at(r.year).n += r.entities;
    return out;
  };
  /** 万円 per entity, rounded half up (every figure is positive). */
  const expected = (activity: string, scope: string[]) =>
    [...sums(activity, scope)]
      .filter(([, s]) => s.n > 0)
      .sort((a, b) => a[0] - b[0])
      .map(([year, s]) => ({ year, value: Math.round((s.sales * 100) / s.n) }));
  const ops = [
    ['managementUnitSales', 'catch'],
    ['aquacultureManagementUnitSales', 'aquaculture'],
  ] as const;
  const coastal = [...new Set(sales.filter((r) => r.activity === 'aquaculture').map((r) => r.regionCode))].filter((c) =>
    c.startsWith('01'),
  );

  it("divides a region's sales by its entities, for the region, its prefecture and the nation", () => {
    for (const [op, activity] of ops)
      for (const [pref, city] of [
        ['1', '-'],
        ['1', coastal[0]!],
        ['13', '-'],
      ] as const) {
        const region = requestedRegion(pref, city);
        for (const [matter, scope] of [
          ['1', region],
          ['2', pref.padStart(2, '0')],
          ['3', '00'],
        ] as const) {
          const r = result(`/api/v1/fishery/sea/${op}?prefCode=${pref}&cityCode=${city}&matter=${matter}`);
          const want = expected(activity, [scope]);
          if (!want.length) {
            expect(r, `${op} ${region} ${matter}`).toBeNull();
            continue;
          }
          expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'matter', 'years']);
          expect([r.matter, r.years], `${op} ${region} matter ${matter}`).toEqual([matter, want]);
        }
      }
  });

  it('sums sales and entities of added regions before dividing (addArea), and answers null without entities', async () => {
    const [a, b] = coastal;
    for (const [op, activity] of ops) {
      const two = await composed(`/api/v1/fishery/sea/${op}?prefCode=1&cityCode=${a}&matter=1&addArea=1_${b}`);
      expect(two.years).toEqual(expected(activity, [a!, b!]));
      const prefs = await composed(`/api/v1/fishery/sea/${op}?prefCode=1&cityCode=-&matter=1&addArea=13_`);
      expect(prefs.years).toEqual(expected(activity, ['01', '13']));
      // matter 2 sums each prefecture once; matter 3 is the nation whatever is added.
      const twice = await composed(
        `/api/v1/fishery/sea/${op}?prefCode=1&cityCode=${a}&matter=2&addArea=1_${b},13_13101`,
      );
      expect(twice.years).toEqual(expected(activity, ['01', '13']));
      expect(await composed(`/api/v1/fishery/sea/${op}?prefCode=1&cityCode=-&matter=3&addArea=13_`)).toEqual(
        result(`/api/v1/fishery/sea/${op}?prefCode=1&cityCode=-&matter=3`),
      );
    }
    const inland = regions.citiesOf(13).find((c) => !entities.some((s) => s.regionCode === c.cityCode))!;
    expect(
      result(`/api/v1/fishery/sea/managementUnitSales?prefCode=13&cityCode=${inland.cityCode}&matter=1`),
    ).toBeNull();
    expect(err('/api/v1/fishery/sea/managementUnitSales?prefCode=1&cityCode=-&matter=0').message).toBe(
      'matter 0 is out of range',
    );
  });

  it('gives the sales it divides in entityCounts, as the raw rows sum them', () => {
    const r = result(`/api/v1/fishery/sea/entityCounts?prefCode=1&cityCode=${coastal[0]}`);
    for (const [scope, key] of countScopes(coastal[0]!, '01'))
      for (const [kind, activity] of [
        ['salesAmount', 'catch'],
        ['aquacultureSalesAmount', 'aquaculture'],
      ] as const) {
        const want = Object.fromEntries(
          [...sums(activity, [scope])].filter(([, s]) => s.sales > 0).map(([y, s]) => [String(y), s.sales]),
        );
        expect(r[key][kind] ?? {}, `${key} ${kind}`).toEqual(want);
      }
  });
});

describe('population mesh charts', () => {
  const census = rowsOf<Row<'mesh_population'>>('mesh_population');
  const future = rowsOf<Row<'mesh_population_future'>>('mesh_population_future');

  /** A brute-force histogram: count the meshes whose value lies in each rank's bounds, read from the labels. */
  const histogram = (values: number[], data: any[]) =>
    data.map((d: any, k: number) => {
      const bound = Number(d.classification_name.replace(/[^-0-9]/g, ''));
      const lower = k === 0 ? -Infinity : Number(data[k - 1].classification_name.replace(/[^-0-9]/g, ''));
      return d.classification_name.endsWith('超')
        ? values.filter((v) => v > bound).length
        : values.filter((v) => v > lower && v <= bound).length;
    });
  const checkChart = (data: any[], values: number[], weights: number[]) => {
    expect(data).toHaveLength(20);
    expect(Object.keys(data[0])).toEqual(['classification_cd', 'classification_name', 'value1', 'value2', 'value3']);
    expect(data.map((d: any) => d.classification_cd)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(data.map((d: any) => d.value1)).toEqual(histogram(values, data));
    for (let k = 1; k < 20; k++) {
      expect(data[k].value2).toBeGreaterThanOrEqual(data[k - 1].value2);
      expect(data[k].value3).toBeGreaterThanOrEqual(data[k - 1].value3);
    }
    expect(data[19].value2).toBe(100);
    expect(data[19].value3).toBe(100);
    let n = 0;
    const total = weights.reduce((a, b) => a + b, 0);
    data.forEach((d: any) => {
      n += d.value1;
      expect(d.value2).toBe(Math.round((100 * n) / values.length));
    });
    const order = values.map((v, i) => [v, weights[i]!] as const);
    data.forEach((d: any, k: number) => {
      const bound = d.classification_name.endsWith('超')
        ? Infinity
        : Number(d.classification_name.replace(/[^-0-9]/g, ''));
      const cum = order.filter(([v]) => v <= bound || k === 19).reduce((a, [, x]) => a + x, 0);
      expect(Math.abs(d.value3 - (100 * cum) / total), `rank ${k + 1}`).toBeLessThanOrEqual(0.5 + 1e-9);
    });
  };

  it('bins population and households of a municipality like a brute-force histogram of the mesh table', () => {
    for (const matter of ['0', '3'] as const) {
      const r = result(
        `/api/v1/population/mesh/chart?year=2010&prefecture_cd=13&city_cd=13101&matter=${matter}&displayMethod=0`,
      );
      expect(r).toMatchObject({
        prefCode: '13',
        prefName: '東京都',
        cityCode: '13101',
        year: '2010',
        displayMethod: '0',
        matter,
      });
      const column = matter === '0' ? 'population' : 'households';
      const values = census.filter((m) => m.cityCode === '13101' && m.year === 2010).map((m) => m[column]);
      checkChart(r.data, values, values);
      expect(r.data[0].classification_name).toMatch(matter === '0' ? /^\d+人以下$/ : /^\d+世帯以下$/);
      expect(r.data[19].classification_name).toBe(r.data[18].classification_name.replace('以下', '超'));
    }
  });

  it('bins the change since the previous census for a prefecture, centred on 0', () => {
    const r = result('/api/v1/population/mesh/chart?year=2020&prefecture_cd=1&city_cd=-&matter=0&displayMethod=1');
    const now = new Map(
      census.filter((m) => m.cityCode.startsWith('01') && m.year === 2020).map((m) => [m.meshCode, m.population]),
    );
    const before = new Map(
      census.filter((m) => m.cityCode.startsWith('01') && m.year === 2015).map((m) => [m.meshCode, m.population]),
    );
    const codes = [...new Set([...now.keys(), ...before.keys()])];
    checkChart(
      r.data,
      codes.map((c) => (now.get(c) ?? 0) - (before.get(c) ?? 0)),
      codes.map((c) => now.get(c) ?? 0),
    );
    expect(r.data[9].classification_name).toBe('0人以下');
    expect(r.data[0].classification_name).toMatch(/^-\d+人以下$/);
  });

  it('keeps mesh populations consistent with the municipal totals of the population family', () => {
    const perYear = result('/api/v1/population/composition/perYear?prefCode=13&cityCode=13101');
    const total = perYear.data.find((s: any) => s.label === '総人口').data;
    for (const year of [2005, 2010, 2015, 2020]) {
      const sum = census.filter((m) => m.cityCode === '13101' && m.year === year).reduce((a, m) => a + m.population, 0);
      expect(sum, String(year)).toBe(total.find((p: any) => p.year === year).value);
    }
  });

  it('answers the future chart under prefCode or prefecture_cd, from the projected meshes', () => {
    const a = resolved('/api/v1/population/futureMesh/chart?year=2050&prefCode=13&city_cd=13101&displayMethod=0');
    const b = resolved('/api/v1/population/futureMesh/chart?year=2050&prefecture_cd=13&city_cd=13101&displayMethod=0');
    expect(a).toEqual(b);
    const r = result('/api/v1/population/futureMesh/chart?year=2050&prefecture_cd=13&city_cd=13101&displayMethod=0');
    expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'year', 'displayMethod', 'data']);
    const values = future.filter((m) => m.cityCode === '13101' && m.year === 2050).map((m) => m.population);
    checkChart(r.data, values, values);
    expect(
      err('/api/v1/population/futureMesh/chart?year=2050&prefCode=13&prefecture_cd=13&displayMethod=0').message,
    ).toMatch(/^prefCode is given 2 times/);
    expect(err('/api/v1/population/futureMesh/chart?year=2050&city_cd=-&displayMethod=0').message).toBe(
      'prefCode is required',
    );
  });

  it('rejects years, matters and display methods outside the lists', () => {
    expect(
      err('/api/v1/population/mesh/chart?year=2000&prefecture_cd=13&city_cd=-&matter=0&displayMethod=0').message,
    ).toBe('year 2000 is out of range');
    expect(
      err('/api/v1/population/mesh/chart?year=2010&prefecture_cd=13&city_cd=-&matter=1&displayMethod=0').message,
    ).toBe('matter 1 is out of range');
    expect(
      err('/api/v1/population/mesh/chart?year=2010&prefecture_cd=13&city_cd=-&matter=0&displayMethod=2').message,
    ).toBe('displayMethod 2 is out of range');
    expectMessages([
      [
        '/api/v1/population/mesh/chart?year=2010&prefCode=13&city_cd=-&matter=0&displayMethod=0',
        'prefecture_cd is required',
      ],
      [
        '/api/v1/population/futureMesh/chart?year=2025&prefCode=13&city_cd=-&displayMethod=0',
        'year 2025 is out of range',
      ],
    ]);
  });

  it('rounds and bins by the documented rule', () => {
    const chart = meshChart([0, 10, 20, 950, 5000], [0, 10, 20, 950, 5000], '人', false)!;
    // 95th percentile 5000: 19·w ≥ 5000 → w = 400 (19·250 = 4750 is short).
    expect(chart[0]!.classification_name).toBe('400人以下');
    expect(chart[19]!.classification_name).toBe('7600人超');
    expect(chart.map((d) => d.value1).reduce((a, b) => a + b, 0)).toBe(5);
    expect(chart[0]).toMatchObject({ value1: 3, value2: 60, value3: 1 });
  });
});
