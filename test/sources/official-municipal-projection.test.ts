// The default build's municipal population in the projection years (2025–2045) against IPSS 2018's
// 日本の地域別将来推計人口 as its CSV in ../shared/data/official/ipss-2018 gives it, read here on its own:
// 200 (municipality or ward, year) points of a fixed draw and two named ones, in the rendered answers of
// population/future/cities (`value`), population/composition/pyramid (every class of both sexes) and
// population/composition/perYear (総人口). The answers are rendered on demand for those three operations.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OnDemand } from '../../build/core/on-demand.ts';
import futureOp from '../../build/ops/population/population-future-cities.ts';
import perYearOp from '../../build/ops/population/population-composition-per-year.ts';
import pyramidOp from '../../build/ops/population/population-composition-pyramid.ts';
import { NO_DATA_CITIES, localGovCities } from '../../sources/local-gov.ts';
import { fixedDraw, OFFICIAL, publishedGrid } from '../helpers/official.ts';
import { SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { sampleSources } from '../helpers/sample.ts';

const FILE = join(OFFICIAL, 'ipss-2018', 'projection_prefecture.csv');
const YEARS = [2025, 2030, 2035, 2040, 2045];
/** IPSS's code of early 2018 for a municipality renumbered since (那珂川町 became 那珂川市 in October 2018). */
const RENAMED: Record<string, string> = { '40305': '40231' };

/** A region-year of IPSS: men and women in the 19 classes (0～4歳 … 90歳以上) and 総数. */
interface Projected {
  male: number[];
  female: number[];
  total: number;
}

/**
 * IPSS's municipalities, wards and designated cities (no prefectures) by `code|year`, 2025–2045, codes
 * zero-padded to five digits: columns 5–24 総数 (総数, 19 classes), 25–44 男, 45–64 女, after two header rows.
 */
function projections(): Map<string, Projected> {
  const out = new Map<string, Projected>();
  for (const r of publishedGrid(FILE, 'utf-8').slice(2)) {
    const year = Number(r[4]!.replace('年', ''));
    if (!YEARS.includes(year) || r[1] === 'a') continue;
    const n = r.slice(5, 65).map(Number);
    const [total, male, female] = [n[0]!, n.slice(21, 40), n.slice(41, 60)];
    const sum = (v: number[]) => v.reduce((a, x) => a + x, 0);
    // The table's own sums, so that a column read wrong shows here and not as a mismatch of the build.
    expect([n[20], n[40], sum(male) + sum(female)], `${r[0]} ${year}`).toEqual([sum(male), sum(female), total]);
    const code = r[0]!.padStart(5, '0');
    out.set(`${RENAMED[code] ?? code}|${year}`, { male, female, total });
  }
  return out;
}

/** What the build answers for a region-year: the three operations' figures. */
interface Answered {
  value?: number;
  man: number[];
  woman: number[];
  total: number;
}

/** Where an answer differs from IPSS, in words (none when it is IPSS's). */
function mismatches(at: string, got: Answered, want: Projected): string[] {
  const out: string[] = [];
  if (got.value !== undefined && got.value !== want.total) out.push(`${at} value ${got.value} ≠ ${want.total}`);
  if (got.total !== want.total) out.push(`${at} 総人口 ${got.total} ≠ ${want.total}`);
  if (got.man.join() !== want.male.join()) out.push(`${at} men ${got.man.join()} ≠ ${want.male.join()}`);
  if (got.woman.join() !== want.female.join()) out.push(`${at} women ${got.woman.join()} ≠ ${want.female.join()}`);
  return out;
}

describe.skipIf(!existsSync(FILE))(
  `the default build's municipalities 2025–2045 are IPSS 2018's (${existsSync(FILE) ? FILE : SHARED_SKIP_NOTE})`,
  () => {
    let ipss: Map<string, Projected>;
    let renderer: OnDemand;
    beforeAll(() => {
      ipss = projections();
      renderer = new OnDemand({ sources: sampleSources(), operations: [futureOp, pyramidOp, perYearOp] });
      // The points span every prefecture: the three operations' facts prepared once, whole, not share by share.
      for (const op of [futureOp, pyramidOp, perYearOp]) renderer.prepare(op.route.path);
    });
    const results = new Map<string, any>();
    /** A file's `result`, parsed once (future/cities' list of a prefecture serves many points). */
    const result = (path: string) => {
      if (!results.has(path)) {
        const file = renderer.read(`${path}/index.json`);
        if (!file) throw new Error(`the build writes no ${path}`);
        results.set(path, JSON.parse(file).result);
      }
      return results.get(path);
    };
    const future = (pref: number, year: number): { cityCode: string; value: number }[] =>
      result(`${futureOp.route.path}/year/${year}/prefCode/${pref}`).cities;
    /** The region's figures of a year; `value` only for what future/cities lists (a municipality, a ward). */
    const answered = (code: string, year: number): Answered => {
      const pref = Number(code.slice(0, 2));
      const pyramid = result(
        `${pyramidOp.route.path}/prefCode/${pref}/cityCode/${code}/yearLeft/${year}/yearRight/${year}`,
      );
      const series = result(`${perYearOp.route.path}/prefCode/${pref}/cityCode/${code}`).data;
      return {
        value: future(pref, year).find((c) => c.cityCode === code)?.value,
        man: pyramid.yearLeft.data.map((d: { man: number }) => d.man),
        woman: pyramid.yearLeft.data.map((d: { woman: number }) => d.woman),
        total: series[0].data.find((p: { year: number }) => p.year === year).value,
      };
    };

    /** 200 points of a fixed draw among the municipalities and wards of today that IPSS gives. */
    const points = () => {
      const leaves = localGovCities().filter((c) => c.bigCityFlag !== '2' && !NO_DATA_CITIES.has(c.cityCode));
      const given = leaves.filter((c) => ipss.has(`${c.cityCode}|2025`));
      const draw = fixedDraw(2018_2045);
      return Array.from({ length: 200 }, () => ({
        city: given[draw(given.length)]!,
        year: YEARS[draw(YEARS.length)]!,
      }));
    };

    it('answers 200 municipalities and wards of a fixed draw as IPSS projects them: value, pyramid, 総人口', () => {
      const off = points().flatMap(({ city, year }) => {
        const got = answered(city.cityCode, year);
        expect(got.value, `${city.cityCode} is listed in ${year}`).toBeDefined();
        return mismatches(`${city.cityCode} ${city.cityName} ${year}`, got, ipss.get(`${city.cityCode}|${year}`)!);
      });
      expect(off).toEqual([]);
    });

    it('answers 千代田区 2040, 札幌市 2045 (the sum of its wards) and the 8 cities IPSS projects whole', () => {
      const chiyoda = answered('13101', 2040);
      expect(mismatches('13101 2040', chiyoda, ipss.get('13101|2040')!)).toEqual([]);
      expect(chiyoda.value).toBe(77_135);
      // future/cities lists 札幌's 10 wards, whose values add up to IPSS's city; perYear and pyramid show the city.
      const wards = future(1, 2045).filter((c) => c.cityCode.startsWith('011'));
      expect(wards).toHaveLength(10);
      const sapporo = { ...answered('01100', 2045), value: wards.reduce((a, c) => a + c.value, 0) };
      expect(mismatches('01100 2045', sapporo, ipss.get('01100|2045')!)).toEqual([]);
      expect(sapporo.value).toBe(1_805_120);
      // The 8 cities IPSS projects without wards: the city is IPSS's (its wards a synthetic split of it).
      const whole = ['11100', '14150', '15100', '22100', '22130', '27140', '33100', '43100'];
      for (const city of whole) {
        const firstWard = String(Number(city) + 1).padStart(5, '0');
        expect(ipss.has(`${firstWard}|2025`), firstWard).toBe(false);
        for (const year of YEARS)
          expect(mismatches(`${city} ${year}`, answered(city, year), ipss.get(`${city}|${year}`)!)).toEqual([]);
      }
    });

    it('would see a single person moved: the comparison is cell by cell (mutation check)', () => {
      const moved = points()
        .slice(0, 20)
        .filter(({ city, year }) => {
          const want = ipss.get(`${city.cityCode}|${year}`)!;
          const [male, female] = [[...want.male], [...want.female]];
          male[3]! += 1;
          female[3]! -= 1; // 総数 and 総人口 unchanged: only the pyramid can tell
          return mismatches('', answered(city.cityCode, year), { ...want, male, female }).length === 2;
        });
      expect(moved).toHaveLength(20);
    });

    it('says so in the manifest: future/cities is mixed, official in 2025–2045', () => {
      const manifest = new OnDemand({ sources: sampleSources(), operations: [futureOp] }).read('/manifest.json')!;
      const entry = JSON.parse(manifest).operations.find((o: { path: string }) => o.path === futureOp.route.path);
      expect(entry.origin.all).toMatchObject({ kind: 'mixed', years: YEARS });
      expect(entry.origin.all.synthetic.join()).toMatch(/ratio's base year 2010/);
    });
  },
);
