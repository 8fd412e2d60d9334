// Prefectures and municipalities, and how regions add up: every municipality other than a designated
// city adds to its prefecture, and every ward adds to its designated city.

import type { LoadedTable } from './load.ts';
import { SourceError } from '../build/user-error.ts';

export interface Prefecture {
  prefCode: number;
  prefName: string;
}

export interface City {
  prefCode: number;
  cityCode: string;
  cityName: string;
  bigCityFlag: '0' | '1' | '2' | '3';
  /** For wards (flag 1), the designated city they belong to. */
  designatedCityCode: string;
}

/** The region code of a prefecture in the source tables: two digits. */
export const prefRegion = (prefCode: number) => String(prefCode).padStart(2, '0');

/** Regional blocks of population/society/forArea and the prefectures they hold. */
export const BLOCK_PREFS: Record<string, number[]> = {
  '01': [1],
  '02': [2, 3, 4, 5, 6, 7],
  '03': [8, 9, 10],
  '04': [11, 12, 13, 14],
  '05': [15, 16, 17, 18, 19, 20, 21, 22, 23],
  '06': [24, 25, 26, 27, 28, 29, 30],
  '07': [31, 32, 33, 34, 35],
  '08': [36, 37, 38, 39],
  '09': [40, 41, 42, 43, 44, 45, 46, 47],
};

export class RegionIndex {
  readonly prefectures: Prefecture[];
  readonly cities: City[];
  private readonly codes = new Set<string>();
  private readonly byPref = new Map<number, City[]>();
  private readonly byCode = new Map<string, City>();

  constructor(prefectures: Prefecture[], cities: City[]) {
    this.prefectures = [...prefectures].sort((a, b) => a.prefCode - b.prefCode);
    this.cities = [...cities].sort((a, b) => (a.cityCode < b.cityCode ? -1 : 1));
    for (const p of this.prefectures) {
      this.codes.add(prefRegion(p.prefCode));
      this.byPref.set(p.prefCode, []);
    }
    for (const c of this.cities) {
      this.codes.add(c.cityCode);
      this.byCode.set(c.cityCode, c);
      this.byPref.get(c.prefCode)?.push(c);
    }
  }

  static fromTables(prefs: LoadedTable, munis: LoadedTable): RegionIndex {
    const prefectures = prefs.table.objects() as unknown as Prefecture[];
    const known = new Set(prefectures.map((p) => p.prefCode));
    const rows = munis.table.objects() as unknown as Omit<City, 'prefCode'>[];
    const flags = new Map(rows.map((r) => [r.cityCode, r.bigCityFlag]));
    const cities = rows.map((r, i) => {
      const at = (column: number, detail: string) => new SourceError(munis.file, munis.lines[i]!, column, detail);
      const prefCode = Number(r.cityCode.slice(0, 2));
      if (!known.has(prefCode))
        throw at(
          1,
          `cityCode: ${r.cityCode} begins with ${r.cityCode.slice(0, 2)}, which is not a prefecture of prefectures.csv`,
        );
      if (r.bigCityFlag === '1') {
        if (flags.get(r.designatedCityCode) !== '2')
          throw at(
            4,
            `designatedCityCode: ward ${r.cityCode} must name its designated city (a row with bigCityFlag 2), found ${JSON.stringify(r.designatedCityCode)}`,
          );
        if (r.designatedCityCode.slice(0, 2) !== r.cityCode.slice(0, 2))
          throw at(4, `designatedCityCode: ${r.designatedCityCode} lies in another prefecture than ward ${r.cityCode}`);
      } else if (r.designatedCityCode !== '') {
        throw at(
          4,
          `designatedCityCode: only wards (bigCityFlag 1) belong to a designated city; leave it empty for ${r.cityCode}`,
        );
      }
      return { prefCode, ...r };
    });
    return new RegionIndex(prefectures, cities);
  }

  has(regionCode: string): boolean {
    return this.codes.has(regionCode);
  }

  prefecture(prefCode: number): Prefecture | undefined {
    return this.prefectures.find((p) => p.prefCode === prefCode);
  }

  /** The name of a prefecture the caller knows is there (a checked request's, a table's own): a bug if not. */
  prefName(prefCode: number | string): string {
    const p = this.prefecture(Number(prefCode));
    if (!p) throw new Error(`prefecture ${prefCode} is not among the regions`);
    return p.prefName;
  }

  city(cityCode: string): City | undefined {
    return this.byCode.get(cityCode);
  }

  citiesOf(prefCode: number): City[] {
    return this.byPref.get(prefCode) ?? [];
  }

  /**
   * Pairs (regionCode, target): the aggregates each region's facts add to, itself excluded. A
   * designated city adds to nothing: its wards already add to the prefecture.
   */
  rollupPairs(): { regionCode: string[]; target: string[] } {
    const regionCode: string[] = [];
    const target: string[] = [];
    for (const c of this.cities) {
      if (c.bigCityFlag === '2') continue;
      regionCode.push(c.cityCode);
      target.push(prefRegion(c.prefCode));
      if (c.bigCityFlag === '1') {
        regionCode.push(c.cityCode);
        target.push(c.designatedCityCode);
      }
    }
    return { regionCode, target };
  }
}
